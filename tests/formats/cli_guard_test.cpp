// What the shaderprobe tool does with an exception that escapes a command:
// one line naming the file being read when it came, exit 2.
#include <gtest/gtest.h>

#include <new>
#include <sstream>
#include <stdexcept>

#include "guard.h"

namespace sp::cli {
namespace {

TEST(CliGuard, AnExceptionIsAnInternalErrorNamingTheFileReadWhenItCame) {
  std::string file = "first.dxbc";
  std::ostringstream err;
  const int status = run_guarded(
      [&]() -> int {
        file = "crash\xE8.dxbc";  // the command moved on to another input
        throw std::runtime_error("[json.exception.type_error.316] invalid UTF-8 byte at index 1: 0x52");
      },
      file, err);
  EXPECT_EQ(status, 2);
  EXPECT_EQ(err.str(),
            "crash\\xE8.dxbc: error: internal_error: [json.exception.type_error.316] invalid UTF-8 byte at index 1: "
            "0x52 (a bug in shaderprobe: please report it with this file)\n");
}

TEST(CliGuard, RunningOutOfMemoryIsNotCalledABug) {
  std::ostringstream err;
  EXPECT_EQ(run_guarded([]() -> int { throw std::bad_alloc(); }, "big.bc", err), 2);
  EXPECT_EQ(err.str(), "big.bc: error: out of memory: the input needs more than this process may allocate\n");
}

TEST(CliGuard, WithoutAFileTheToolIsNamedAndACleanRunKeepsItsStatus) {
  std::ostringstream err;
  EXPECT_EQ(run_guarded([]() -> int { throw std::logic_error("x"); }, "", err), 2);
  EXPECT_EQ(err.str().rfind("shaderprobe: error: internal_error: x", 0), 0u) << err.str();
  std::ostringstream quiet;
  EXPECT_EQ(run_guarded([] { return 1; }, "a", quiet), 1);
  EXPECT_TRUE(quiet.str().empty());
}

}  // namespace
}  // namespace sp::cli
