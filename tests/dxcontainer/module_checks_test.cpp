// The container checked against its module (parsers/dxil/checks.h), on
// real dxc output: every shared dxc container passes `check --profile=dxc`,
// its DXIL view agrees with its PSV0 and signatures as obj2yaml-22 reads
// them, and a container changed in one part so that it no longer says what
// its module says (then re-signed) is an error under the dxc profile and a
// warning under the default one, with the check's own code.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <sstream>

#include <nlohmann/json.hpp>

#include "conformance/subprocess.h"
#include "core/strings.h"
#include "dxcontainer/container.h"
#include "dxcontainer/digest.h"
#include "dxcontainer/writer.h"
#include "bitcode/dxil_names.h"
#include "bitcode/metadata.h"
#include "conformance/bitcode/dxil_module.h"
#include "conformance/bitcode/metadata_cases.h"
#include "dxil/mappings.h"
#include "formats/read.h"
#include "formats/registry.h"
#include "support/containers.h"
#include "support/test_files.h"

namespace sp::dxc {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

std::vector<fs::path> dxil_files() {
  std::vector<fs::path> out;
  for (const auto& path : test::external_files("vkd3d-proton", ".dxbc")) {
    const auto bytes = test::read_file(path);
    const ParseResult r = parse_container(bytes);
    if (r.ok() && r.container->find(make_fourcc('D', 'X', 'I', 'L')) != nullptr) out.push_back(path);
  }
  return out;
}

json check(const fs::path& file, std::string_view profile) {
  const auto r = conform::run_command({SP_CLI, "check", "--json", "--profile=" + std::string(profile), file.string()});
  return json::parse(r.out.substr(0, r.out.find('\n')));
}

TEST(DxilModuleChecks, EveryRealDxcContainerPassesTheDxcProfile) {
  size_t files = 0;
  for (const fs::path& path : dxil_files()) {
    const json j = check(path, "dxc");
    EXPECT_EQ(j["status"], "valid") << path << ": " << j.dump();
    ++files;
  }
  if (files == 0) GTEST_SKIP() << "no ../shared/external/vkd3d-proton";
  EXPECT_EQ(files, 82u);
}

// What obj2yaml-22 prints of a container: each signature part's records
// as (name, index), and PSV0's ShaderStage and EntryName.
struct Obj2yaml {
  std::map<std::string, std::multiset<std::pair<std::string, uint32_t>>> records;
  std::optional<uint32_t> stage;
  std::optional<std::string> entry;
};

Obj2yaml read_obj2yaml(const std::string& yaml) {
  Obj2yaml out;
  std::istringstream in(yaml);
  std::string part, name;
  for (std::string line; std::getline(in, line);) {
    const auto value = [&] { return line.substr(line.find(':') + 1 + line.substr(line.find(':') + 1).find_first_not_of(' ')); };
    if (line.starts_with("  - Name:")) {
      part = value();
    } else if (line.starts_with("          Name:")) {
      name = value();
    } else if (line.starts_with("          Index:")) {
      out.records[part].emplace(name == "''" ? "" : name, std::stoul(value()));
    } else if (line.starts_with("      ShaderStage:")) {
      out.stage = static_cast<uint32_t>(std::stoul(value()));
    } else if (line.starts_with("      EntryName:")) {
      out.entry = value();
    }
  }
  return out;
}

// The DXIL view against obj2yaml-22's reading of the same file: PSV0's
// stage and entry name, and every ISG1/OSG1 record's name and index
// among the view's elements (one record per semantic index).
TEST(DxilModuleChecks, TheDxilViewAgreesWithObj2yaml) {
  if (std::string(SP_OBJ2YAML).empty()) GTEST_SKIP() << "obj2yaml-22 not installed";
  size_t files = 0, records = 0, entries = 0, stages = 0, refused = 0;
  for (const fs::path& path : dxil_files()) {
    const auto bytes = test::read_file(path);
    const formats::FileRead r = formats::read(*formats::find("dxcontainer"), bytes);
    ASSERT_TRUE(r.ok()) << path;
    const json tree = formats::describe(r);
    json view;
    for (const json& p : tree["parts"])
      if (p["name"] == "DXIL") view = p["bitcode"]["modules"][0]["dxil"];
    ASSERT_FALSE(view.is_null()) << path;
    const auto y = conform::run_command({SP_OBJ2YAML, path.string()});
    if (y.exit_code != 0) {  // LLVM 22 refuses ps_code.dxbc, its parts misaligned (obj2yaml_test.cpp)
      ++refused;
      continue;
    }
    const Obj2yaml theirs = read_obj2yaml(y.out);
    const json& entry = view["entry_points"][0];
    const std::string stage = view["shader_model"].get<std::string>();
    // A library has no PSV0.
    if (theirs.stage) {
      EXPECT_EQ(dxil::shader_kind(stage.substr(0, stage.find('_'))), theirs.stage) << path;
      ++stages;
    }
    if (theirs.entry) {
      EXPECT_EQ(entry["name"], *theirs.entry) << path;
      ++entries;
    }
    for (const auto& [list, fourcc] : {std::pair{"input", "ISG1"}, std::pair{"output", "OSG1"}}) {
      std::multiset<std::pair<std::string, uint32_t>> ours;
      for (const json& e : entry["signatures"][list])
        for (const json& index : e["indices"]) ours.emplace(e["semantic"], index.get<uint32_t>());
      const auto it = theirs.records.find(fourcc);
      if (it == theirs.records.end()) continue;  // an empty signature
      for (const auto& record : it->second) {
        EXPECT_TRUE(ours.contains(record)) << path << ": " << fourcc << " " << record.first << record.second;
        ++records;
      }
    }
    ++files;
  }
  if (files == 0) GTEST_SKIP() << "no ../shared/external/vkd3d-proton";
  EXPECT_GT(records, 100u);
  EXPECT_GT(entries, 10u);
  EXPECT_GT(stages, 70u);
  EXPECT_LE(refused, 1u);
}

struct Mutation {
  std::string what;
  Code code;
  // Changes the image in place; false when this file has nothing to change.
  std::function<bool(std::vector<uint8_t>&, const Container&)> change;
};

const Part* part(const Container& c, const char* fourcc) {
  return c.find(make_fourcc(fourcc[0], fourcc[1], fourcc[2], fourcc[3]));
}

size_t data_offset(const Part& p) { return p.offset + kPartHeaderSize; }

uint32_t u32_at(const std::array<uint8_t, 16>& b, size_t at) {
  return uint32_t{b[at]} | uint32_t{b[at + 1]} << 8 | uint32_t{b[at + 2]} << 16 | uint32_t{b[at + 3]} << 24;
}

// Each stage's state tuple in the DXIL view, field by field, against
// what DXC's PSV writer copied from it into PSV0's stage info (the union
// of PSVRuntimeInfo0: HS {input control points, output control points,
// domain, output primitive}, DS {input control points, ..., domain at 8},
// GS {input primitive, output topology, stream mask}, MS {..., payload at
// 8, max vertices and primitives as u16 at 12}, AS {payload}).
TEST(DxilModuleChecks, TheStageStateAgreesWithPsv0sStageInfo) {
  std::map<std::string, size_t> seen;
  for (const fs::path& path : dxil_files()) {
    const auto bytes = test::read_file(path);
    const formats::FileRead r = formats::read(*formats::find("dxcontainer"), bytes);
    ASSERT_TRUE(r.ok()) << path;
    const json tree = formats::describe(r);
    json state, psv;
    for (const json& p : tree["parts"]) {
      if (p["name"] == "DXIL") state = p["bitcode"]["modules"][0]["dxil"]["entry_points"][0]["properties"].value("state", json());
    }
    const ParseResult c = parse_container(bytes);
    const Part* p = part(*c.container, "PSV0");
    const auto* info = p != nullptr ? content_if<Psv>(*p) : nullptr;
    if (state.is_null() || info == nullptr) continue;
    const std::array<uint8_t, 16>& b = info->info.stage_info;
    const std::string tag = state["tag"];
    const json& s = state;
    const std::map<std::string, std::vector<std::pair<std::string, uint32_t>>> expected = {
        {"HSState",
         {{"input_control_points", u32_at(b, 0)}, {"output_control_points", u32_at(b, 4)}}},
        {"DSState", {{"input_control_points", u32_at(b, 0)}}},
        {"GSState", {{"active_stream_mask", u32_at(b, 8)}}},
        {"MSState",
         {{"payload_size", u32_at(b, 8)},
          {"max_vertex_count", uint32_t{b[12]} | uint32_t{b[13]} << 8},
          {"max_primitive_count", uint32_t{b[14]} | uint32_t{b[15]} << 8}}},
        {"ASState", {{"payload_size", u32_at(b, 0)}}},
    };
    ASSERT_TRUE(expected.contains(tag)) << path << ": " << tag;
    for (const auto& [field, value] : expected.at(tag)) EXPECT_EQ(s[field], value) << path << ": " << field;
    // The enumerations, by the names DXC gives their numbers.
    if (tag == "HSState") {
      EXPECT_EQ(s["tessellator_domain"], bitcode::dxil::enum_text(bitcode::dxil::Enum::tessellator_domain, u32_at(b, 8))) << path;
      EXPECT_EQ(s["output_primitive"],
                bitcode::dxil::enum_text(bitcode::dxil::Enum::tessellator_output_primitive, u32_at(b, 12))) << path;
    } else if (tag == "DSState") {
      EXPECT_EQ(s["tessellator_domain"], bitcode::dxil::enum_text(bitcode::dxil::Enum::tessellator_domain, u32_at(b, 8))) << path;
    } else if (tag == "GSState") {
      EXPECT_EQ(s["input_primitive"], bitcode::dxil::enum_text(bitcode::dxil::Enum::input_primitive, u32_at(b, 0))) << path;
      EXPECT_EQ(s["output_topology"], bitcode::dxil::enum_text(bitcode::dxil::Enum::primitive_topology, u32_at(b, 4))) << path;
      EXPECT_EQ(s["max_vertex_count"], info->info.geom_data) << path;
    }
    ++seen[tag];
  }
  if (seen.empty()) GTEST_SKIP() << "no ../shared/external/vkd3d-proton";
  for (const char* tag : {"HSState", "DSState", "GSState", "MSState", "ASState"}) EXPECT_GT(seen[tag], 0u) << tag;
  for (const auto& [tag, n] : seen) std::printf("%s: %zu\n", tag.c_str(), n);
}

std::vector<Mutation> mutations() {
  return {
      {"PSV0's entry name", Code::psv_entry_mismatch,
       [](std::vector<uint8_t>& image, const Container& c) {
         const Part* p = part(c, "PSV0");
         const auto* psv = p != nullptr ? content_if<Psv>(*p) : nullptr;
         if (psv == nullptr || psv->version < 3 || psv->entry_name.empty()) return false;
         image[static_cast<size_t>(psv->entry_name.bytes().data() - reinterpret_cast<const char*>(image.data()))] ^= 0x20;
         return true;
       }},
      {"a PSV0 resource binding", Code::psv_resources_mismatch,
       [](std::vector<uint8_t>& image, const Container& c) {
         const Part* p = part(c, "PSV0");
         const auto* psv = p != nullptr ? content_if<Psv>(*p) : nullptr;
         if (psv == nullptr || psv->resources.empty()) return false;
         // RuntimeInfoSize, the runtime info, ResourceCount, BindInfoSize,
         // then the first record: type, space, lower bound.
         image[data_offset(*p) + 4 + psv->runtime_info_size + 8 + 8] += 1;
         return true;
       }},
      {"an ISG1 semantic name", Code::signature_mismatch,
       [](std::vector<uint8_t>& image, const Container& c) {
         const Part* p = part(c, "ISG1");
         const auto* sig = p != nullptr ? content_if<Signature>(*p) : nullptr;
         if (sig == nullptr || sig->elements.empty()) return false;
         image[data_offset(*p) + sig->elements[0].name_offset] ^= 0x20;  // TEXCOORD -> tEXCOORD
         return true;
       }},
      {"an OSG1 mask", Code::signature_mismatch,
       [](std::vector<uint8_t>& image, const Container& c) {
         const Part* p = part(c, "OSG1");
         const auto* sig = p != nullptr ? content_if<Signature>(*p) : nullptr;
         if (sig == nullptr || sig->elements.empty()) return false;
         image[data_offset(*p) + sig->first_param_offset + 24] ^= 0x8;
         return true;
       }},
      {"SFI0's flags", Code::feature_info_mismatch,
       [](std::vector<uint8_t>& image, const Container& c) {
         const Part* p = part(c, "SFI0");
         if (p == nullptr) return false;
         image[data_offset(*p) + 2] ^= 0x40;  // ShaderFeatureInfo_ShadingRate
         return true;
       }},
      {"the program header's minor version", Code::program_version_mismatch,
       [](std::vector<uint8_t>& image, const Container& c) {
         const Part* p = part(c, "DXIL");
         if (p == nullptr) return false;
         image[data_offset(*p)] ^= 0x1;
         return true;
       }},
      {"the program header's shader kind", Code::program_version_mismatch,
       [](std::vector<uint8_t>& image, const Container& c) {
         const Part* p = part(c, "DXIL");
         if (p == nullptr) return false;
         image[data_offset(*p) + 2] ^= 0x1;
         return true;
       }},
  };
}

bool has_warning(const json& j, Code code) {
  for (const json& w : j["warnings"])
    if (w["code"] == code_name(code)) return true;
  return false;
}

TEST(DxilModuleChecks, AContainerThatDisagreesWithItsModuleIsAnErrorForDxcOnly) {
  const std::vector<fs::path> files = dxil_files();
  if (files.empty()) GTEST_SKIP() << "no ../shared/external/vkd3d-proton";
  const fs::path scratch = test::scratch_path("module_checks.dxbc");
  for (const Mutation& m : mutations()) {
    bool made = false;
    for (const fs::path& path : files) {
      std::vector<uint8_t> image = test::read_file(path);
      const ParseResult r = parse_container(image);
      ASSERT_TRUE(r.ok()) << path;
      if (!m.change(image, *r.container)) continue;
      sign_container(image);
      std::ofstream(scratch, std::ios::binary).write(reinterpret_cast<const char*>(image.data()), static_cast<std::streamsize>(image.size()));
      const json lenient = check(scratch, "lenient"), dxc = check(scratch, "dxc");
      EXPECT_EQ(lenient["status"], "valid") << m.what << ": " << lenient.dump();
      EXPECT_TRUE(has_warning(lenient, m.code)) << m.what << ": " << lenient.dump();
      // PSV0's findings are at its data.
      if (m.code == Code::psv_resources_mismatch)
        for (const json& w : lenient["warnings"])
          if (w["code"] == code_name(m.code)) {
            EXPECT_EQ(w["offset"], data_offset(*part(*r.container, "PSV0")));
          }
      EXPECT_EQ(dxc["status"], "malformed") << m.what << ": " << dxc.dump();
      // The kind is checked by PSV0's own stage check first.
      if (m.what != "the program header's shader kind") {
        EXPECT_EQ(dxc["error"]["code"], code_name(m.code)) << m.what << ": " << dxc.dump();
      }
      made = true;
      break;
    }
    EXPECT_TRUE(made) << "no shared file to change " << m.what;
  }
  fs::remove(scratch);
}

// A root signature that binds each of PSV0's bindings in a descriptor
// table range of its own, visible to all stages: what a root signature
// written for the shader holds.
RootSignature binding_all_of(const Psv& psv) {
  RootSignature rs;
  rs.version = 2;
  for (const PsvResource& b : psv.resources) {
    // PSVResourceType to D3D12_DESCRIPTOR_RANGE_TYPE: sampler, CBV, SRVs, UAVs.
    const uint32_t range_type = b.type == 1 ? 3 : b.type == 2 ? 2 : b.type <= 5 ? 0 : 1;
    DescriptorRange r;
    r.range_type = range_type;
    r.num_descriptors = b.upper_bound == UINT32_MAX ? UINT32_MAX : b.upper_bound - b.lower_bound + 1;
    r.base_shader_register = b.lower_bound;
    r.register_space = b.space;
    DescriptorTable table;
    table.ranges.push_back(r);
    table.num_ranges = 1;
    rs.parameters.push_back({0, 0, 0, table});
  }
  rs.num_parameters = static_cast<uint32_t>(rs.parameters.size());
  return rs;
}

// What `check --profile=<profile>` finds in `c` with `rs` as a last RTS0
// part, read in this process as the CLI's check reads it (formats::read,
// then error_under): the test checks some three hundred images, and the
// tests above run the CLI itself. `psv0` gets where PSV0's data then
// starts (the offset table is a part longer).
struct Checked {
  std::optional<Diagnostic> error;
  std::vector<Diagnostic> warnings;
  [[nodiscard]] bool warns(Code code) const {
    return std::any_of(warnings.begin(), warnings.end(), [&](const Diagnostic& w) { return w.code == code; });
  }
  [[nodiscard]] std::string verdict() const { return error ? error->to_string() : "valid"; }
};

Checked check_image(Container c, const RootSignature& rs, std::string_view profile, uint64_t* psv0 = nullptr) {
  Part p;
  p.fourcc = make_fourcc('R', 'T', 'S', '0');
  p.content = Box<RootSignature>(rs);
  c.parts.push_back(std::move(p));
  const std::vector<uint8_t> image = write_container(c);
  if (psv0 != nullptr) *psv0 = data_offset(*part(*parse_container(image).container, "PSV0"));
  formats::FileRead r = formats::read(formats::reader_for(image), image);
  std::optional<Diagnostic> error = formats::error_under(r, profile);
  return {std::move(error), std::move(r.warnings)};
}

// RTS0 against PSV0 (VerifyRootSignatureWithShaderPSV): no shared dxc
// container has a root signature, so each shader with bindings gets one
// that binds them all (valid), then one with a binding's range left out,
// and one with a texture behind a root SRV descriptor (each an error for
// the dxc profile only).
TEST(DxilModuleChecks, ARootSignatureMustBindWhatPsv0Binds) {
  size_t files = 0, covered = 0, missing = 0, typed = 0, root_descriptors = 0;
  for (const fs::path& path : dxil_files()) {
    const std::vector<uint8_t> bytes = test::read_file(path);
    const ParseResult r = parse_container(bytes);
    ASSERT_TRUE(r.ok()) << path;
    const Part* p = part(*r.container, "PSV0");
    const auto* psv = p != nullptr ? content_if<Psv>(*p) : nullptr;
    if (psv == nullptr || psv->resources.empty() || part(*r.container, "RTS0") != nullptr) continue;
    ++files;
    const RootSignature all = binding_all_of(*psv);
    const Checked whole = check_image(*r.container, all, "dxc");
    EXPECT_FALSE(whole.error) << path << ": " << whole.verdict();
    covered += psv->resources.size();
    for (size_t i = 0; i < psv->resources.size(); ++i) {
      RootSignature less = all;
      less.parameters.erase(less.parameters.begin() + static_cast<std::ptrdiff_t>(i));
      less.num_parameters -= 1;
      uint64_t psv0 = 0;
      const Checked lenient = check_image(*r.container, less, "lenient"), dxc = check_image(*r.container, less, "dxc", &psv0);
      EXPECT_FALSE(lenient.error) << path << " without binding " << i << ": " << lenient.verdict();
      EXPECT_TRUE(lenient.warns(Code::root_signature_incompatible)) << path << " without binding " << i;
      ASSERT_TRUE(dxc.error) << path << " without binding " << i;
      EXPECT_EQ(dxc.error->code, Code::root_signature_incompatible) << path << ": " << dxc.verdict();
      // At the binding's record: RuntimeInfoSize, the runtime info, the
      // count and the stride, then the records.
      EXPECT_EQ(dxc.error->offset, psv0 + 4 + psv->runtime_info_size + 8 + i * psv->resource_stride) << path;
      EXPECT_NE(dxc.error->path.find(strprintf("PSV0.resources[%zu]", i)), std::string::npos) << path;
      ++missing;
      // A constant buffer, raw or structured buffer of one register may
      // sit behind a root descriptor (parameter types CBV 2, SRV 3, UAV 4).
      const PsvResource& b = psv->resources[i];
      const uint32_t root_type = b.type == 2 ? 2 : b.type == 4 || b.type == 5 ? 3 : b.type == 7 || b.type == 8 ? 4 : 0;
      if (root_type != 0 && b.lower_bound == b.upper_bound) {
        RootSignature root = all;
        root.parameters[i] = {root_type, 0, 0, RootDescriptor{b.lower_bound, b.space, 0}};
        const Checked j = check_image(*r.container, root, "dxc");
        EXPECT_FALSE(j.error) << path << ": " << j.verdict();
        ++root_descriptors;
      }
      if (psv->resources[i].type != 3) continue;  // a typed SRV, a texture
      RootSignature root = all;
      root.parameters[i] = {3, 0, 0, RootDescriptor{psv->resources[i].lower_bound, psv->resources[i].space, 0}};
      const Checked j = check_image(*r.container, root, "dxc");
      ASSERT_TRUE(j.error) << path << " with a texture behind a root descriptor";
      EXPECT_EQ(j.error->code, Code::root_signature_incompatible) << path << ": " << j.verdict();
      ++typed;
    }
  }
  if (files == 0) GTEST_SKIP() << "no ../shared/external/vkd3d-proton";
  EXPECT_GT(covered, 50u);
  EXPECT_GT(typed, 10u);
  EXPECT_GT(root_descriptors, 10u);
  std::printf("%zu containers, %zu bindings each left out once, %zu behind a root descriptor, %zu textures there\n",
              files, missing, root_descriptors, typed);
}

// ---- On the conformance cases' pixel shader (no shared files needed) -------------

const fs::path kModuleCases = fs::path(SP_CONFORMANCE_CASES_DIR) / "dxcontainer";

// The warnings `check` reads in `image`.
std::vector<Diagnostic> warnings_of(const std::vector<uint8_t>& image) {
  const formats::FileRead r = formats::read(formats::reader_for(image), image);
  EXPECT_TRUE(r.ok()) << r.error->to_string();
  return r.warnings;
}

std::vector<Diagnostic> with_code(const std::vector<Diagnostic>& warnings, Code code) {
  std::vector<Diagnostic> out;
  for (const Diagnostic& w : warnings)
    if (w.code == code) out.push_back(w);
  return out;
}

std::string texts(const std::vector<Diagnostic>& warnings) {
  std::string out;
  for (const Diagnostic& w : warnings) out += "\n  " + w.to_string();
  return out;
}

// y_dxil_parts_match_the_module (a pixel shader reading TEXCOORD0, an
// i32 in register 0, column x) with its PSV0 v0 replaced by a v1 that
// lists the input element as DXC writes it, after `change`.
std::vector<uint8_t> with_psv_v1(const std::function<void(Psv&, PsvSignatureElement&)>& change) {
  const std::vector<uint8_t> bytes = test::read_file(kModuleCases / "y_dxil_parts_match_the_module");
  ParseResult r = parse_container(bytes);
  EXPECT_TRUE(r.ok());
  if (!r.ok()) return {};
  Container c = std::move(*r.container);
  Part* p = nullptr;
  for (Part& q : c.parts)
    if (q.fourcc == make_fourcc('P', 'S', 'V', '0')) p = &q;
  EXPECT_NE(p, nullptr);
  if (p == nullptr) return {};
  Psv psv = content<Psv>(*p);
  psv.version = 1;
  psv.info.shader_stage = 0;  // pixel
  psv.info.sig_input_vectors = 1;
  const uint32_t index = 0;
  PsvSignatureElement e;
  e.name = "TEXCOORD";
  e.indices = U32Array(std::span<const uint8_t>(reinterpret_cast<const uint8_t*>(&index), 4));
  e.rows = 1;
  e.col_bits = 0x41;  // one column from x, allocated
  e.component_type = 2;  // SInt32
  e.interpolation = 1;
  change(psv, e);
  psv.inputs = {e};
  p->content = Box<Psv>(psv);
  return write_container(c);
}

TEST(DxilModuleChecks, APsv0V1ListingTheModulesElementPasses) {
  const std::vector<Diagnostic> w = warnings_of(with_psv_v1([](Psv&, PsvSignatureElement&) {}));
  EXPECT_TRUE(w.empty()) << texts(w);
}

// Every semantic index of a PSV0 element is compared with the module's,
// the first too.
TEST(DxilModuleChecks, APsv0ElementsSemanticIndexMustBeTheModules) {
  static const std::vector<uint8_t> one = {1, 0, 0, 0};
  const std::vector<Diagnostic> w = warnings_of(with_psv_v1([](Psv&, PsvSignatureElement& e) { e.indices = U32Array(one); }));
  const std::vector<Diagnostic> found = with_code(w, Code::psv_signature_mismatch);
  ASSERT_EQ(found.size(), 1u) << texts(w);
  EXPECT_EQ(found[0].path, "parts[3].PSV0.inputs[0]");
  EXPECT_EQ(found[0].message, "TEXCOORD: semantic indices differ from the module's");
}

// PSV0 has had a shader stage since v1; it must be the one dx.shaderModel
// names (the parser compares it with the program header's, a check of its
// own).
TEST(DxilModuleChecks, APsv0V1StageMustBeTheShaderModels) {
  const std::vector<Diagnostic> w = warnings_of(with_psv_v1([](Psv& psv, PsvSignatureElement&) { psv.info.shader_stage = 1; }));
  size_t against_the_module = 0;
  for (const Diagnostic& d : with_code(w, Code::psv_stage_mismatch)) {
    if (d.message.find("dx.shaderModel") == std::string::npos) continue;
    ++against_the_module;
    EXPECT_EQ(d.path, "parts[3].PSV0.runtime_info.shader_stage");
  }
  EXPECT_EQ(against_the_module, 1u) << texts(w);
}

// SFI0's finding is at its data, where the flags are.
TEST(DxilModuleChecks, AnSfi0MismatchIsAtItsFlags) {
  const std::vector<uint8_t> image = test::read_file(kModuleCases / "i_dxil_sfi0_flags");
  const std::vector<Diagnostic> found = with_code(warnings_of(image), Code::feature_info_mismatch);
  ASSERT_EQ(found.size(), 1u);
  const ParseResult r = parse_container(image);
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(found[0].offset, data_offset(*part(*r.container, "SFI0")));
}

// A range visible to the shader's own stage binds as well as one visible
// to all: the pixel shader's constant buffer behind a root CBV that only
// the pixel stage sees.
TEST(DxilModuleChecks, ARootCbvVisibleToThePixelStageBindsThePixelShadersBuffer) {
  std::vector<uint8_t> image = test::read_file(kModuleCases / "y_dxil_root_signature_binds_the_cbuffer");
  const ParseResult r = parse_container(image);
  ASSERT_TRUE(r.ok());
  // The RTS0 1.0 header (24 bytes), then the parameter's type, visibility.
  const size_t visibility = data_offset(*part(*r.container, "RTS0")) + 24 + 4;
  ASSERT_EQ(load_le<uint32_t>(image.data() + visibility), 0u);
  for (const uint32_t stage : {5u, 1u}) {  // pixel, vertex
    SCOPED_TRACE(stage);
    store_le_at<uint32_t>(image, visibility, stage);
    sign_container(image);
    const std::vector<Diagnostic> w = warnings_of(image);
    EXPECT_EQ(with_code(w, Code::root_signature_incompatible).size(), stage == 5 ? 0u : 1u) << texts(w);
  }
}

// ---- On builder-made modules (conformance/bitcode/dxil_module.h) -----------------

using bitcode::build::ModuleSpec;
using bitcode::build::record;
using bitcode::build::text_record;

// y_dxil_parts_match_the_module (or `image`) with the parts named in
// `replace` holding the given bytes instead of their own (those it lacks
// added last), re-signed.
std::vector<uint8_t> with_parts(const std::map<std::string, std::vector<uint8_t>>& replace,
                                const std::vector<uint8_t>& image = test::read_file(kModuleCases /
                                                                                   "y_dxil_parts_match_the_module")) {
  const ParseResult r = parse_container(image);
  EXPECT_TRUE(r.ok());
  if (!r.ok()) return {};
  std::vector<test::RawPartSpec> parts;
  for (const Part& p : r.container->parts) {
    const std::string name = fourcc_text(p.fourcc);
    const auto it = replace.find(name);
    parts.push_back({name, it != replace.end() ? it->second : std::vector<uint8_t>(p.data.begin(), p.data.end())});
  }
  for (const auto& [name, bytes] : replace)
    if (r.container->find(make_fourcc(name[0], name[1], name[2], name[3])) == nullptr) parts.push_back({name, bytes});
  return test::container_of(parts);
}

// The DXIL part of a ps_6_0 program holding `m`.
std::vector<uint8_t> program_of(const ModuleSpec& m) {
  return dxc::build::dxil_program(0, 0x60, bitcode::build::module_file(m));
}

// PSV0 v0 of a pixel shader (as DXC writes it for validator 1.0), then
// `tail`: the resource count, stride and records.
std::vector<uint8_t> psv0_v0(const std::vector<uint8_t>& tail) {
  std::vector<uint8_t> out = test::u32s({24, 0, 0, 0, 0, 0, 0xFFFFFFFF});
  out.insert(out.end(), tail.begin(), tail.end());
  return out;
}

// The findings with `code` in the container holding the cbuffer module
// (cb at b0, space 0) and a PSV0 v0 binding `tail`, plus `extra` parts.
std::vector<Diagnostic> cbuffer_findings(const std::vector<uint8_t>& tail, Code code,
                                         std::map<std::string, std::vector<uint8_t>> extra = {}) {
  extra["PSV0"] = psv0_v0(tail);
  extra["DXIL"] = program_of(bitcode::build::dxil_module_with_cbuffer());
  return with_code(warnings_of(with_parts(extra)), code);
}

// A raytracing acceleration structure is bound as a raw buffer SRV
// (PSVResourceType 4), as DXC binds it; t0, in a module of its own.
TEST(DxilModuleChecks, AnAccelerationStructureIsBoundAsARawBufferSrv) {
  ModuleSpec m = bitcode::build::dxil_module();
  m.constants.push_back({4, 32});  // module value 6 = i32 16
  // !13 = i32 16; !14 = the SRV: id 0, no variable, "TEXCOORD" as its
  // name, space 0, t0, one, kind 16 (RTAccelerationStructure), 0 samples;
  // !15 = !{!14}; !16 = the entry's resources, SRVs only.
  for (const auto& r : {record(bitcode::kMdValue, {0, 6}), record(bitcode::kMdNode, {2, 0, 8, 2, 2, 4, 14, 2, 0}),
                        record(bitcode::kMdNode, {15}), record(bitcode::kMdNode, {16, 0, 0, 0})})
    m.metadata.push_back(r);
  m.metadata[12] = record(bitcode::kMdNode, {0, 7, 12, 17, 0});
  const auto findings = [&](uint32_t type) {
    return with_code(warnings_of(with_parts({{"PSV0", psv0_v0(test::u32s({1, 16, type, 0, 0, 0}))}, {"DXIL", program_of(m)}})),
                     Code::psv_resources_mismatch);
  };
  const std::vector<Diagnostic> raw = findings(4);
  EXPECT_TRUE(raw.empty()) << texts(raw);
  const std::vector<Diagnostic> typed = findings(3);
  ASSERT_EQ(typed.size(), 1u) << texts(typed);
  EXPECT_EQ(typed[0].path, "parts[3].PSV0.resources[0]");
}

// Records of 24 bytes carry the resource kind and flags; they must be the
// module's too (a constant buffer is kind 13).
TEST(DxilModuleChecks, A24ByteBindingsKindMustBeTheModules) {
  const std::vector<Diagnostic> same = cbuffer_findings(test::u32s({1, 24, 2, 0, 0, 0, 13, 0}), Code::psv_resources_mismatch);
  EXPECT_TRUE(same.empty()) << texts(same);
  const std::vector<Diagnostic> w = cbuffer_findings(test::u32s({1, 24, 2, 0, 0, 0, 0, 0}), Code::psv_resources_mismatch);
  ASSERT_EQ(w.size(), 1u) << texts(w);
  EXPECT_EQ(w[0].path, "parts[3].PSV0.resources[0]");
  EXPECT_EQ(w[0].message,
            "PSV0 binds type 2 space 0 [0, 0] kind 0 flags 0; the module gives type 2 space 0 [0, 0] kind 13 flags 0");
}

// A binding of the right type in another register space is another
// binding.
TEST(DxilModuleChecks, ABindingsSpaceMustBeTheModules) {
  const std::vector<Diagnostic> w = cbuffer_findings(test::u32s({1, 16, 2, 1, 0, 0}), Code::psv_resources_mismatch);
  ASSERT_EQ(w.size(), 1u) << texts(w);
  EXPECT_EQ(w[0].path, "parts[3].PSV0.resources[0]");
  EXPECT_EQ(w[0].message,
            "PSV0 binds type 2 space 1 [0, 0] kind 0 flags 0; the module gives type 2 space 0 [0, 0] kind 13 flags 0");
}

// A root range must hold the whole binding: one that starts at the
// binding's second register leaves its first unbound; one that starts at
// its first binds it.
TEST(DxilModuleChecks, ARootRangeStartingInsideABindingDoesNotBindIt) {
  // RTS0 1.0: one descriptor table (header at 24, table at 36) of one CBV
  // range (at 44) of two registers from b`base`.
  const auto rts0 = [](uint32_t base) { return test::u32s({1, 1, 24, 0, 64, 0, 0, 0, 36, 1, 44, 2, 2, base, 0, 0}); };
  const std::vector<uint8_t> b0_b1 = test::u32s({1, 16, 2, 0, 0, 1});  // PSV0 binds the CBV at b0..b1
  const std::vector<Diagnostic> whole = cbuffer_findings(b0_b1, Code::root_signature_incompatible, {{"RTS0", rts0(0)}});
  EXPECT_TRUE(whole.empty()) << texts(whole);
  const std::vector<Diagnostic> w = cbuffer_findings(b0_b1, Code::root_signature_incompatible, {{"RTS0", rts0(1)}});
  ASSERT_EQ(w.size(), 1u) << texts(w);
  EXPECT_NE(w[0].path.find("PSV0.resources[0]"), std::string::npos) << w[0].to_string();
}

// From validator 1.5 on, DXC writes an I1 element's PSV0 component type as
// UInt32 (1); before, as Unknown (0). dx.valver says which.
TEST(DxilModuleChecks, AnI1ElementIsUInt32InPsv0FromValidator15On) {
  const auto mismatches = [](uint64_t minor_operand, uint8_t psv_type) {
    ModuleSpec m = bitcode::build::dxil_module();
    m.constants.push_back({4, 10});  // module value 6 = i32 5
    m.metadata[9] = record(bitcode::kMdNode, {2, 8, 4, 2, 9, 4, 4, 4, 2, 2, 0});  // TEXCOORD0 of type I1 (1)
    // !13 = i32 5, !14 = !{i32 1, minor}, !dx.valver = !{!14}.
    for (const auto& r : {record(bitcode::kMdValue, {0, 6}), record(bitcode::kMdNode, {4, minor_operand}),
                          text_record(bitcode::kMdName, "dx.valver"), record(bitcode::kMdNamedNode, {14})})
      m.metadata.push_back(r);
    const std::vector<uint8_t> image = with_psv_v1([&](Psv&, PsvSignatureElement& e) { e.component_type = psv_type; });
    return with_code(warnings_of(with_parts({{"DXIL", program_of(m)}}, image)), Code::psv_signature_mismatch);
  };
  constexpr uint64_t kFour = 5, kFive = 14;  // operands naming i32 4 (!4) and i32 5 (!13)
  std::vector<Diagnostic> w = mismatches(kFive, 1);
  EXPECT_TRUE(w.empty()) << texts(w);
  w = mismatches(kFour, 0);
  EXPECT_TRUE(w.empty()) << texts(w);
  w = mismatches(kFive, 0);
  ASSERT_EQ(w.size(), 1u) << texts(w);
  EXPECT_EQ(w[0].message, "TEXCOORD: component type 0; the module gives 1");
}

// DXC's mappings where the module leaves something out.
TEST(DxilMappings, AnInsideTessFactorOutsideTriAndQuadDomainsHasNoSystemValue) {
  EXPECT_EQ(dxil::system_value(dxil::kInsideTessFactor, 0, 2), 14u);  // tri
  EXPECT_EQ(dxil::system_value(dxil::kInsideTessFactor, 0, 3), 12u);  // quad
  for (const uint32_t domain : {0u, 1u})  // none, isoline
    EXPECT_EQ(dxil::system_value(dxil::kInsideTessFactor, 0, domain), 0u) << domain;
}

TEST(DxilMappings, ASystemValueWithoutSemanticIndicesHasIndexZero) {
  bitcode::dxil::SignatureElement e;
  e.semantic_kind = 3;  // SV_Position
  EXPECT_EQ(dxil::semantic_indices(e), (std::vector<uint32_t>{0}));
  e.indices = {2};
  EXPECT_EQ(dxil::semantic_indices(e), (std::vector<uint32_t>{2}));
  // An arbitrary semantic keeps what it has, even nothing.
  e.semantic_kind = dxil::kSemanticArbitrary;
  e.indices.clear();
  EXPECT_TRUE(dxil::semantic_indices(e).empty());
}

// DXIL's component types as PSV0's signature elements name them
// (DxilSignatureElement::GetCompType to PSV's SigCompType).
TEST(DxilMappings, ComponentTypesMapToPsvSignatureTypes) {
  const std::pair<uint32_t, uint32_t> kTypes[] = {{0, 0}, {2, 5}, {3, 4}, {4, 2}, {5, 1}, {6, 8},
                                                  {7, 7}, {8, 6}, {9, 3}, {10, 9}, {11, 0}};
  for (const auto& [dxil_type, psv_type] : kTypes)
    for (const bool validator_1_5 : {false, true})
      EXPECT_EQ(dxil::signature_component_type(dxil_type, validator_1_5), psv_type) << dxil_type;
  EXPECT_EQ(dxil::signature_component_type(1, false), 0u);  // I1
  EXPECT_EQ(dxil::signature_component_type(1, true), 1u);
}

TEST(DxilMappings, AnElementIsAllocatedOnlyWithBothARowAndAColumn) {
  bitcode::dxil::SignatureElement e;
  EXPECT_TRUE(dxil::allocated(e));
  e.start_col = UINT32_MAX;
  EXPECT_FALSE(dxil::allocated(e));
  e.start_row = UINT32_MAX;
  EXPECT_FALSE(dxil::allocated(e));
  e.start_col = 0;
  EXPECT_FALSE(dxil::allocated(e));
}

}  // namespace
}  // namespace sp::dxc
