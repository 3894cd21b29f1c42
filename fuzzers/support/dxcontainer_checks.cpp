#include "support/dxcontainer_checks.h"

#include <cstring>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "dxcontainer/model_diff.h"
#include "dxcontainer/writer.h"
#include "support/fuzz_check.h"

namespace sp::fuzz {
namespace {

std::string text_of(const std::optional<Diagnostic>& d) { return d ? d->to_string() : "(none)"; }

// Two parses of the same bytes report the same error, warnings and model;
// `how` says how they differed in what they were given.
void check_same_result(const dxc::ParseResult& a, const dxc::ParseResult& b, std::string_view how) {
  const std::string what(how);
  check(a.error == b.error, "different errors " + what, text_of(a.error) + "\nvs\n" + text_of(b.error));
  check(a.warnings == b.warnings, "different warnings " + what);
  if (a.ok()) {
    const std::string diff = dxc::exact_diff(*a.container, *b.container);
    check(diff.empty(), "different models " + what, diff);
  }
}

dxc::ParseOptions without_digest() {
  dxc::ParseOptions options;
  options.verify_digest = false;
  return options;
}

// A Parser holds its last input's diagnostics until its next parse. Each
// execution has to free as many blocks as it allocates, or libFuzzer
// suspects a leak and re-runs the input under LeakSanitizer (a fifth of the
// target's time); so every check leaves the same fixed result behind.
void settle(dxc::Parser& parser) { (void)parser.parse({}); }

}  // namespace

dxc::ParseResult parse_and_cross_check(Bytes input) {
  dxc::ParseResult first = dxc::parse_container(input);
  // A shift that changes with the input, so every residue mod 4 is tried.
  const size_t shift = 1 + input.size() % 3;
  const auto buffer = std::make_unique<uint8_t[]>(input.size() + shift);
  if (!input.empty()) std::memcpy(buffer.get() + shift, input.data(), input.size());
  static dxc::Parser parser;  // lives across executions on purpose
  check_same_result(first, parser.parse(Bytes(buffer.get() + shift, input.size())),
                    "from a reused Parser at another alignment of the input and parse_container");
  settle(parser);
  return first;
}

void check_round_trip(const dxc::Container& c) {
  // Unsigned and unverified: the digest is compared by neither property,
  // and four MD5 passes per input would halve the target's speed.
  dxc::WriteOptions unsigned_output;
  unsigned_output.sign = false;
  const std::vector<uint8_t> written = dxc::write_container(c, unsigned_output);
  static dxc::Parser parser(without_digest());
  const dxc::ParseResult& back = parser.parse(written);
  check(back.ok(), "the writer's output of an accepted model does not parse", text_of(back.error));
  const std::string diff = dxc::semantic_diff(c, *back.container);
  check(diff.empty(), "write(parse(x)) parses to another model", diff);
  check(dxc::write_container(*back.container, unsigned_output) == written, "writing is not a fixed point after one pass");
  settle(parser);
}

}  // namespace sp::fuzz
