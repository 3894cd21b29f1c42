// A file read whole through the registry, as check, dump, conform and the
// fuzzers read it: its format's own layer, then each payload of another
// format (a DXIL part's bitcode) by the format registered for it, with the
// payload's diagnostics moved under the host's path
// (parts[3].DXIL.bitcode.<path>), and what the payload's format finds
// against its host (Format::check_in_host). Embedding is followed one
// level deep: payloads of an embedded format are not read again.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "formats/format.h"

namespace sp::formats {

struct EmbeddedRead {
  const Format* format = nullptr;
  Payload payload;
  Decoded decoded;
};

struct FileRead {
  const Format* format = nullptr;
  Decoded top;                     // the format's own layer
  std::vector<EmbeddedRead> embedded;  // once `top` decoded, in payload order
  // The whole file's findings: top's error, else the first payload's; top's
  // warnings, then each payload's.
  std::optional<Diagnostic> error;
  std::vector<Diagnostic> warnings;
  [[nodiscard]] bool ok() const { return !error.has_value(); }
};

// A format that is not supported() ends in unsupported_format.
[[nodiscard]] FileRead read(const Format& format, Bytes input, const Options& options = {});

// What `check --profile=<profile>` reports for `r`: its error, else the
// first of its warnings the profile rejects; nothing when it passes.
[[nodiscard]] std::optional<Diagnostic> error_under(const FileRead& r, std::string_view profile);

// Every structure boundary of `r` (Format::boundaries) as offsets in
// `input`, the file `r` read: its format's, then each payload's moved to
// where the payload lies; sorted, each once.
[[nodiscard]] std::vector<uint64_t> boundaries(const FileRead& r, Bytes input);

// `dump --format=json`: the top layer's description with each payload's
// under the format's name at the payload's place. `r` must be ok().
[[nodiscard]] nlohmann::ordered_json describe(const FileRead& r);

// The dump `name` of a file of `format`: the format's own, or, when an
// embedded format offers it, that format's of the first payload of its
// first tag (Embedding). Several formats may offer one name for one kind of
// output (`fxc`: fxc's listing of a DXBC container, through its chunks, and
// of Direct3D 9 bytecode): the format that read the file is asked first, so
// each file gets its own format's dump.
struct DumpRoute {
  const Dump* dump = nullptr;
  const Format* owner = nullptr;  // the format that offers it
  bool through_payload = false;
};
[[nodiscard]] std::optional<DumpRoute> route_dump(const Format& format, std::string_view name);

// Each dump `format` offers, of the whole `input`: its text, or the error
// that ended it (the conformance worker, the misalign sweep and fuzz_dump
// compare or check all of them).
struct DumpText {
  std::string_view name;
  bool ok = false;
  std::string text;
  std::optional<Diagnostic> error;
};
[[nodiscard]] std::vector<DumpText> write_every_dump(const Format& format, Bytes input, const Options& options = {});

// The dump `name` that `format` offers itself, or null.
[[nodiscard]] const Dump* offered_dump(const Format& format, std::string_view name);

// The first format, in registry order, that offers dump `name` itself (not
// through a payload), or null: it reads an input no probe recognises when
// that dump is asked for (the bcanalyzer dump of a bitstream with another
// magic), and gives the name's peer_output_ends_at, on which formats
// sharing a name agree (the registry test checks it).
[[nodiscard]] const Format* format_offering_dump(std::string_view name);

// Every dump name offered by any format, yaml and json first.
[[nodiscard]] std::vector<std::string> dump_names();
// The dumps of one format: yaml, json and its own (none when it is not
// supported).
[[nodiscard]] std::vector<std::string> dump_names(const Format& format);

// Runs the dump `route` (of a supported `format`) of `input` into `out`. Fails with the parse error
// of the host layer, or with `missing` set when the host holds no payload
// for the dump's format.
struct DumpOutcome {
  bool ok = false;
  std::optional<Diagnostic> error;
  std::string missing;  // "no DXIL part" (usage, not malformed input)
};
[[nodiscard]] DumpOutcome write_dump(const Format& format, const DumpRoute& route, Bytes input,
                                   const Options& options, TextBuffer& out);

// Every printer of `identify` and `dump` on the whole `input`, as the CLI
// runs them: the identify line; json and yaml of the whole read, when it
// accepts; every other dump offered for the input's format, its own or
// through a payload (bcanalyzer of a DXIL part). Each must end in text or
// in one error: nothing when they do, else what did not. A printer that
// throws (a bug, such as text nlohmann's dump() cannot encode) is not
// caught here: fuzz_dump crashes on it, and `conform` reports it.
[[nodiscard]] std::optional<std::string> printer_problem(Bytes input);

}  // namespace sp::formats
