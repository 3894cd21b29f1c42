#include "support/bitstream_seeds.h"

#include <string_view>

#include "bitcode/names.h"
#include "bitstream/wrapper.h"
#include "bitstream/writer.h"

namespace sp::fuzz {
namespace bs = sp::bitstream;
namespace {

using Ops = std::vector<uint64_t>;
using Abbrev = std::vector<bs::AbbrevOp>;

constexpr bs::AbbrevOp lit(uint64_t v) { return {bs::Encoding::literal, v}; }
constexpr bs::AbbrevOp fixed(uint64_t w) { return {bs::Encoding::fixed, w}; }
constexpr bs::AbbrevOp vbr(uint64_t w) { return {bs::Encoding::vbr, w}; }
constexpr bs::AbbrevOp array() { return {bs::Encoding::array, 0}; }
constexpr bs::AbbrevOp char6() { return {bs::Encoding::char6, 0}; }
constexpr bs::AbbrevOp blob() { return {bs::Encoding::blob, 0}; }

Ops chars(std::string_view s) { return Ops(s.begin(), s.end()); }

// Every operand kind, each through its own abbreviation.
std::vector<uint8_t> operand_kinds(uint32_t magic) {
  bs::Writer w(magic);
  w.enter_block(8, 4);
  const uint32_t a_lit = w.define_abbrev(Abbrev{lit(1), lit(7), fixed(1)});
  const uint32_t a_fixed = w.define_abbrev(Abbrev{fixed(5), fixed(3), fixed(17), fixed(32)});
  const uint32_t a_vbr = w.define_abbrev(Abbrev{vbr(6), vbr(2), vbr(8), vbr(32)});
  const uint32_t a_char6 = w.define_abbrev(Abbrev{lit(4), array(), char6()});
  const uint32_t a_fixarr = w.define_abbrev(Abbrev{lit(5), vbr(4), array(), fixed(8)});
  const uint32_t a_vbrarr = w.define_abbrev(Abbrev{lit(6), array(), vbr(6)});
  const uint32_t a_blob = w.define_abbrev(Abbrev{lit(7), vbr(6), blob()});
  const uint32_t a_zero = w.define_abbrev(Abbrev{fixed(4), lit(0)});
  w.record(a_lit, 1, Ops{7, 1});
  w.record(a_fixed, 2, Ops{5, 100000, 0xFFFFFFFF});
  w.record(a_vbr, 3, Ops{3, 1000, 0xFFFFFFFF});
  w.record(a_char6, 4, chars("hello.World_09"));
  w.record(a_char6, 4, Ops{});
  w.record(a_fixarr, 5, Ops{2, 'a', 'b', 0, 255});
  w.record(a_vbrarr, 6, Ops{1, 64, 4096, uint64_t{1} << 40});
  const uint8_t bytes[] = {'b', 'l', 'o', 'b', 0, 1, 2};
  w.record(a_blob, 7, Ops{9}, sp::Bytes(bytes));
  w.record(a_blob, 7, Ops{0}, sp::Bytes());
  w.record(a_zero, 9, Ops{0});
  w.record(10, Ops{1, 2, uint64_t{1} << 63, 0});
  w.record(11, Ops{});
  w.end_block();
  return w.finish();
}

// BLOCKINFO: names for block 9 and its records, and abbreviations that
// blocks 9 inherit ahead of their own.
std::vector<uint8_t> blockinfo() {
  bs::Writer w(bs::kLlvmIrMagic);
  w.begin_blockinfo(2);
  w.set_bid(9);
  w.block_name("NINE");
  w.record_name(1, "ONE");
  w.record_name(2, "TWO");
  const uint32_t inherited = w.blockinfo_abbrev(Abbrev{lit(1), array(), fixed(7)});
  w.set_bid(10);
  w.blockinfo_abbrev(Abbrev{fixed(3), vbr(5)});
  w.end_blockinfo();
  w.enter_block(9, 3);
  w.record(inherited, 1, chars("inherited"));
  const uint32_t own = w.define_abbrev(Abbrev{lit(2), vbr(4)});
  w.record(own, 2, Ops{77});
  w.record(3, Ops{1, 2, 3});
  w.enter_block(10, 3);
  w.record(4, 5, Ops{6});
  w.end_block();
  w.end_block();
  return w.finish();
}

// Blocks inside blocks, each with an abbreviation of its own (scopes end
// with their block), and a block with the widest abbrev id width (32).
std::vector<uint8_t> nested() {
  bs::Writer w(bs::kLlvmIrMagic);
  for (uint32_t depth = 0; depth < 6; ++depth) {
    w.enter_block(8 + depth, 3 + depth % 3);
    const uint32_t a = w.define_abbrev(Abbrev{lit(depth), fixed(depth + 1)});
    w.record(a, depth, Ops{depth});
  }
  for (int depth = 0; depth < 6; ++depth) w.end_block();
  w.enter_block(20, 32);
  w.record(1, Ops{2});
  w.end_block();
  return w.finish();
}

void identification(bs::Writer& w, std::string_view producer) {
  w.enter_block(bitcode::kIdentificationBlock, 5);
  const uint32_t a = w.define_abbrev(Abbrev{lit(1), array(), char6()});
  w.record(a, 1, chars(producer));
  w.record(2, Ops{0});  // EPOCH
  w.end_block();
}

// A small LLVM IR module with the records the IR layer decodes.
void ir_module(bs::Writer& w, bool with_strtab) {
  identification(w, "shaderprobe");
  w.enter_block(bitcode::kModuleBlock, 3);
  w.record(1, Ops{with_strtab ? 2u : 1u});  // VERSION
  w.record(2, chars("x86_64-unknown-linux-gnu"));  // TRIPLE
  w.record(3, chars("e-m:e-i64:64-n8:16:32:64-S128"));  // DATALAYOUT
  w.record(16, chars("seed.c"));  // SOURCE_FILENAME
  w.enter_block(bitcode::kTypeBlock, 4);
  w.record(1, Ops{6});         // NUMENTRY
  w.record(7, Ops{32});        // INTEGER i32
  w.record(25, Ops{0});        // OPAQUE_POINTER
  w.record(21, Ops{0, 0, 1});  // FUNCTION void? (vararg 0, ret 0, param 1)
  w.record(19, chars("struct.s"));  // STRUCT_NAME
  w.record(20, Ops{0, 0, 1});  // STRUCT_NAMED { i32, ptr }
  w.record(11, Ops{4, 0});     // ARRAY [4 x i32]
  w.end_block();
  w.enter_block(bitcode::kParamAttrGroupBlock, 3);
  w.record(3, Ops{1, 0xFFFFFFFF, 0, 18, 1, 4, 8, 3, 'k', 'e', 'y', 0, 4, 'a', 0, 'b', 0});
  w.end_block();
  w.enter_block(bitcode::kParamAttrBlock, 3);
  w.record(2, Ops{1});
  w.end_block();
  w.enter_block(bitcode::kConstantsBlock, 4);
  w.record(1, Ops{0});      // SETTYPE i32
  w.record(4, Ops{84});     // INTEGER 42
  w.record(4, Ops{1});      // INTEGER INT64_MIN ("-0")
  w.record(2, Ops{});       // NULL
  w.end_block();
  w.enter_block(bitcode::kMetadataBlock, 3);
  {
    const uint32_t a = w.define_abbrev(Abbrev{lit(bitcode::kMetadataStrings), vbr(6), vbr(6), blob()});
    bs::Writer lengths(0);  // the vbr6 lengths, then the characters
    lengths.emit_vbr(3, 6);
    lengths.emit_vbr(5, 6);
    std::vector<uint8_t> b = lengths.finish();
    b.erase(b.begin(), b.begin() + 4);  // the writer's magic word
    const uint64_t offset = b.size();
    for (char c : std::string_view("abchello")) b.push_back(static_cast<uint8_t>(c));
    w.record(a, bitcode::kMetadataStrings, Ops{2, offset}, b);
  }
  w.end_block();
  if (with_strtab) {
    w.record(8, Ops{0, 4, 2, 0, 0, 0, 0, 0, 0, 0});  // FUNCTION "main"
    w.end_block();
    w.enter_block(bitcode::kStrtabBlock, 3);
    const uint32_t a = w.define_abbrev(Abbrev{lit(1), blob()});
    const uint8_t names[] = {'m', 'a', 'i', 'n'};
    w.record(a, 1, Ops{}, sp::Bytes(names));
    w.end_block();
  } else {
    w.end_block();
  }
}

std::vector<uint8_t> ir(bool with_strtab) {
  bs::Writer w(bs::kLlvmIrMagic);
  ir_module(w, with_strtab);
  return w.finish();
}

std::vector<uint8_t> two_modules() {
  bs::Writer w(bs::kLlvmIrMagic);
  ir_module(w, true);
  ir_module(w, false);
  return w.finish();
}

}  // namespace

std::vector<std::pair<std::string, std::vector<uint8_t>>> bitstream_seeds() {
  std::vector<std::pair<std::string, std::vector<uint8_t>>> out;
  bs::Writer empty(bs::kLlvmIrMagic);
  empty.enter_block(8, 2);
  empty.end_block();
  out.emplace_back("empty_block", empty.finish());
  out.emplace_back("operand_kinds", operand_kinds(bs::kLlvmIrMagic));
  out.emplace_back("operand_kinds_other_magic", operand_kinds(0x48435043));  // 'CPCH'
  out.emplace_back("blockinfo", blockinfo());
  out.emplace_back("nested", nested());
  out.emplace_back("ir_module_v2", ir(true));
  out.emplace_back("ir_module_v1", ir(false));
  out.emplace_back("two_modules", two_modules());
  out.emplace_back("wrapped_ir_module", bs::wrap(ir(true), 0x01000007, 12));
  out.emplace_back("wrapped_blockinfo", bs::wrap(blockinfo()));
  bs::Writer magic_only(bs::kLlvmIrMagic);
  out.emplace_back("magic_only", magic_only.finish());
  return out;
}

}  // namespace sp::fuzz
