// The structured dump of the legacy chunks: every field by its DDK or
// d3d12shader.h name, raw tokens beside what they decode to.
#include "fxc/describe.h"

#include "core/strings.h"

namespace sp::fxc {
namespace {

using Json = nlohmann::ordered_json;

std::string hex(uint32_t v) { return strprintf("0x%08x", v); }

Json describe_operand(const Program& p, const Instruction& in, const Operand& o, uint32_t depth) {
  Json j;
  j["token"] = hex(o.token);
  j["type"] = o.type();
  j["components"] = o.num_components_field();
  j["selection_mode"] = o.selection_mode();
  j["selection"] = o.swizzle();
  if (!o.extended.empty()) {
    const OperandModifier m = p.modifier(o);
    j["modifier"] = m.modifier();
    j["min_precision"] = m.min_precision();
    j["non_uniform"] = m.non_uniform();
  }
  if (o.index_dimension() > 0) {
    Json indices = Json::array();
    for (uint32_t d = 0; d < o.index_dimension(); ++d) {
      const OperandIndex& ix = o.index[d];
      Json x;
      x["representation"] = static_cast<uint32_t>(ix.rep);
      if (ix.has_imm()) x["immediate"] = ix.imm;
      // The nested operand was decoded before the one that refers to it:
      // depth stays below the reader's bound.
      if (const Operand* nested = p.relative(in, ix); nested != nullptr && depth < 64)
        x["relative"] = describe_operand(p, in, *nested, depth + 1);
      indices.push_back(std::move(x));
    }
    j["indices"] = std::move(indices);
  }
  if (const std::span<const uint32_t> values = p.immediates(o); !values.empty()) {
    Json list = Json::array();
    for (size_t k = 0; k < values.size(); ++k) list.push_back(hex(values[k]));
    j["immediate"] = std::move(list);
  }
  return j;
}

void describe_model(const Stat& stat, Json& out) {
  Json& j = out["stat"];
  j["dwords"] = stat.fields_present;
  for (uint32_t i = 0; i < stat.fields_present && i < std::size(kStatFields); ++i)
    j[std::string(kStatFields[i].name)] = stat.*kStatFields[i].member;
  if (!stat.extra.empty()) j["extra_bytes"] = stat.extra.size();
}

void describe_model(const Interfaces& in, Json& out) {
  Json& j = out["interfaces"];
  j["interface_slot_count"] = in.interface_slot_count;
  j["unknown"] = Json::array({hex(in.unknown[0]), hex(in.unknown[1])});
  Json types = Json::array();
  for (const ClassType& t : in.class_types)
    types.push_back({{"name", t.name},
                     {"id", t.id},
                     {"constant_buffer_stride", t.constant_buffer_stride},
                     {"texture", t.texture},
                     {"sampler", t.sampler}});
  j["class_types"] = std::move(types);
  Json instances = Json::array();
  for (const ClassInstance& c : in.class_instances)
    instances.push_back({{"name", c.name},
                         {"type_id", c.type_id},
                         {"unknown", c.unknown},
                         {"constant_buffer", c.constant_buffer},
                         {"constant_buffer_offset", c.constant_buffer_offset},
                         {"texture", c.texture},
                         {"sampler", c.sampler}});
  j["class_instances"] = std::move(instances);
  Json slots = Json::array();
  for (const InterfaceSlot& slot : in.slots)
    slots.push_back({{"slot_span", slot.slot_span}, {"type_ids", slot.type_ids}, {"table_ids", slot.table_ids}});
  j["slots"] = std::move(slots);
}

void describe_model(const Program& p, Json& out) {
  Json& j = out["program"];
  j["program_type"] = p.version.type();
  j["major"] = p.version.major();
  j["minor"] = p.version.minor();
  j["length"] = p.length;
  Json list = Json::array();
  for (const Instruction& in : p.instructions) {
    Json i;
    i["offset"] = in.offset;
    const OpcodeInfo* info = opcode_info(in.token & 0x7FF);
    i["opcode"] = info != nullptr ? std::string(info->name) : std::to_string(in.token & 0x7FF);
    i["token"] = hex(in.token);
    if (in.is_custom_data()) {
      i["class"] = in.custom_class();
      i["length"] = in.custom_length;
    } else {
      i["controls"] = in.controls();
    }
    if (!in.extended.empty()) {
      Json ext = Json::array();
      for (uint32_t t : p.extended(in)) ext.push_back(hex(t));
      i["extended"] = std::move(ext);
    }
    if (!in.operands.empty()) {
      Json ops = Json::array();
      for (const Operand& o : p.operands(in)) ops.push_back(describe_operand(p, in, o, 0));
      i["operands"] = std::move(ops);
    }
    if (!in.words.empty()) {
      Json words = Json::array();
      for (uint32_t w : p.words(in)) words.push_back(hex(w));
      i["words"] = std::move(words);
    }
    if (in.trailing_word) i["trailing_word"] = hex(*in.trailing_word);
    list.push_back(std::move(i));
  }
  j["instructions"] = std::move(list);
  if (!p.trailing.empty()) j["trailing_bytes"] = p.trailing.size();
}

// RDEF's records by their d3d12shader.h field names; strings and type
// references with the offsets they were read at.
Json describe_string(const RdefString& s) { return {{"offset", s.offset}, {"text", s.text}}; }

// A reference to a type: its offset and its index in "types" (null where
// the offset names none).
Json describe_type_ref(const RdefTypeRef& ref) {
  return {{"offset", ref.offset}, {"index", ref.index != kNoType ? Json(ref.index) : Json(nullptr)}};
}

Json describe_binding(const RdefBinding& b, bool sm51) {
  Json j = {{"name", describe_string(b.name)}, {"type", b.type},          {"return_type", b.return_type},
            {"dimension", b.dimension},       {"num_samples", b.num_samples}, {"bind_point", b.bind_point},
            {"bind_count", b.bind_count},     {"flags", b.flags}};
  if (sm51) j.update({{"space", b.space}, {"id", b.id}});
  return j;
}

Json describe_variable(const RdefVariable& v, bool sm5) {
  Json j = {{"name", describe_string(v.name)}, {"start_offset", v.start_offset},
            {"size", v.size},                  {"flags", v.flags},
            {"type", describe_type_ref(v.type)}, {"default_value_offset", v.default_value_offset}};
  if (v.default_value_offset != 0) j["default_value"] = hex_text(v.default_value);
  if (sm5)
    j.update({{"start_texture", v.start_texture}, {"texture_size", v.texture_size},
              {"start_sampler", v.start_sampler}, {"sampler_size", v.sampler_size}});
  return j;
}

Json describe_type(const RdefType& t, bool sm5) {
  Json members = Json::array();
  for (const RdefMember& m : t.members)
    members.push_back({{"name", describe_string(m.name)}, {"type", describe_type_ref(m.type)}, {"offset", m.offset}});
  Json j = {{"offset", t.offset},         {"class", t.variable_class},    {"type", t.variable_type},
            {"rows", t.rows},             {"columns", t.columns},         {"elements", t.elements},
            {"member_count", t.member_count}, {"member_offset", t.member_offset}, {"members", std::move(members)}};
  if (sm5) {
    Json interfaces = Json::array();
    for (const RdefTypeRef& ref : t.interfaces) interfaces.push_back(describe_type_ref(ref));
    j.update({{"sub_type", describe_type_ref(t.sub_type)}, {"base_class", describe_type_ref(t.base_class)},
              {"interface_count", t.interface_count},      {"interfaces_offset", t.interfaces_offset},
              {"interfaces", std::move(interfaces)},       {"name", describe_string(t.name)}});
  }
  return j;
}

Json describe_buffer(const RdefConstantBuffer& cb, bool sm5) {
  Json variables = Json::array();
  for (const RdefVariable& v : cb.variables) variables.push_back(describe_variable(v, sm5));
  return {{"name", describe_string(cb.name)}, {"variable_count", cb.variable_count},
          {"variable_offset", cb.variable_offset}, {"size", cb.size},
          {"flags", cb.flags}, {"type", cb.type}, {"variables", std::move(variables)}};
}

void describe_model(const Rdef& r, Json& out) {
  const bool sm5 = r.rd11.has_value();
  Json j = {{"constant_buffer_count", r.constant_buffer_count}, {"constant_buffer_offset", r.constant_buffer_offset},
            {"binding_count", r.binding_count},                 {"binding_offset", r.binding_offset},
            {"major", r.major},                                 {"minor", r.minor},
            {"program_type", strprintf("0x%04x", r.program_type)}, {"flags", hex(r.flags)},
            {"creator", describe_string(r.creator)}};
  if (sm5) {
    const RdefLayout& l = r.rd11->layout;
    j["rd11"] = {{"magic", hex(r.rd11->magic)},   {"header_size", l.header},   {"constant_buffer_size", l.constant_buffer},
                 {"binding_size", l.binding},     {"variable_size", l.variable}, {"type_size", l.type},
                 {"member_size", l.member},       {"interface_slots", r.rd11->interface_slots}};
  }
  Json& bindings = j["bindings"] = Json::array();
  for (const RdefBinding& b : r.bindings) bindings.push_back(describe_binding(b, r.sm51()));
  Json& buffers = j["constant_buffers"] = Json::array();
  for (const RdefConstantBuffer& cb : r.constant_buffers) buffers.push_back(describe_buffer(cb, sm5));
  // Each type once, by index: members that share a type name one index,
  // so the dump stays as large as the chunk.
  Json& types = j["types"] = Json::array();
  for (const RdefType& t : r.types) types.push_back(describe_type(t, sm5));
  Json& gaps = j["unclaimed_bytes"] = Json::array();
  for (const RdefGap& g : r.gaps) gaps.push_back({{"offset", g.offset}, {"bytes", hex_text(g.bytes)}});
  out["rdef"] = std::move(j);
}

}  // namespace

nlohmann::ordered_json describe(const Chunk& chunk) {
  Json j;
  j["chunk"] = std::string(chunk.tag);
  // One describe_model overload per chunk model: each adds its own key.
  std::visit([&](const auto& m) { describe_model(m, j); }, chunk.model);
  return j;
}

}  // namespace sp::fxc
