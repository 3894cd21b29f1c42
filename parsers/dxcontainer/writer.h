// Writing a DirectX container: the inverse of parse_container and the part
// parsers. The writer serialises the semantic fields of the model and
// recomputes every derived one (offsets, sizes, counts, string and index
// tables), laying parts out the way dxc does, so
//
//   parse_container(write_container(m))  ==  m   (up to derived fields)
//
// and writing a parsed file again is a fixed point. Fields the model keeps
// only to reproduce the input (Part::offset/size, Signature::name_offset,
// Psv::string_table, RootParameter::offset, ...) are ignored on output.
//
// The writer does not validate: a model the parsers would reject (an
// unknown root parameter type, a PSV shader stage out of range) is written
// as it is and fails to parse back. A model that cannot be represented at
// all (a structure beyond a u32 size, more than 255 PSV elements in one
// list, a debug name over 65535 bytes) is a caller bug and throws
// std::length_error.
#pragma once

#include <cstdint>
#include <vector>

#include "dxcontainer/model.h"

namespace sp::dxc {

struct WriteOptions {
  // Store the retail digest (sign_container); otherwise the digest stays
  // all zero, the "not signed" sentinel.
  bool sign = true;
};

// Header (major/minor from the model; FileSize, PartCount and the offset
// table computed), then the parts in model order, contiguous and unpadded
// right after the offset table. Each part's data comes from encode_part.
[[nodiscard]] std::vector<uint8_t> write_container(const Container& c, const WriteOptions& options = {});

// The data bytes (without the 8-byte part header) of one part, from its
// decoded content; a RawPart yields p.data unchanged.
//
// Layouts, mirroring dxc:
//  - DXIL/ILDB: 24 header bytes, bitcode at offset 16 of the bitcode header,
//    zero-padded to 4; SizeInUint32 and the bitcode size recomputed.
//  - Signatures: {count, 8}, elements, then each distinct name once in order
//    of first use (NUL-terminated), zero-padded to 4. An empty name is
//    written as name offset 0, which the parser reads as "no name".
//  - PSV0: RuntimeInfo of the model's version (24/36/48/52 bytes) with the
//    element counts taken from the element lists; string table "\0" + each
//    non-empty element name (not deduplicated, as dxc) + the v3 entry name;
//    semantic index sequences reused when an identical run already exists;
//    dependency tables sized from RuntimeInfo and the stage exactly as the
//    parser reads them (model tables truncated or zero-extended to fit).
//    PSV v0 has no string, index or element tables: the model's are dropped;
//    its resource records are 16 bytes unless one has a Kind or Flags.
//    A model's non-zero resource_stride / element_stride is kept (records
//    zero-padded or cut to it: a parsed file's padded records round-trip,
//    and the fuzzers' mutator and seeds get the strides a reader must
//    reject or skip over); 0 means the size the version defines.
//  - RTS0: header, parameter headers, each parameter's data in order (a
//    descriptor table's ranges right after its header), static samplers.
//    Data is laid out by RootParameter::type; a value of another kind is
//    written as a default one of the right kind.
//  - ILDN, VERS: strings + NUL, zero-padded to 4 (VERS always stores both
//    strings, as dxc).
//  - SRCI: names, contents (zlib when compress_type is 1, else stored),
//    args only when there are any.
//  - RDAT: version 0x10, sections in model order, each 4-aligned; a
//    prerelease RDAT (version < 0x10, not decoded) is p.data unchanged.
[[nodiscard]] std::vector<uint8_t> encode_part(const Part& p);

}  // namespace sp::dxc
