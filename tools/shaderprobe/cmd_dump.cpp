#include <iostream>

#include "bitcode/bcanalyzer.h"
#include "bitcode/describe.h"
#include "bitstream/wrapper.h"
#include "commands.h"
#include "core/strings.h"
#include "dxcontainer/container.h"
#include "dxcontainer/obj2yaml.h"
#include "dxil/describe.h"
#include "input.h"
#include "json_yaml.h"

namespace sp::cli {
namespace {

// llvm-bcanalyzer's dump of a bitcode file, or of the DXIL part's bitcode of
// a DXContainer (offsets in errors count from the start of the container).
int dump_bcanalyzer(const std::vector<uint8_t>& data, const Limits& limits) {
  Bytes bitcode = data;
  uint64_t base = 0;
  if (dxc::looks_like_container(data)) {
    dxc::ParseOptions options;
    options.limits = limits;
    dxc::ParseResult r = dxc::parse_container(data, options);
    if (!r.ok()) {
      print_error(*r.error);
      return kMalformed;
    }
    const dxc::Program* program = nullptr;
    for (const dxc::Part& p : r.container->parts)
      if (p.fourcc == make_fourcc('D', 'X', 'I', 'L') && (program = dxc::content_if<dxc::Program>(p))) break;
    if (program == nullptr) {
      std::cerr << "error: the container has no DXIL part to dump as bitcode\n";
      return kUsage;
    }
    bitcode = program->bitcode;
    // SAFETY: program->bitcode is a subspan of `data` (the parser never copies).
    base = static_cast<uint64_t>(program->bitcode.data() - data.data());
  }
  Context ctx(limits, data.size());
  TextBuffer out;
  if (!bitcode::dump_bcanalyzer(bitcode, ctx, out, base)) {
    print_error(*ctx.error());
    return kMalformed;
  }
  out.for_each_piece([](std::string_view piece) { std::cout.write(piece.data(), static_cast<std::streamsize>(piece.size())); });
  return kOk;
}

}  // namespace

void add_dump(CLI::App& app, Runner& run) {
  struct Options {
    std::string file;
    std::string format = "yaml";
    Limits limits;
  };
  auto o = std::make_shared<Options>();
  auto* cmd = app.add_subcommand("dump", "Print the decoded contents of a file");
  cmd->add_option("file", o->file, "Input file ('-' for stdin)")->required();
  cmd->add_option("--format", o->format,
                  "yaml (every decoded field; a DXContainer's DXIL and ILDB bitcode decoded beside its part), "
                  "json (the same as JSON), obj2yaml (byte-identical to LLVM 22's obj2yaml for DXContainers it "
                  "accepts; the container layer alone, as obj2yaml reads it), bcanalyzer (byte-identical to llvm-bcanalyzer-22 -dump "
                  "up to its Summary, for LLVM bitcode, wrapped bitcode and the DXIL part of a DXContainer)")
      ->check(CLI::IsMember({"yaml", "json", "obj2yaml", "bcanalyzer"}))
      ->capture_default_str();
  add_limit_options(*cmd, o->limits);
  cmd->footer("Exit 0 dumped, 1 malformed (nothing is printed on stdout), 2 usage or I/O error.");
  cmd->callback([&run, o] {
    run = [o] {
      auto data = read_input(o->file);
      if (!data) return int{kUsage};
      if (o->format == "bcanalyzer") return dump_bcanalyzer(*data, o->limits);
      if (bitstream::looks_like_bitcode(*data) || bitstream::has_wrapper(*data)) {
        if (o->format == "obj2yaml") {
          std::cerr << "error: --format=obj2yaml is for DXContainers; bitcode has yaml, json and bcanalyzer\n";
          return int{kUsage};
        }
        bitcode::ParseResult b = bitcode::parse_bitcode(*data, o->limits);
        if (!b.ok()) {
          print_error(*b.error);
          return int{kMalformed};
        }
        const auto tree = bitcode::describe(*b.file, b.warnings);
        std::cout << (o->format == "json" ? tree.dump(2) + "\n" : json_to_yaml(tree).document(""));
        return int{kOk};
      }
      dxc::ParseOptions options;
      options.limits = o->limits;
      if (o->format == "obj2yaml") {
        // The container layer alone, as obj2yaml-22 reads it.
        dxc::ParseResult r = dxc::parse_container(*data, dxc::with_llvm_quirks(options));
        if (!r.ok()) {
          print_error(*r.error);
          return int{kMalformed};
        }
        std::cout << dxc::to_obj2yaml(*r.container);
        return int{kOk};
      }
      // The DXIL / ILDB bitcode, decoded by the IR layer, beside its part.
      const dxil::ShaderFile f = dxil::parse_shader_file(*data, options);
      if (!f.ok()) {
        print_error(*f.error);
        return int{kMalformed};
      }
      const auto tree = dxil::describe(f);
      std::cout << (o->format == "json" ? tree.dump(2) + "\n" : json_to_yaml(tree).document(""));
      return int{kOk};
    };
  });
}

}  // namespace sp::cli
