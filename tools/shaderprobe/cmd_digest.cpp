#include <cstdio>
#include <iostream>

#include "commands.h"
#include "core/strings.h"
#include "dxcontainer/container.h"
#include "dxcontainer/digest.h"
#include "input.h"

namespace sp::cli {
namespace {

std::string hex(const dxc::Digest& d) {
  std::string out;
  for (uint8_t b : d) out += strprintf("%02x", b);
  return out;
}

bool write_output(const std::string& path, const std::vector<uint8_t>& data) {
  FILE* f = path == "-" ? stdout : std::fopen(path.c_str(), "wb");
  if (f == nullptr) {
    std::cerr << "error: cannot write " << path << "\n";
    return false;
  }
  const bool ok = std::fwrite(data.data(), 1, data.size(), f) == data.size();
  if (f != stdout) std::fclose(f);
  if (!ok) std::cerr << "error: cannot write " << path << "\n";
  return ok;
}

}  // namespace

void add_digest(CLI::App& app, Runner& run) {
  struct Options {
    std::string file;
    bool fix = false;
    std::string output;
  };
  auto o = std::make_shared<Options>();
  auto* cmd = app.add_subcommand("digest", "Show the stored and computed container digest; re-sign with --fix");
  cmd->add_option("file", o->file, "Input container")->required();
  cmd->add_flag("--fix", o->fix, "Store the computed digest (in place, or into --output)");
  cmd->add_option("-o,--output", o->output, "With --fix: write the re-signed container here instead");
  cmd->footer(
      "First line: match, mismatch, unsigned (all zero), bypass (16 x 01) or preview (16 x 02); then the stored "
      "and computed digests. The digest covers bytes [20, FileSize). Exit 0 when the digest could be computed "
      "(the parts need not be valid), 1 when the input has no container header, 2 usage or I/O error.");
  cmd->callback([&run, o] {
    run = [o] {
      auto data = read_input(o->file);
      if (!data) return int{kUsage};
      const std::optional<dxc::Header> header = dxc::read_header(*data);
      if (!header) {
        const FieldPath root = FieldPath::root();
        const FieldPath at = root.field("header");
        print_error(o->file, Diagnostic{dxc::looks_like_container(*data) ? Code::truncated : Code::not_a_container, 0,
                               at.str(), "no DXBC container header"});
        return int{kMalformed};
      }
      const dxc::Digest& stored = header->digest;
      const dxc::Digest computed = dxc::compute_digest(dxc::signed_extent(*data));
      std::cout << dxc::digest_state_name(dxc::classify_digest(stored, computed)) << "\n"
                << "stored:   " << hex(stored) << "\n"
                << "computed: " << hex(computed) << "\n";
      if (o->fix) {
        dxc::sign_container(*data);
        if (!write_output(o->output.empty() ? o->file : o->output, *data)) return int{kUsage};
      }
      return int{kOk};
    };
  });
}

}  // namespace sp::cli
