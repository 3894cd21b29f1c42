// The LLVM IR layer (bitcode/module.h) and the printers behind `dump` of
// bitcode on raw bytes: parse_bitcode, `dump --format=bcanalyzer`
// (dump_bcanalyzer) and `dump --format=json|yaml` (describe, rendered as
// JSON and through the YAML renderer every dump uses). Properties:
//  - the same model verdict, error and warnings, and the same bcanalyzer
//    text, at another alignment;
//  - an error has a known code, an offset inside the input and a path;
//  - a file the IR layer accepts is a stream the bitstream walker accepts.
// Shares the structure-aware mutator of fuzz_bitstream.
#include "bitcode/bcanalyzer.h"
#include "bitcode/describe.h"
#include "bitstream/walk.h"
#include "support/bitstream_checks.h"
#include "support/fuzz_check.h"
#include "support/printer_checks.h"

namespace {

struct Dumped {
  bool ok = false;
  std::string text;
  std::optional<sp::Diagnostic> error;
};

Dumped bcanalyzer(sp::Bytes input) {
  const sp::Limits limits;
  sp::Context ctx(limits, input.size());
  Dumped d;
  d.ok = sp::bitcode::dump_bcanalyzer(input, ctx, d.text);
  d.error = ctx.take_error();
  return d;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const sp::Bytes input(data, size);
  const sp::fuzz::MisalignedCopy copy(input);
  const sp::Bytes moved = copy.bytes();

  const sp::bitcode::ParseResult r = sp::bitcode::parse_bitcode(input);
  const sp::bitcode::ParseResult r2 = sp::bitcode::parse_bitcode(moved);
  sp::fuzz::check_same_diagnostics(r.error, r.warnings, r2.error, r2.warnings);
  sp::fuzz::check(r.file.has_value() != r.error.has_value(), "a parse must end in a model or in one error");
  if (r.error) sp::fuzz::check_error_shape(*r.error, input);

  const Dumped d = bcanalyzer(input);
  const Dumped d2 = bcanalyzer(moved);
  sp::fuzz::check(d.ok == d2.ok && d.text == d2.text && d.error == d2.error,
                  "another alignment gives another bcanalyzer dump");
  sp::fuzz::check(d.ok != d.error.has_value(), "a dump must end in text or in one error");
  if (d.error) sp::fuzz::check_error_shape(*d.error, input);

  if (r.ok()) {
    const sp::Limits limits;
    sp::Context ctx(limits, size);
    sp::fuzz::check(sp::bitstream::walk_file(input, ctx).has_value(), "the IR layer accepts what the walker rejects",
                    ctx.error() ? ctx.error()->to_string() : "");
    sp::fuzz::check_description(sp::bitcode::describe(*r.file, r.warnings));
  }
  return 0;
}
