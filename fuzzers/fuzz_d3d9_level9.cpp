// fxc's Level9 part (Aon9, d3d9/level9.h) on raw bytes: parse_level9, the
// writer, its JSON description and the Level9 sections of fxc's listing.
// Properties:
//  - the same verdict, error and warnings, and the same listing, at
//    another alignment;
//  - an error has a known code (never internal_error) and an offset inside
//    the part;
//  - write(parse(x)) == x: the tables cover the part exactly once and the
//    program keeps every token;
//  - laid out again as fxc lays it out, the part lists the same;
//  - an accepted part describes and lists.
// The structure-aware mutator (support/level9_mutator.h) keeps the header
// consistent, so the fuzzer reaches the program and its debug information.
#include "d3d9/describe.h"
#include "d3d9/listing.h"
#include "support/fuzz_check.h"
#include "support/printer_checks.h"

namespace {

struct Parsed {
  bool ok = false;
  sp::d3d9::Level9 level9;
  std::optional<sp::Diagnostic> error;
  std::vector<sp::Diagnostic> warnings;
  std::string listing;
};

Parsed parse(sp::Bytes input) {
  const sp::Limits limits;
  sp::Context ctx(limits, input.size());
  Parsed p;
  p.ok = sp::d3d9::parse_level9(input, 0, ctx, p.level9);
  p.error = ctx.take_error();
  p.warnings = ctx.take_warnings();
  if (p.ok) {
    sp::TextBuffer out;
    sp::d3d9::list_level9(p.level9, out);
    p.listing = out.str();
  }
  return p;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const sp::Bytes input(data, size);
  const sp::fuzz::MisalignedCopy copy(input);
  const sp::Bytes moved = copy.bytes();

  const auto [a, b] = sp::fuzz::parse_at_two_alignments(input, moved, parse);
  sp::fuzz::check(a.listing == b.listing, "another alignment gives another listing");
  if (a.error) return 0;
  sp::fuzz::check_same_bytes(sp::d3d9::write_level9(a.level9), input, "write(parse(x)) is not x");
  sp::fuzz::check(a.listing.find("// Level9 shader bytecode:") != std::string::npos, "the listing has no program");
  // Laid out again as fxc lays a part out (lay_out, which builders and
  // the mutator use), the part reads back to the same tables and program,
  // where its tables fit 16-bit offsets that way.
  sp::d3d9::Level9 relaid = a.level9;
  sp::d3d9::lay_out(relaid);
  if (relaid.program_offset <= 0xFFFF) {
    const std::vector<uint8_t> bytes = sp::d3d9::write_level9(relaid);
    const Parsed c = parse(bytes);
    sp::fuzz::check(c.ok && c.listing == a.listing, "the part laid out as fxc lays it out reads otherwise",
                    c.error ? c.error->to_string() : "");
  }
  sp::fuzz::check_description(sp::d3d9::describe(a.level9));
  return 0;
}
