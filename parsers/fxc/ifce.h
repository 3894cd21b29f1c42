// IFCE: the class types, class instances and interface slots of an SM5
// shader with class linkage (dynamic linking), which bind an interface's
// function-table pointers (dcl_interface fp#) to the classes that
// implement it. Microsoft never documented the chunk: the layout is the
// one HLSLcc, dxbc-spv and Refulgence read, checked against fxc's real
// output (docs/formats/fxc.md, "IFCE"):
//
//   header, 9 DWORDs: class instance count, class type count, interface
//     slot record count, interface slot count, then the byte offsets of
//     the class instances, the class types and the slot records, then two
//     DWORDs no reader uses
//   slot record, 16 bytes: slots it spans, entry count, offset of the
//     entries' u16 type ids, offset of their u32 function table ids
//   class type, 12 bytes: name offset, u16 id, constant buffer stride,
//     texture, sampler
//   class instance, 16 bytes: name offset, u16 type, a u16 no reader
//     names, constant buffer, offset in it, texture, sampler
//
// Offsets count from the start of the chunk; names are NUL-terminated.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "core/file_text.h"
#include "fxc/chunk.h"

namespace sp::fxc {

// The fixed sizes of the layout above, in bytes.
inline constexpr uint64_t kIfceHeaderSize = 36;
inline constexpr uint64_t kSlotRecordSize = 16;
inline constexpr uint64_t kClassTypeSize = 12;
inline constexpr uint64_t kClassInstanceSize = 16;

struct ClassType {
  FileText name;
  uint16_t id = 0;
  uint16_t constant_buffer_stride = 0;
  uint16_t texture = 0;
  uint16_t sampler = 0;
};

// D3D11_CLASS_INSTANCE_DESC's fields, as stored.
struct ClassInstance {
  FileText name;
  uint16_t type_id = 0;
  uint16_t unknown = 0;
  uint16_t constant_buffer = 0;
  uint16_t constant_buffer_offset = 0;
  uint16_t texture = 0;  // 0xFFFF: none
  uint16_t sampler = 0;  // 0xFFFF: none
};

// The classes that may fill a run of interface slots: entry k binds class
// type type_ids[k] to function table table_ids[k] (dcl_function_table ft#).
struct InterfaceSlot {
  uint32_t slot_span = 0;
  std::vector<uint16_t> type_ids;
  std::vector<uint32_t> table_ids;  // as many as type_ids
};

struct Interfaces {
  uint32_t interface_slot_count = 0;  // GetNumInterfaceSlots: the slot spans' sum
  // Header DWORDs 7 and 8: fxc leaves there what its buffer held ('OSGN'
  // and 0x00100020 in most real files); kept for the round trip.
  uint32_t unknown[2] = {};
  std::vector<ClassType> class_types;
  std::vector<ClassInstance> class_instances;
  std::vector<InterfaceSlot> slots;
};

// IFCE. The writer lays the chunk out as fxc does (header, slot records,
// class types, class instances, each slot's type ids padded with 0xAB to
// 4 bytes and its table ids, then the names padded with 0xAB), so fxc's
// chunks come back byte for byte.
bool parse_interfaces(const ChunkScope& s, Interfaces& out);
std::vector<uint8_t> write_interfaces(const Interfaces& interfaces);

}  // namespace sp::fxc
