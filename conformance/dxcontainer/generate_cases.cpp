// Writes the DXContainer conformance suite, conformance/cases/dxcontainer/:
//
//   gen_dxcontainer_cases OUTDIR [CONTAINER...]
//
// Valid cases come from the CONTAINERs (scripts/gen-conformance passes the
// project writer's seed containers as writer_*.dxbc and yaml2obj-22's
// containers of tests/data/dxcontainer/yaml as yaml2obj_*.dxbc) and from
// containers built here; invalid and malformed ones are built here, one or
// more per bug class of docs/formats/dxcontainer.md §Hostile inputs. Every
// case states what shaderprobe must report; the
// generator parses each case and stops when the parse disagrees, then
// records the exact offset and path (and, for y_ cases, the whole dump) in
// the sidecar as the reference. Output is deterministic.
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "bitcode/metadata.h"
#include "conformance/bitcode/dxil_module.h"
#include "conformance/bitcode/metadata_cases.h"
#include "conformance/dxcontainer/builders.h"
#include "conformance/cases.h"
#include "conformance/generator.h"
#include "core/span_writer.h"
#include "core/strings.h"
#include "dxcontainer/container.h"
#include "dxcontainer/describe.h"
#include "dxcontainer/digest.h"
#include "dxcontainer/obj2yaml.h"
#include "dxcontainer/writer.h"
#include "formats/read.h"
#include "formats/registry.h"

namespace {

namespace fs = std::filesystem;
using namespace sp;
using namespace sp::dxc;
using conform::ExpectedError;
using conform::Sidecar;
using conform::gen::read_file;
using conform::gen::Spec;
using build::container_of;
using build::program;
using build::psv_v1;
using build::srci;
using build::u32s;

// Every case is read as `check` reads a container: the container layer,
// then each DXIL / ILDB part's bitcode.
formats::FileRead read_case(const std::vector<uint8_t>& bytes) {
  return formats::read(*formats::find("dxcontainer"), bytes);
}
using build::valid_program;

using Bytes8 = std::vector<uint8_t>;

// Wycheproof-style flags: the bug class each case exercises.
const std::map<std::string, std::string> kFlags = {
    {"Valid", "a well-formed container"},
    {"Module", "the container against its DXIL module, as DXC's validator checks it (parsers/dxil/checks.h)"},
    {"Header", "the 32-byte header: magic, version, FileSize, PartCount"},
    {"PartTable", "the part offset table and part headers"},
    {"OutOfBounds", "an offset or size points past the end of what contains it"},
    {"Wrap32", "offset + size wraps around 2^32; a 32-bit sum would pass a bounds check"},
    {"HugeCount", "a count far larger than the bytes that remain; allocating it first would exhaust memory"},
    {"CountTimesStride", "count x stride overflows 32 bits"},
    {"ZeroStride", "a record stride of 0 (LLVM divides by it)"},
    {"Unterminated", "a string with no NUL inside its part"},
    {"EnumOutOfRange", "an enumerated field outside its range (LLVM asserts)"},
    {"BadMagic", "a wrong magic number"},
    {"Version", "a version field shaderprobe does not know, or major != 1"},
    {"Digest", "the retail digest: mismatch or a sentinel"},
    {"Layout", "gaps, overlaps, ordering, alignment, duplicates of parts (readers disagree)"},
    {"Duplicate", "a part kind appears twice (LLVM rejects DXIL, SFI0, HASH, PSV0, RTS0, ILDB, ILDN, PRIV, SRCI, VERS)"},
    {"Misaligned", "a part not on a 4-byte boundary (LLVM rejects some, misreads PSV0)"},
    {"Limit", "beyond a named plausibility limit of core/limits.h"},
    {"ZlibBomb", "compressed data that inflates far beyond its size"},
    {"Aliasing", "structures that share one table, so decoding grows faster than the input"},
    {"LlvmCrash", "LLVM 22 (obj2yaml-22) crashes or reads out of bounds on this class"},
    {"Program", "DXIL/ILDB program and bitcode headers"},
    {"Signature", "ISG1/OSG1/PSG1 and legacy ISGN/OSGN/OSG5/PCSG signatures"},
    {"Psv", "PSV0 pipeline state validation"},
    {"RootSignature", "RTS0 root signature"},
    {"SourceInfo", "SRCI source info"},
    {"RuntimeData", "RDAT runtime data"},
    {"DebugName", "ILDN debug name"},
    {"CompilerVersion", "VERS compiler version"},
    {"Hash", "HASH and SFI0"},
    {"Truncated", "a part shorter than its fixed layout"},
    {"Text", "text fields holding bytes no printer may pass on as they are: invalid UTF-8, control characters, a NUL "
             "inside (conformance/hostile_text.h)"},
};

std::string class_of(const Spec& s) {
  return conform::gen::class_of(s, {Code::invalid_value, Code::bad_magic, Code::unsupported_version},
                                {Code::too_many_parts, Code::limit_exceeded, Code::decode_budget_exceeded});
}


// Where part i's data starts in a container written by container_of.
size_t data_of(const Bytes8& b, size_t i) { return load_le<uint32_t>(b.data() + 32 + 4 * i) + 8; }

Bytes8 signed_copy(Bytes8 b) {
  sign_container(b);
  return b;
}

Bytes8 sg1(uint32_t count, uint32_t name_offset, const std::string& name) {
  ByteWriter w;
  w.put_u32_le(count);
  w.put_u32_le(8);
  for (uint32_t i = 0; i < count; ++i) {
    for (uint32_t v : {0u, name_offset, i, 0u, 3u, i}) w.put_u32_le(v);
    w.put_u8(0xF);
    w.put_u8(0);
    w.put_u16_le(0);
    w.put_u32_le(0);
  }
  w.put_chars(name);
  w.pad_to_4();
  return w.take();
}

Bytes8 legacy_signature(uint32_t name_offset) {
  ByteWriter w;
  for (uint32_t v : {1u, 8u, name_offset, 0u, 0u, 3u, 0u}) w.put_u32_le(v);
  w.put_u8(0xF);
  w.put_u8(0xF);
  w.put_u16_le(0);
  w.put_cstring("POSITION");
  w.pad_to_4();
  return w.take();
}

// An SRCI part with one stored source file "a" holding "void".
Bytes8 stored_srci() {
  ByteWriter entry;
  for (uint32_t v : {20u, 0u, 5u}) entry.put_u32_le(v);
  entry.put_cstring("void");
  entry.pad_to_4();
  const Bytes8 entries = entry.take();
  return srci(entries, static_cast<uint32_t>(entries.size()), 0);
}

Bytes8 ildn(uint16_t length, const std::string& name) {
  ByteWriter w;
  w.put_u16_le(0);
  w.put_u16_le(length);
  w.put_chars(name);
  w.pad_to_4();
  return w.take();
}

Bytes8 vers(uint32_t content_size, const std::string& strings) {
  ByteWriter w;
  w.put_u16_le(1);
  w.put_u16_le(8);
  for (uint32_t v : {1u, 42u, content_size}) w.put_u32_le(v);
  w.put_chars(strings);
  w.pad_to_4();
  return w.take();
}

// A small dxc-like container: DXIL, SFI0, HASH, ISG1, OSG1, PSV0 v1.
Bytes8 base_container() {
  ByteWriter psv_tail;
  for (uint32_t v : {0u, 4u}) psv_tail.put_u32_le(v);  // no resources; string table of 4 bytes
  psv_tail.put_zeros(4);
  psv_tail.put_u32_le(0);  // semantic index table
  return container_of({{"DXIL", valid_program(1)},
                       {"SFI0", u32s({0, 0})},
                       {"HASH", Bytes8(20, 0)},
                       {"ISG1", sg1(1, 40, std::string("POSITION\0", 9))},
                       {"OSG1", sg1(1, 40, std::string("SV_Position\0", 12))},
                       {"PSV0", psv_v1(0, psv_tail.take())}});
}

std::vector<Spec> container_layer_cases() {
  std::vector<Spec> out;
  const Bytes8 base = base_container();
  auto add = [&](std::string name, Bytes8 b, std::optional<Code> error, std::vector<Code> warnings,
                 std::vector<std::string> flags, std::string comment) {
    out.push_back({std::move(name), std::move(b), error, std::move(warnings), std::move(flags), std::move(comment)});
  };
  add("y_writer_base", base, std::nullopt, {}, {"Valid"}, "DXIL, SFI0, HASH, ISG1, OSG1 and PSV0 v1 from the writer");
  add("y_writer_no_parts", container_of({}), std::nullopt, {}, {"Valid"}, "a header with PartCount 0");
  add("n_empty_file", {}, Code::truncated, {}, {"Header"}, "zero bytes");
  add("n_magic_wrong", [&] { auto b = base; b[0] = 'X'; return b; }(), Code::not_a_container, {}, {"Header", "BadMagic"},
      "XXBC instead of DXBC");
  add("n_header_31_bytes", Bytes8(base.begin(), base.begin() + 31), Code::truncated, {}, {"Header", "Truncated"},
      "the header is 32 bytes");
  auto count = [&](uint32_t v) { auto b = base; store_le_at<uint32_t>(b, 28, v); return signed_copy(b); };
  add("n_part_count_all_ones", count(0xFFFFFFFF), Code::too_many_parts, {}, {"Header", "HugeCount", "Limit"},
      "PartCount 0xFFFFFFFF: refused before the offset table is read");
  add("n_part_count_200000", count(200000), Code::too_many_parts, {}, {"Header", "HugeCount", "Limit"},
      "PartCount 200,000 with the offsets absent");
  add("n_part_count_past_offset_table", count(1000), Code::count_too_large, {}, {"PartTable", "HugeCount"},
      "1000 offsets do not fit in the file");
  {
    Bytes8 many = container_of(std::vector<build::RawPartSpec>(1025, build::RawPartSpec{"PRIV", {}}));
    add("i_parts_1025", many, Code::too_many_parts, {}, {"PartTable", "Limit"},
        "1025 empty parts: legal, over limits.max_parts (1024); --max-parts raises it");
    add("i_parts_1024", container_of(std::vector<build::RawPartSpec>(1024, build::RawPartSpec{"ZZZZ", {}})),
        std::nullopt, {Code::unknown_part}, {"PartTable", "Limit"}, "1024 unknown empty parts: exactly the limit");
  }
  auto offset = [&](size_t index, uint32_t v) {
    auto b = base;
    store_le_at<uint32_t>(b, 32 + 4 * index, v);
    return signed_copy(b);
  };
  add("n_part_offset_past_end", offset(0, 0x1000), Code::part_out_of_bounds, {}, {"PartTable", "OutOfBounds"},
      "the first part's offset is past the end");
  add("n_part_offset_wraps", offset(0, 0xFFFFFFFC), Code::part_out_of_bounds, {}, {"PartTable", "OutOfBounds", "Wrap32"},
      "offset + 8 wraps to 4 in 32 bits");
  add("n_part_offset_no_room_for_header", offset(5, static_cast<uint32_t>(base.size() - 4)), Code::part_out_of_bounds,
      {}, {"PartTable", "OutOfBounds"}, "the last part header would end 4 bytes past the file");
  add("n_part_offset_last_at_end", offset(5, static_cast<uint32_t>(base.size())), Code::part_out_of_bounds, {},
      {"PartTable", "OutOfBounds"}, "a part header exactly at the end of the file");
  auto size = [&](size_t index, uint32_t v) {
    auto b = base;
    store_le_at<uint32_t>(b, data_of(b, index) - 4, v);
    return signed_copy(b);
  };
  add("n_part_size_past_end", size(5, 0x1000), Code::part_out_of_bounds, {}, {"PartTable", "OutOfBounds"},
      "the last part's size runs past the file (LLVM clamps it silently)");
  add("n_part_size_all_ones", size(0, 0xFFFFFFFF), Code::part_out_of_bounds, {}, {"PartTable", "OutOfBounds", "Wrap32"},
      "Size 0xFFFFFFFF");
  add("n_part_size_wraps", size(0, 0xFFFFFFF8), Code::part_out_of_bounds, {}, {"PartTable", "OutOfBounds", "Wrap32"},
      "offset + 8 + Size wraps in 32 bits");
  // Header findings: legal to decode, rejected by some readers.
  auto header_word = [&](size_t at, uint32_t v) {
    auto b = base;
    store_le_at<uint32_t>(b, at, v);
    return signed_copy(b);
  };
  add("i_major_version_2", header_word(20, 2), std::nullopt, {Code::container_version}, {"Header", "Version"},
      "major 2: DXC and vkd3d reject, LLVM reads it");
  add("i_file_size_too_large", header_word(24, static_cast<uint32_t>(base.size() + 64)), std::nullopt,
      {Code::file_size_mismatch}, {"Header"}, "FileSize beyond the buffer: DXC rejects");
  add("i_file_size_too_small", header_word(24, static_cast<uint32_t>(base.size() - 8)), std::nullopt,
      {Code::file_size_mismatch}, {"Header"}, "FileSize ends inside the last part");
  add("i_file_size_zero", header_word(24, 0), std::nullopt, {Code::file_size_mismatch}, {"Header"}, "FileSize 0");
  {
    auto b = base;
    b.insert(b.end(), 4, 0);
    add("i_trailing_bytes_after_file_size", signed_copy(b), std::nullopt, {Code::file_size_mismatch}, {"Header", "Layout"},
        "4 bytes after FileSize");
    store_le_at<uint32_t>(b, 24, static_cast<uint32_t>(b.size()));
    add("i_gap_after_last_part", signed_copy(b), std::nullopt, {Code::gap_between_parts}, {"Layout"},
        "FileSize covers 4 bytes after the last part: DXC rejects");
  }
  auto digest = [&](uint8_t fill) { auto b = base; std::fill(b.begin() + 4, b.begin() + 20, fill); return b; };
  add("i_digest_mismatch", [&] { auto b = base; b[9] ^= 0x5A; return b; }(), std::nullopt, {Code::digest_mismatch},
      {"Digest"}, "one digest byte flipped: vkd3d rejects");
  add("i_digest_unsigned", digest(0), std::nullopt, {Code::digest_not_signed}, {"Digest"}, "all-zero digest");
  add("i_digest_bypass", digest(1), std::nullopt, {Code::digest_not_signed}, {"Digest"}, "16 x 01: the bypass sentinel");
  add("i_digest_preview", digest(2), std::nullopt, {Code::digest_not_signed}, {"Digest"}, "16 x 02: the preview sentinel");
  {
    auto b = base;
    b[data_of(b, 2) + 10] ^= 1;  // inside HASH's digest
    add("i_content_changed_after_signing", b, std::nullopt, {Code::digest_mismatch}, {"Digest"},
        "the last byte edited after signing");
  }
  // Layout: order, overlap, gaps, alignment, duplicates.
  {
    auto b = container_of({{"PRIV", {1, 2, 3, 4}}, {"STAT", {5, 6, 7, 8}}});
    const uint32_t first = load_le<uint32_t>(b.data() + 32), second = load_le<uint32_t>(b.data() + 36);
    auto swapped = b;
    store_le_at<uint32_t>(swapped, 32, second);
    store_le_at<uint32_t>(swapped, 36, first);
    add("i_parts_out_of_order", signed_copy(swapped), std::nullopt, {Code::parts_out_of_order}, {"Layout"},
        "offsets decrease: LLVM rejects");
    auto overlap = b;
    store_le_at<uint32_t>(overlap, 36, first);
    add("i_parts_overlap", signed_copy(overlap), std::nullopt, {Code::parts_overlap}, {"Layout"},
        "two offsets name the same part header");
    auto into_header = container_of({{"PRIV", {1, 2, 3, 4}}});
    store_le_at<uint32_t>(into_header, 32, 24);
    add("i_part_overlaps_header", signed_copy(into_header), std::nullopt, {Code::part_overlaps_header}, {"Layout"},
        "the part header at 24 is FileSize and PartCount (a part of 1 byte)");
  }
  add("i_misaligned_sfi0", container_of({{"PRIV", {1, 2, 3}}, {"SFI0", u32s({1, 0})}}), std::nullopt,
      {Code::part_misaligned}, {"Layout", "Misaligned"}, "SFI0 at an odd offset: LLVM reads it, parsed the same");
  add("i_misaligned_psv0", container_of({{"PRIV", {1}}, {"PSV0", psv_v1(0, u32s({0, 0, 0}))}}), std::nullopt,
      {Code::part_misaligned}, {"Layout", "Misaligned", "Psv"}, "PSV0 at an odd offset: LLVM 22 misreads it");
  add("i_unknown_part", container_of({{"ZZZZ", {1, 2, 3, 4}}}), std::nullopt, {Code::unknown_part}, {"Layout"},
      "an unknown fourcc is kept raw");
  return out;
}

std::vector<Spec> duplicate_cases() {
  // Valid contents for each kind LLVM refuses to see twice.
  const std::vector<std::pair<std::string, Bytes8>> kinds = {
      {"DXIL", valid_program(1)}, {"SFI0", u32s({0, 0})},        {"HASH", Bytes8(20, 0)},
      {"PSV0", psv_v1(0, u32s({0, 0, 0}))}, {"RTS0", u32s({2, 0, 24, 0, 24, 0})}, {"ILDB", valid_program(1)},
      {"ILDN", ildn(1, std::string("a\0", 2))}, {"PRIV", {1, 2, 3, 4}}, {"SRCI", stored_srci()},
      {"VERS", vers(4, std::string("a\0b\0", 4))}, {"ISG1", sg1(0, 0, "")}};
  std::vector<Spec> out;
  for (const auto& [fourcc, data] : kinds) {
    std::string lower = fourcc;
    for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    out.push_back({"i_duplicate_" + lower, container_of({{fourcc, data}, {fourcc, data}}), std::nullopt,
                   {Code::duplicate_part}, {"Layout", "Duplicate"},
                   "two " + fourcc + " parts" + (fourcc == "ISG1" ? ": LLVM accepts a second signature" : ": LLVM rejects")});
  }
  return out;
}

std::vector<Spec> part_cases() {
  std::vector<Spec> out;
  auto one = [&](std::string name, std::string fourcc, Bytes8 data, std::optional<Code> error,
                 std::vector<std::string> flags, std::string comment, std::vector<Code> warnings = {}) {
    out.push_back({std::move(name), container_of({{std::move(fourcc), std::move(data)}}), error, std::move(warnings),
                   std::move(flags), std::move(comment)});
  };
  // DXIL / ILDB
  one("n_dxil_part_12_bytes", "DXIL", Bytes8(12, 0), Code::part_too_small, {"Program", "Truncated"},
      "the program and bitcode headers need 24 bytes");
  one("n_dxil_bitcode_offset_7ffffff0", "DXIL", program(1, 0x7FFFFFF0, 4), Code::bitcode_out_of_bounds,
      {"Program", "OutOfBounds", "LlvmCrash"}, "bitcode offset 0x7FFFFFF0: obj2yaml-22 segfaults");
  one("n_dxil_bitcode_size_10000000", "DXIL", program(1, 16, 0x10000000), Code::bitcode_out_of_bounds,
      {"Program", "OutOfBounds", "LlvmCrash"}, "bitcode size 0x10000000: obj2yaml-22 reads past the file");
  one("n_dxil_bitcode_offset_wraps", "DXIL", program(1, 0xFFFFFFF0, 0x20), Code::bitcode_out_of_bounds,
      {"Program", "OutOfBounds", "Wrap32"}, "offset + size wraps in 32 bits");
  one("n_ildb_bitcode_offset_past_part", "ILDB", program(1, 0x100, 4), Code::bitcode_out_of_bounds,
      {"Program", "OutOfBounds"}, "the debug program's bitcode lies past its part");
  one("n_dxil_shader_kind_99", "DXIL", program(99, 16, 4), Code::invalid_value, {"Program", "EnumOutOfRange"},
      "ShaderKind 99: LLVM asserts");
  one("n_dxil_shader_kind_ffff", "DXIL", program(0xFFFF, 16, 4), Code::invalid_value, {"Program", "EnumOutOfRange"},
      "ShaderKind 0xFFFF");
  {
    auto p = program(1, 16, 4);
    p[8] = 'X';
    one("n_dxil_bitcode_magic_wrong", "DXIL", p, Code::bad_magic, {"Program", "BadMagic"}, "XXIL: LLVM accepts it");
    p = program(1, 16, 4);
    store_le_at<uint32_t>(p, 4, 0x1000);
    one("n_dxil_size_in_uint32_past_part", "DXIL", p, Code::size_mismatch, {"Program", "OutOfBounds"},
        "SizeInUint32 larger than the part");
  }
  for (uint16_t kind : std::initializer_list<uint16_t>{0, 1, 2, 3, 4, 5, 6, 7, 13, 14})
    one("y_dxil_shader_kind_" + std::to_string(kind), "DXIL", valid_program(kind), std::nullopt, {"Program", "Valid"},
        "a minimal program of shader kind " + std::to_string(kind));
  // HASH, SFI0
  one("n_hash_part_8_bytes", "HASH", Bytes8(8, 0), Code::truncated, {"Hash", "Truncated"}, "HASH is 20 bytes");
  one("n_sfi0_part_4_bytes", "SFI0", Bytes8(4, 0), Code::truncated, {"Hash", "Truncated"}, "SFI0 is 8 bytes");
  one("i_hash_flags_unknown", "HASH", [] { Bytes8 b(20, 0); b[0] = 6; return b; }(), std::nullopt, {"Hash"},
      "hash flags 6: only bit 0 is defined", {Code::unknown_enum_value});
  // Signatures
  one("n_isg1_name_not_terminated", "ISG1", sg1(1, 40, "NAME"), Code::unterminated_string,
      {"Signature", "Unterminated"}, "the element's name runs to the end of the part without a NUL");
  one("n_isg1_name_offset_past_part", "ISG1", sg1(1, 0x1000, ""), Code::offset_out_of_bounds,
      {"Signature", "OutOfBounds"}, "name offset 0x1000");
  for (uint32_t count : {2u, 0x08000000u, 0xFFFFFFFFu})
    one("n_osg1_count_" + strprintf("%x", count), "OSG1", [&] { auto b = sg1(1, 0, ""); store_le_at(b, 0, count); return b; }(),
        Code::count_too_large, {"Signature", "HugeCount"}, strprintf("ParamCount 0x%X with room for one element", count));
  one("n_osg1_first_param_offset_wraps", "OSG1", u32s({1, 0xFFFFFFF8, 0, 0, 0, 0, 0, 0, 0, 0}), Code::count_too_large,
      {"Signature", "Wrap32"}, "FirstParamOffset near 2^32 must not wrap");
  one("n_psg1_part_4_bytes", "PSG1", Bytes8(4, 0), Code::truncated, {"Signature", "Truncated"},
      "the signature header is 8 bytes");
  one("n_isgn_name_offset_past_part", "ISGN", legacy_signature(0x1000), Code::offset_out_of_bounds,
      {"Signature", "OutOfBounds"}, "legacy fxc element (24 bytes) naming offset 0x1000");
  one("y_isgn_legacy", "ISGN", legacy_signature(32), std::nullopt, {"Signature", "Valid"}, "a legacy fxc signature");
  one("n_osg5_elements_past_part", "OSG5", u32s({3, 8, 0, 0, 0, 0, 0, 0, 0}), Code::count_too_large,
      {"Signature", "HugeCount"}, "three 28-byte OSG5 elements in 36 bytes");
  one("y_isg1_name_not_utf8", "ISG1", sg1(1, 40, std::string("\xED\xA0\x80\xC0\x80\0\0\0", 8)), std::nullopt,
      {"Signature", "Valid"}, "names are bytes: an encoded surrogate and an overlong NUL (the JSON dump escapes them)");
  // PSV0
  one("n_psv0_resource_stride_0", "PSV0", psv_v1(0, u32s({1, 0})), Code::invalid_stride, {"Psv", "ZeroStride"},
      "one resource, stride 0");
  one("n_psv0_resource_count_huge", "PSV0", psv_v1(0, u32s({0x10000000, 24})), Code::count_too_large,
      {"Psv", "HugeCount"}, "0x10000000 resources of 24 bytes");
  one("n_psv0_resource_count_times_stride_wraps", "PSV0", psv_v1(0, u32s({0x10000000, 16})), Code::count_too_large,
      {"Psv", "CountTimesStride", "Wrap32"}, "0x10000000 x 16 = 2^32");
  one("n_psv0_element_stride_0", "PSV0", psv_v1(1, u32s({0, 0, 0, 0})), Code::invalid_stride, {"Psv", "ZeroStride"},
      "one input element, stride 0");
  one("n_psv0_string_table_past_part", "PSV0", psv_v1(0, u32s({0, 0x1000})), Code::truncated, {"Psv", "OutOfBounds"},
      "string table of 0x1000 bytes");
  one("n_psv0_semantic_index_count_huge", "PSV0", psv_v1(0, u32s({0, 0, 0xFFFFFFFF})), Code::count_too_large,
      {"Psv", "HugeCount"}, "0xFFFFFFFF semantic indices");
  {
    ByteWriter w;
    w.put_u32_le(0);
    w.put_u32_le(4);
    w.put_chars("ABCD");
    for (uint32_t v : {1u, 0u, 16u, 0u, 0u}) w.put_u32_le(v);
    w.put_u8(1);
    w.put_zeros(7);
    one("n_psv0_element_name_not_terminated", "PSV0", psv_v1(1, w.take()), Code::unterminated_string,
        {"Psv", "Unterminated"}, "string table \"ABCD\" without a NUL");
  }
  one("n_psv0_runtime_info_20_bytes", "PSV0", u32s({20, 0, 0, 0, 0, 0}), Code::unsupported_version, {"Psv", "Version"},
      "RuntimeInfoSize 20, smaller than v0's 24");
  one("n_psv0_runtime_info_past_part", "PSV0", u32s({52, 0, 0}), Code::truncated, {"Psv", "Truncated"},
      "RuntimeInfoSize 52 in a 12-byte part");
  {
    ByteWriter w;
    w.put_u32_le(64);
    w.put_zeros(64);
    // No resources, a string table of one empty string (the v3 entry name), no indices.
    for (uint32_t v : {0u, 4u, 0u, 0u}) w.put_u32_le(v);
    one("i_psv0_runtime_info_64_bytes", "PSV0", w.take(), std::nullopt, {"Psv", "Version"},
        "a RuntimeInfo larger than v3: read v3, skip the rest", {Code::psv_newer_version});
  }
  one("i_psv0_v0_without_dxil", "PSV0", u32s({24, 0, 0, 0, 0, 0, 0, 0}), std::nullopt, {"Psv"},
      "PSV0 v0 has no stage of its own and there is no DXIL part", {Code::missing_dxil_part});
  {
    auto b = psv_v1(0, u32s({0, 0, 0}));
    b[28] = 0x20;
    one("n_psv0_shader_stage_out_of_range", "PSV0", b, Code::invalid_value, {"Psv", "EnumOutOfRange"},
        "ShaderStage 0x20");
  }
  out.push_back({"i_psv0_stage_differs_from_dxil",
                 container_of({{"DXIL", valid_program(0)}, {"PSV0", psv_v1(0, u32s({0, 0, 0}))}}), std::nullopt,
                 {Code::psv_stage_mismatch}, {"Psv", "Program"}, "DXIL says pixel, PSV0 says vertex"});
  // RTS0
  one("n_rts0_num_parameters_huge", "RTS0", u32s({2, 0x10000000, 24, 0, 24, 0}), Code::count_too_large,
      {"RootSignature", "HugeCount"}, "0x10000000 root parameters");
  one("n_rts0_num_static_samplers_all_ones", "RTS0", u32s({2, 0, 24, 0xFFFFFFFF, 24, 0}), Code::count_too_large,
      {"RootSignature", "HugeCount"}, "0xFFFFFFFF static samplers");
  one("n_rts0_range_count_past_part", "RTS0", u32s({2, 1, 24, 0, 48, 0, 0, 0, 36, 0x7FFFFFFF, 44}),
      Code::count_too_large, {"RootSignature", "HugeCount"}, "a descriptor table of 0x7FFFFFFF ranges");
  one("n_rts0_header_16_bytes", "RTS0", u32s({2, 0, 24, 0}), Code::truncated, {"RootSignature", "Truncated"},
      "the root signature header is 24 bytes");
  one("n_rts0_version_9", "RTS0", u32s({9, 0, 24, 0, 24, 0}), Code::unsupported_version, {"RootSignature", "Version"},
      "root signature version 9");
  one("n_rts0_parameters_offset_past_part", "RTS0", u32s({2, 1, 0x1000, 0, 24, 0}), Code::count_too_large,
      {"RootSignature", "OutOfBounds"}, "parameters at 0x1000");
  one("n_rts0_parameter_type_9", "RTS0", u32s({2, 1, 24, 0, 36, 0, 9, 0, 36}), Code::invalid_value,
      {"RootSignature", "EnumOutOfRange"}, "root parameter type 9");
  for (uint32_t version : {1u, 2u, 3u})
    one("y_rts0_v1_" + std::to_string(version - 1) + "_empty", "RTS0", u32s({version, 0, 24, 0, 24, 0}), std::nullopt,
        {"RootSignature", "Valid"}, "an empty root signature");
  one("n_rts0_aliased_tables", "RTS0", build::rts0_aliased_tables(400, 2000), Code::decode_budget_exceeded,
      {"RootSignature", "Aliasing", "Limit"}, "400 parameters share one table of 2000 ranges: 800,000 records from 53 KB");
  // RDAT
  one("n_rdat_count_times_stride_overflows", "RDAT", u32s({0x10, 1, 12, 3, 8, 0x10000, 0x10000}), Code::count_too_large,
      {"RuntimeData", "CountTimesStride", "Wrap32"}, "0x10000 records of 0x10000 bytes");
  one("n_rdat_part_count_huge", "RDAT", u32s({0x10, 0x40000000}), Code::count_too_large, {"RuntimeData", "HugeCount"},
      "0x40000000 sections");
  one("n_rdat_section_offset_past_part", "RDAT", u32s({0x10, 1, 0x1000}), Code::offset_out_of_bounds,
      {"RuntimeData", "OutOfBounds"}, "a section at 0x1000");
  one("n_rdat_section_size_past_part", "RDAT", u32s({0x10, 1, 12, 0, 0x100}), Code::truncated,
      {"RuntimeData", "OutOfBounds"}, "a section of 0x100 bytes in 20");
  one("y_rdat_string_section", "RDAT", u32s({0x10, 1, 12, 0, 4, 0x0061}), std::nullopt, {"RuntimeData", "Valid"},
      "one string buffer section");
  // SRCI
  {
    const Bytes8 bomb = build::deflate(Bytes8(32u << 20, 0));
    one("n_srci_zlib_bomb_declared", "SRCI", srci(bomb, 32u << 20, 1), Code::limit_exceeded,
        {"SourceInfo", "ZlibBomb", "Limit"}, "32 MiB of zeros declared honestly: refused before inflating");
    one("n_srci_zlib_bomb_declared_small", "SRCI", srci(bomb, 4096, 1), Code::size_mismatch,
        {"SourceInfo", "ZlibBomb"}, "32 MiB of zeros declared as 4096 bytes: inflation stops at 4096");
  }
  {
    Bytes8 stream = build::deflate(Bytes8(100, 'x'));
    stream.resize(stream.size() / 2);
    one("n_srci_zlib_truncated", "SRCI", srci(stream, 100, 1), Code::decompression_failed, {"SourceInfo", "Truncated"},
        "half a zlib stream");
    Bytes8 garbage(40, 0xA5);
    one("n_srci_zlib_garbage", "SRCI", srci(garbage, 100, 1), Code::decompression_failed, {"SourceInfo"},
        "not a zlib stream");
    one("n_srci_compress_type_7", "SRCI", srci({}, 0, 7), Code::invalid_value, {"SourceInfo", "EnumOutOfRange"},
        "compression type 7");
  }
  one("n_srci_sections_0xffff_of_size_0", "SRCI", u32s({16, 0xFFFF0000, 0, 0}), Code::invalid_value,
      {"SourceInfo", "HugeCount"}, "0xFFFF sections of size 0 must not loop");
  one("n_srci_aligned_size_past_part", "SRCI", u32s({0x1000, 0x00030000, 0, 0}), Code::size_mismatch,
      {"SourceInfo", "OutOfBounds"}, "AlignedSize 0x1000");
  // ILDN, VERS
  one("n_ildn_name_not_terminated", "ILDN", ildn(4, "abcdefgh"), Code::unterminated_string, {"DebugName", "Unterminated"},
      "NameLength 4 and no NUL");
  one("n_ildn_name_length_past_part", "ILDN", ildn(0x100, std::string("a\0", 2)), Code::truncated,
      {"DebugName", "OutOfBounds"}, "NameLength 0x100");
  one("y_ildn_name", "ILDN", ildn(10, std::string("shader.pdb\0", 11)), std::nullopt, {"DebugName", "Valid"},
      "a debug name");
  one("n_vers_strings_not_terminated", "VERS", vers(4, "abcd"), Code::unterminated_string,
      {"CompilerVersion", "Unterminated"}, "the version strings have no NUL");
  one("n_vers_content_size_past_part", "VERS", vers(0x100, std::string("a\0b\0", 4)), Code::truncated,
      {"CompilerVersion", "OutOfBounds"}, "ContentSizeInBytes 0x100");
  one("n_vers_part_8_bytes", "VERS", Bytes8(8, 0), Code::truncated, {"CompilerVersion", "Truncated"},
      "the VERS header is 16 bytes");
  return out;
}

// A case from a container built elsewhere: y_ when it parses, bitcode
// included; i_ when only LLVM's layout quirks make its container parse
// (yaml2obj-22 writes mesh PSV0 as LLVM does, not as DXC does); else n_
// with the error it gets (yaml2obj-22 writes two such files on purpose: a
// zero-filled ILDB, and a DXIL part with no bitcode).
Spec given_case(const fs::path& path) {
  Spec s;
  s.bytes = read_file(path);
  const std::string stem = path.stem().string();
  const formats::FileRead r = read_case(s.bytes);
  const bool yaml = stem.starts_with("yaml2obj_");
  s.comment = yaml ? "built by yaml2obj-22 from tests/data/dxcontainer/yaml/" + stem.substr(9) + ".yaml"
                   : "built by the project's writer (fuzzers/seeds_dxcontainer.cpp: " + stem.substr(7) + ")";
  s.flags = {"Valid"};
  if (r.ok()) {
    s.name = "y_" + stem;
    for (const Diagnostic& w : r.warnings) s.warnings.push_back(w.code);
    return s;
  }
  s.error = r.error->code;
  if (!r.top.ok() && parse_container(s.bytes, with_llvm_quirks({})).ok()) {
    s.name = "i_" + stem;
    s.flags = {"Psv"};
    s.comment += "; LLVM's mesh PSV0 layout, which DXC does not write: shaderprobe reads it with LLVM's quirks "
                 "(dump --format=obj2yaml) and rejects it otherwise";
    return s;
  }
  s.name = "n_" + stem;
  s.flags = {"Truncated"};
  s.comment += "; obj2yaml-22 prints it, shaderprobe rejects it on purpose";
  return s;
}

// Given containers with every text field made hostile
// (build::set_hostile_texts): signature and PSV0 element names and PSV0's
// entry name (yaml2obj-22's v3 pixel shader), ILDN, VERS and SRCI (the
// writer's debug parts). Any bytes are allowed there; each printer must
// print them (`conform` runs them all on every accepted case).
std::vector<Spec> text_cases(const std::vector<fs::path>& given) {
  std::vector<Spec> out;
  size_t k = 0;
  for (const fs::path& f : given) {
    const std::string stem = f.stem().string();
    if (stem != "writer_dxc_debug" && stem != "writer_dxc_full_rts0_v1" && stem != "yaml2obj_psv0_v3_pixel") continue;
    ParseResult r = parse_container(read_file(f));
    if (!r.ok()) continue;
    (void)build::set_hostile_texts(*r.container, k);
    Spec s;
    s.name = "y_text_not_printable_" + stem;
    s.bytes = write_container(*r.container);
    s.flags = {"Valid", "Text"};
    s.comment = stem + " with every text field holding hostile bytes (invalid UTF-8, control characters, a NUL)";
    out.push_back(std::move(s));
  }
  return out;
}

// The parts DXC writes for conformance/bitcode/dxil_module.h's pixel
// shader (one input, TEXCOORD0, an i32 in register 0, column x; no
// validator version, so 1.0's layouts: PSV0 v0, ISG1's always-reads mask
// 0), each of which the module checks compare (parsers/dxil/checks.h).
struct DxilParts {
  uint8_t version = 0x60;     // the program header's shader model
  uint16_t kind = 0;          // pixel
  uint8_t mask = 1;           // ISG1's record
  std::string semantic = "TEXCOORD";
  uint64_t features = 0;      // SFI0
  bool psv0 = true;
  std::vector<uint8_t> psv_tail = u32s({0});  // PSV0 after its runtime info: no bindings
  bool psg1 = false;
  std::optional<std::vector<uint8_t>> rts0;
  bitcode::build::ModuleSpec module = bitcode::build::dxil_module();
};

// The module with its constant buffer cb at b0, and PSV0 binding it (a
// CBV, space 0, [0, 0]), as DXC writes them.
DxilParts with_cbuffer() {
  DxilParts p;
  p.module = bitcode::build::dxil_module_with_cbuffer();
  p.psv_tail = u32s({1, 16, 2, 0, 0, 0});
  return p;
}

// RTS0 1.0 with one root parameter, a CBV root descriptor at b`reg` in
// space 0 seen by `visibility` (D3D12_SHADER_VISIBILITY), and no static
// samplers: the header, the parameter's header at 24, its descriptor at 36.
std::vector<uint8_t> root_cbv(uint32_t reg, uint32_t visibility, uint32_t flags = 0) {
  return u32s({1, 1, 24, 0, 44, flags, 2, visibility, 36, reg, 0});
}

Bytes8 dxil_container(const DxilParts& p) {
  ByteWriter isg1;
  isg1.put_u32_le(1);
  isg1.put_u32_le(8);
  for (uint32_t v : {0u, 40u, 0u, 0u, 2u, 0u}) isg1.put_u32_le(v);  // stream, name, index, system value, SInt32, register
  isg1.put_u8(p.mask);
  isg1.put_u8(0);
  isg1.put_u16_le(0);
  isg1.put_u32_le(0);
  isg1.put_chars(p.semantic);
  isg1.put_zeros(4 - p.semantic.size() % 4);
  ByteWriter psv;
  psv.put_u32_le(24);
  psv.put_zeros(20);
  psv.put_u32_le(0xFFFFFFFF);  // MaxExpectedWaveLaneCount
  psv.put_bytes(p.psv_tail);
  std::vector<build::RawPartSpec> parts = {{"SFI0", u32s({static_cast<uint32_t>(p.features), static_cast<uint32_t>(p.features >> 32)})},
                                           {"ISG1", isg1.take()},
                                           {"OSG1", u32s({0, 8})}};
  if (p.psg1) parts.push_back({"PSG1", u32s({0, 8})});
  if (p.psv0) parts.push_back({"PSV0", psv.take()});
  if (p.rts0) parts.push_back({"RTS0", *p.rts0});
  parts.push_back({"DXIL", build::dxil_program(p.kind, p.version, bitcode::build::module_file(p.module))});
  return container_of(parts);
}

// A container built as DXC builds it, then each part changed to disagree
// with the module: a warning with the check's own code, which the dxc
// profile rejects (the sidecars' rejected_by).
std::vector<Spec> module_check_cases() {
  std::vector<Spec> out;
  out.push_back({"y_dxil_parts_match_the_module", dxil_container({}), std::nullopt, {}, {"Valid", "Module"},
                 "a pixel shader's module and the SFI0, ISG1, OSG1, PSV0 and DXIL parts DXC writes for it"});
  out.push_back({"y_dxil_root_signature_binds_the_cbuffer",
                 dxil_container([] {
                   DxilParts p = with_cbuffer();
                   p.rts0 = root_cbv(0, 0);
                   return p;
                 }()),
                 std::nullopt, {}, {"Valid", "Module"},
                 "the pixel shader with a constant buffer at b0, its PSV0 binding, and an RTS0 whose root CBV "
                 "descriptor at b0 all stages see"});
  auto add = [&](std::string name, auto change, std::vector<Code> warnings, std::string comment) {
    DxilParts p;
    change(p);
    out.push_back({"i_dxil_" + std::move(name), dxil_container(p), std::nullopt, std::move(warnings), {"Module"},
                   std::move(comment)});
  };
  add("program_minor_version", [](DxilParts& p) { p.version = 0x61; }, {Code::program_version_mismatch},
      "the program header says 6.1, dx.shaderModel ps_6_0 (DXC: Sm.ProgramVersion)");
  add("isg1_mask", [](DxilParts& p) { p.mask = 3; }, {Code::signature_mismatch},
      "ISG1's TEXCOORD0 masks xy, the module's element one column (DXC: Container.PartMatches)");
  add("isg1_semantic", [](DxilParts& p) { p.semantic = "TEXCOORE"; }, {Code::signature_mismatch},
      "ISG1 names TEXCOORE0, which the module's signature does not have (DXC: Container.PartMatches)");
  add("sfi0_flags", [](DxilParts& p) { p.features = 0x1; }, {Code::feature_info_mismatch},
      "SFI0 says doubles, the module's shader flags nothing (DXC: Container.PartMatches)");
  add("psv0_missing", [](DxilParts& p) { p.psv0 = false; }, {Code::required_part_missing},
      "a pixel shader without PSV0 (DXC: Container.PartMissing)");
  add("psg1_in_a_pixel_shader", [](DxilParts& p) { p.psg1 = true; }, {Code::part_not_for_stage},
      "an (empty) PSG1 in a pixel shader (DXC: Container.PartMatches)");
  add("psv0_binds_a_resource", [](DxilParts& p) { p.psv_tail = u32s({1, 16, 2, 0, 0, 0}); },
      {Code::psv_resources_mismatch}, "PSV0 binds a CBV b0, the module declares no resource (DXC: Container.ContentMatches)");
  // The root signature against PSV0's binding of the constant buffer.
  const auto rts0 = [](std::vector<uint8_t> part) {
    return [part](DxilParts& p) {
      p = with_cbuffer();
      p.rts0 = part;
    };
  };
  add("rts0_leaves_the_cbuffer_unbound", rts0(root_cbv(1, 0)),
      {Code::root_signature_incompatible},
      "RTS0's root CBV is b1; PSV0 binds the constant buffer at b0 (DXC: Container.RootSignatureIncompatible)");
  add("rts0_shows_the_cbuffer_to_the_vertex_shader", rts0(root_cbv(0, 1)),
      {Code::root_signature_incompatible},
      "RTS0's root CBV at b0 is visible to the vertex stage only, and this is a pixel shader (DXC: "
      "Container.RootSignatureIncompatible)");
  add("rts0_denies_the_pixel_shader", rts0(root_cbv(0, 0, 0x20)),
      {Code::root_signature_incompatible},
      "RTS0 binds b0 but sets DENY_PIXEL_SHADER_ROOT_ACCESS, and the pixel shader binds a resource (DXC: "
      "Container.RootSignatureIncompatible)");
  add("metadata_shader_model_kind", [](DxilParts& p) {
        p.module.metadata[5] = bitcode::build::record(bitcode::kMdNode, {2, 3, 2});
      },
      {Code::dxil_metadata_invalid},
      "dx.shaderModel's kind is an integer: no DXIL view, and DXC's loader rejects the module (Meta.*)");
  return out;
}

// Parses the case, checks it against the spec and returns the sidecar.
Sidecar sidecar_for(const Spec& s) {
  return conform::gen::registry_sidecar(s, *formats::find("dxcontainer"), class_of(s), kFlags);
}

}  // namespace

int main(int argc, char** argv) {
  return conform::gen::generator_main(
      argc, argv, "DXContainer",
      [](const std::vector<fs::path>& given) {
        std::vector<Spec> specs;
        for (const fs::path& f : given) specs.push_back(given_case(f));
        for (Spec& s : text_cases(given)) specs.push_back(std::move(s));
        for (auto* group : {&container_layer_cases, &duplicate_cases, &part_cases, &module_check_cases})
          for (Spec& s : group()) specs.push_back(std::move(s));
        return specs;
      },
      [](const Spec& s, const fs::path&) { return sidecar_for(s); }, kFlags);
}
