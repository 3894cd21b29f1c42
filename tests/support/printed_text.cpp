#include "support/printed_text.h"

#include <gtest/gtest.h>

#include "conformance/adapters.h"
#include "core/json_yaml.h"
#include "core/strings.h"
#include "formats/read.h"
#include "formats/registry.h"
#include "support/test_files.h"

namespace sp::test {
namespace {

// The first byte of `text` a printer must not leave raw, or npos: a
// control character but a line break.
size_t raw_control(std::string_view text) {
  for (size_t i = 0; i < text.size(); ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    if ((c < 0x20 && c != '\n') || c == 0x7F) return i;
  }
  return std::string_view::npos;
}

std::string around(std::string_view text, size_t at) {
  const size_t from = at > 40 ? at - 40 : 0;
  return utf8_text(text.substr(from, 80));
}

void expect_no_raw_control(std::string_view text, const std::string& what) {
  const size_t at = raw_control(text);
  EXPECT_EQ(at, std::string_view::npos) << what << ": a raw control character at " << at << ": "
                                        << (at == std::string_view::npos ? "" : around(text, at));
}

// The peer whose output is compared with dump `name` of `format`, when it
// is installed.
std::optional<conform::AdapterConfig> peer_of(const formats::Format& format, std::string_view name) {
  for (const formats::Peer& p : format.peers)
    if (p.output == name)
      if (auto a = conform::builtin_adapter(std::string(p.name)); a && conform::adapter_available(*a)) return a;
  return std::nullopt;
}

}  // namespace

void expect_printers_hold(Bytes file, const std::string& what) {
  std::optional<std::string> problem;
  EXPECT_NO_THROW(problem = formats::printer_problem(file)) << what;
  EXPECT_EQ(problem, std::nullopt) << what;

  const formats::Format& format = formats::reader_for(file);
  expect_no_raw_control(format.identify(file), what + ": identify");
  const formats::FileRead r = formats::read(format, file);
  if (r.ok()) {
    std::string json, yaml;
    ASSERT_NO_THROW(json = formats::describe(r).dump(2)) << what;
    ASSERT_NO_THROW(yaml = json_to_yaml(formats::describe(r)).document("")) << what;
    expect_no_raw_control(json, what + ": json");
    expect_no_raw_control(yaml, what + ": yaml");
  }

  const TempFile copy("printed_text", file);
  for (const std::string& name : formats::dump_names(format)) {
    if (name == "json" || name == "yaml") continue;
    const std::optional<formats::DumpRoute> route = formats::route_dump(format, name);
    if (!route) continue;
    TextBuffer text;
    if (!formats::write_dump(format, *route, file, {}, text).ok) continue;
    const std::string out = text.str();
    const std::string where = what + ": dump --format=" + name;
    if (const auto peer = peer_of(*route->owner, name); peer && !route->through_payload) {
      const conform::AdapterOutcome theirs = conform::run_adapter(*peer, copy.path());
      if (theirs.verdict == conform::Verdict::accept) {
        EXPECT_EQ(out, theirs.out) << where << " differs from " << peer->name;
      }
    } else if (name == "fxc" || name == "pica") {
      expect_no_raw_control(out, where);
    }
  }
}

}  // namespace sp::test
