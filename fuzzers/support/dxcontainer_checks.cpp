#include "support/dxcontainer_checks.h"

#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "dxcontainer/describe.h"
#include "dxcontainer/model_diff.h"
#include "dxcontainer/obj2yaml.h"
#include "dxcontainer/writer.h"
#include "support/fuzz_check.h"

namespace sp::fuzz {
namespace {

std::string text_of(const std::optional<Diagnostic>& d) { return d ? d->to_string() : "(none)"; }

}  // namespace

dxc::ParseResult parse_at_two_alignments(Bytes input, const dxc::ParseOptions& options) {
  dxc::ParseResult first = dxc::parse_container(input, options);
  // A shift that changes with the input, so every residue mod 4 is tried.
  const size_t shift = 1 + input.size() % 3;
  const auto buffer = std::make_unique<uint8_t[]>(input.size() + shift);
  if (!input.empty()) std::memcpy(buffer.get() + shift, input.data(), input.size());
  const dxc::ParseResult second = dxc::parse_container(Bytes(buffer.get() + shift, input.size()), options);

  check(first.error == second.error, "the error depends on the input's alignment",
        text_of(first.error) + "\nvs\n" + text_of(second.error));
  check(first.warnings == second.warnings, "the warnings depend on the input's alignment");
  if (first.ok()) {
    const std::string diff = dxc::exact_diff(*first.container, *second.container);
    check(diff.empty(), "the model depends on the input's alignment", diff);
  }
  return first;
}

void check_reused_parser(Bytes input, const dxc::ParseResult& expected) {
  static dxc::Parser parser;  // lives across executions on purpose
  const dxc::ParseResult& r = parser.parse(input);
  check(r.error == expected.error, "a reused Parser and parse_container report different errors",
        text_of(r.error) + "\nvs\n" + text_of(expected.error));
  check(r.warnings == expected.warnings, "a reused Parser and parse_container report different warnings");
  if (r.ok()) {
    const std::string diff = dxc::exact_diff(*r.container, *expected.container);
    check(diff.empty(), "a reused Parser and parse_container build different models", diff);
  }
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
