# Which engine the fuzz targets in fuzzers/ are built for.
#   replay    (default) a main() that runs files through the target: dev, asan
#             and coverage builds replay the corpora in ctest
#   libfuzzer clang's -fsanitize=fuzzer (the `fuzz` preset)
#   afl       AFL++'s afl-clang-fast++ with its libFuzzer-compatible driver
#             (the `fuzz-afl` preset)
set(SP_FUZZ_ENGINE "replay" CACHE STRING "Fuzzing engine for fuzzers/: replay, libfuzzer or afl")
set_property(CACHE SP_FUZZ_ENGINE PROPERTY STRINGS replay libfuzzer afl)
if(SP_FUZZ_ENGINE STREQUAL "libfuzzer")
  if(NOT CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
    message(FATAL_ERROR "SP_FUZZ_ENGINE=libfuzzer needs clang (use the fuzz preset)")
  endif()
  # Coverage instrumentation for every library the targets link; the
  # targets themselves link -fsanitize=fuzzer (fuzzers/CMakeLists.txt).
  add_compile_options(-fsanitize=fuzzer-no-link)
elseif(NOT SP_FUZZ_ENGINE MATCHES "^(replay|afl)$")
  message(FATAL_ERROR "SP_FUZZ_ENGINE must be replay, libfuzzer or afl, not '${SP_FUZZ_ENGINE}'")
endif()
