#include "bitcode/module_file.h"

#include "bitcode/names.h"
#include "bitstream/wrapper.h"
#include "bitstream/writer.h"

namespace sp::test {

using bitcode::kConstantsBlock;
using bitcode::kIdentificationBlock;
using bitcode::kModuleBlock;
using bitcode::kParamAttrBlock;
using bitcode::kParamAttrGroupBlock;
using bitcode::kStrtabBlock;
using bitcode::kTypeBlock;
using bitstream::Writer;

std::vector<uint64_t> chars(std::string_view s) { return {s.begin(), s.end()}; }

std::vector<uint8_t> module_file(const Spec& s) {
  Writer w(bitstream::kLlvmIrMagic);
  w.enter_block(kIdentificationBlock, 5);
  w.record(1, chars("shaderprobe-test"));
  const uint64_t epoch[] = {0};
  w.record(2, epoch);
  w.end_block();
  w.enter_block(kModuleBlock, 3);
  const uint64_t version[] = {2};
  w.record(1, version);
  w.enter_block(kTypeBlock, 4);
  const uint64_t n[] = {s.types.size()};
  w.record(1, n);
  for (const auto& t : s.types) w.record(static_cast<uint32_t>(t[0]), std::span<const uint64_t>(t).subspan(1));
  w.end_block();
  w.enter_block(kParamAttrGroupBlock, 3);
  std::vector<uint64_t> group = {1, 0xFFFFFFFF, 0, 18 /* nounwind */, 1, 1 /* align */, 16, 3};
  for (char c : std::string("key")) group.push_back(static_cast<uint8_t>(c));
  group.push_back(0);
  group.insert(group.end(), s.more_attributes.begin(), s.more_attributes.end());
  w.record(3, group);
  w.end_block();
  w.enter_block(kParamAttrBlock, 3);
  w.record(2, s.attr_list);
  w.end_block();
  w.record(2, chars("x86_64-unknown-linux"));
  w.record(7, s.global);
  w.record(8, s.function);
  w.enter_block(kConstantsBlock, 4);
  const uint64_t settype[] = {0}, minus_five[] = {11}, int_min[] = {1};
  w.record(1, settype);
  w.record(4, minus_five);
  w.record(4, int_min);
  w.end_block();
  w.end_block();
  w.enter_block(kStrtabBlock, 3);
  const bitstream::AbbrevOp blob[] = {{bitstream::Encoding::literal, 1}, {bitstream::Encoding::blob, 0}};
  const uint32_t id = w.define_abbrev(blob);
  w.record(id, 1, {}, Bytes(reinterpret_cast<const uint8_t*>(s.strtab.data()), s.strtab.size()));
  w.end_block();
  return w.finish();
}

}  // namespace sp::test
