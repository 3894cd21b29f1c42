#include <iostream>

#include "commands.h"
#include "dxcontainer/container.h"
#include "dxcontainer/describe.h"
#include "dxcontainer/obj2yaml.h"
#include "input.h"
#include "json_yaml.h"

namespace sp::cli {

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
                  "yaml (every decoded field), json (the same as JSON), obj2yaml (byte-identical to LLVM 22's "
                  "obj2yaml for DXContainers it accepts)")
      ->check(CLI::IsMember({"yaml", "json", "obj2yaml"}))
      ->capture_default_str();
  add_limit_options(*cmd, o->limits);
  cmd->footer("Exit 0 dumped, 1 malformed (nothing is printed on stdout), 2 usage or I/O error.");
  cmd->callback([&run, o] {
    run = [o] {
      auto data = read_input(o->file);
      if (!data) return int{kUsage};
      dxc::ParseOptions options;
      options.limits = o->limits;
      if (o->format == "obj2yaml") options = dxc::with_llvm_quirks(options);
      dxc::ParseResult r = dxc::parse_container(*data, options);
      if (!r.ok()) {
        print_error(*r.error);
        return int{kMalformed};
      }
      if (o->format == "obj2yaml") {
        std::cout << dxc::to_obj2yaml(*r.container);
      } else {
        const auto tree = dxc::describe(*r.container, r.warnings);
        std::cout << (o->format == "json" ? tree.dump(2) + "\n" : json_to_yaml(tree).document(""));
      }
      return int{kOk};
    };
  });
}

}  // namespace sp::cli
