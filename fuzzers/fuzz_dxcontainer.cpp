// The whole DirectX container: header, part table, every part parser, and
// three properties:
//  - the same output at two alignments of the input, and from a Parser
//    reused across inputs as from parse_container;
//  - write(parse(x)) parses to the same model, and writing is a fixed point.
// (The printers have their own target, fuzz_dump.)
//
// Under libFuzzer it mutates structurally (support/dxcontainer_mutator.h).
// fuzz_dxcontainer_bytes is the same target without the custom mutator
// (it names no MUTATOR in dxcontainer.cmake), to measure what it is worth against plain
// byte mutation from the same seeds.
#include "support/dxcontainer_checks.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const sp::Bytes input(data, size);
  const sp::dxc::ParseResult r = sp::fuzz::parse_and_cross_check(input);
  if (!r.ok()) return 0;
  sp::fuzz::check_round_trip(*r.container);
  return 0;
}
