// Writes the LLVM bitcode conformance suite, conformance/cases/bitcode/:
//
//   gen_bitcode_cases OUTDIR [FILE...]
//
// Valid cases come from the FILEs (scripts/gen-conformance passes clang-22
// and clang-14 -c -emit-llvm output of tests/data/bitcode/src as
// clang22_* / clang14_*, and the project writer's streams of
// fuzzers/support/bitstream_seeds.cpp as writer_*); invalid and malformed
// ones are built here, one or more per error class of
// docs/formats/bitcode.md §Error classes and its hostile inputs. Every case
// states what shaderprobe must report (the IR layer, as `check` reads
// bitcode); the generator parses each case and stops when the parse
// disagrees, then records the exact error (or, for y_ cases, the whole
// dump) in the sidecar. The sidecar's "others" notes what llvm-bcanalyzer-22
// and llvm-bcanalyzer-14 -dump did with the case when it was generated
// (accept, and whether the dump matched `dump --format=bcanalyzer`;
// reject with its message; crash or abort), "not installed" otherwise.
// Output is deterministic for the same tools.
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "bitcode/bcanalyzer.h"
#include "bitcode/describe.h"
#include "bitcode/module.h"
#include "formats/registry.h"
#include "bitstream/wrapper.h"
#include "bitstream/writer.h"
#include "conformance/adapters.h"
#include "conformance/bitcode/builders.h"
#include "conformance/bitcode/hostile_module.h"
#include "conformance/bitcode/metadata_cases.h"
#include "conformance/cases.h"
#include "conformance/generator.h"
#include "core/span_writer.h"

namespace {

namespace fs = std::filesystem;
using namespace sp;
using namespace sp::bitstream;
using conform::ExpectedError;
using conform::Sidecar;
using conform::gen::read_file;
using conform::gen::Spec;
using build::raw_abbrev;
using RawOp = build::RawOp;

using Bytes8 = std::vector<uint8_t>;

const std::map<std::string, std::string> kFlags = {
    {"Valid", "a well-formed bitcode file"},
    {"RealCompiler", "written by clang-22 or clang-14"},
    {"Writer", "written by the project's bitstream writer (every abbrev operand kind, BLOCKINFO, ...)"},
    {"AbbrevWidth", "a fixed or vbr width of 0, above 32 (LLVM 22's MaxChunkSize) or 1"},
    {"AbbrevShape", "an abbreviation LLVM rejects: no operands, array or blob first, array not second to last, "
                    "array of arrays / blobs / literals, blob not last, an undefined encoding"},
    {"CodeWidth", "a block's abbrev id width of 0 or above 32"},
    {"AbbrevId", "an abbrev id no DEFINE_ABBREV or BLOCKINFO defined"},
    {"Vbr", "a VBR that does not end within 32 or 64 value bits"},
    {"HugeCount", "an array, blob or operand count far larger than the bits that remain"},
    {"Truncated", "the stream ends inside a structure (a block, a blob)"},
    {"StreamSize", "a stream that is not a whole number of 32-bit words"},
    {"BlockLength", "NumWords past the end of the stream, or disagreeing with END_BLOCK"},
    {"Depth", "blocks nested far deeper than any writer nests them"},
    {"BlockInfo", "BLOCKINFO records out of order or without operands"},
    {"Wrapper", "the 20-byte bitcode wrapper header with a hostile offset or size"},
    {"TopLevel", "something other than a block at the top level"},
    {"Module", "the LLVM IR layer: no MODULE_BLOCK, a record it cannot decode"},
    {"Limit", "beyond a named plausibility limit of core/limits.h"},
    {"LlvmCrash", "llvm-bcanalyzer-22 or -14 crashes or aborts on this class"},
    {"Metadata", "the IR layer's metadata: references forward, past the last or to the wrong kind, cycles, records out "
                 "of order, the strings blob"},
    {"Text", "text fields holding bytes no printer may pass on as they are: invalid UTF-8, control characters, a NUL "
             "inside (conformance/hostile_text.h)"},
};

std::string class_of(const Spec& s) {
  return conform::gen::class_of(s,
                                {Code::invalid_abbrev, Code::invalid_code_width, Code::invalid_blockinfo,
                                 Code::invalid_value, Code::invalid_top_level, Code::no_module,
                                 Code::unsupported_version},
                                {Code::limit_exceeded});
}

// The smallest module the IR layer accepts, then block 30 (no IR meaning,
// so the IR layer leaves it to the bitstream reader) written by `body`:
// a broken body fails with the reader's own error.
// A stream holding MODULE_BLOCK with its VERSION record (the smallest
// module the IR layer accepts), the block still open.
Writer open_module() {
  Writer w(kLlvmIrMagic);
  w.enter_block(8, 3);
  w.record(1, std::vector<uint64_t>{2});  // MODULE_CODE_VERSION 2
  return w;
}

template <typename Body>
Bytes8 hosted(Body body, unsigned code_width = 4) {
  Writer w = open_module();
  w.end_block();
  w.enter_block(30, code_width);
  body(w);
  w.end_block();
  return w.finish();
}

Spec n(std::string name, Bytes8 bytes, Code error, std::vector<std::string> flags, std::string comment) {
  return Spec{std::move(name), std::move(bytes), error, {}, std::move(flags), std::move(comment)};
}

constexpr uint64_t kFixed = 1, kVbr = 2, kArray = 3, kBlob = 5;

std::vector<Spec> abbrev_cases() {
  std::vector<Spec> out;
  for (uint64_t width : {uint64_t{33}, uint64_t{64}}) {
    for (uint64_t enc : {kFixed, kVbr}) {
      const std::string kind = enc == kFixed ? "fixed" : "vbr";
      out.push_back(n("n_abbrev_" + kind + "_width_" + std::to_string(width),
                      hosted([&](Writer& w) { raw_abbrev(w, {{true, 1, {}}, {false, enc, width}}, 4); }),
                      Code::invalid_abbrev, {"AbbrevWidth"},
                      kind + "(" + std::to_string(width) +
                          "): LLVM 22 'Fixed or VBR abbrev record with size > MaxChunkData'; LLVM 14 allowed up to 64"));
    }
  }
  out.push_back(n("n_abbrev_vbr_width_1", hosted([](Writer& w) { raw_abbrev(w, {{true, 1, {}}, {false, kVbr, 1}}, 4); }),
                  Code::invalid_abbrev, {"AbbrevWidth"}, "vbr(1) has no value bits"));
  {
    // fixed(0) and vbr(0) read as literal 0 (LLVM: "a literal zero").
    Spec s{"y_abbrev_width_0_is_literal_zero",
           hosted([](Writer& w) {
             raw_abbrev(w, {{true, 1, {}}, {false, kFixed, 0}, {false, kVbr, 0}}, 4);
             w.emit_fixed(4, 4);  // the record: code and both operands are implied
           }),
           std::nullopt, {}, {"AbbrevWidth"}, "fixed(0) and vbr(0) are literal zeros, as in LLVM"};
    out.push_back(std::move(s));
  }
  out.push_back(n("n_abbrev_no_operands", hosted([](Writer& w) { raw_abbrev(w, {}, 4); }), Code::invalid_abbrev,
                  {"AbbrevShape", "LlvmCrash"}, "LLVM: report_fatal_error 'Abbrev record with no operands'"));
  out.push_back(n("n_abbrev_starts_with_array",
                  hosted([](Writer& w) { raw_abbrev(w, {{false, kArray, {}}, {false, kFixed, 8}}, 4); }),
                  Code::invalid_abbrev, {"AbbrevShape"}, "'Abbreviation starts with an Array or a Blob'"));
  out.push_back(n("n_abbrev_starts_with_blob", hosted([](Writer& w) { raw_abbrev(w, {{false, kBlob, {}}}, 4); }),
                  Code::invalid_abbrev, {"AbbrevShape"}, "'Abbreviation starts with an Array or a Blob'"));
  out.push_back(n("n_array_not_second_to_last",
                  hosted([](Writer& w) {
                    raw_abbrev(w, {{true, 1, {}}, {false, kArray, {}}, {false, kFixed, 8}, {false, kFixed, 8}}, 4);
                  }),
                  Code::invalid_abbrev, {"AbbrevShape"}, "'Array op not second to last'"));
  out.push_back(n("n_array_last", hosted([](Writer& w) { raw_abbrev(w, {{true, 1, {}}, {false, kArray, {}}}, 4); }),
                  Code::invalid_abbrev, {"AbbrevShape"}, "an array with no element encoding after it"));
  out.push_back(n("n_array_element_array",
                  hosted([](Writer& w) { raw_abbrev(w, {{true, 1, {}}, {false, kArray, {}}, {false, kArray, {}}}, 4); }),
                  Code::invalid_abbrev, {"AbbrevShape"}, "'Array element type can't be an Array or a Blob'"));
  out.push_back(n("n_array_element_blob",
                  hosted([](Writer& w) { raw_abbrev(w, {{true, 1, {}}, {false, kArray, {}}, {false, kBlob, {}}}, 4); }),
                  Code::invalid_abbrev, {"AbbrevShape"}, "'Array element type can't be an Array or a Blob'"));
  out.push_back(n("n_array_element_literal",
                  hosted([](Writer& w) { raw_abbrev(w, {{true, 1, {}}, {false, kArray, {}}, {true, 7, {}}}, 4); }),
                  Code::invalid_abbrev, {"AbbrevShape", "LlvmCrash"},
                  "LLVM: report_fatal_error 'Array element type has to be an encoding of a type' when a record uses it"));
  out.push_back(n("n_blob_not_last",
                  hosted([](Writer& w) { raw_abbrev(w, {{true, 1, {}}, {false, kBlob, {}}, {false, kFixed, 8}}, 4); }),
                  Code::invalid_abbrev, {"AbbrevShape"}, "a blob followed by another operand"));
  for (uint64_t enc : {uint64_t{0}, uint64_t{6}, uint64_t{7}})
    out.push_back(n("n_abbrev_encoding_" + std::to_string(enc),
                    hosted([&](Writer& w) { raw_abbrev(w, {{true, 1, {}}, {false, enc, {}}}, 4); }), Code::invalid_abbrev,
                    {"AbbrevShape"}, "'Invalid encoding': only 1..5 are defined"));
  out.push_back(n("n_abbrev_literal_code_over_32_bits",
                  hosted([](Writer& w) { raw_abbrev(w, {{true, uint64_t{1} << 40, {}}}, 4); }), Code::invalid_abbrev,
                  {"AbbrevShape"}, "a literal record code of 2^40: LLVM keeps the low 32 bits"));
  out.push_back(n("n_invalid_abbrev_number",
                  hosted([](Writer& w) { w.emit_fixed(5, 4); }), Code::invalid_abbrev_id, {"AbbrevId"},
                  "abbrev id 5 with no abbreviation defined: 'Invalid abbrev number'"));
  out.push_back(n("n_blockinfo_abbrev_id_for_other_block",
                  [] {
                    Writer w(kLlvmIrMagic);
                    w.begin_blockinfo();
                    w.set_bid(31);
                    const AbbrevOp ops[] = {{Encoding::literal, 1}};
                    w.blockinfo_abbrev(ops);
                    w.end_blockinfo();
                    w.enter_block(8, 3);
                    w.record(1, std::vector<uint64_t>{2});
                    w.end_block();
                    w.enter_block(30, 4);
                    w.emit_fixed(4, 4);  // BLOCKINFO's abbrev is block 31's, not 30's
                    w.end_block();
                    return w.finish();
                  }(),
                  Code::invalid_abbrev_id, {"AbbrevId", "BlockInfo"}, "an abbrev id BLOCKINFO registered for another block"));
  return out;
}

// Block 30 defining [literal 1, `ops`...] (abbrev id 4) and a record
// through it whose array or blob length field says `length`; then only the
// padding to a word when `align`.
Bytes8 length_field(std::initializer_list<AbbrevOp> ops, uint64_t length, bool align = false) {
  return hosted([&](Writer& w) {
    std::vector<AbbrevOp> all = {{Encoding::literal, 1}};
    all.insert(all.end(), ops.begin(), ops.end());
    w.define_abbrev(all);
    w.emit_fixed(4, 4);
    w.emit_vbr(length, 6);
    if (align) w.align32();
  });
}

std::vector<Spec> stream_cases() {
  std::vector<Spec> out;
  for (uint64_t width : {uint64_t{0}, uint64_t{33}}) {
    Writer w(kLlvmIrMagic);
    if (width == 0) {
      // The block's words hold a whole empty block at the top level's
      // width: a reader that took width 0 would read END_BLOCK in no bits,
      // close the block at once and accept the rest, so only the width
      // check rejects this file (and fuzz_bitstream_llvm, replaying it,
      // finds a reader without the check: LLVM rejects the width).
      build::raw_enter_block(w, 8, 0, 3);
      build::raw_enter_block(w, 13, 2, 1);
      w.emit_fixed(kEndBlock, 2);
      w.align32();
    } else {
      build::raw_enter_block(w, 8, width, 1);
      w.emit_fixed(0, 32);
    }
    out.push_back(n("n_code_width_" + std::to_string(width), w.finish(), Code::invalid_code_width, {"CodeWidth"},
                    "a block's abbrev id width must be 1..32"));
  }
  out.push_back(n("n_unterminated_vbr_operand",
                  hosted([](Writer& w) {
                    w.emit_fixed(kUnabbrevRecord, 4);
                    w.emit_vbr(1, 6);
                    w.emit_vbr(1, 6);
                    for (int i = 0; i < 14; ++i) w.emit_fixed(0x3F, 6);
                    w.emit_fixed(0, 6);
                  }),
                  Code::vbr_too_long, {"Vbr"}, "a vbr6 operand with 70 value bits: 'Unterminated VBR'"));
  out.push_back(n("n_unterminated_vbr_record_code",
                  hosted([](Writer& w) {
                    w.emit_fixed(kUnabbrevRecord, 4);
                    for (int i = 0; i < 7; ++i) w.emit_fixed(0x3F, 6);
                    w.emit_fixed(0, 6);
                  }),
                  Code::vbr_too_long, {"Vbr"}, "a record code of more than 32 bits: LLVM keeps the low 32"));
  out.push_back(n("n_unabbrev_count_not_plausible",
                  hosted([](Writer& w) {
                    w.emit_fixed(kUnabbrevRecord, 4);
                    w.emit_vbr(1, 6);
                    w.emit_vbr(100000, 6);
                  }),
                  Code::count_too_large, {"HugeCount"}, "100,000 operands in a few bits: 'Size is not plausible'"));
  out.push_back(n("n_array_length_not_plausible", length_field({{Encoding::array, 0}, {Encoding::fixed, 8}}, 20),
                  Code::count_too_large, {"HugeCount"}, "'Size is not plausible'"));
  out.push_back(n("n_array_length_2_32_tiny_file", length_field({{Encoding::array, 0}, {Encoding::char6, 0}}, uint64_t{1} << 32),
                  Code::count_too_large, {"HugeCount"}, "an array of 2^32 char6 in a 60-byte file"));
  out.push_back(n("n_blob_length_2_32_tiny_file", length_field({{Encoding::blob, 0}}, uint64_t{1} << 32),
                  Code::count_too_large, {"HugeCount"}, "a blob of 2^32 bytes in a 60-byte file"));
  out.push_back(n("n_blob_ends_too_soon", length_field({{Encoding::blob, 0}}, 9, true),
                  Code::count_too_large, {"HugeCount", "Truncated"},
                  "9 blob bytes + padding, one word left: 'Blob ends too soon' (LLVM 14 zero-fills)"));
  for (int extra : {1, 2, 3}) {
    Bytes8 b = hosted([](Writer& w) { w.record(1, std::vector<uint64_t>{}); });
    b.resize(b.size() + static_cast<size_t>(extra), 0);
    out.push_back(n("n_stream_size_plus_" + std::to_string(extra), b, Code::bitstream_size, {"StreamSize"},
                    "'Invalid bitcode signature': the stream is not whole 32-bit words"));
  }
  {
    Writer w = open_module();
    w.end_block();
    w.enter_block(30, 4);
    w.record(1, std::vector<uint64_t>{});
    w.record(1, std::vector<uint64_t>{});
    out.push_back(n("n_ends_inside_block", w.finish(), Code::unterminated_block, {"Truncated"},
                    "no END_BLOCK before the end: LLVM's BitcodeReader accepts this, shaderprobe does not"));
  }
  {
    Writer w = open_module();
    w.end_block();
    w.enter_block(30, 3);
    out.push_back(n("n_ends_right_after_enter_block", w.finish(), Code::unterminated_block, {"Truncated"},
                    "a block with NumWords 0 and nothing after it"));
  }
  {
    Writer w = open_module();
    w.end_block_with_words(1000);
    out.push_back(n("n_numwords_past_stream", w.finish(), Code::block_length_out_of_bounds, {"BlockLength"},
                    "NumWords 1000 in a 16-byte stream (LLVM only reads NumWords to skip a block)"));
  }
  {
    Writer w = open_module();
    w.end_block_with_words(0);
    Spec s{"i_numwords_disagrees_with_end_block", w.finish(), std::nullopt, {Code::block_length_mismatch},
           {"BlockLength"}, "NumWords 0 but END_BLOCK one word later: a skipping and a walking reader disagree"};
    out.push_back(std::move(s));
  }
  {
    Writer w(kLlvmIrMagic);
    for (size_t i = 0; i < 100000; ++i)
      build::raw_enter_block(w, 8, 3, static_cast<uint32_t>(2 * (100000 - i - 1)), i == 0 ? 2 : 3);
    out.push_back(n("n_nested_100000_blocks", w.finish(), Code::limit_exceeded, {"Depth", "Limit", "LlvmCrash"},
                    "100,000 nested ENTER_SUBBLOCKs: llvm-bcanalyzer-22 recurses once per block (stack overflow); "
                    "shaderprobe stops at limits.max_depth"));
  }
  for (uint64_t id : {uint64_t{0}, uint64_t{2}, uint64_t{3}}) {
    Writer w(kLlvmIrMagic);
    w.emit_fixed(id, 2);
    out.push_back(n("n_top_level_abbrev_id_" + std::to_string(id), w.finish(), Code::invalid_top_level, {"TopLevel"},
                    "only ENTER_SUBBLOCK may appear at the top level"));
  }
  {
    Writer w(kLlvmIrMagic);
    out.push_back(n("n_magic_only", w.finish(), Code::no_module, {"Module"}, "the IR magic and nothing else"));
  }
  return out;
}

std::vector<Spec> blockinfo_cases() {
  std::vector<Spec> out;
  auto info = [](auto body) {
    Writer w(kLlvmIrMagic);
    w.begin_blockinfo();
    body(w);
    w.end_blockinfo();
    w.enter_block(8, 3);
    w.record(1, std::vector<uint64_t>{2});
    w.end_block();
    return w.finish();
  };
  out.push_back(n("n_empty_setrecordname",
                  info([](Writer& w) {
                    w.set_bid(8);
                    w.record(kSetRecordName, std::vector<uint64_t>{});
                  }),
                  Code::invalid_blockinfo, {"BlockInfo", "LlvmCrash"},
                  "SETRECORDNAME with no operands: llvm-bcanalyzer-22 aborts (std::length_error)"));
  out.push_back(n("n_setbid_without_operand", info([](Writer& w) { w.record(kSetBid, std::vector<uint64_t>{}); }),
                  Code::invalid_blockinfo, {"BlockInfo"}, "'Malformed BlockInfoBlock'"));
  out.push_back(n("n_blockname_before_setbid",
                  info([](Writer& w) { w.record(kBlockName, std::vector<uint64_t>{'a'}); }), Code::invalid_blockinfo,
                  {"BlockInfo"}, "BLOCKNAME names no block yet (LLVM ignores it unless it reads names)"));
  out.push_back(n("n_abbrev_before_setbid",
                  info([](Writer& w) {
                    const AbbrevOp ops[] = {{Encoding::literal, 1}};
                    w.define_abbrev(ops);
                  }),
                  Code::invalid_blockinfo, {"BlockInfo"}, "DEFINE_ABBREV in BLOCKINFO before SETBID"));
  {
    Spec s{"y_blockinfo_names_and_abbrevs", info([](Writer& w) {
             w.set_bid(8);
             w.block_name("MY_MODULE");
             w.record_name(1, "MY_VERSION");
             const AbbrevOp ops[] = {{Encoding::literal, 9}, {Encoding::vbr, 6}};
             w.blockinfo_abbrev(ops);
           }),
           std::nullopt, {}, {"BlockInfo", "Valid"}, "BLOCKINFO names the module block and its VERSION record"};
    out.push_back(std::move(s));
  }
  return out;
}

Bytes8 wrapper_of(uint32_t offset, uint32_t size, const Bytes8& stream) {
  ByteWriter w;
  w.put_u32_le(kWrapperMagic);
  w.put_u32_le(0);
  w.put_u32_le(offset);
  w.put_u32_le(size);
  w.put_u32_le(0x01000007);
  w.put_bytes(stream);
  return w.take();
}

std::vector<Spec> wrapper_cases() {
  const Bytes8 stream = hosted([](Writer& w) { w.record(1, std::vector<uint64_t>{7}); });
  const auto size = static_cast<uint32_t>(stream.size());
  std::vector<Spec> out;
  {
    Spec s{"y_wrapped", wrapper_of(20, size, stream), std::nullopt, {}, {"Wrapper", "Valid"},
           "a wrapper header around a small module"};
    out.push_back(std::move(s));
  }
  out.push_back(n("n_wrapper_offset_past_end", wrapper_of(4096, size, stream), Code::wrapper_out_of_bounds,
                  {"Wrapper"}, "the stream offset is past the end of the file"));
  out.push_back(n("n_wrapper_size_past_end", wrapper_of(20, size + 64, stream), Code::wrapper_out_of_bounds,
                  {"Wrapper"}, "the stream size runs past the end of the file"));
  out.push_back(n("n_wrapper_offset_plus_size_wraps_32", wrapper_of(0xFFFFFFF0u, 0x20, stream),
                  Code::wrapper_out_of_bounds, {"Wrapper"}, "offset + size wraps around 2^32; a 32-bit sum would pass"));
  out.push_back(n("n_wrapper_size_2_32_minus_1", wrapper_of(20, 0xFFFFFFFFu, stream), Code::wrapper_out_of_bounds,
                  {"Wrapper", "HugeCount"}, "a size of 4 GiB in a tiny file"));
  out.push_back(n("n_wrapper_offset_inside_header", wrapper_of(4, size, stream), Code::bad_magic,
                  {"Wrapper"}, "an offset inside the 20-byte header itself: its bytes are read as the stream, whose "
                  "'magic' is then the version field"));
  {
    Bytes8 b = wrapper_of(20, size, stream);
    b.resize(12);
    out.push_back(n("n_wrapper_header_cut_short", b, Code::truncated, {"Wrapper", "Truncated"},
                    "the wrapper magic and 8 more bytes of the header"));
  }
  out.push_back(n("n_wrapper_size_not_whole_words", wrapper_of(20, size - 2, stream), Code::bitstream_size,
                  {"Wrapper", "StreamSize"}, "the wrapped stream is 2 bytes short of whole words"));
  return out;
}

std::string note(const conform::AdapterConfig& a, const fs::path& file, const std::optional<std::string>& ours) {
  if (!conform::adapter_available(a)) return "not installed";
  const conform::AdapterOutcome o = conform::run_adapter(a, file);
  switch (o.verdict) {
    case conform::Verdict::accept:
      if (!ours) return "accepts (shaderprobe's bcanalyzer dump fails)";
      return o.out == *ours ? "accepts; -dump identical to dump --format=bcanalyzer"
                            : "accepts; -dump differs from dump --format=bcanalyzer";
    case conform::Verdict::reject:
      return "rejects: " + o.detail;
    default:
      return std::string(conform::verdict_name(o.verdict)) + ": " + o.detail;
  }
}

Spec given_case(const fs::path& path) {
  Spec s;
  s.bytes = read_file(path);
  const std::string stem = path.filename().string();
  const bitcode::ParseResult r = bitcode::parse_bitcode(s.bytes);
  const bool writer = stem.starts_with("writer_");
  s.comment = writer                          ? "written by the project's bitstream writer (fuzzers/support/bitstream_seeds.cpp)"
              : stem.starts_with("llvmcat") ? "llvm-cat -b of two clang -c -emit-llvm outputs (scripts/gen-conformance)"
                                            : "clang -c -emit-llvm of tests/data/bitcode/src (scripts/gen-conformance)";
  s.flags = {writer ? "Writer" : "RealCompiler"};
  if (r.ok()) {
    s.name = "y_" + stem;
    s.flags.emplace_back("Valid");
    return s;
  }
  // The writer's streams that are not LLVM IR modules (BLOCKINFO only,
  // another magic, no MODULE_BLOCK) are valid bitstreams llvm-bcanalyzer
  // dumps and the IR layer rejects.
  s.error = r.error->code;
  s.name = "i_" + stem;
  s.flags.emplace_back("Module");
  s.comment += "; a valid bitstream, not an LLVM IR module shaderprobe accepts";
  return s;
}

// The common checks, the dump of a y_ case, and what llvm-bcanalyzer-22
// and -14 make of the case written at `path`.
Sidecar sidecar_for(const Spec& s, const fs::path& path) {
  Sidecar out = conform::gen::registry_sidecar(s, *formats::find("bitcode"), class_of(s), kFlags);
  const Limits limits;
  Context ctx(limits, s.bytes.size());
  std::string dump;
  const bool dumped = bitcode::dump_bcanalyzer(s.bytes, ctx, dump);
  for (const char* name : {"llvm-bcanalyzer-22", "llvm-bcanalyzer-14"})
    out.others[name] = note(*conform::builtin_adapter(name), path, dumped ? std::optional(dump) : std::nullopt);
  return out;
}

}  // namespace

// A module whose every text holds hostile bytes (build::hostile_module):
// LLVM reads any bytes there, and each printer must print them, the
// bcanalyzer dump as llvm-bcanalyzer-22 does (`conform` runs them all on
// every accepted case). From text 7 on, BLOCKINFO's record name has a NUL
// inside, where llvm-bcanalyzer stops printing it.
std::vector<Spec> text_cases() {
  std::vector<Spec> out;
  for (const size_t k : {size_t{0}, size_t{7}})
    out.push_back({"y_text_not_printable_" + std::to_string(k), bitcode::build::hostile_module(k), std::nullopt, {},
                   {"Module", "Valid", "Text"},
                   "every text field (producer, triple, names, attributes, metadata strings, BLOCKINFO's names) holding "
                   "hostile bytes, from the list's text " + std::to_string(k)});
  return out;
}

// The IR layer's metadata (conformance/bitcode/metadata_cases.h): forward
// references, a cycle, a long chain and an unknown record are valid; a
// reference past the last metadata or to the wrong kind, records out of
// order and a strings blob whose offsets leave it are not.
std::vector<Spec> metadata_cases() {
  std::vector<Spec> out;
  for (const bitcode::build::MetadataCase& c : bitcode::build::metadata_cases()) {
    Spec s{(c.error ? "n_" : "y_") + c.name, bitcode::build::module_file(c.spec), c.error, {},
           {"Module", "Metadata"}, c.what};
    if (!c.error) s.flags.emplace_back("Valid");
    out.push_back(std::move(s));
  }
  return out;
}

int main(int argc, char** argv) {
  return conform::gen::generator_main(
      argc, argv, "LLVM bitcode",
      [](const std::vector<fs::path>& given) {
        std::vector<Spec> specs;
        for (const fs::path& f : given) specs.push_back(given_case(f));
        for (auto* group : {&abbrev_cases, &stream_cases, &blockinfo_cases, &wrapper_cases, &text_cases, &metadata_cases})
          for (Spec& s : group()) specs.push_back(std::move(s));
        return specs;
      },
      sidecar_for, kFlags);
}
