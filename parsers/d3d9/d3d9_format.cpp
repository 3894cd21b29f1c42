// Direct3D 9 shader bytecode (SM2.0 to SM3.0) in the format registry
// (formats/format.h): read whole, described, and listed the way fxc /Fc
// lists it, under the same dump name as fxc's listing of a DXBC container
// (the reading format's own dump is found first: formats/read.h).
#include "core/strings.h"
#include "d3d9/describe.h"
#include "d3d9/listing.h"
#include "formats/format.h"

namespace sp::formats {
namespace {

const d3d9::Program& program_of(const Decoded& d) { return *static_cast<const d3d9::Program*>(d.model.get()); }

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
  auto program = std::make_shared<d3d9::Program>();
  const bool ok = d3d9::parse_program(input, offset, ctx, *program);
  d.error = ctx.take_error();
  d.warnings = ctx.take_warnings();
  if (ok && !d.error) d.model = std::move(program);
  return d;
}

// Words after the end token belong to no structure (the reader keeps them
// as `trailing`): a prefix cut among them still holds the whole program up
// to its end token, and parses.
bool prefix_may_parse(Bytes, Bytes prefix, const Decoded& decoded) {
  return program_of(decoded).end_offset + 4 <= prefix.size();
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

}  // namespace

extern const Format d3d9_format{
    .name = "d3d9",
    .title = "Direct3D 9 shader bytecode (SM2.0 to 3.0, CTAB)",
    .probe = probe,
    .identify = identify,
    .parse = parse,
    .describe = [](const Decoded& d) { return d3d9::describe(program_of(d)); },
    .payloads = nullptr,
    .prefix_may_parse = prefix_may_parse,
    .dumps = kDumps,
    .embedded_in = {},
    .profiles = {},
    .peers = {},
};

}  // namespace sp::formats
