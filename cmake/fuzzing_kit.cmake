# The installed fuzzing kit (fuzzers/kit/, docs/fuzz-your-loader.md): the
# structure-aware mutators as shared libraries a user's own fuzz target
# links (shaderprobe::fuzzing) or AFL++ loads (AFL_CUSTOM_MUTATOR_LIBRARY).
# A shared library links every parser library into itself, so they are
# built position-independent wherever the kit is. GCC's default PIE code
# cannot go into a shared object and would need that too; the kit is built
# by default by the clang presets that link no fuzzing engine and measure
# no coverage (release, asan): the kit is not a fuzz target, and a mutator instrumented for
# coverage would feed the user's fuzzer its own edges as progress (and
# AFL++ cannot load a library that needs libFuzzer's runtime).
set(sp_kit_default OFF)
if(CMAKE_CXX_COMPILER_ID STREQUAL "Clang" AND SP_FUZZ_ENGINE STREQUAL "replay" AND NOT SP_COVERAGE)
  set(sp_kit_default ON)
endif()
option(SP_BUILD_FUZZING_KIT "Build and install the fuzzing kit (shaderprobe::fuzzing, the AFL++ mutator)"
       ${sp_kit_default})
if(SP_BUILD_FUZZING_KIT)
  if(NOT SP_FUZZ_ENGINE STREQUAL "replay")
    message(FATAL_ERROR "SP_BUILD_FUZZING_KIT needs SP_FUZZ_ENGINE=replay: the kit must not link a fuzzing engine")
  endif()
  set(CMAKE_POSITION_INDEPENDENT_CODE ON)
endif()
