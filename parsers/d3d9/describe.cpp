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

Json describe_debug_info(const DebugInfo& d) {
  Json j;
  j["offset"] = d.offset;
  j["size"] = d.size;
  j["creator"] = d.creator;
  j["source_code_offset"] = d.source_code_offset;
  j["entry_point"] = d.entry_point;
  Json files = Json::array();
  for (const DebugFile& f : d.files) files.push_back(f.name);
  j["files"] = std::move(files);
  Json lines = Json::array();
  for (const DebugLine& l : d.lines)
    lines.push_back({{"line", l.line}, {"file", l.file == kNoFile ? Json(nullptr) : Json(l.file)}, {"offset", l.offset}});
  j["instructions"] = std::move(lines);
  Json variables = Json::array();
  for (const DebugVariable& v : d.variables) {
    Json k;
    k["scope"] = v.scope_offset == 0 ? Json(nullptr) : Json(v.scope);
    k["name"] = v.name;
    k["type_offset"] = v.type_offset;
    Json writes = Json::array();
    for (uint32_t w = 0; w < v.write_count; ++w) {
      const DebugWrite& write = d.writes[v.first_write + w];
      Json components = Json::array();
      for (const uint16_t c : write.components) components.push_back(c == kNoComponent ? Json(nullptr) : Json(c));
      writes.push_back({{"instruction", write.instruction}, {"components", std::move(components)}});
    }
    k["writes"] = std::move(writes);
    variables.push_back(std::move(k));
  }
  j["variables"] = std::move(variables);
  return j;
}

Json describe_table_place(const Level9Table& t) { return {{"count", t.count}, {"offset", t.offset}}; }

}  // namespace

nlohmann::ordered_json describe(const Level9& l) {
  Json j;
  j["size"] = l.size;
  j["version"] = hex(l.version);
  j["program_size"] = l.program_size;
  j["program_offset"] = l.program_offset;
  Json cb = describe_table_place(l.constant_buffer_table);
  Json& cb_list = cb["mappings"] = Json::array();
  for (const ConstantBufferMapping& m : l.constant_buffers)
    cb_list.push_back({{"buffer", m.buffer},
                       {"start", m.start},
                       {"count", m.count},
                       {"target", m.target},
                       {"conversion", m.conversion}});
  j["constant_buffers"] = std::move(cb);
  Json loops = describe_table_place(l.loop_table);
  Json& loop_list = loops["mappings"] = Json::array();
  for (const LoopMapping& m : l.loops)
    loop_list.push_back({{"buffer", m.buffer}, {"source", m.source}, {"component", m.component}, {"target", m.target}});
  j["loops"] = std::move(loops);
  j["unknown"] = describe_table_place(l.unknown_table);
  Json samplers = describe_table_place(l.sampler_table);
  Json& sampler_list = samplers["mappings"] = Json::array();
  for (const SamplerMapping& m : l.samplers)
    sampler_list.push_back(
        {{"target", m.target}, {"sampler", m.sampler}, {"resource", m.resource}, {"reserved", m.reserved}});
  j["samplers"] = std::move(samplers);
  Json runtime = describe_table_place(l.runtime_constant_table);
  Json& runtime_list = runtime["mappings"] = Json::array();
  for (const RuntimeConstantMapping& m : l.runtime_constants)
    runtime_list.push_back({{"kind", m.kind}, {"target", m.target}});
  j["runtime_constants"] = std::move(runtime);
  j["program"] = describe(l.program);
  return j;
}

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
  if (program.debug) j["debug_info"] = describe_debug_info(*program.debug);
  Json list = Json::array();
  for (const Instruction& in : program.instructions) list.push_back(describe_instruction(in, v));
  j["instructions"] = std::move(list);
  j["end_offset"] = program.end_offset;
  if (!program.trailing.empty()) j["trailing_bytes"] = program.trailing.size();
  return j;
}

}  // namespace sp::d3d9
