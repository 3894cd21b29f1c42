// Direct3D 9 bytecode (parsers/d3d9) on raw bytes: parse_program, the
// writer, `dump --format=fxc` (write_listing) and `dump --format=json|yaml`
// (describe, rendered as JSON and through the YAML renderer every dump
// uses). Properties:
//  - the same verdict, error and warnings, and the same listing, at
//    another alignment;
//  - an error has a known code (never internal_error) and an offset inside
//    the input;
//  - write(parse(x)) == x: the model keeps every token;
//  - the constant table decodes alike from a buffer of exactly its own
//    bytes, so a read past the comment is a read past an allocation
//    (inside the file the next token would hide it), whether the whole
//    input is accepted or not;
//  - an accepted input lists and describes.
#include "d3d9/describe.h"
#include "d3d9/listing.h"
#include "support/fuzz_check.h"
#include "support/printer_checks.h"

namespace {

struct Parsed {
  bool ok = false;
  sp::d3d9::Program program;
  std::optional<sp::Diagnostic> error;
  std::vector<sp::Diagnostic> warnings;
};

Parsed parse(sp::Bytes input) {
  const sp::Limits limits;
  sp::Context ctx(limits, input.size());
  Parsed p;
  p.ok = sp::d3d9::parse_program(input, 0, ctx, p.program);
  p.error = ctx.take_error();
  p.warnings = ctx.take_warnings();
  return p;
}

std::string listing(sp::Bytes input, bool& ok) {
  const sp::Limits limits;
  sp::TextBuffer out;
  std::optional<sp::Diagnostic> error;
  ok = sp::d3d9::write_listing(input, limits, out, error);
  return ok ? out.str() : error->to_string();
}

// The constant table the whole parse reached, read again from a copy of
// its comment alone (with the decode budget of the whole `file_size`). It
// runs on every input that reaches the table, accepted or not: a record
// read past the table's end stays inside the file, and the read goes on to
// fail at a later field (a member count taken from the next instruction),
// so checking accepted inputs only would need the bytes after the table to
// make a valid record. The whole read failed inside the table: the copy
// fails alike (unless the budget ran out, which the tokens before the
// table share); after it: the copy decodes, to the same table.
void check_table_alone(const Parsed& whole, size_t file_size) {
  for (const sp::d3d9::Comment& c : whole.program.comments) {
    if (c.data.size() < 4 || sp::load_le<uint32_t>(c.data.data()) != sp::d3d9::kCtabFourcc) continue;
    const std::vector<uint8_t> alone(c.data.begin() + 4, c.data.end());
    const sp::Limits limits;
    sp::Context ctx(limits, file_size);
    sp::d3d9::ConstantTable table;
    const sp::FieldPath root = sp::FieldPath::root("ctab");
    const bool ok = sp::d3d9::parse_constant_table(alone, c.offset + 8, root, ctx, table);
    const std::string why = ctx.error() ? ctx.error()->to_string() : "";
    const std::optional<sp::Diagnostic>& error = whole.error;
    if (error && error->path.starts_with("ctab")) {
      if (error->code != sp::Code::limit_exceeded)
        sp::fuzz::check(!ok && ctx.error() && *ctx.error() == *error, "the constant table fails otherwise from its own bytes",
                        why + " | " + error->to_string());
      return;
    }
    const sp::d3d9::ConstantTable& in_file = *whole.program.constants;
    sp::fuzz::check(ok && table.creator == in_file.creator && table.target == in_file.target &&
                        table.constants.size() == in_file.constants.size() &&
                        table.types.size() == in_file.types.size() && table.members.size() == in_file.members.size(),
                    "the constant table reads otherwise from its own bytes", why);
    return;
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const sp::Bytes input(data, size);
  const sp::fuzz::MisalignedCopy copy(input);
  const sp::Bytes moved = copy.bytes();

  bool listed = false, listed_moved = false;
  const std::string text = listing(input, listed);
  sp::fuzz::check(text == listing(moved, listed_moved) && listed == listed_moved,
                  "another alignment gives another listing");

  const auto [a, b] = sp::fuzz::parse_at_two_alignments(input, moved, parse);
  sp::fuzz::check(listed == a.ok, "the listing and the parse disagree", text);
  if (a.program.constants) check_table_alone(a, size);
  if (!a.ok) return 0;

  sp::fuzz::check_same_bytes(sp::d3d9::write_program(a.program), input, "write(parse(x)) is not x");
  sp::fuzz::check_description(sp::d3d9::describe(a.program));
  return 0;
}
