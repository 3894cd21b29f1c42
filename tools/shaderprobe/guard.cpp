#include "guard.h"

#include <exception>
#include <new>

#include "core/strings.h"

namespace sp::cli {

int run_guarded(const std::function<int()>& run, const std::string& file, std::ostream& err) {
  // Both are printed on one line whatever bytes they hold.
  auto where = [&] { return file.empty() ? std::string("shaderprobe") : utf8_text(file, false); };
  try {
    return run();
  } catch (const std::bad_alloc&) {
    // Not a bug: the file needs more memory than the process may have.
    err << where() << ": error: out of memory: the input needs more than this process may allocate\n";
  } catch (const std::exception& e) {
    err << where() << ": error: internal_error: " << utf8_text(e.what(), false)
        << " (a bug in shaderprobe: please report it with this file)\n";
  }
  return 2;
}

}  // namespace sp::cli
