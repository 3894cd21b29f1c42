// Scratch build of scripts/mutants --random only (hook.cmake): records
// which sites each GoogleTest test reached (the shaderprobe processes it
// starts write the same mapped trace), labelled Suite.Name.
#include <gtest/gtest.h>

#include <string>

#include "sp_mutant.h"

namespace {

class Trace : public testing::EmptyTestEventListener {
  void OnTestStart(const testing::TestInfo&) override { sp_mutant::end_unit("init"); }
  void OnTestEnd(const testing::TestInfo& info) override {
    sp_mutant::end_unit((std::string(info.test_suite_name()) + "." + info.name()).c_str());
  }
};

const bool registered = [] {
  testing::UnitTest::GetInstance()->listeners().Append(new Trace);
  return true;
}();

}  // namespace
