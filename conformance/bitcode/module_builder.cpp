#include "conformance/bitcode/module_builder.h"

#include "bitcode/names.h"
#include "bitstream/wrapper.h"
#include "bitstream/writer.h"

namespace sp::bitcode::build {

using bitstream::Writer;

std::vector<uint64_t> chars(std::string_view s) { return {s.begin(), s.end()}; }

namespace {

void write_records(Writer& w, const Records& records) {
  for (const auto& r : records) w.record(static_cast<uint32_t>(r.at(0)), std::span<const uint64_t>(r).subspan(1));
}

// A block of `records` (abbrev ids 3 bits wide), none when there are none.
void write_block(Writer& w, uint32_t id, const Records& records) {
  if (records.empty()) return;
  w.enter_block(id, 3);
  write_records(w, records);
  w.end_block();
}

// METADATA_STRINGS: [count, offset] and a blob of vbr6 lengths (padded to
// 32 bits) followed by the characters.
void write_metadata_strings(Writer& w, const ModuleSpec& s) {
  const std::vector<std::string>& strings = s.metadata_strings;
  Writer lengths(0);
  std::string text;
  for (const std::string& string : strings) {
    lengths.emit_vbr(string.size(), 6);
    text += string;
  }
  std::vector<uint8_t> blob = lengths.finish();
  blob.erase(blob.begin(), blob.begin() + 4);  // the writer's magic
  const uint64_t offset = blob.size();
  blob.insert(blob.end(), text.begin(), text.end());
  const bitstream::AbbrevOp abbrev[] = {{bitstream::Encoding::literal, kMetadataStrings},
                                        {bitstream::Encoding::vbr, 6},
                                        {bitstream::Encoding::vbr, 6},
                                        {bitstream::Encoding::blob, 0}};
  const uint32_t id = w.define_abbrev(abbrev);
  const uint64_t ops[] = {s.metadata_strings_count.value_or(strings.size()), s.metadata_strings_offset.value_or(offset)};
  w.record(id, kMetadataStrings, ops, blob);
}

}  // namespace

std::vector<uint8_t> module_file(const ModuleSpec& s) {
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
  write_records(w, s.types);
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
  write_records(w, s.constants);
  w.end_block();
  if (!s.metadata.empty() || !s.metadata_strings.empty()) {
    w.enter_block(kMetadataBlock, 4);
    if (!s.metadata_strings.empty()) write_metadata_strings(w, s);
    write_records(w, s.metadata);
    w.end_block();
  }
  write_block(w, kMetadataKindBlock, s.metadata_kinds);
  if (!s.instructions.empty() || !s.function_metadata.empty() || !s.attachments.empty()) {
    w.enter_block(kFunctionBlock, 4);
    const uint64_t blocks[] = {1};
    w.record(1, blocks);  // DECLAREBLOCKS
    write_records(w, s.instructions);
    write_block(w, kMetadataBlock, s.function_metadata);
    write_block(w, kMetadataAttachmentBlock, s.attachments);
    w.end_block();
  }
  w.end_block();
  w.enter_block(kStrtabBlock, 3);
  const bitstream::AbbrevOp blob[] = {{bitstream::Encoding::literal, 1}, {bitstream::Encoding::blob, 0}};
  const uint32_t id = w.define_abbrev(blob);
  w.record(id, 1, {}, Bytes(reinterpret_cast<const uint8_t*>(s.strtab.data()), s.strtab.size()));
  w.end_block();
  return w.finish();
}

}  // namespace sp::bitcode::build
