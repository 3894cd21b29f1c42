// DXIL and ILDB parts: ProgramHeader + BitcodeHeader, then LLVM bitcode.
// Validity rules follow DXC's IsValidDxilProgramHeader (LLVM 22 checks none
// of them and crashes on a bitcode offset/size outside the part).
#include "core/field_reader.h"
#include "core/strings.h"
#include "dxcontainer/parts.h"
#include "dxcontainer/shader_kind.h"

namespace sp::dxc {

bool parse_program(const PartScope& s, Program& out) {
  FieldReader r(s.data, s.base, s.at, s.ctx);
  if (s.data.size() < kProgramHeaderSize)
    return r.fail(Code::part_too_small, "", strprintf("program part is %zu bytes, the headers need 24", s.data.size()));
  ProgramHeader& h = out.header;
  (void)(r.u8(h.version, "version") && r.u8(h.unused, "unused") && r.u16(h.shader_kind, "shader_kind") &&
         r.u32(h.size_in_uint32, "size_in_uint32") && r.u32(h.bitcode_magic, "bitcode_header.magic") &&
         r.u8(h.dxil_minor, "bitcode_header.dxil_minor") && r.u8(h.dxil_major, "bitcode_header.dxil_major") &&
         r.u16(h.bitcode_unused, "bitcode_header.unused") && r.u32(h.bitcode_offset, "bitcode_header.offset") &&
         r.u32(h.bitcode_size, "bitcode_header.size"));  // cannot fail: size checked above

  if (h.shader_kind > kMaxShaderKind)
    return r.fail_at(Code::invalid_value, s.base + 2, "shader_kind",
                     strprintf("shader kind %u is out of range (0..%u)", h.shader_kind, kMaxShaderKind));
  if (h.bitcode_magic != make_fourcc('D', 'X', 'I', 'L'))
    return r.fail_at(Code::bad_magic, s.base + 8, "bitcode_header.magic",
                     "expected 'DXIL', found '" + fourcc_text(h.bitcode_magic) + "'");
  if (uint64_t{h.size_in_uint32} * 4 > s.data.size())
    return r.fail_at(Code::size_mismatch, s.base + 4, "size_in_uint32",
                     strprintf("program claims %llu bytes, part holds %zu",
                               static_cast<unsigned long long>(uint64_t{h.size_in_uint32} * 4), s.data.size()));
  if (uint64_t{h.size_in_uint32} * 4 != s.data.size())
    r.warn(Code::part_size_mismatch, s.base + 4, "size_in_uint32",
           strprintf("program claims %llu bytes, part holds %zu",
                     static_cast<unsigned long long>(uint64_t{h.size_in_uint32} * 4), s.data.size()));

  // Offset and size count from the bitcode header (8 bytes into the part).
  const Bytes after_program_header = s.data.subspan(kBitcodeHeaderOffset);
  auto bitcode = slice(after_program_header, h.bitcode_offset, h.bitcode_size);
  if (!bitcode)
    return r.fail_at(Code::bitcode_out_of_bounds, s.base + 16, "bitcode_header.offset",
                     strprintf("bitcode [%u, +%u) is outside the %zu bytes after the program header",
                               h.bitcode_offset, h.bitcode_size, after_program_header.size()));
  out.bitcode = *bitcode;
  return true;
}

bool parse_shader_hash(const PartScope& s, ShaderHash& out) {
  FieldReader r(s.data, s.base, s.at, s.ctx);
  Bytes digest;
  if (!r.u32(out.flags, "flags") || !r.bytes(16, digest, "digest")) return false;
  std::copy(digest.begin(), digest.end(), out.digest.begin());
  if (out.flags > 1) r.warn(Code::unknown_enum_value, s.base, "flags", strprintf("unknown hash flags 0x%X", out.flags));
  warn_trailing(s, 20);
  return true;
}

bool parse_feature_info(const PartScope& s, FeatureInfo& out) {
  FieldReader r(s.data, s.base, s.at, s.ctx);
  if (!r.u64(out.flags, "flags")) return false;
  warn_trailing(s, 8);
  return true;
}

// ILDN: {u16 Flags, u16 NameLength}, the name, a NUL, zero padding to 4.
bool parse_debug_name(const PartScope& s, DebugName& out) {
  FieldReader r(s.data, s.base, s.at, s.ctx);
  if (!r.u16(out.flags, "flags") || !r.u16(out.name_length, "name_length")) return false;
  Bytes name;
  if (!r.bytes(out.name_length, name, "name")) return false;
  uint8_t nul = 0;
  if (!r.u8(nul, "name")) return false;
  if (nul != 0) return r.fail_at(Code::unterminated_string, r.offset() - 1, "name", "name is not NUL-terminated");
  out.name = as_text(name);
  if (out.flags != 0) r.warn(Code::reserved_nonzero, s.base, "flags", strprintf("flags 0x%X", out.flags));
  const uint64_t expected = align_up4(4u + uint64_t{out.name_length} + 1);
  if (s.data.size() != expected)
    r.warn(Code::part_size_mismatch, s.base, "",
           strprintf("part is %zu bytes, a %u-byte name needs %llu", s.data.size(), out.name_length,
                     static_cast<unsigned long long>(expected)));
  return true;
}

// VERS: 16-byte header, then up to two NUL-terminated strings (commit SHA,
// custom version) inside VersionStringListSizeInBytes.
bool parse_compiler_version(const PartScope& s, CompilerVersion& out) {
  FieldReader r(s.data, s.base, s.at, s.ctx);
  if (!(r.u16(out.major, "major") && r.u16(out.minor, "minor") && r.u32(out.version_flags, "version_flags") &&
        r.u32(out.commit_count, "commit_count") && r.u32(out.string_list_size, "string_list_size")))
    return false;
  const uint64_t list_offset = r.offset();
  Bytes list;
  if (!r.bytes(out.string_list_size, list, "strings")) return false;
  size_t pos = 0;
  FileText* targets[2] = {&out.commit_sha, &out.custom_version};
  const char* names[2] = {"commit_sha", "custom_version"};
  for (int i = 0; i < 2 && pos < list.size(); ++i) {
    auto str = cstring_at(list, pos);
    if (!str) return r.fail_at(Code::unterminated_string, list_offset + pos, names[i], "string is not NUL-terminated");
    *targets[i] = *str;
    pos += str->size() + 1;
  }
  const uint64_t expected = align_up4(16u + uint64_t{out.string_list_size});
  if (s.data.size() != expected)
    r.warn(Code::part_size_mismatch, s.base, "",
           strprintf("part is %zu bytes, header and strings need %llu", s.data.size(),
                     static_cast<unsigned long long>(expected)));
  return true;
}

}  // namespace sp::dxc
