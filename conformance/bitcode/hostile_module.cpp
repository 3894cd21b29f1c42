#include "conformance/bitcode/hostile_module.h"

#include <string_view>

#include "bitcode/names.h"
#include "bitstream/wrapper.h"
#include "bitstream/writer.h"
#include "conformance/hostile_text.h"

namespace sp::bitcode::build {
namespace {

using bitstream::AbbrevOp;
using bitstream::Encoding;
using bitstream::Writer;

constexpr uint32_t kApplicationBlock = 100;  // no LLVM IR block: BLOCKINFO names it

std::vector<uint64_t> char_ops(std::string_view s) { return {s.begin(), s.end()}; }

Bytes bytes_of(std::string_view s) { return {reinterpret_cast<const uint8_t*>(s.data()), s.size()}; }

// METADATA_STRINGS' blob: each length as vbr6 (all below 32: one chunk
// each) in a bitstream padded to 32 bits, then the characters.
std::vector<uint8_t> metadata_blob(const std::vector<std::string_view>& strings, uint64_t& offset) {
  std::vector<uint8_t> out;
  uint64_t bits = 0;
  for (std::string_view s : strings) {
    for (unsigned b = 0; b < 6; ++b, ++bits) {
      if (bits % 8 == 0) out.push_back(0);
      if ((s.size() >> b) & 1) out.back() = static_cast<uint8_t>(out.back() | (1u << (bits % 8)));
    }
  }
  out.resize((out.size() + 3) / 4 * 4);
  offset = out.size();
  for (std::string_view s : strings) out.insert(out.end(), s.begin(), s.end());
  return out;
}

}  // namespace

std::vector<uint8_t> hostile_module(size_t k) {
  auto text = [&] { return conform::hostile_text(k++); };
  Writer w(bitstream::kLlvmIrMagic);
  w.begin_blockinfo();
  w.set_bid(kApplicationBlock);
  w.block_name(text());
  w.record_name(1, text());
  w.end_blockinfo();

  w.enter_block(kIdentificationBlock, 5);
  w.record(1, char_ops(text()));  // STRING: the producer
  w.record(2, std::vector<uint64_t>{0});  // EPOCH
  w.end_block();

  w.enter_block(kModuleBlock, 3);
  w.record(1, std::vector<uint64_t>{2});  // VERSION
  w.enter_block(kTypeBlock, 4);
  w.record(1, std::vector<uint64_t>{2});  // NUMENTRY
  w.record(7, std::vector<uint64_t>{32});  // INTEGER: i32
  w.record(19, char_ops(text()));  // STRUCT_NAME
  w.record(20, std::vector<uint64_t>{0, 0});  // STRUCT_NAMED { i32 }
  w.end_block();
  w.enter_block(kParamAttrGroupBlock, 3);
  std::vector<uint64_t> group = {1, 0xFFFFFFFF, 3};  // id, function, a string attribute
  for (const std::string_view key : {text()}) {
    for (char c : key) group.push_back(static_cast<uint8_t>(c) == 0 ? 1 : static_cast<uint8_t>(c));
    group.push_back(0);
  }
  group.push_back(4);  // a string attribute with a value
  for (const std::string_view s : {text(), text()}) {
    for (char c : s) group.push_back(static_cast<uint8_t>(c) == 0 ? 1 : static_cast<uint8_t>(c));
    group.push_back(0);
  }
  w.record(3, group);
  w.end_block();
  w.record(2, char_ops(text()));   // TRIPLE
  w.record(3, char_ops(text()));   // DATALAYOUT
  w.record(4, char_ops(text()));   // ASM
  w.record(5, char_ops(text()));   // SECTIONNAME
  w.record(6, char_ops(text()));   // DEPLIB
  w.record(11, char_ops(text()));  // GCNAME
  w.record(16, char_ops(text()));  // SOURCE_FILENAME
  const std::string_view global = text();
  w.record(7, std::vector<uint64_t>{0, global.size(), 0, 1, 0, 3, 0, 0});  // GLOBALVAR, named in STRTAB
  w.enter_block(kMetadataBlock, 4);
  const AbbrevOp strings_abbrev[] = {{Encoding::literal, kMetadataStrings}, {Encoding::vbr, 6}, {Encoding::vbr, 6},
                                     {Encoding::blob, 0}};
  const uint32_t strings_id = w.define_abbrev(strings_abbrev);
  const std::vector<std::string_view> strings = {text(), text(), text()};
  uint64_t offset = 0;
  const std::vector<uint8_t> blob = metadata_blob(strings, offset);
  w.record(strings_id, kMetadataStrings, std::vector<uint64_t>{strings.size(), offset}, blob);
  w.end_block();
  w.enter_block(kApplicationBlock, 3);
  w.record(1, char_ops("x"));
  w.end_block();
  w.end_block();

  w.enter_block(kStrtabBlock, 3);
  const AbbrevOp blob_abbrev[] = {{Encoding::literal, 1}, {Encoding::blob, 0}};
  const uint32_t blob_id = w.define_abbrev(blob_abbrev);
  w.record(blob_id, 1, {}, bytes_of(global));
  w.end_block();
  return w.finish();
}

}  // namespace sp::bitcode::build
