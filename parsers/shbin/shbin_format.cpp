// Nintendo 3DS shader binaries in the format registry (formats/format.h):
// recognised by the DVLB magic, read whole, described, and listed as
// picasso assembler source.
#include "core/strings.h"
#include "formats/format.h"
#include "shbin/describe.h"
#include "shbin/listing.h"

namespace sp::formats {
namespace {

const shbin::Shbin& shbin_of(const Decoded& d) { return *static_cast<const shbin::Shbin*>(d.model.get()); }

int probe(Bytes b) { return b.size() >= 4 && load_le<uint32_t>(b.data()) == shbin::kDvlbMagic ? 100 : 0; }

// What the headers say, each read only where it lies inside the file.
std::string identify(Bytes f) {
  const uint64_t size = f.size();
  if (size < 8) return strprintf("3ds shbin (truncated DVLB header), %zu bytes", f.size());
  const uint32_t count = load_le<uint32_t>(f.data() + 4);
  std::string out = strprintf("3ds shbin, %u DVLE%s", count, count == 1 ? "" : "s");
  const uint64_t dvlp = 8 + uint64_t{count} * 4;
  if (dvlp <= size && size - dvlp >= shbin::kNihstroDvlpSize &&
      load_le<uint32_t>(f.data() + dvlp) == shbin::kDvlpMagic)
    out += strprintf(", %u code words, %u operand descriptors", load_le<uint32_t>(f.data() + dvlp + 12),
                     load_le<uint32_t>(f.data() + dvlp + 20));
  if (count > 0 && size >= 12) {
    const uint32_t first = load_le<uint32_t>(f.data() + 8);
    if (first <= size && size - first >= 8 && load_le<uint32_t>(f.data() + first) == shbin::kDvleMagic) {
      const uint8_t type = f[first + 6];
      const std::string_view name = shbin::shader_type_name(type);
      const std::string what = name.empty() ? strprintf("type %u", type) : std::string(name) + " shader";
      out += strprintf(", first DVLE: %s, version 0x%04x", what.c_str(), load_le<uint16_t>(f.data() + first + 4));
    }
  }
  return out + strprintf(", %zu bytes", f.size());
}

Decoded parse(Bytes input, uint64_t offset, const Options& options) {
  Decoded d;
  Context ctx(options.limits, input.size());
  auto model = std::make_shared<shbin::Shbin>();
  const bool ok = shbin::parse_shbin(input, offset, ctx, *model);
  d.error = ctx.take_error();
  d.warnings = ctx.take_warnings();
  if (ok && !d.error) d.model = std::move(model);
  return d;
}

// A prefix that parses is fine when the whole file's structures all end
// inside it: the cut took only bytes no structure claims (padding).
bool prefix_may_parse(Bytes whole, Bytes prefix, const Decoded&) {
  const Limits limits;
  Context ctx(limits, whole.size());
  shbin::Shbin model;
  return shbin::parse_shbin(whole, 0, ctx, model) && shbin::claimed_end(model) <= prefix.size();
}

bool write_listing(Bytes input, uint64_t, const Options& options, TextBuffer& out, std::optional<Diagnostic>& error) {
  return shbin::write_listing(input, options.limits, out, error);
}

constexpr Dump kDumps[] = {
    {"pica",
     "picasso assembler source of a 3DS shader binary: the DVLE's uniforms, constants and outputs as directives, "
     "then every code word disassembled with its address, in .proc / if / for blocks and labels",
     write_listing, "", false},
};

}  // namespace

extern const Format shbin_format{
    .name = "shbin",
    .title = "Nintendo 3DS shader binary (DVLB / DVLP / DVLE)",
    .probe = probe,
    .identify = identify,
    .parse = parse,
    .describe = [](const Decoded& d) { return shbin::describe(shbin_of(d), d.warnings); },
    .prefix_may_parse = prefix_may_parse,
    .dumps = kDumps,
};

}  // namespace sp::formats
