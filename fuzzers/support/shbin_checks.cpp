#include "support/shbin_checks.h"

#include <algorithm>
#include <string>

#include "shbin/describe.h"
#include "shbin/listing.h"
#include "shbin/pica.h"
#include "support/fuzz_check.h"
#include "support/printer_checks.h"

namespace sp::fuzz {
namespace {

using shbin::Shbin;

// The costly checks run on a share of the inputs, picked by Sample (a hash
// of the bytes). On one in kLayoutEvery, the model is laid out again
// in both layouts and read back. On one in kListEvery, it is listed (the
// pica listing of `dump --format=pica`, from the model): every code word
// disassembled, which would otherwise be a large share of
// fuzz_shbin_dvle's time. On one in kPrintEvery, the printers run as
// `identify` and `dump` run them, through the registry. A printed input
// costs far more than the rest of its checks: three dumps and the JSON
// read each read the file again keeping `check`'s 256 warnings, and build
// the JSON tree of every field and code word, so given to every input
// these checks would hold the target to a small share of its rate.
// Replays (ctest, coverage, scripts/mutants) check every input in every
// way (fuzzers/README.md, "The SHBIN and VBC targets").
constexpr uint64_t kLayoutEvery = 8;
constexpr uint64_t kListEvery = 64;
constexpr uint64_t kPrintEvery = 1024;

// The reads keep 8 warnings, not `check`'s 256: a fuzzed file of undefined
// opcodes and stray registers has hundreds of findings, and formatting
// each (its message and path) would be much of the target's time. The
// checks stop where the Context keeps no more, so they still run whole on
// the inputs with fewer findings, and the cap's own path
// (warnings_truncated) is the same at 8 as at 256.
const Limits kLimits = [] {
  Limits l;
  l.max_warnings = 8;
  return l;
}();

struct Read {
  std::optional<Shbin> model;
  std::optional<Diagnostic> error;
  std::vector<Diagnostic> warnings;
};

// `budget_size` sets the decode budget (limits.decode_budget_per_byte per
// byte): a file laid out again is read with the larger of its size and the
// original's, since the layout drops bytes no structure claims.
Read read(Bytes file, uint64_t budget_size) {
  Context ctx(kLimits, budget_size);
  Read r;
  Shbin s;
  const bool ok = shbin::parse_shbin(file, 0, ctx, s);
  // Details are made only for a broken invariant: formatting them for
  // every input would cost a tenth of the target's time.
  if (ok == ctx.failed())
    invariant_broken("the reader's return value disagrees with its Context",
                     ctx.error() ? ctx.error()->to_string() : "returned false without an error");
  r.error = ctx.take_error();
  r.warnings = ctx.take_warnings();
  if (ok) r.model = std::move(s);
  return r;
}

void check_shbin_error_shape(const Diagnostic& d, Bytes file) {
  const char* broken = d.code == Code::internal_error                                ? "the reader reports an internal error"
                       : d.unit != OffsetUnit::byte || d.offset > file.size() ? "the error's offset is outside the file"
                       : d.path.empty()                                         ? "an error has no path"
                                                                                : nullptr;
  if (broken != nullptr) invariant_broken(broken, d.to_string());
}

// The name at `offset` of `table` is `name`, and its NUL lies inside the
// table: a read that ran past the table would have found another end.
void check_name(FileText table_text, uint32_t offset, FileText name_text, const char* what) {
  const std::string_view table = table_text.bytes(), name = name_text.bytes();
  const bool inside = offset < table.size() && name.size() < table.size() - offset &&
                      table.compare(offset, name.size(), name) == 0 && table[offset + name.size()] == '\0';
  check(inside, "a name does not end inside its table", what);
}

void check_names(const Shbin& s) {
  for (const shbin::LineInfo& line : s.dvlp.lines) check_name(s.dvlp.strings, line.file_offset, line.file, "file");
  for (const shbin::Dvle& d : s.dvles) {
    for (const shbin::Uniform& u : d.uniforms) check_name(d.symbols, u.name_offset, u.name, "uniform");
    for (const shbin::Label& l : d.labels) check_name(d.symbols, l.name_offset, l.name, "label");
  }
}

// The fields two models differ in, as a JSON patch of their dumps: made
// only when an invariant is broken (two describes per input would double
// the target's time).
std::string difference(const Shbin& a, const Shbin& b) {
  return nlohmann::ordered_json::diff(shbin::describe(a, {}), shbin::describe(b, {})).dump().substr(0, 2000);
}

void check_layouts(const Shbin& s, Bytes file) {
  for (const shbin::Layout layout : {shbin::Layout::picasso, shbin::Layout::nihstro}) {
    // nihstro's 7-word DVLP header has no room for line information.
    if (layout == shbin::Layout::nihstro && (!s.dvlp.lines.empty() || !s.dvlp.strings.empty())) continue;
    Shbin laid = s;
    shbin::lay_out(laid, layout);
    if (laid.file_size > 4 * uint64_t{file.size()} + 4096) continue;
    const std::vector<uint8_t> bytes = shbin::write_shbin(laid);
    const Read back = read(bytes, std::max<uint64_t>(bytes.size(), file.size()));
    check(back.model.has_value(), "the writer's layout of an accepted model does not parse",
          back.error ? back.error->to_string() : "");
    if (!(*back.model == laid))
      invariant_broken("parse(write(lay_out(m))) is not lay_out(m)", difference(laid, *back.model));
  }
}

// The pica listing of the model (the printers' `dump --format=pica`
// without their read).
void check_listing(const Shbin& s) {
  TextBuffer out;
  shbin::list_shbin(s, out);
  check(out.size() > 0, "the listing printed nothing");
}

uint32_t word_of(shbin::pica::Op op) { return uint32_t{shbin::pica::info_of(op).first} << 26; }

}  // namespace

std::optional<Shbin> read_shbin_checked(Bytes file) {
  const Sample sample(file);
  Read a = read(file, file.size());
  const MisalignedCopy moved(file);
  const Read b = read(moved.bytes(), file.size());
  check_same_diagnostics(a.error, a.warnings, b.error, b.warnings);
  if (a.error) check_shbin_error_shape(*a.error, file);
  if (sample.one_in(kPrintEvery)) check_printers(file);
  if (!a.model) return std::nullopt;
  if (!(*a.model == *b.model)) invariant_broken("another alignment gives another model", difference(*a.model, *b.model));
  check_names(*a.model);
  const std::vector<uint8_t> written = shbin::write_shbin(*a.model);
  check_same_bytes(written, file, "write(parse(x)) is not x");
  if (sample.one_in(kLayoutEvery)) check_layouts(*a.model, file);
  if (sample.one_in(kListEvery)) check_listing(*a.model);
  return std::move(a.model);
}

std::vector<uint8_t> framed_dvle(uint8_t selector, Bytes dvle) {
  constexpr uint32_t kDvlp = 12;  // after the DVLB and its one entry
  const uint32_t code_bytes = 4 * uint32_t{selector};
  const uint32_t at = kDvlp + shbin::kNihstroDvlpSize + code_bytes;
  std::vector<uint8_t> out(at + dvle.size());
  store_le_at<uint32_t>(out, 0, shbin::kDvlbMagic);
  store_le_at<uint32_t>(out, 4, 1);
  store_le_at<uint32_t>(out, 8, at);
  store_le_at<uint32_t>(out, kDvlp, shbin::kDvlpMagic);
  store_le_at<uint32_t>(out, kDvlp + 8, shbin::kNihstroDvlpSize);  // the code, right after the header
  store_le_at<uint32_t>(out, kDvlp + 12, selector);
  store_le_at<uint32_t>(out, kDvlp + 16, shbin::kNihstroDvlpSize + code_bytes);  // no descriptors, at the code's end
  store_le_at<uint32_t>(out, kDvlp + 24, shbin::kNihstroDvlpSize + code_bytes);
  for (uint32_t k = 0; k < selector; ++k)
    store_le_at<uint32_t>(out, kDvlp + shbin::kNihstroDvlpSize + 4 * k,
                          word_of(k + 1 == selector ? shbin::pica::Op::end : shbin::pica::Op::nop));
  std::copy(dvle.begin(), dvle.end(), out.begin() + at);
  return out;
}

std::optional<std::vector<uint8_t>> dvle_input(Bytes file) {
  const uint64_t size = file.size();
  if (size < 12 || load_le<uint32_t>(file.data()) != shbin::kDvlbMagic || load_le<uint32_t>(file.data() + 4) == 0)
    return std::nullopt;
  const uint64_t dvlp = 8 + 4 * uint64_t{load_le<uint32_t>(file.data() + 4)};
  const uint32_t first = load_le<uint32_t>(file.data() + 8);
  if (dvlp > size || size - dvlp < 16 || first >= size) return std::nullopt;
  const uint32_t code_words = load_le<uint32_t>(file.data() + dvlp + 12);
  std::vector<uint8_t> out = {static_cast<uint8_t>(std::min<uint32_t>(code_words, 255))};
  out.insert(out.end(), file.begin() + first, file.end());
  return out;
}

}  // namespace sp::fuzz
