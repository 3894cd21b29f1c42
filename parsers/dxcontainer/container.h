// Parsing a whole DirectX container: header, part table, every part.
#pragma once

#include <optional>
#include <utility>
#include <vector>

#include "core/arena.h"
#include "core/diagnostic.h"
#include "core/limits.h"
#include "core/parse_result.h"
#include "core/strings.h"
#include "dxcontainer/model.h"
#include "dxcontainer/parts.h"

namespace sp::dxc {

struct ParseOptions {
  Limits limits;
  // Compute the retail digest and report digest_mismatch/digest_not_signed.
  // It reads every byte once more (MD5); benchmarks that compare against
  // readers which never check it turn it off.
  bool verify_digest = true;
  // Off by default: accept files as LLVM writes them where LLVM deviates
  // from DXC (obj2yaml-compatible dumps turn this on).
  PsvQuirks psv_quirks;
};

struct ParsedContainer {
  std::optional<Container> container;  // set exactly when there is no error
};
using ParseResult = sp::ParseResultOf<ParsedContainer>;

// One parse whose result owns its storage (on the heap).
[[nodiscard]] ParseResult parse_container(Bytes input, const ParseOptions& options = {});

// A parser for many inputs, after simdjson's dom::parser: it keeps the
// storage of its results (an Arena) and reuses it, so once it has parsed
// inputs like the next one, a parse allocates nothing unless it reports a
// diagnostic. It validates exactly what parse_container does and reports
// the same.
//
//   Parser parser(options);
//   for (Bytes file : files) {
//     const ParseResult& r = parser.parse(file);
//     ...
//   }
//
// The result is valid until the next parse() and as long as its input.
// Copying the result (or its container) makes one that owns its storage
// on the heap; moving out of it is not possible (it is const). One
// exception, as for any copy of a model: SourceFile::content of zlib SRCI
// sources still views the original's SourceInfo::inflated, so it is valid
// only until the next parse. A parser keeps the storage of the largest
// input it has parsed; parse inputs one at a time per parser.
class Parser {
 public:
  explicit Parser(ParseOptions options = {}) : options_(std::move(options)) {}

  [[nodiscard]] const ParseResult& parse(Bytes input);

 private:
  ParseOptions options_;
  Arena arena_;  // declared before result_: the result lives in it
  ParseResult result_;
};

// The container layer alone: the header and every part's fourcc, offset,
// size and bytes, each part raw (its content neither decoded nor checked,
// no layout findings). Nothing when parse_container would reject the header
// or the part table. For tools that rearrange parts, such as the fuzzers'
// structure-aware mutator.
[[nodiscard]] std::optional<Container> read_container_layer(Bytes input, const Limits& limits = {});

inline constexpr uint32_t kMagic = make_fourcc('D', 'X', 'B', 'C');

// True when the input starts with the DXBC magic (it may still be short).
[[nodiscard]] bool looks_like_container(Bytes input);

// The header fields, from the header alone: for readers of damaged files
// (identify, digest, the truncate sweep). Nothing when the input is not a
// container or shorter than the header.
[[nodiscard]] std::optional<Header> read_header(Bytes input);
// Entry `i` of the part offset table, when the input holds it.
[[nodiscard]] std::optional<uint32_t> part_offset(Bytes input, uint32_t i);

}  // namespace sp::dxc
