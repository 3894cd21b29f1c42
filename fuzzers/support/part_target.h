// Part-level targets: one part parser on the input's own bytes, with no
// container around it, so the fuzzer spends its time inside the part's
// structure instead of rediscovering the container header (a part target
// reaches deep code far faster than fuzz_dxcontainer).
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "core/bytes.h"
#include "core/diagnostic.h"
#include "dxcontainer/model_diff.h"
#include "dxcontainer/parts.h"
#include "dxcontainer/writer.h"
#include "support/fuzz_check.h"

namespace sp::fuzz {

// Parses `data` as the content of a `fourcc` part with `parse(scope, out)`
// (a lambda around one of the parsers in dxcontainer/parts.h). Checks that
// the parser's result agrees with its Context, and, with `round_trip`, that
// a part it accepts survives encode_part -> parse with the same meaning
// (the writer writes the DXC layout, so parses with a quirk skip it).
template <typename T, typename Parse>
void run_part(uint32_t fourcc, Bytes data, Parse parse, bool round_trip = true) {
  const Limits limits;
  const FieldPath root = FieldPath::root();
  auto parse_part = [&](Bytes bytes, dxc::Container& into) {
    Context ctx(limits, bytes.size());
    T value;
    const bool ok = parse(dxc::PartScope{bytes, 0, root, ctx, /*arena: the heap*/ nullptr}, value);
    check(ok != ctx.failed(), "the parser's return value disagrees with its Context",
          ctx.error() ? ctx.error()->to_string() : "returned false without an error");
    if (!ok) return std::string(ctx.error()->to_string());
    dxc::Part& p = into.parts.emplace_back();
    p.fourcc = fourcc;
    p.size = static_cast<uint32_t>(bytes.size());
    p.data = bytes;
    p.content = std::move(value);
    return std::string();
  };

  dxc::Container original;
  if (!parse_part(data, original).empty() || !round_trip) return;
  const std::vector<uint8_t> written = dxc::encode_part(original.parts[0]);
  dxc::Container back;
  const std::string error = parse_part(written, back);
  check(error.empty(), "encode_part's output of an accepted part does not parse", error);
  const std::string diff = dxc::semantic_diff(original, back);
  check(diff.empty(), "encode_part(parse(x)) parses to another part", diff);
}

}  // namespace sp::fuzz
