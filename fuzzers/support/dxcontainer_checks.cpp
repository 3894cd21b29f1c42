#include "support/dxcontainer_checks.h"

#include <cstring>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "dxcontainer/describe.h"
#include "dxcontainer/model_diff.h"
#include "dxcontainer/obj2yaml.h"
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

}  // namespace

dxc::ParseResult parse_at_two_alignments(Bytes input, const dxc::ParseOptions& options) {
  dxc::ParseResult first = dxc::parse_container(input, options);
  // A shift that changes with the input, so every residue mod 4 is tried.
  const size_t shift = 1 + input.size() % 3;
  const auto buffer = std::make_unique<uint8_t[]>(input.size() + shift);
  if (!input.empty()) std::memcpy(buffer.get() + shift, input.data(), input.size());
  const dxc::ParseResult second = dxc::parse_container(Bytes(buffer.get() + shift, input.size()), options);

  check_same_result(first, second, "at another alignment of the input");
  return first;
}

void check_reused_parser(Bytes input, const dxc::ParseResult& expected) {
  static dxc::Parser parser;  // lives across executions on purpose
  check_same_result(parser.parse(input), expected, "from a reused Parser and parse_container");
}

void check_round_trip(const dxc::Container& c) {
  // Unsigned and unverified: the digest is compared by neither property,
  // and four MD5 passes per input would halve the target's speed.
  dxc::WriteOptions unsigned_output;
  unsigned_output.sign = false;
  dxc::ParseOptions no_digest;
  no_digest.verify_digest = false;
  const std::vector<uint8_t> written = dxc::write_container(c, unsigned_output);
  const dxc::ParseResult back = dxc::parse_container(written, no_digest);
  check(back.ok(), "the writer's output of an accepted model does not parse", text_of(back.error));
  const std::string diff = dxc::semantic_diff(c, *back.container);
  check(diff.empty(), "write(parse(x)) parses to another model", diff);
  check(dxc::write_container(*back.container, unsigned_output) == written, "writing is not a fixed point after one pass");
}

void check_printers(const dxc::ParseResult& r) {
  const std::string json = dxc::describe(*r.container, r.warnings).dump();
  check(!json.empty(), "describe printed nothing");
  const std::string yaml = dxc::to_obj2yaml(*r.container);
  check(yaml.rfind("--- !dxcontainer", 0) == 0, "obj2yaml output does not start with its document tag", yaml);
}

}  // namespace sp::fuzz
