// VSL compiled shaders (.vbc) in the format registry (formats/format.h):
// read whole (reflection, each stage's SPIR-V through its own structural
// reader and SPIRV-Tools' validator, the reflection cross-checked against
// the SPIR-V), described, and each stage listed as spirv-dis lists it.
#include "core/strings.h"
#include "formats/format.h"
#include "vbc/describe.h"
#include "vbc/shader.h"

namespace sp::formats {
namespace {

const vbc::Shader& shader_of(const Decoded& d) { return *static_cast<const vbc::Shader*>(d.model.get()); }

// "VBC" then version 1 (seed 001); three letters are a weaker sign than a
// four-byte magic.
int probe(Bytes b) {
  if (b.size() < 3 || b[0] != 'V' || b[1] != 'B' || b[2] != 'C') return 0;
  return b.size() > 3 && b[3] == vbc::kVersion ? 80 : 50;
}

// From the header alone (a damaged file too).
std::string identify(Bytes file) {
  if (file.size() < vbc::kHeaderSize) return "vsl vbc (truncated header)";
  std::string stages;
  for (const vbc::Stage s : vbc::kStages) {
    const uint16_t words = load_le<uint16_t>(file.data() + 5 + 2 * static_cast<size_t>(s));
    if (words == 0) continue;
    stages += strprintf("%s%s %u", stages.empty() ? "" : ", ", std::string(vbc::stage_name(s)).c_str(), words);
  }
  return strprintf("vsl vbc version %u, shader type %u, SPIR-V words: %s", file[3], file[4],
                   stages.empty() ? "none" : stages.c_str());
}

Decoded parse(Bytes input, uint64_t offset, const Options& options) {
  vbc::ParseResult r = vbc::parse_shader(input, options.limits, offset);
  Decoded d;
  d.error = std::move(r.error);
  d.warnings = std::move(r.warnings);
  if (r.shader) d.model = std::make_shared<const vbc::Shader>(std::move(*r.shader));
  return d;
}

// Each stage's SPIR-V, tagged with its stage's name, for a SPIR-V reader
// that registers for them.
std::vector<Payload> payloads(const Decoded& d, Bytes input) {
  std::vector<Payload> out;
  const vbc::Shader& shader = shader_of(d);
  size_t index = 0;
  for (const vbc::Stage s : vbc::kStages) {
    const vbc::StageCode& code = shader.stage(s);
    if (!code.present()) continue;
    Payload p;
    p.tag = std::string(vbc::stage_name(s));
    p.path = "stages." + p.tag;
    p.where = nlohmann::ordered_json::json_pointer("/stages/" + std::to_string(index++));
    p.bytes = code.code;
    // SAFETY: the reader keeps views into `input` (it never copies).
    p.offset = static_cast<uint64_t>(code.code.data() - input.data());
    out.push_back(std::move(p));
  }
  return out;
}

// The truncate sweep: a proper prefix that parses is fine when the whole
// file is that prefix plus bytes after its last stage (file_not_consumed
// where the prefix ends): the cut removed only bytes no structure owns.
bool prefix_may_parse(Bytes whole, Bytes prefix, const Decoded&) {
  const vbc::ParseResult r = vbc::parse_shader(whole, Limits{}, 0, {.validate_spirv = false});
  return r.error && r.error->code == Code::file_not_consumed && r.error->offset == prefix.size();
}

#if SP_HAVE_SPIRV_TOOLS
bool write_spirv(Bytes input, uint64_t offset, const Options& options, TextBuffer& out,
                 std::optional<Diagnostic>& error) {
  return vbc::write_spirv_listing(input, offset, options.limits, out, error);
}

constexpr Dump kDumps[] = {
    {"spirv",
     "each stage's SPIR-V, after a \"; Stage: <name>\" line, exactly as spirv-dis prints it (SPIRV-Tools' "
     "disassembler in-process)",
     write_spirv, "", false},
};
#else
constexpr std::span<const Dump> kDumps{};
#endif

}  // namespace

extern const Format vbc_format{
    .name = "vbc",
    .title = "VSL compiled shader (.vbc)",
    .probe = probe,
    .identify = identify,
    .parse = parse,
    .describe = [](const Decoded& d) { return vbc::describe(shader_of(d), d.warnings); },
    .payloads = payloads,
    .prefix_may_parse = prefix_may_parse,
    .dumps = kDumps,
};

}  // namespace sp::formats
