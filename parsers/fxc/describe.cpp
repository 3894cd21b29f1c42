// The structured dump of the legacy chunks: every field by its DDK or
// d3d12shader.h name, raw tokens beside what they decode to.
#include "fxc/describe.h"

#include "core/strings.h"

namespace sp::fxc {
namespace {

using Json = nlohmann::ordered_json;

std::string hex(uint32_t v) { return strprintf("0x%08x", v); }

Json describe_operand(const Instruction& in, const Operand& o, uint32_t depth) {
  Json j;
  j["token"] = hex(o.token);
  j["type"] = o.type();
  j["components"] = o.num_components_field();
  j["selection_mode"] = o.selection_mode();
  j["selection"] = o.swizzle();
  if (!o.extended.empty()) {
    j["modifier"] = o.modifier();
    j["min_precision"] = o.min_precision();
    j["non_uniform"] = o.non_uniform();
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
      if (ix.has_relative() && ix.relative >= 0 && static_cast<size_t>(ix.relative) < in.nested.size() && depth < 64)
        x["relative"] = describe_operand(in, in.nested[static_cast<size_t>(ix.relative)], depth + 1);
      indices.push_back(std::move(x));
    }
    j["indices"] = std::move(indices);
  }
  if (o.immediate_words() > 0) {
    Json values = Json::array();
    for (uint32_t k = 0; k < o.immediate_words(); ++k) values.push_back(hex(o.imm[k]));
    j["immediate"] = std::move(values);
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
      for (uint32_t t : in.extended) ext.push_back(hex(t));
      i["extended"] = std::move(ext);
    }
    if (!in.operands.empty()) {
      Json ops = Json::array();
      for (const Operand& o : in.operands) ops.push_back(describe_operand(in, o, 0));
      i["operands"] = std::move(ops);
    }
    if (!in.words.empty()) {
      Json words = Json::array();
      for (uint32_t w : in.words) words.push_back(hex(w));
      i["words"] = std::move(words);
    }
    list.push_back(std::move(i));
  }
  j["instructions"] = std::move(list);
  if (!p.trailing.empty()) j["trailing_bytes"] = p.trailing.size();
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
