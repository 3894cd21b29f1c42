// shaderprobe: identify, check, dump and sign shader binaries; run conformance suites.
#include <CLI/CLI.hpp>
#include <iostream>

#include "commands.h"
#include "guard.h"
#include "input.h"

int main(int argc, char** argv) {
  CLI::App app{"shaderprobe: hardened readers for shader binaries ('shaderprobe formats' lists the formats)", "shaderprobe"};
  app.require_subcommand(1);
  app.set_version_flag("--version", "shaderprobe " SP_VERSION);
  app.footer(
      "Exit status: 0 success, 1 malformed input (one 'error: <code> at <offset>: ...' line on stderr), "
      "2 usage or I/O error. Run 'shaderprobe <command> --help' for each command.");

  sp::cli::Runner run;
  sp::cli::add_identify(app, run);
  sp::cli::add_check(app, run);
  sp::cli::add_dump(app, run);
  sp::cli::add_digest(app, run);
  sp::cli::add_codes(app, run);
  sp::cli::add_conform(app, run);
  sp::cli::add_formats(app, run);

  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    app.exit(e);
    return sp::cli::kUsage;
  }
  const int status = sp::cli::run_guarded(run, sp::cli::current_input(), std::cerr);
  // A dump cut short (a full disk, a closed pipe) is an I/O error, not a
  // success: what reached stdout is not the whole answer.
  if (!std::cout.flush()) {
    std::cerr << "error: cannot write to standard output\n";
    return sp::cli::kUsage;
  }
  return status;
}
