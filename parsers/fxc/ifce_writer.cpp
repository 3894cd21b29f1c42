// IFCE back to bytes, laid out as fxc lays it out (ifce.h): every offset
// is computed before anything is written, so the chunk is written front
// to back in one pass.
#include <algorithm>

#include "core/span_writer.h"
#include "fxc/ifce.h"

namespace sp::fxc {
namespace {

// fxc's padding byte (it pads RDEF's strings with it too).
constexpr uint8_t kPad = 0xAB;

void pad_to_4(ByteWriter& w) {
  while (w.size() % 4 != 0) w.put_u8(kPad);
}

size_t entries(const InterfaceSlot& slot) { return std::min(slot.type_ids.size(), slot.table_ids.size()); }

uint64_t type_ids_size(const InterfaceSlot& slot) { return align_up4(2 * uint64_t{entries(slot)}); }

uint64_t name_size(FileText name) { return align_up4(name.size() + 1); }

void put_name(ByteWriter& w, FileText name) {
  w.put_cstring(name.bytes());
  pad_to_4(w);
}

}  // namespace

std::vector<uint8_t> write_interfaces(const Interfaces& in) {
  const uint64_t records_at = kIfceHeaderSize;
  const uint64_t types_at = records_at + kSlotRecordSize * in.slots.size();
  const uint64_t instances_at = types_at + kClassTypeSize * in.class_types.size();
  const uint64_t ids_at = instances_at + kClassInstanceSize * in.class_instances.size();
  uint64_t names_at = ids_at;
  for (const InterfaceSlot& slot : in.slots) names_at += type_ids_size(slot) + 4 * uint64_t{entries(slot)};

  ByteWriter w;
  for (const uint64_t v : {uint64_t{in.class_instances.size()}, uint64_t{in.class_types.size()},
                           uint64_t{in.slots.size()}, uint64_t{in.interface_slot_count}, instances_at, types_at,
                           records_at, uint64_t{in.unknown[0]}, uint64_t{in.unknown[1]}})
    w.put_u32_le(static_cast<uint32_t>(v));

  uint64_t at = ids_at;
  for (const InterfaceSlot& slot : in.slots) {
    w.put_u32_le(slot.slot_span);
    w.put_u32_le(static_cast<uint32_t>(entries(slot)));
    w.put_u32_le(static_cast<uint32_t>(at));
    w.put_u32_le(static_cast<uint32_t>(at + type_ids_size(slot)));
    at += type_ids_size(slot) + 4 * uint64_t{entries(slot)};
  }
  uint64_t name_at = names_at;
  for (const ClassType& t : in.class_types) {
    w.put_u32_le(static_cast<uint32_t>(name_at));
    name_at += name_size(t.name);
    for (const uint16_t v : {t.id, t.constant_buffer_stride, t.texture, t.sampler}) w.put_u16_le(v);
  }
  for (const ClassInstance& c : in.class_instances) {
    w.put_u32_le(static_cast<uint32_t>(name_at));
    name_at += name_size(c.name);
    for (const uint16_t v :
         {c.type_id, c.unknown, c.constant_buffer, c.constant_buffer_offset, c.texture, c.sampler})
      w.put_u16_le(v);
  }
  for (const InterfaceSlot& slot : in.slots) {
    for (size_t k = 0; k < entries(slot); ++k) w.put_u16_le(slot.type_ids[k]);
    pad_to_4(w);
    for (size_t k = 0; k < entries(slot); ++k) w.put_u32_le(slot.table_ids[k]);
  }
  for (const ClassType& t : in.class_types) put_name(w, t.name);
  for (const ClassInstance& c : in.class_instances) put_name(w, c.name);
  return w.take();
}

}  // namespace sp::fxc
