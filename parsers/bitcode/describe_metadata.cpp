// The "metadata" object of a module's description: its strings, its nodes
// with their operands in IR syntax, named metadata with the nodes it names
// (one level resolved: `dx.entryPoints` shows its entries' operands), kinds
// and attachments. Operands that point at other nodes stay references
// (`!12`), so cycles and shared nodes print once, and text grows with the
// records, not with the graph.
#include "bitcode/describe.h"

#include <unordered_map>

#include "bitcode/names.h"
#include "core/strings.h"

namespace sp::bitcode {
namespace {

using json = nlohmann::ordered_json;

std::string ref(uint64_t id) { return "!" + std::to_string(id); }

// What an inline operand may print before it is shown as its reference:
// a node with many operands naming one long string would otherwise print
// it once per operand.
constexpr size_t kInlineText = 64;

std::string inline_or_ref(std::string text, uint64_t id) {
  return text.size() <= kInlineText ? text : ref(id);
}

// A VALUE as IR prints it: `i32 5`, `ptr @main`, else the type and the
// constant's kind (`float <FLOAT>`).
std::string value_text(const Module& m, const Metadata& e) {
  const uint64_t type = e.operands[0], id = e.operands[1];
  std::string text = type_name(m, type) + " ";
  if (id >= m.values.size()) return text + "%" + std::to_string(id);
  const ModuleValue& v = m.values[id];
  if (v.kind == ModuleValue::Kind::global) return text + "@" + m.globals[v.global].name.printable();
  if (v.integer) {
    const bool bit = type < m.types.size() && m.types[type].kind == TypeKind::integer && m.types[type].count == 1;
    return text + (bit ? (*v.integer != 0 ? "true" : "false") : std::to_string(*v.integer));
  }
  const std::string_view code = analyzer_record_name(kConstantsBlock, v.code);
  return text + "<" + (code.empty() ? "CONSTANT" + std::to_string(v.code) : std::string(code)) + ">";
}

json node(const Module& m, uint64_t id) {
  const Metadata& e = m.metadata.nodes[id];
  const std::string_view record = metadata_record_name(e.code);
  json j = {{"id", id}, {"record", record.empty() ? "CODE" + std::to_string(e.code) : std::string(record)}};
  if (e.distinct) j["distinct"] = true;
  if (e.code == kMdValue) {
    j["value"] = value_text(m, e);
  } else if (e.is_tuple()) {
    json ops = json::array();
    for (uint64_t op : e.operands) ops.push_back(metadata_operand(m, op));
    j["operands"] = std::move(ops);
  } else {
    j["operands"] = e.operands;  // as written (debug-info layouts differ by version)
  }
  return j;
}

using KindNames = std::unordered_map<uint64_t, std::string>;

json attachment(const Module& m, const MetadataAttachment& a, const KindNames& kind_names) {
  json j;
  switch (a.to) {
    case MetadataAttachment::To::function: j["function_body"] = a.function; break;
    case MetadataAttachment::To::instruction:
      j["function_body"] = a.function;
      j["instruction"] = a.instruction;
      break;
    case MetadataAttachment::To::global:
      j["global"] = a.global < m.globals.size() ? json(m.globals[a.global].name) : json(a.global);
      break;
  }
  json kinds = json::object();
  for (const auto& [kind, id] : a.kinds) {
    const auto k = kind_names.find(kind);
    kinds[k != kind_names.end() ? k->second : "kind" + std::to_string(kind)] = ref(id);
  }
  j["attachments"] = std::move(kinds);
  return j;
}

}  // namespace

json metadata_operand(const Module& m, uint64_t op) {
  if (op == 0) return nullptr;
  const uint64_t id = op - 1;
  const auto& nodes = m.metadata.nodes;
  if (id >= nodes.size()) return ref(id);
  const Metadata& e = nodes[id];
  if (e.is_string()) return inline_or_ref("!\"" + e.string.printable() + "\"", id);
  if (e.code == kMdValue) return inline_or_ref(value_text(m, e), id);
  return ref(id);
}

json describe_metadata(const Module& m) {
  const ModuleMetadata& md = m.metadata;
  json strings = json::array(), nodes = json::array();
  for (uint64_t id = 0; id < md.nodes.size(); ++id) {
    if (md.nodes[id].is_string()) {
      strings.push_back({{"id", id}, {"text", md.nodes[id].string}});
    } else {
      nodes.push_back(node(m, id));
    }
  }
  json named = json::array();
  for (const NamedMetadata& n : md.named) {
    json entries = json::array();
    for (uint64_t id : n.nodes) entries.push_back(node(m, id));
    named.push_back({{"name", n.name}, {"nodes", std::move(entries)}});
  }
  json kinds = json::array();
  KindNames kind_names;
  for (const MetadataKind& k : md.kinds) {
    kinds.push_back({{"id", k.id}, {"name", k.name}});
    kind_names.emplace(k.id, k.name.printable());
  }
  json attachments = json::array();
  for (const MetadataAttachment& a : md.attachments) attachments.push_back(attachment(m, a, kind_names));
  json j = {{"count", md.nodes.size()}, {"named", std::move(named)},     {"strings", std::move(strings)},
            {"nodes", std::move(nodes)}, {"kinds", std::move(kinds)},   {"attachments", std::move(attachments)}};
  if (md.function_local != 0) j["function_local"] = md.function_local;
  if (md.ignored_records != 0) j["ignored_records"] = md.ignored_records;
  return j;
}

}  // namespace sp::bitcode
