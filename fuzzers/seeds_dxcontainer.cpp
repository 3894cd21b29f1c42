// Seed inputs for the DXContainer fuzz targets, written with the project's
// writer: `seeds_dxcontainer OUTDIR [CONTAINER...]`.
//
// OUTDIR/dxcontainer/ gets containers built here from models (the part
// kinds and layouts yaml2obj cannot express: fxc's legacy signatures and
// OSG5, SRCI stored and zlib, RDAT, ILDN, VERS, ILDB, PRIV, all three root
// signature versions, PSV0 records at other strides than their size) plus a copy of each CONTAINER given (scripts/gen-corpus
// passes the yaml2obj-built ones from tests/data/dxcontainer/yaml). Then
// every part of every one of those containers is written in the input
// format of its part-level target (OUTDIR/psv0, signature, rts0, srci,
// rdat, small_parts; see the fuzz_<name>.cpp headers for the selector
// bytes).
//
// Many seeds overlap; scripts/gen-corpus keeps only those that add coverage
// (-set_cover_merge=1).
#include <algorithm>
#include <cstdio>
#include <deque>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <optional>
#include <string>
#include <vector>

#include "bitcode/minimal_module.h"
#include "core/span_writer.h"
#include "core/strings.h"
#include "dxcontainer/container.h"
#include "dxcontainer/writer.h"
#include "support/model_part.h"

namespace {

namespace fs = std::filesystem;
using namespace sp;
using namespace sp::dxc;
using sp::fuzz::model_part;

// Owns what model spans and string_views point at (a deque never moves).
class Store {
 public:
  std::string_view text(std::string s) { return strings_.emplace_back(std::move(s)); }
  Bytes bytes(std::vector<uint8_t> b) { return blobs_.emplace_back(std::move(b)); }

 private:
  std::deque<std::string> strings_;
  std::deque<std::vector<uint8_t>> blobs_;
};

Signature signature(SignatureLayout layout, std::initializer_list<const char*> names) {
  Signature s;
  s.layout = layout;
  uint32_t reg = 0;
  for (const char* name : names) {
    SignatureElement e;
    e.name = name;
    e.reg = reg++;
    e.mask = 0xF;
    e.exclusive_mask = 0x3;
    e.component_type = 3;
    e.system_value = reg == 1 ? 1 : 0;
    e.stream = layout == SignatureLayout::osg5 ? reg % 4 : 0;
    s.elements.push_back(e);
  }
  s.param_count = static_cast<uint32_t>(s.elements.size());
  return s;
}

Program program(Store& store, uint16_t kind) {
  Program p;
  p.header.version = 0x66;
  p.header.shader_kind = kind;
  p.header.bitcode_magic = make_fourcc('D', 'X', 'I', 'L');
  p.header.dxil_major = 1;
  p.header.dxil_minor = 6;
  // The smallest module the IR layer accepts, so that `check` accepts the
  // whole container (seeds of the bitcode itself are corpus/bitcode's).
  p.bitcode = store.bytes(bitcode::minimal_module());
  p.header.bitcode_size = static_cast<uint32_t>(p.bitcode.size());
  return p;
}

// The smallest RDEF fxc writes for SM5.0 (hs5__basic.o's, with another
// creator; docs/formats/fxc.md, "RDEF"): no buffers or bindings, the RD11
// block, the creator string. The fxc format decodes RDEF, so a container
// that must parse needs a real one.
std::vector<uint8_t> empty_sm5_rdef() {
  constexpr uint32_t kHeaderSize = 60;
  ByteWriter w;
  for (uint32_t v : {0u, 0u, 0u, kHeaderSize}) w.put_u32_le(v);  // buffers, bindings
  w.put_u16_le(0x0500);                                          // minor 0, major 5
  w.put_u16_le(0xFFFE);                                          // vertex
  w.put_u32_le(0x100);                                           // D3DCOMPILE flags
  w.put_u32_le(kHeaderSize);                                     // the creator's offset
  for (uint32_t v : {make_fourcc('R', 'D', '1', '1'), kHeaderSize, 24u, 32u, 40u, 36u, 12u, 0u}) w.put_u32_le(v);
  w.put_cstring("shaderprobe");
  return w.take();
}

RootSignature root_signature(uint32_t version) {
  RootSignature rs;
  rs.version = version;
  rs.flags = 0x1;
  DescriptorTable table;
  for (uint32_t t = 0; t < 4; ++t) {
    DescriptorRange r;
    r.range_type = t;
    r.num_descriptors = t == 3 ? 0xFFFFFFFF : 2;
    r.base_shader_register = t;
    r.flags = version > 1 ? 0x4 : 0;
    r.offset_in_descriptors_from_table_start = 0xFFFFFFFF;
    table.ranges.push_back(r);
  }
  table.num_ranges = static_cast<uint32_t>(table.ranges.size());
  rs.parameters.push_back({0, 0, 0, table});
  rs.parameters.push_back({1, 5, 0, RootConstants{1, 0, 4}});
  for (uint32_t type = 2; type <= 4; ++type) rs.parameters.push_back({type, 1, 0, RootDescriptor{type, 1, 0x2}});
  StaticSampler s;
  s.filter = 0x55;
  s.address_u = s.address_v = s.address_w = 3;
  s.max_anisotropy = 16;
  s.comparison_func = 4;
  s.max_lod_bits = 0x7F7FFFFF;
  s.shader_visibility = 5;
  s.flags = version == 3 ? 1 : 0;
  rs.static_samplers.push_back(s);
  rs.num_parameters = static_cast<uint32_t>(rs.parameters.size());
  rs.num_static_samplers = 1;
  return rs;
}

SourceInfo source_info(Store& store, uint16_t compress, bool args) {
  SourceInfo si;
  si.compress_type = compress;
  si.files.push_back({"main.hlsl", store.text("float4 main() : SV_Target { return 1; }\n#include \"a.h\"\n")});
  si.files.push_back({"a.h", store.text(std::string(300, 'x'))});
  if (args) si.args = {{"-E", "main"}, {"-T", "ps_6_6"}, {"-Zi", ""}};
  return si;
}

RuntimeData runtime_data(Store& store) {
  RuntimeData rd;
  rd.version = 0x10;
  // A string buffer (type 0), an index table (type 2) and a resource table
  // (type 3: {RecordCount, RecordStride} then the records).
  rd.sections.push_back({0, 0, 0, false, 0, 0, store.bytes({'m', 'a', 'i', 'n', 0, 0, 0, 0})});
  rd.sections.push_back({0, 2, 0, false, 0, 0, store.bytes({1, 0, 0, 0, 0, 0, 0, 0})});
  std::vector<uint8_t> table = {2, 0, 0, 0, 8, 0, 0, 0};
  table.resize(table.size() + 16, 0x11);
  rd.sections.push_back({0, 3, 0, true, 2, 8, store.bytes(table)});
  return rd;
}

// PSV0 v2 of a pixel shader whose records are not at their own size:
// resources padded to 28 bytes, and input elements (nothing follows them,
// as there are no outputs) at `element_stride`. 20 pads them; 8 cuts them
// short, which the reader must reject before it reads a 16-byte element
// off the end of the part.
Psv psv_with_strides(uint32_t element_stride) {
  Psv psv;
  psv.version = 2;
  psv.resource_stride = 28;
  psv.resources.push_back({2, 0, 1, 1, 1, 0});
  psv.resources.push_back({3, 1, 0, 0xFFFFFFFF, 4, 1});
  psv.element_stride = element_stride;
  for (const char* name : {"TEXCOORD", "COLOR"}) {
    PsvSignatureElement e;
    e.name = name;
    e.rows = 1;
    e.col_bits = 0x44;  // 4 columns, allocated
    e.component_type = 3;
    e.interpolation = 2;
    psv.inputs.push_back(e);
  }
  return psv;
}

// Built containers whose name ends so are malformed on purpose (error
// paths a fuzzer should start from); every other one must parse.
constexpr std::string_view kRejected = "_rejected";

std::vector<std::pair<std::string, Container>> built_containers(Store& store) {
  std::vector<std::pair<std::string, Container>> out;
  auto add = [&](std::string name, std::vector<Part> parts) {
    Container c;
    c.parts.assign(std::make_move_iterator(parts.begin()), std::make_move_iterator(parts.end()));
    out.emplace_back(std::move(name), std::move(c));
  };
  // fxc: shader model 5 with raw bytecode and legacy signatures.
  add("fxc_sm5_vertex", {model_part("RDEF", RawPart{}, store.bytes(empty_sm5_rdef())),
                         model_part("ISGN", signature(SignatureLayout::legacy, {"POSITION", "TEXCOORD"})),
                         model_part("OSG5", signature(SignatureLayout::osg5, {"SV_Position", "COLOR", "COLOR"})),
                         model_part("PCSG", signature(SignatureLayout::legacy, {"SV_TessFactor"})),
                         model_part("SHEX", RawPart{}, store.bytes({0x50, 0, 1, 0, 2, 0, 0, 0})),
                         model_part("STAT", RawPart{}, store.bytes(std::vector<uint8_t>(148, 0)))});
  add("fxc_sm4_pixel", {model_part("ISGN", signature(SignatureLayout::legacy, {"SV_Position"})),
                        model_part("OSGN", signature(SignatureLayout::legacy, {"SV_Target"})),
                        model_part("SHDR", RawPart{}, store.bytes({0x40, 0, 0, 0, 2, 0, 0, 0}))});
  // dxc: the parts only a dxc build writes.
  for (uint32_t v = 1; v <= 3; ++v) {
    add("dxc_full_rts0_v" + std::to_string(v),
        {model_part("DXIL", program(store, 0)), model_part("SFI0", FeatureInfo{0x1234}),
         model_part("ISG1", signature(SignatureLayout::sg1, {"SV_Position", "TEXCOORD"})),
         model_part("OSG1", signature(SignatureLayout::sg1, {"SV_Target"})), model_part("RTS0", root_signature(v)),
         model_part("HASH", ShaderHash{1, {}})});
  }
  add("dxc_debug", {model_part("ILDB", program(store, 1)), model_part("ILDN", DebugName{0, 0, "0123abcd.pdb"}),
                    model_part("VERS", CompilerVersion{1, 8, 1, 4242, 0, "abcdef0", "custom"}),
                    model_part("SRCI", source_info(store, 1, true)), model_part("PRIV", RawPart{}, store.bytes({1, 2, 3}))});
  add("dxc_srci_stored", {model_part("SRCI", source_info(store, 0, false))});
  add("dxc_rdat", {model_part("DXIL", program(store, 6)), model_part("RDAT", runtime_data(store))});
  add("dxc_psv0_padded_records", {model_part("DXIL", program(store, 0)), model_part("PSV0", Box<Psv>(psv_with_strides(20)))});
  add("dxc_psv0_short_elements" + std::string(kRejected),
      {model_part("DXIL", program(store, 0)), model_part("PSV0", Box<Psv>(psv_with_strides(8)))});
  return out;
}

void write_file(const fs::path& path, Bytes bytes) {
  std::ofstream out(path, std::ios::binary);
  out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
  if (!out) throw std::runtime_error("cannot write " + path.string());
}

std::vector<uint8_t> read_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read " + path.string());
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// fuzz_small_parts' selector for each of its parts (selector % 6).
constexpr uint32_t kSmallParts[] = {make_fourcc('D', 'X', 'I', 'L'), make_fourcc('I', 'L', 'D', 'B'),
                                    make_fourcc('H', 'A', 'S', 'H'), make_fourcc('S', 'F', 'I', '0'),
                                    make_fourcc('I', 'L', 'D', 'N'), make_fourcc('V', 'E', 'R', 'S')};

// Writes each part in its part target's input format.
void write_parts(const fs::path& out, const std::string& name, const Container& c) {
  uint8_t psv_selector = 0x10;  // no DXIL part
  if (const Part* dxil = c.find(make_fourcc('D', 'X', 'I', 'L')))
    if (const auto* p = content_if<Program>(*dxil)) psv_selector = static_cast<uint8_t>(p->header.shader_kind & 0x0F);
  for (size_t i = 0; i < c.parts.size(); ++i) {
    const Part& p = c.parts[i];
    std::string target;
    std::optional<uint8_t> selector;
    if (p.fourcc == make_fourcc('P', 'S', 'V', '0')) {
      target = "psv0";
      selector = psv_selector;
    } else if (const auto* sig = content_if<Signature>(p)) {
      // fuzz_signature's selector is the layout (SignatureLayout's order).
      target = "signature";
      selector = static_cast<uint8_t>(sig->layout);
    } else if (p.fourcc == make_fourcc('R', 'T', 'S', '0')) {
      target = "rts0";
    } else if (p.fourcc == make_fourcc('S', 'R', 'C', 'I')) {
      target = "srci";
    } else if (p.fourcc == make_fourcc('R', 'D', 'A', 'T')) {
      target = "rdat";
    } else if (const auto* kind = std::find(std::begin(kSmallParts), std::end(kSmallParts), p.fourcc);
               kind != std::end(kSmallParts)) {
      target = "small_parts";
      selector = static_cast<uint8_t>(kind - std::begin(kSmallParts));
    } else {
      continue;
    }
    std::vector<uint8_t> bytes;
    if (selector) bytes.push_back(*selector);
    bytes.insert(bytes.end(), p.data.begin(), p.data.end());
    fs::create_directories(out / target);
    write_file(out / target / (name + "." + std::to_string(i) + "." + fourcc_text(p.fourcc)), bytes);
  }
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2 || std::string_view(argv[1]) == "--help") {
    std::fprintf(stderr, "usage: %s OUTDIR [CONTAINER...]\nWrites seed inputs for the DXContainer fuzz targets.\n",
                 argv[0]);
    return 2;
  }
  try {
    const fs::path out(argv[1]);
    fs::create_directories(out / "dxcontainer");
    Store store;
    size_t count = 0;
    for (auto& [name, model] : built_containers(store)) {
      const Bytes bytes = store.bytes(write_container(model));
      write_file(out / "dxcontainer" / (name + ".dxbc"), bytes);
      const ParseResult r = parse_container(bytes);
      if (r.ok() == name.ends_with(kRejected))
        throw std::runtime_error(name + (r.ok() ? " parses" : " does not parse: " + r.error->to_string()));
      // The parts as the writer encoded them, from its container's part
      // table (a rejected container has no parse, but a sound table).
      const std::optional<Container> layer = read_container_layer(bytes);
      if (!layer || layer->parts.size() != model.parts.size())
        throw std::runtime_error(name + ": the written part table does not read back");
      for (size_t i = 0; i < model.parts.size(); ++i) model.parts[i].data = layer->parts[i].data;
      write_parts(out, name, model);
      ++count;
    }
    for (int i = 2; i < argc; ++i) {
      const fs::path path(argv[i]);
      const std::vector<uint8_t> bytes = read_file(path);
      const ParseResult r = parse_container(bytes);
      if (!r.ok()) continue;  // yaml2obj's fixtures include one shaderprobe rejects on purpose
      write_file(out / "dxcontainer" / path.filename(), bytes);
      write_parts(out, path.stem().string(), *r.container);
      ++count;
    }
    std::printf("%zu containers and their parts written to %s\n", count, out.c_str());
  } catch (const std::exception& e) {
    std::fprintf(stderr, "error: %s\n", e.what());
    return 2;
  }
  return 0;
}
