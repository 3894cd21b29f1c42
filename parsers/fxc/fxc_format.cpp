// Legacy fxc chunks in the format registry (formats/format.h): read inside a
// DXBC container, each by the tag the container gives its bytes
// (chunks.h), and the container as a whole listed the way fxc /Fc lists it.
#include "core/strings.h"
#include "formats/format.h"
#include "fxc/chunks.h"
#include "fxc/describe.h"
#include "fxc/listing.h"

namespace sp::formats {
namespace {

const fxc::Chunk& chunk_of(const Decoded& d) { return *static_cast<const fxc::Chunk*>(d.model.get()); }

Decoded parse(Bytes input, uint64_t offset, const Options& options) {
  Decoded d;
  Context ctx(options.limits, input.size());
  const FieldPath root = FieldPath::root();
  const fxc::ChunkKind* kind = fxc::chunk_kind(options.tag);
  if (kind == nullptr) {
    d.error = Diagnostic{Code::unsupported_format, offset, "",
                         "legacy fxc chunks are read inside a DXBC container, by their part's fourcc"};
    return d;
  }
  auto chunk = std::make_shared<fxc::Chunk>();
  const fxc::ChunkScope s{input, offset, root, ctx};
  const bool ok = fxc::parse_chunk(*kind, s, *chunk);
  d.error = ctx.take_error();
  d.warnings = ctx.take_warnings();
  if (ok && !d.error) d.model = std::move(chunk);
  return d;
}

bool write_listing(Bytes input, uint64_t, const Options& options, TextBuffer& out, std::optional<Diagnostic>& error) {
  return fxc::write_listing(input, options.limits, out, error, options.fxc_version);
}

constexpr Dump kDumps[] = {
    {"fxc",
     "fxc's /Fc listing of a DXBC container: RDEF's buffers and bindings, the signatures, the program, byte-identical "
     "to fxc's own (SM4.0 to 5.1)",
     write_listing, "", true},
};

constexpr Embedding kEmbeddings[] = {{"dxcontainer", fxc::kChunkTags}};

// vkd3d-shader's compiler reads SHDR/SHEX inside their container, and
// only there (it has no DXIL reader): it is given the whole container of a
// program, accept or reject (docs/formats/fxc.md, "Known deviations", says
// where it disagrees). spirv-binary is 1.2's only target for dxbc-tpf,
// named so a newer vkd3d's other targets change nothing.
constexpr std::string_view kVkd3dCompilerCommand[] = {
    "vkd3d-compiler", "-x", "dxbc-tpf", "-b", "spirv-binary", "-o", "/dev/null", "{input}"};
constexpr Peer kPeers[] = {{.name = "vkd3d-compiler",
                            .command = kVkd3dCompilerCommand,
                            .output = "",
                            .note = "vkd3d-shader's compiler reading DXBC (-x dxbc-tpf); accept or reject",
                            .whole_host = true}};

}  // namespace

extern const Format fxc_format{
    .name = "fxc",
    .title = "Legacy fxc bytecode (RDEF, STAT, SHDR/SHEX, IFCE; SM4.0 to 5.1)",
    // The chunks have no magic of their own: only their container's part
    // names them.
    .probe = [](Bytes) { return 0; },
    .identify = [](Bytes) { return std::string("fxc chunk (read inside a DXBC container)"); },
    .parse = parse,
    .describe = [](const Decoded& d) { return fxc::describe(chunk_of(d)); },
    .payloads = nullptr,
    .prefix_may_parse = nullptr,
    .dumps = kDumps,
    .embedded_in = kEmbeddings,
    .profiles = {},
    .peers = kPeers,
};

}  // namespace sp::formats
