#include "support/dxcontainer_content_mutation.h"

#include <iterator>
#include <utility>

#include "support/model_part.h"

namespace sp::fuzz {
namespace {

using namespace sp::dxc;

template <typename T>
void set(T& field, Random& r) {
  field = static_cast<T>(r.interesting());
}

// One item more (a copy of another) or one fewer; the writer recomputes the
// count, the offsets and the tables that depend on it.
template <typename List>
void resize(List& list, Random& r) {
  if (!list.empty() && (r.below(2) == 0 || list.size() >= kMaxListItems)) {
    list.erase(list.begin() + static_cast<std::ptrdiff_t>(r.below(list.size())));
  } else {
    auto copy = list.empty() ? typename List::value_type{} : list[r.below(list.size())];
    list.insert(list.begin() + static_cast<std::ptrdiff_t>(r.below(list.size() + 1)), std::move(copy));
  }
}

// An item of a list to change, or nullptr when it is empty.
template <typename List>
auto* pick(List& list, Random& r) {
  return list.empty() ? nullptr : &list[r.below(list.size())];
}

bool mutate(RawPart&, Random&) { return false; }

bool mutate(Program& p, Random& r) {
  switch (r.below(3)) {
    case 0: set(p.header.shader_kind, r); break;
    case 1: set(p.header.version, r); break;
    default: r.below(2) == 0 ? set(p.header.dxil_major, r) : set(p.header.dxil_minor, r); break;
  }
  return true;
}

bool mutate(ShaderHash& h, Random& r) {
  set(h.flags, r);
  return true;
}

bool mutate(FeatureInfo& f, Random& r) {
  f.flags ^= uint64_t{1} << r.below(64);
  return true;
}

bool mutate(Signature& s, Random& r) {
  SignatureElement* e = pick(s.elements, r);
  switch (e == nullptr ? r.below(2) : r.below(4)) {
    case 0: s.layout = static_cast<SignatureLayout>(r.below(3)); break;
    case 1: resize(s.elements, r); break;
    case 2: r.below(2) == 0 ? set(e->system_value, r) : set(e->component_type, r); break;
    default:
      switch (r.below(4)) {
        case 0: set(e->stream, r); break;
        case 1: set(e->min_precision, r); break;
        case 2: set(e->mask, r); break;
        default: set(e->reg, r); break;
      }
  }
  return true;
}

// The list of PSV0 signature elements a change goes to.
Vec<PsvSignatureElement>& psv_elements(Psv& s, Random& r) {
  switch (r.below(3)) {
    case 0: return s.inputs;
    case 1: return s.outputs;
    default: return s.patch_or_prim;
  }
}

void mutate_psv_element(PsvSignatureElement& e, Random& r) {
  switch (r.below(6)) {
    case 0: e.rows = static_cast<uint8_t>(r.below(5)); break;
    case 1: set(e.start_row, r); break;
    case 2: e.col_bits = static_cast<uint8_t>(r.below(256)); break;
    case 3: set(e.kind, r); break;
    case 4: set(e.component_type, r); break;
    default: e.stream_bits = static_cast<uint8_t>(r.below(256)); break;
  }
}

// Counts of signature vectors size PSV0's dependency tables.
void mutate_vector_counts(PsvRuntimeInfo& info, Random& r) {
  const auto count = static_cast<uint8_t>(r.below(33));
  switch (r.below(4)) {
    case 0: info.sig_input_vectors = count; break;
    case 1: info.sig_output_vectors[r.below(4)] = count; break;
    case 2: info.geom_data = static_cast<uint16_t>((info.geom_data & 0xFF00) | count); break;
    default: info.uses_view_id ^= 1; break;
  }
}

// A record stride around the record's size: shorter ones the reader must
// reject, longer ones it must skip the padding of, 0 for the writer's own.
uint32_t record_stride(Random& r) {
  static constexpr uint32_t kStrides[] = {0, 4, 8, 12, 16, 20, 24, 28, 32, 64};
  return kStrides[r.below(std::size(kStrides))];
}

bool mutate(Psv& s, Random& r) {
  switch (r.below(9)) {
    case 0: s.version = static_cast<uint32_t>(r.below(4)); break;
    case 1:
      s.info.shader_stage = static_cast<uint8_t>(r.below(16));
      s.layout_stage = s.info.shader_stage;
      break;
    case 2: resize(s.resources, r); break;
    case 3: resize(psv_elements(s, r), r); break;
    case 4: mutate_vector_counts(s.info, r); break;
    case 5: s.info.stage_info[r.below(s.info.stage_info.size())] = static_cast<uint8_t>(r.below(256)); break;
    case 6:
      if (PsvResource* res = pick(s.resources, r)) {
        r.below(2) == 0 ? set(res->type, r) : set(res->kind, r);
      } else {
        resize(s.resources, r);
      }
      break;
    case 7: (r.below(2) == 0 ? s.resource_stride : s.element_stride) = record_stride(r); break;
    default:
      if (PsvSignatureElement* e = pick(psv_elements(s, r), r)) {
        mutate_psv_element(*e, r);
      } else {
        resize(psv_elements(s, r), r);
      }
      break;
  }
  return true;
}

bool mutate(RootSignature& s, Random& r) {
  RootParameter* p = pick(s.parameters, r);
  switch (r.below(6)) {
    case 0: s.version = static_cast<uint32_t>(1 + r.below(3)); break;
    case 1: resize(s.parameters, r); break;
    case 2: resize(s.static_samplers, r); break;
    case 3: set(s.flags, r); break;
    case 4:
      // The writer lays out a parameter's data by its type.
      if (p != nullptr) p->type = static_cast<uint32_t>(r.below(6));
      break;
    default:
      if (p != nullptr) {
        if (auto* table = std::get_if<DescriptorTable>(&p->value)) {
          resize(table->ranges, r);
        } else {
          set(p->visibility, r);
        }
      }
      break;
  }
  return true;
}

bool mutate(DebugName& n, Random& r) {
  set(n.flags, r);
  return true;
}

bool mutate(CompilerVersion& v, Random& r) {
  r.below(2) == 0 ? set(v.version_flags, r) : set(v.commit_count, r);
  return true;
}

bool mutate(SourceInfo& s, Random& r) {
  switch (r.below(4)) {
    case 0: s.compress_type = static_cast<uint16_t>(r.below(3)); break;
    case 1: resize(s.files, r); break;
    case 2: resize(s.args, r); break;
    default: set(s.flags, r); break;
  }
  return true;
}

bool mutate(RuntimeData& d, Random& r) {
  RdatSection* s = pick(d.sections, r);
  if (s == nullptr || r.below(2) == 0) {
    resize(d.sections, r);
  } else {
    set(s->type, r);
  }
  return true;
}

Signature signature(SignatureLayout layout) {
  Signature s;
  s.layout = layout;
  s.elements.emplace_back();
  return s;
}

}  // namespace

Part fresh_decoded_part(Random& r) {
  switch (r.below(12)) {
    case 0:
    case 1: {
      // v1+ carries its own shader stage, so it parses without a DXIL part.
      Psv psv;
      psv.version = static_cast<uint32_t>(1 + r.below(3));
      psv.info.shader_stage = static_cast<uint8_t>(r.below(14));
      psv.layout_stage = psv.info.shader_stage;
      return model_part("PSV0", Box<Psv>(std::move(psv)));
    }
    case 2: {
      RootSignature rs;
      rs.version = static_cast<uint32_t>(1 + r.below(3));
      rs.parameters.emplace_back();
      return model_part("RTS0", Box<RootSignature>(std::move(rs)));
    }
    case 3: return model_part(r.below(2) == 0 ? "ISG1" : "OSG1", signature(SignatureLayout::sg1));
    case 4: return model_part(r.below(2) == 0 ? "ISGN" : "OSGN", signature(SignatureLayout::legacy));
    case 5: return model_part("OSG5", signature(SignatureLayout::osg5));
    case 6: {
      SourceInfo si;
      si.compress_type = static_cast<uint16_t>(r.below(2));
      si.files.push_back({"a.hlsl", "float4 main() : SV_Target { return 0; }"});
      return model_part("SRCI", Box<SourceInfo>(std::move(si)));
    }
    case 7: {
      RuntimeData rdat;
      rdat.sections.emplace_back();
      return model_part("RDAT", std::move(rdat));
    }
    case 8: {
      Program program;
      program.header.bitcode_magic = make_fourcc('D', 'X', 'I', 'L');
      program.header.version = 0x60;
      program.header.dxil_major = 1;
      return model_part("DXIL", program);
    }
    case 9: return model_part("HASH", ShaderHash{});
    case 10: return model_part("SFI0", FeatureInfo{});
    default: return r.below(2) == 0 ? model_part("ILDN", DebugName{}) : model_part("VERS", CompilerVersion{});
  }
}

bool mutate_content(Part& p, Random& r) {
  return std::visit([&r](auto& stored) { return mutate(unboxed(stored), r); }, p.content);
}

}  // namespace sp::fuzz
