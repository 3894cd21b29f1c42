// LLVM bitcode (bare, wrapped, or a DXContainer's DXIL / ILDB program) in
// the format registry (formats/format.h). The IR layer (module.h) reads it;
// the bitstream layer beneath it (parsers/bitstream) has its own fuzz
// targets and corpus under this format.
#include "bitcode/bcanalyzer.h"
#include "bitcode/describe.h"
#include "bitcode/dxil_view.h"
#include "bitcode/module.h"
#include "bitstream/walk.h"
#include "bitstream/wrapper.h"
#include "core/strings.h"
#include "dxcontainer/model.h"
#include "dxil/checks.h"
#include "formats/format.h"

namespace sp::formats {
namespace {

using bitcode::File;

// The IR layer's file and each module's DXIL view (dxil_view.h).
struct Model {
  File file;
  std::vector<std::optional<bitcode::dxil::View>> views;
};

const Model& model_of(const Decoded& d) { return *static_cast<const Model*>(d.model.get()); }

Decoded parse(Bytes input, uint64_t offset, const Options& options) {
  bitcode::ParseResult r = bitcode::parse_bitcode(input, options.limits, offset, options.metadata);
  Decoded d;
  d.error = std::move(r.error);
  d.warnings = std::move(r.warnings);
  if (!r.file) return d;
  auto model = std::make_shared<Model>();
  model->file = std::move(*r.file);
  // The views' problems are warnings; their walk shares one budget.
  Context ctx(options.limits, input.size());
  for (size_t i = 0; options.metadata && i < model->file.modules.size() && !ctx.failed(); ++i)
    model->views.push_back(bitcode::dxil::read_view(model->file.modules[i], strprintf("modules[%zu].dxil", i), ctx));
  std::vector<Diagnostic> warnings = ctx.take_warnings();
  d.warnings.insert(d.warnings.end(), warnings.begin(), warnings.end());
  if (ctx.failed()) {
    d.error = ctx.take_error();
    return d;
  }
  d.model = std::move(model);
  return d;
}

int probe(Bytes head) { return bitstream::has_wrapper(head) || bitstream::looks_like_bitcode(head) ? 100 : 0; }

std::string identify(Bytes file) {
  if (bitstream::has_wrapper(file)) {
    if (file.size() < bitstream::kWrapperHeaderSize) return "llvm bitcode wrapper (truncated header)";
    return strprintf("llvm bitcode (wrapped: offset %u, size %u, cputype 0x%08x)%s", load_le<uint32_t>(file.data() + 8),
                     load_le<uint32_t>(file.data() + 12), load_le<uint32_t>(file.data() + 16),
                     bitstream::looks_like_bitcode(file) ? "" : ", no LLVM IR magic at the offset");
  }
  return strprintf("llvm bitcode, %zu bytes", file.size());
}

// A bitstream is a list of top-level blocks with no length of its own: a
// prefix that ends between two of them (the first module of a
// multi-module file) is a stream in its own right and may be accepted.
bool prefix_may_parse(Bytes, Bytes prefix, const Decoded&) {
  const Limits limits;
  Context ctx(limits, prefix.size());
  return bitstream::walk_file(prefix, ctx).has_value();
}

// Where the walk saw each block, at any depth, start (its abbrev id), its
// body start (after NumWords) and end (after END_BLOCK), up to an error.
std::vector<uint64_t> boundaries(Bytes input) {
  std::vector<uint64_t> out;
  const Limits limits;
  Context ctx(limits, input.size());
  (void)bitstream::walk_file_visiting(input, ctx, [&](const bitstream::Reader& r, bitstream::Reader::Entry e) {
    if (e == bitstream::Reader::Entry::enter_block) out.insert(out.end(), {r.block().start_bit / 8, r.block().body_bit / 8});
    if (e == bitstream::Reader::Entry::end_block) out.push_back(r.bit_offset() / 8);
  });
  return out;
}

bool write_bcanalyzer(Bytes input, uint64_t offset, const Options& options, TextBuffer& out,
                      std::optional<Diagnostic>& error) {
  Context ctx(options.limits, input.size());
  if (bitcode::dump_bcanalyzer(input, ctx, out, offset)) return true;
  error = ctx.take_error();
  return false;
}

constexpr Dump kDumps[] = {
    {"bcanalyzer",
     "byte-identical to llvm-bcanalyzer-22 -dump up to its Summary, for LLVM bitcode, wrapped bitcode and the DXIL "
     "part of a DXContainer",
     write_bcanalyzer, "Summary of "},
};

// A DXIL part's module against the container's other parts (dxil/checks.h);
// the ILDB part is the same module with its debug information, checked
// once.
void check_in_host(std::string_view host, const Decoded& host_decoded, const Payload& payload, const Decoded& decoded,
                   Context& ctx) {
  if (host != "dxcontainer" || payload.tag != "DXIL") return;
  const Model& m = model_of(decoded);
  if (m.views.empty() || !m.views[0]) return;
  const auto& c = *static_cast<const dxc::Container*>(host_decoded.model.get());
  for (size_t i = 0; i < c.parts.size(); ++i) {
    const auto* program = dxc::content_if<dxc::Program>(c.parts[i]);
    if (program != nullptr && program->bitcode.data() == payload.bytes.data())
      return dxil::check_container(c, i, *m.views[0], ctx);
  }
}

// DXIL and ILDB programs hold LLVM bitcode; a dump through a container
// takes the DXIL part's.
constexpr std::string_view kProgramParts[] = {"DXIL", "ILDB"};
constexpr Embedding kEmbeddings[] = {{"dxcontainer", kProgramParts}};

// DXC's validator rejects DXIL metadata it cannot load (Meta.* rules).
constexpr Code kDxcRejects[] = {Code::dxil_metadata_invalid};
constexpr ProfileRule kProfiles[] = {{"dxc", "DXC's IsValidDxilContainer and its validator's container checks", kDxcRejects}};

// llvm-bcanalyzer's -dump up to "Summary of" is compared with dump
// --format=bcanalyzer (LLVM 22's byte for byte; LLVM 14's names and layout
// differ in places, which the report shows).
constexpr std::string_view kBcanalyzer22[] = {"llvm-bcanalyzer-22", "-dump", "{input}"};
constexpr std::string_view kBcanalyzer14[] = {"llvm-bcanalyzer-14", "-dump", "{input}"};
constexpr Peer kPeers[] = {
    {"llvm-bcanalyzer-22", kBcanalyzer22, "bcanalyzer", "LLVM 22's bitstream dump, compared with dump --format=bcanalyzer"},
    {"llvm-bcanalyzer-14", kBcanalyzer14, "bcanalyzer", "LLVM 14's bitstream dump, compared with dump --format=bcanalyzer"},
};

}  // namespace

extern const Format bitcode_format{
    .name = "bitcode",
    .title = "LLVM bitcode (bitstream, wrapper, IR records)",
    .probe = probe,
    .identify = identify,
    .parse = parse,
    .describe = [](const Decoded& d) { return bitcode::describe(model_of(d).file, d.warnings, model_of(d).views); },
    .payloads = nullptr,
    .prefix_may_parse = prefix_may_parse,
    .boundaries = boundaries,
    .check_in_host = check_in_host,
    .dumps = kDumps,
    .embedded_in = kEmbeddings,
    .profiles = kProfiles,
    .peers = kPeers,
};

}  // namespace sp::formats
