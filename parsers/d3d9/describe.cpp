// The structured dump: every field by its d3d9types.h / d3dx9shader.h
// name, raw tokens beside what they decode to.
#include "d3d9/describe.h"

#include "core/strings.h"

namespace sp::d3d9 {
namespace {

using Json = nlohmann::ordered_json;

std::string hex(uint32_t v) { return strprintf("0x%08x", v); }

Json describe_parameter(const Parameter& p, Item role) {
  Json j;
  j["token"] = hex(p.token);
  j["register_type"] = p.type();
  j["register"] = p.number();
  if (role == Item::destination) {
    j["write_mask"] = p.write_mask();
    j["result_modifier"] = p.result_modifier();
    j["shift"] = p.shift();
  } else {
    j["swizzle"] = p.swizzle();
    j["source_modifier"] = p.source_modifier();
  }
  if (p.is_relative()) j["relative"] = hex(p.relative);
  return j;
}

Json describe_instruction(const Instruction& in, const Version& v) {
  Json j;
  j["offset"] = in.offset;
  const OpcodeInfo& info = *opcode_info(in.opcode_value());  // the reader accepted it
  j["opcode"] = std::string(info.name);
  j["token"] = hex(in.token);
  j["controls"] = in.controls();
  j["length"] = in.length();
  if (in.predicated()) j["predicated"] = true;
  const Operands ops = operands_of(in, info, v);
  if (ops.destination != nullptr) j["destination"] = describe_parameter(*ops.destination, Item::destination);
  if (ops.predicate != nullptr) j["predicate"] = describe_parameter(*ops.predicate, Item::predicate);
  if (!ops.sources.empty()) {
    Json sources = Json::array();
    for (const Parameter* s : ops.sources) sources.push_back(describe_parameter(*s, Item::source));
    j["sources"] = std::move(sources);
  }
  if (!in.words.empty()) {
    Json words = Json::array();
    for (uint32_t w : in.words) words.push_back(hex(w));
    j["words"] = std::move(words);
  }
  return j;
}

// A type and its members; the reader bounded the nesting by
// limits.max_depth, and so this recursion.
Json describe_type(const ConstantTable& t, uint32_t index) {
  const TypeInfo& type = t.types[index];
  Json j;
  j["offset"] = type.offset;
  j["class"] = type.klass;
  j["type"] = type.type;
  j["rows"] = type.rows;
  j["columns"] = type.columns;
  j["elements"] = type.elements;
  if (type.member_count > 0) {
    j["members_offset"] = type.members_offset;
    Json members = Json::array();
    for (uint32_t k = 0; k < type.member_count; ++k) {
      const Member& m = t.members[type.first_member + k];
      members.push_back({{"name", m.name}, {"type", describe_type(t, m.type)}});
    }
    j["members"] = std::move(members);
  }
  return j;
}

Json describe_table(const ConstantTable& t) {
  Json j;
  j["offset"] = t.offset;
  j["size"] = t.size;
  j["creator"] = t.creator;
  j["version"] = hex(t.version);
  j["flags"] = hex(t.flags);
  j["target"] = t.target;
  Json constants = Json::array();
  for (const Constant& c : t.constants) {
    Json k;
    k["name"] = c.name;
    k["register_set"] = c.register_set;
    k["register_index"] = c.register_index;
    k["register_count"] = c.register_count;
    k["reserved"] = c.reserved;
    k["default_value_offset"] = c.default_value_offset;
    k["type"] = describe_type(t, c.type);
    constants.push_back(std::move(k));
  }
  j["constants"] = std::move(constants);
  return j;
}

}  // namespace

nlohmann::ordered_json describe(const Program& program) {
  const Version& v = program.version;
  Json j;
  j["version"] = {
      {"token", hex(v.token)}, {"type", v.pixel() ? "pixel" : "vertex"}, {"major", v.major()}, {"minor", v.minor()}};
  Json comments = Json::array();
  for (const Comment& c : program.comments) {
    Json k;
    k["offset"] = c.offset;
    k["token"] = hex(c.token);
    k["bytes"] = c.data.size();
    if (c.data.size() >= 4) k["fourcc"] = fourcc_text(load_le<uint32_t>(c.data.data()));
    k["before_instruction"] = c.position;
    comments.push_back(std::move(k));
  }
  j["comments"] = std::move(comments);
  if (program.constants) j["constant_table"] = describe_table(*program.constants);
  Json list = Json::array();
  for (const Instruction& in : program.instructions) list.push_back(describe_instruction(in, v));
  j["instructions"] = std::move(list);
  j["end_offset"] = program.end_offset;
  if (!program.trailing.empty()) j["trailing_bytes"] = program.trailing.size();
  return j;
}

}  // namespace sp::d3d9
