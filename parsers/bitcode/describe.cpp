#include "bitcode/describe.h"

#include "bitcode/memory_effects.h"
#include "bitcode/names.h"
#include "core/diagnostic_json.h"
#include "core/strings.h"

namespace sp::bitcode {
namespace {

using json = nlohmann::ordered_json;

// Field names of the global value records after the name (LLVMBitCodes.h
// and BitcodeWriter); operands past the list are "opN".
constexpr std::string_view kGlobalVarFields[] = {
    "type", "isconst", "initid", "linkage", "alignment", "section", "visibility", "threadlocal", "unnamed_addr",
    "externally_initialized", "dllstorageclass", "comdat", "attributes", "preemptionspecifier",
    "partition_offset", "partition_size"};
constexpr std::string_view kFunctionFields[] = {
    "type", "callingconv", "isproto", "linkage", "paramattr", "alignment", "section", "visibility", "gc",
    "unnamed_addr", "prologuedata", "dllstorageclass", "comdat", "prefixdata", "personalityfn",
    "preemptionspecifier", "addrspace", "partition_offset", "partition_size"};
constexpr std::string_view kAliasFields[] = {"type", "addrspace", "aliasee", "linkage", "visibility",
                                             "dllstorageclass", "threadlocal", "unnamed_addr", "preemptionspecifier"};
constexpr std::string_view kAliasOldFields[] = {"type", "aliasee", "linkage", "visibility", "dllstorageclass",
                                                "threadlocal", "unnamed_addr"};
constexpr std::string_view kIfuncFields[] = {"type", "addrspace", "resolver", "linkage", "visibility"};

std::span<const std::string_view> field_names(const GlobalValue& g) {
  switch (g.kind) {
    case GlobalValue::Kind::variable: return kGlobalVarFields;
    case GlobalValue::Kind::function: return kFunctionFields;
    case GlobalValue::Kind::ifunc: return kIfuncFields;
    case GlobalValue::Kind::alias: return g.code == 9 ? std::span<const std::string_view>(kAliasOldFields)
                                                      : std::span<const std::string_view>(kAliasFields);
  }
  return {};
}

// GLOBALVAR's isconst operand is a bit field (BitcodeReader): bit 0 the
// variable is constant, bit 1 the type operand is the value's type
// (explicit_type) and the bits above it the address space; without bit 1
// the type operand is a pointer to the value's type, which gives the
// address space.
void global_var_flags(json& j, uint64_t field) {
  j["isconst"] = (field & 1) != 0;
  j["explicit_type"] = (field & 2) != 0;
  if ((field & 2) != 0) j["addrspace"] = field >> 2;
}

json global_value(const Module& m, const GlobalValue& g) {
  json j = {{"name", g.name}};
  const auto names = field_names(g);
  for (size_t i = 0; i < g.fields.size(); ++i) {
    const std::string key = i < names.size() ? std::string(names[i]) : strprintf("op%zu", i);
    if (key == "isconst" && g.kind == GlobalValue::Kind::variable) {
      global_var_flags(j, g.fields[i]);
      continue;
    }
    j[key] = g.fields[i];
    if (key == "type") j["type_name"] = type_name(m, g.fields[i]);
    if (key == "linkage") {
      if (auto n = linkage_name(g.fields[i]); !n.empty()) j["linkage_name"] = std::string(n);
    }
  }
  return j;
}

json attribute(const Module& m, const Attribute& a) {
  switch (a.kind) {
    case Attribute::Kind::enum_:
    case Attribute::Kind::type: {
      const auto n = attribute_name(a.code);
      return n.empty() ? json(strprintf("attr%llu", static_cast<unsigned long long>(a.code))) : json(std::string(n));
    }
    case Attribute::Kind::int_: {
      if (a.code == kMemoryAttribute) return memory_effects_text(a.value);
      const auto n = attribute_name(a.code);
      return strprintf("%s(%llu)", n.empty() ? strprintf("attr%llu", static_cast<unsigned long long>(a.code)).c_str()
                                             : std::string(n).c_str(),
                       static_cast<unsigned long long>(a.value));
    }
    case Attribute::Kind::type_value: {
      const auto n = attribute_name(a.code);
      return std::string(n.empty() ? "attr" : n) + "(" + type_name(m, a.value) + ")";
    }
    case Attribute::Kind::range:
    case Attribute::Kind::range_list: {
      const auto n = attribute_name(a.code);
      return std::string(n.empty() ? "attr" : n) + "(" + a.str_value.printable() + ")";
    }
    case Attribute::Kind::string:
      return "\"" + a.key.printable() + "\"";
    case Attribute::Kind::string_value:
      return "\"" + a.key.printable() + "\"=\"" + a.str_value.printable() + "\"";
  }
  return nullptr;
}

}  // namespace

json describe_module(const Module& m) {
  json j;
  j["producer"] = m.producer;
  j["epoch"] = m.epoch ? json(*m.epoch) : json(nullptr);
  j["version"] = m.version;
  j["triple"] = m.triple;
  j["datalayout"] = m.datalayout;
  j["source_filename"] = m.source_filename;
  if (!m.inline_asm.empty()) j["asm"] = m.inline_asm;
  auto strings = [](const std::vector<FileString>& v) {
    json a = json::array();
    for (const FileString& s : v) a.push_back(s);
    return a;
  };
  j["section_names"] = strings(m.section_names);
  if (!m.deplibs.empty()) j["deplibs"] = strings(m.deplibs);
  j["gc_names"] = strings(m.gc_names);
  json types = json::array();
  for (size_t i = 0; i < m.types.size(); ++i) {
    const Type& t = m.types[i];
    if (t.identified) {
      types.push_back({{"name", type_name(m, i)}, {"body", struct_body(m, i)}});
    } else {
      types.push_back(type_name(m, i));
    }
  }
  j["types"] = std::move(types);
  json groups = json::array();
  for (const AttributeGroup& g : m.attribute_groups) {
    json attrs = json::array();
    for (const Attribute& a : g.attributes) attrs.push_back(attribute(m, a));
    json e = {{"id", g.id},
              {"applies_to", g.param_index == 0xFFFFFFFF ? std::string("function")
                             : g.param_index == 0       ? std::string("return")
                                                        : strprintf("param %llu", static_cast<unsigned long long>(g.param_index - 1))},
              {"attributes", std::move(attrs)}};
    if (!g.complete) e["complete"] = false;
    groups.push_back(std::move(e));
  }
  j["attribute_groups"] = std::move(groups);
  j["attribute_lists"] = m.attribute_lists;
  json globals = json::array(), functions = json::array(), aliases = json::array();
  for (const GlobalValue& g : m.globals) {
    json v = global_value(m, g);
    if (g.kind == GlobalValue::Kind::function) {
      functions.push_back(std::move(v));
    } else if (g.kind == GlobalValue::Kind::variable) {
      globals.push_back(std::move(v));
    } else {
      aliases.push_back(std::move(v));
    }
  }
  j["global_variables"] = std::move(globals);
  j["functions"] = std::move(functions);
  j["aliases"] = std::move(aliases);
  j["function_bodies"] = m.function_bodies;
  if (m.vst_offset) j["vst_offset"] = *m.vst_offset;
  json ints = json::array();
  for (const IntegerConstant& c : m.integers) ints.push_back({{"type", type_name(m, c.type)}, {"value", c.value}});
  j["integer_constants"] = std::move(ints);
  j["other_constants"] = m.other_constants;
  j["metadata"] = describe_metadata(m);
  json blocks = json::object();
  for (const auto& [id, n] : m.block_counts) {
    const auto name = analyzer_block_name(id);
    blocks[name.empty() ? strprintf("UnknownBlock%u", id) : std::string(name)] = n;
  }
  j["blocks"] = std::move(blocks);
  return j;
}

json describe(const File& file, const std::vector<Diagnostic>& warnings,
              const std::vector<std::optional<dxil::View>>& views) {
  json modules = json::array();
  for (size_t i = 0; i < file.modules.size(); ++i) {
    json m = describe_module(file.modules[i]);
    if (i < views.size() && views[i]) m["dxil"] = describe_dxil(file.modules[i], *views[i]);
    modules.push_back(std::move(m));
  }
  json warns = json::array();
  for (const Diagnostic& w : warnings) warns.push_back(diagnostic_json(w));
  return {{"format", "llvm-bitcode"},
          {"wrapped", file.wrapped},
          {"strtab_bytes", file.strtab.size()},
          {"modules", std::move(modules)},
          {"warnings", std::move(warns)}};
}

}  // namespace sp::bitcode
