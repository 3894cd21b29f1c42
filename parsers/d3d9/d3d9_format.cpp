// Direct3D 9 shader bytecode (SM2.0 to SM3.0) in the format registry
// (formats/format.h): read whole, described, and listed the way fxc /Fc
// lists it, under the same dump name as fxc's listing of a DXBC container
// (the reading format's own dump is found first: formats/read.h); and the
// Level9 part of a DXBC container, which carries such a program.
#include <variant>

#include "core/strings.h"
#include "d3d9/describe.h"
#include "d3d9/level9.h"
#include "d3d9/listing.h"
#include "formats/format.h"

namespace sp::formats {
namespace {

// A whole Direct3D 9 file, or the Level9 part of a DXBC container (read
// under the container's Aon9 tag), which carries one.
using Model = std::variant<d3d9::Program, d3d9::Level9>;

const Model& model_of(const Decoded& d) { return *static_cast<const Model*>(d.model.get()); }

// The version token's high half is 0xFFFE (vertex) or 0xFFFF (pixel): two
// bytes of magic, a weak sign, and a little stronger with a shader model
// Direct3D 9 has.
int probe(Bytes b) {
  if (b.size() < 4 || b[3] != 0xFF || (b[2] != 0xFE && b[2] != 0xFF)) return 0;
  return b[1] >= 1 && b[1] <= 3 ? 50 : 25;
}

std::string identify(Bytes file) {
  if (file.size() < 4) return "d3d9 (truncated version token)";
  const d3d9::Version v{load_le<uint32_t>(file.data())};
  return strprintf("d3d9 %s (version token 0x%08x), %zu bytes", d3d9::version_name(v).c_str(), v.token, file.size());
}

Decoded parse(Bytes input, uint64_t offset, const Options& options) {
  Decoded d;
  Context ctx(options.limits, input.size());
  auto model = std::make_shared<Model>();
  bool ok = false;
  if (options.tag == "Aon9")
    ok = d3d9::parse_level9(input, offset, ctx, model->emplace<d3d9::Level9>());
  else
    ok = d3d9::parse_program(input, offset, ctx, model->emplace<d3d9::Program>());
  d.error = ctx.take_error();
  d.warnings = ctx.take_warnings();
  if (ok && !d.error) d.model = std::move(model);
  return d;
}

// Words after the end token belong to no structure (the reader keeps them
// as `trailing`): a prefix cut among them still holds the whole program up
// to its end token, and parses.
bool prefix_may_parse(Bytes, Bytes prefix, const Decoded& decoded) {
  const auto* program = std::get_if<d3d9::Program>(&model_of(decoded));
  return program != nullptr && program->end_offset + 4 <= prefix.size();
}

bool write_listing(Bytes input, uint64_t, const Options& options, TextBuffer& out, std::optional<Diagnostic>& error) {
  return d3d9::write_listing(input, options.limits, out, error);
}

constexpr Dump kDumps[] = {
    {"fxc",
     "fxc's /Fc listing of a Direct3D 9 shader: the constant table's parameters and registers, the program and "
     "the instruction slots, byte-identical to fxc's own (SM2.0 to 3.0)",
     write_listing, "", false},
};

// fxc's Level9 part: the program a feature level 9 driver runs.
constexpr std::string_view kLevel9Tags[] = {"Aon9"};
constexpr Embedding kEmbeddings[] = {{"dxcontainer", kLevel9Tags}};

}  // namespace

extern const Format d3d9_format{
    .name = "d3d9",
    .title = "Direct3D 9 shader bytecode (SM2.0 to 3.0, CTAB, DBUG) and fxc's Level9 part",
    .probe = probe,
    .identify = identify,
    .parse = parse,
    .describe = [](const Decoded& d) { return std::visit([](const auto& m) { return d3d9::describe(m); }, model_of(d)); },
    .payloads = nullptr,
    .prefix_may_parse = prefix_may_parse,
    .dumps = kDumps,
    .embedded_in = kEmbeddings,
    .profiles = {},
    .peers = {},
};

}  // namespace sp::formats
