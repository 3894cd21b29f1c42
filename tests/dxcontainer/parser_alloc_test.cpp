// Parser's promise: once it has seen inputs like the next one, a parse
// that reports nothing allocates nothing. This program replaces the global
// operator new to count (its own executable, so no other test pays for it).
#include <gtest/gtest.h>

#include <atomic>
#include <cstdlib>
#include <new>

#include "dxcontainer/container.h"
#include "support/test_files.h"

namespace {
std::atomic<long> g_allocations{0};
}  // namespace

void* operator new(std::size_t size) {
  ++g_allocations;
  if (void* p = std::malloc(size == 0 ? 1 : size)) return p;
  throw std::bad_alloc();
}
void operator delete(void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }

namespace sp::dxc {
namespace {

TEST(ParserAllocations, SteadyStateAllocatesNothing) {
  // The committed valid cases make sure a checkout without
  // ../shared/external still has containers that parse without a finding.
  std::vector<std::filesystem::path> paths = test::all_containers();
  for (const auto& p : test::committed_containers("y_")) paths.push_back(p);
  std::vector<std::vector<uint8_t>> files;
  for (const auto& p : paths) files.push_back(test::read_file(p));

  Parser parser;
  for (const auto& f : files) (void)parser.parse(f);  // warm up
  size_t quiet = 0;
  for (size_t i = 0; i < files.size(); ++i) {
    const long before = g_allocations.load();
    const ParseResult& r = parser.parse(files[i]);
    const long allocations = g_allocations.load() - before;
    // Diagnostics are strings: only parses that report nothing count.
    if (!r.ok() || !r.warnings.empty()) continue;
    ++quiet;
    EXPECT_EQ(allocations, 0) << paths[i];
  }
  EXPECT_GT(quiet, 0u);
  RecordProperty("quiet_parses", static_cast<int>(quiet));
}

}  // namespace
}  // namespace sp::dxc
