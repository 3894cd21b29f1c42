// read_view (dxil_view.h): DXIL's metadata tuples read by position, each
// operand checked for what DXIL.rst puts there before it is used. The
// layout is fixed and shallow (entry -> signatures -> element -> indices),
// so the reader never follows a reference it has not asked for by
// position, and cycles cannot loop it.
#include "bitcode/dxil_view.h"

#include <span>

#include "core/strings.h"

namespace sp::bitcode::dxil {
namespace {

// Entry property tags this view names (DxilMetadataHelper:
// kDxilShaderFlagsTag, kDxilNumThreadsTag, kDxilShaderKindTag).
constexpr uint32_t kShaderFlagsTag = 0, kNumThreadsTag = 4, kShaderKindTag = 8;

// The stages' state tuples, field by field in DXC's order
// (DxilMetadataHelper's Emit/LoadDxil*State).
enum class FieldKind : uint8_t { number, threads, value };
struct FieldSpec {
  constexpr FieldSpec(std::string_view n, FieldKind k = FieldKind::number, std::optional<Enum> e = std::nullopt)
      : name(n), kind(k), names(e) {}
  std::string_view name;
  FieldKind kind;
  std::optional<Enum> names;
};
constexpr FieldSpec kGSState[] = {{"input_primitive", FieldKind::number, Enum::input_primitive},
                                  {"max_vertex_count"},
                                  {"active_stream_mask"},
                                  {"output_topology", FieldKind::number, Enum::primitive_topology},
                                  {"instance_count"}};
constexpr FieldSpec kDSState[] = {{"tessellator_domain", FieldKind::number, Enum::tessellator_domain},
                                  {"input_control_points"}};
constexpr FieldSpec kHSState[] = {{"patch_constant_function", FieldKind::value},
                                  {"input_control_points"},
                                  {"output_control_points"},
                                  {"tessellator_domain", FieldKind::number, Enum::tessellator_domain},
                                  {"partitioning", FieldKind::number, Enum::tessellator_partitioning},
                                  {"output_primitive", FieldKind::number, Enum::tessellator_output_primitive},
                                  {"max_tessellation_factor", FieldKind::value}};
constexpr FieldSpec kMSState[] = {{"num_threads", FieldKind::threads},
                                  {"max_vertex_count"},
                                  {"max_primitive_count"},
                                  {"output_topology", FieldKind::number, Enum::mesh_output_topology},
                                  {"payload_size"}};
constexpr FieldSpec kASState[] = {{"num_threads", FieldKind::threads}, {"payload_size"}};

// The fields of state tag `tag`, or none for a tag that is not a state.
std::span<const FieldSpec> state_fields(uint32_t tag) {
  switch (tag) {
    case 1: return kGSState;
    case 2: return kDSState;
    case 3: return kHSState;
    case 9: return kMSState;
    case 10: return kASState;
    default: return {};
  }
}
// Signature element extended properties (kDxilSignatureElement*Tag).
constexpr uint32_t kOutputStreamTag = 0, kDynIndexMaskTag = 2, kUsageMaskTag = 3;
// Resource extended properties (kDxilTypedBufferElementTypeTag,
// kDxilStructuredBufferElementStrideTag).
constexpr uint32_t kElementTypeTag = 0, kStrideTag = 1, kAtomic64Tag = 3;

class ViewReader {
 public:
  ViewReader(const Module& m, std::string root, Context& ctx) : m_(m), root_(std::move(root)), ctx_(ctx) {}

  std::optional<View> run() {
    const NamedMetadata* sm = m_.metadata.find_named("dx.shaderModel");
    if (sm == nullptr) return std::nullopt;
    View v;
    if (!shader_model(*sm, v)) return std::nullopt;
    v.dxil_version = version("dx.version");
    v.validator_version = version("dx.valver");
    if (const NamedMetadata* r = m_.metadata.find_named("dx.resources"); r != nullptr && !r->nodes.empty()) {
      if (const Metadata* t = tuple_node(r->nodes[0], "resources")) {
        if (auto res = resources(*t, "resources")) v.resources = std::move(*res);
      }
    }
    if (const NamedMetadata* e = m_.metadata.find_named("dx.entryPoints")) {
      for (size_t i = 0; i < e->nodes.size() && !ctx_.failed(); ++i) {
        const std::string path = strprintf("entry_points[%zu]", i);
        if (const Metadata* t = tuple_node(e->nodes[i], path)) {
          if (auto entry = entry_point(*t, path)) v.entry_points.push_back(std::move(*entry));
        }
      }
    }
    if (ctx_.failed()) return std::nullopt;
    return v;
  }

 private:
  // ---- operands ------------------------------------------------------------

  void problem(const Metadata& at, const std::string& path, std::string message) {
    ctx_.warn_at_bit(Code::dxil_metadata_invalid, at.record_bit, FieldPath::root(root_ + "." + path),
                     std::move(message));
  }

  // Every tuple the view reads is charged once per visit (shared lists are
  // visited once per user).
  bool visit(const Metadata& t, const std::string& path) {
    return ctx_.charge_at_bit(1 + t.operands.size(), t.record_bit, [&] { return root_ + "." + path; });
  }

  const Metadata* tuple_node(uint64_t id, const std::string& path) {
    const auto& nodes = m_.metadata.nodes;
    if (id >= nodes.size() || !nodes[id].is_tuple()) {
      if (id < nodes.size()) problem(nodes[id], path, "is not a tuple");
      return nullptr;
    }
    return visit(nodes[id], path) ? &nodes[id] : nullptr;
  }

  // DXC's loader wants each tuple at its exact size: one warning for a
  // tuple of another size, instead of one per missing operand.
  bool arity(const Metadata& t, size_t n, const std::string& path, std::string_view what) {
    if (t.operands.size() == n) return true;
    problem(t, path, strprintf("%.*s has %zu operands; DXIL's has %zu", static_cast<int>(what.size()), what.data(),
                               t.operands.size(), n));
    return false;
  }

  // The metadata operand `i` of tuple `t` (null for an absent or null one).
  const Metadata* operand(const Metadata& t, size_t i) const {
    if (i >= t.operands.size() || t.operands[i] == 0 || t.operands[i] > m_.metadata.nodes.size()) return nullptr;
    return &m_.metadata.nodes[t.operands[i] - 1];
  }

  bool is_null(const Metadata& t, size_t i) const { return i < t.operands.size() && t.operands[i] == 0; }

  std::optional<int64_t> integer(const Metadata& t, size_t i, const std::string& path, std::string_view what) {
    const Metadata* e = operand(t, i);
    if (e != nullptr && e->code == kMdValue && e->operands[1] < m_.values.size() && m_.values[e->operands[1]].integer)
      return m_.values[e->operands[1]].integer;
    problem(t, path, strprintf("operand %zu (%.*s) is not an integer constant", i, static_cast<int>(what.size()), what.data()));
    return std::nullopt;
  }

  // An integer DXIL keeps in 32 bits or fewer; i1 and i8 are sign-extended
  // in the model, so the low 32 bits are what DXC wrote.
  std::optional<uint32_t> u32(const Metadata& t, size_t i, const std::string& path, std::string_view what) {
    const auto v = integer(t, i, path, what);
    return v ? std::optional<uint32_t>(static_cast<uint32_t>(*v)) : std::nullopt;
  }

  const FileString* string(const Metadata& t, size_t i, const std::string& path, std::string_view what) {
    const Metadata* e = operand(t, i);
    if (e != nullptr && e->is_string()) return &e->string;
    problem(t, path, strprintf("operand %zu (%.*s) is not a string", i, static_cast<int>(what.size()), what.data()));
    return nullptr;
  }

  // A tuple operand; null is `absent` (no problem), anything else not a
  // tuple is a problem.
  const Metadata* tuple(const Metadata& t, size_t i, const std::string& path, bool* absent = nullptr) {
    if (absent != nullptr) *absent = is_null(t, i);
    if (is_null(t, i)) return nullptr;
    const Metadata* e = operand(t, i);
    if (e == nullptr || !e->is_tuple()) {
      problem(t, path, strprintf("operand %zu is not a tuple", i));
      return nullptr;
    }
    return visit(*e, path) ? e : nullptr;
  }

  // The global a VALUE operand names ("@main"), empty for null.
  std::string global(const Metadata& t, size_t i) const {
    const Metadata* e = operand(t, i);
    if (e == nullptr || e->code != kMdValue || e->operands[1] >= m_.values.size()) return {};
    const ModuleValue& v = m_.values[e->operands[1]];
    return v.kind == ModuleValue::Kind::global ? "@" + m_.globals[v.global].name.printable() : std::string();
  }

  // Tag-value pairs from operand `first` on: `use` takes the ones it names
  // and returns false for the rest, which are kept as written.
  template <typename Use>
  void tags(const Metadata& t, size_t first, const std::string& path, std::vector<Tag>& other, Use&& use) {
    if ((t.operands.size() - first) % 2 != 0) problem(t, path, "tag-value pairs end with a tag and no value");
    for (size_t i = first; i + 1 < t.operands.size(); i += 2) {
      const auto tag = u32(t, i, path, "tag");
      if (!tag) continue;
      if (!use(*tag, i + 1)) other.push_back(Tag{*tag, t.operands[i + 1]});
    }
  }

  // ---- DXIL's tuples ----------------------------------------------------------

  bool shader_model(const NamedMetadata& sm, View& v) {
    if (sm.nodes.empty()) return false;
    const Metadata* t = tuple_node(sm.nodes[0], "shader_model");
    if (t == nullptr || !arity(*t, 3, "shader_model", "dx.shaderModel")) return false;
    const FileString* stage = string(*t, 0, "shader_model", "shader kind");
    const auto major = u32(*t, 1, "shader_model", "major"), minor = u32(*t, 2, "shader_model", "minor");
    if (stage == nullptr || !major || !minor) return false;
    v.stage = stage->printable();
    v.major = *major;
    v.minor = *minor;
    v.shader_model = v.stage + "_" + std::to_string(v.major) + "_" + std::to_string(v.minor);
    return true;
  }

  std::optional<std::pair<uint32_t, uint32_t>> version(std::string_view name) {
    const NamedMetadata* n = m_.metadata.find_named(name);
    if (n == nullptr || n->nodes.empty()) return std::nullopt;
    const std::string path = std::string(name == "dx.version" ? "dxil_version" : "validator_version");
    const Metadata* t = tuple_node(n->nodes[0], path);
    if (t == nullptr || !arity(*t, 2, path, "a version")) return std::nullopt;
    const auto major = u32(*t, 0, path, "major"), minor = u32(*t, 1, path, "minor");
    if (!major || !minor) return std::nullopt;
    return std::make_pair(*major, *minor);
  }

  std::optional<EntryPoint> entry_point(const Metadata& t, const std::string& path) {
    if (!arity(t, 5, path, "an entry point")) return std::nullopt;
    EntryPoint e;
    e.function = global(t, 0);
    if (!is_null(t, 0) && e.function.empty()) problem(t, path, "operand 0 (function) is neither null nor a function");
    const FileString* name = string(t, 1, path, "name");
    if (name == nullptr) return std::nullopt;
    e.name = *name;
    if (const Metadata* s = tuple(t, 2, path + ".signatures"); s != nullptr && arity(*s, 3, path + ".signatures", "signatures")) {
      struct List {
        const char* name;
        std::vector<SignatureElement>& out;
      };
      const List lists[] = {{"input", e.signatures.input}, {"output", e.signatures.output},
                            {"patch_constant", e.signatures.patch_constant}};
      for (size_t k = 0; k < 3; ++k) {
        const std::string list_path = path + ".signatures." + lists[k].name;
        if (const Metadata* l = tuple(*s, k, list_path)) signature(*l, list_path, lists[k].out);
      }
    }
    if (const Metadata* r = tuple(t, 3, path + ".resources")) e.resources = resources(*r, path + ".resources");
    if (const Metadata* p = tuple(t, 4, path + ".properties")) properties(*p, path + ".properties", e);
    return e;
  }

  void signature(const Metadata& list, const std::string& path, std::vector<SignatureElement>& out) {
    for (size_t i = 0; i < list.operands.size() && !ctx_.failed(); ++i) {
      const std::string at = strprintf("%s[%zu]", path.c_str(), i);
      const Metadata* t = tuple(list, i, at);
      if (t == nullptr) continue;
      if (auto e = element(*t, at)) out.push_back(std::move(*e));
    }
  }

  std::optional<SignatureElement> element(const Metadata& t, const std::string& path) {
    if (!arity(t, 11, path, "a signature element")) return std::nullopt;
    SignatureElement e;
    const auto id = u32(t, 0, path, "id");
    const FileString* semantic = string(t, 1, path, "semantic name");
    const auto type = u32(t, 2, path, "component type"), kind = u32(t, 3, path, "semantic kind");
    const auto interpolation = u32(t, 5, path, "interpolation mode"), rows = u32(t, 6, path, "rows");
    const auto cols = u32(t, 7, path, "cols"), start_row = u32(t, 8, path, "start row");
    const auto start_col = u32(t, 9, path, "start column");
    if (!id || semantic == nullptr || !type || !kind || !interpolation || !rows || !cols || !start_row || !start_col)
      return std::nullopt;
    e.id = *id;
    e.semantic = *semantic;
    e.component_type = *type;
    e.semantic_kind = *kind;
    e.interpolation = *interpolation;
    e.rows = *rows;
    e.cols = *cols;
    e.start_row = *start_row;
    e.start_col = *start_col;
    if (const Metadata* indices = tuple(t, 4, path + ".indices")) {
      for (size_t i = 0; i < indices->operands.size(); ++i)
        if (const auto index = u32(*indices, i, path + ".indices", "semantic index")) e.indices.push_back(*index);
    }
    if (const Metadata* ext = tuple(t, 10, path + ".properties")) {
      tags(*ext, 0, path + ".properties", e.other, [&](uint32_t tag, size_t i) {
        std::optional<uint32_t>* field = tag == kOutputStreamTag  ? &e.output_stream
                                         : tag == kDynIndexMaskTag ? &e.dynamic_index_mask
                                         : tag == kUsageMaskTag    ? &e.usage_mask
                                                                   : nullptr;
        if (field == nullptr) return false;
        *field = u32(*ext, i, path + ".properties", "property value");
        return true;
      });
    }
    return e;
  }

  std::optional<Resources> resources(const Metadata& t, const std::string& path) {
    if (!arity(t, 4, path, "resources")) return std::nullopt;
    Resources out;
    struct List {
      ResourceClass cls;
      const char* name;
      std::vector<Resource>& out;
    };
    const List lists[] = {{ResourceClass::srv, "srvs", out.srvs},
                          {ResourceClass::uav, "uavs", out.uavs},
                          {ResourceClass::cbv, "cbvs", out.cbvs},
                          {ResourceClass::sampler, "samplers", out.samplers}};
    for (size_t k = 0; k < 4; ++k) {
      const std::string list_path = path + "." + lists[k].name;
      const Metadata* l = tuple(t, k, list_path);
      if (l == nullptr) continue;
      for (size_t i = 0; i < l->operands.size() && !ctx_.failed(); ++i) {
        const std::string at = strprintf("%s[%zu]", list_path.c_str(), i);
        if (const Metadata* r = tuple(*l, i, at))
          if (auto res = resource(*r, lists[k].cls, at)) lists[k].out.push_back(std::move(*res));
      }
    }
    return out;
  }

  std::optional<Resource> resource(const Metadata& t, ResourceClass cls, const std::string& path) {
    // SRV 9 operands, UAV 11, CBV and sampler 8.
    const size_t size = cls == ResourceClass::srv ? 9 : cls == ResourceClass::uav ? 11 : 8;
    if (!arity(t, size, path, "a resource")) return std::nullopt;
    Resource r;
    r.cls = cls;
    const auto id = u32(t, 0, path, "id");
    const FileString* name = string(t, 2, path, "name");
    const auto space = u32(t, 3, path, "space"), lower = u32(t, 4, path, "lower bound");
    const auto range = u32(t, 5, path, "range size"), kind = u32(t, 6, path, cls == ResourceClass::cbv ? "size" : "kind");
    if (!id || name == nullptr || !space || !lower || !range || !kind) return std::nullopt;
    r.id = *id;
    r.name = *name;
    r.variable = global(t, 1);
    r.space = *space;
    r.lower_bound = *lower;
    r.range_size = *range;
    r.kind_or_size = *kind;
    // The class's own fields, then its extended properties.
    size_t ext = 7;
    if (cls == ResourceClass::srv) {
      const auto samples = u32(t, 7, path, "sample count");
      if (!samples) return std::nullopt;
      r.sample_count = *samples;
      ext = 8;
    } else if (cls == ResourceClass::uav) {
      const auto coherent = integer(t, 7, path, "globally coherent"), counter = integer(t, 8, path, "has counter");
      const auto rov = integer(t, 9, path, "rasterizer ordered");
      if (!coherent || !counter || !rov) return std::nullopt;
      r.globally_coherent = *coherent != 0;
      r.has_counter = *counter != 0;
      r.rasterizer_ordered = *rov != 0;
      ext = 10;
    }
    if (const Metadata* e = tuple(t, ext, path + ".properties")) {
      tags(*e, 0, path + ".properties", r.other, [&](uint32_t tag, size_t i) {
        if (tag == kAtomic64Tag && cls == ResourceClass::uav) {
          r.atomic64 = integer(*e, i, path + ".properties", "atomic64 use").value_or(0) != 0;
          return true;
        }
        std::optional<uint32_t>* field = tag == kElementTypeTag ? &r.element_type : tag == kStrideTag ? &r.stride : nullptr;
        if (field == nullptr) return false;
        *field = u32(*e, i, path + ".properties", "property value");
        return true;
      });
    }
    return r;
  }

  void properties(const Metadata& t, const std::string& path, EntryPoint& e) {
    tags(t, 0, path, e.properties, [&](uint32_t tag, size_t i) {
      e.properties.push_back(Tag{tag, t.operands[i]});
      if (tag == kShaderFlagsTag) {
        if (const auto flags = integer(t, i, path, "shader flags")) e.shader_flags = static_cast<uint64_t>(*flags);
      } else if (tag == kShaderKindTag) {
        e.shader_kind = u32(t, i, path, "shader kind");
      } else if (const std::span<const FieldSpec> spec = state_fields(tag); !spec.empty()) {
        if (!e.state) e.state = stage_state(t, i, tag, spec, path + ".state");
      } else if (tag == kNumThreadsTag) {
        e.num_threads = threads(t, i, path + ".num_threads");
      }
      return true;
    });
  }

  // A thread group's x, y and z.
  std::optional<std::vector<uint32_t>> threads(const Metadata& t, size_t i, const std::string& path) {
    const Metadata* n = tuple(t, i, path);
    if (n == nullptr || !arity(*n, 3, path, "a thread group")) return std::nullopt;
    std::vector<uint32_t> xyz;
    for (size_t k = 0; k < 3; ++k)
      if (const auto v = u32(*n, k, path, "thread count")) xyz.push_back(*v);
    return xyz.size() == 3 ? std::optional(std::move(xyz)) : std::nullopt;
  }

  std::optional<StageState> stage_state(const Metadata& t, size_t i, uint32_t tag, std::span<const FieldSpec> spec,
                                        const std::string& path) {
    const Metadata* s = tuple(t, i, path);
    if (s == nullptr || !arity(*s, spec.size(), path, "the stage's state")) return std::nullopt;
    StageState out{tag, {}};
    for (size_t k = 0; k < spec.size(); ++k) {
      StateField f{spec[k].name, {}, spec[k].names, 0};
      if (spec[k].kind == FieldKind::number) {
        const auto v = u32(*s, k, path, spec[k].name);
        if (!v) return std::nullopt;
        f.numbers = {*v};
      } else if (spec[k].kind == FieldKind::threads) {
        auto xyz = threads(*s, k, path + "." + std::string(spec[k].name));
        if (!xyz) return std::nullopt;
        f.numbers = std::move(*xyz);
      } else {
        f.operand = s->operands[k];
      }
      out.fields.push_back(std::move(f));
    }
    return out;
  }

  const Module& m_;
  std::string root_;
  Context& ctx_;
};

}  // namespace

std::optional<View> read_view(const Module& m, const std::string& root, Context& ctx) {
  return ViewReader(m, root, ctx).run();
}

}  // namespace sp::bitcode::dxil
