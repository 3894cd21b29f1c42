# Which engine the fuzz targets in fuzzers/ are built for.
#   replay    (default) a main() that runs files through the target: dev, asan
#             and coverage builds replay the corpora in ctest
#   libfuzzer clang's -fsanitize=fuzzer (the `fuzz` preset)
#   afl       AFL++'s afl-clang-fast++ with its libFuzzer-compatible driver
#             (the `fuzz-afl` preset)
#   external  OSS-Fuzz / ClusterFuzzLite (ci/oss-fuzz/build.sh): the caller's
#             CFLAGS/CXXFLAGS carry the instrumentation and sanitizers, and the
#             targets link SP_LIB_FUZZING_ENGINE ($LIB_FUZZING_ENGINE), which
#             may be any engine's driver, so nothing is added here
set(SP_FUZZ_ENGINE "replay" CACHE STRING "Fuzzing engine for fuzzers/: replay, libfuzzer, afl or external")
set_property(CACHE SP_FUZZ_ENGINE PROPERTY STRINGS replay libfuzzer afl external)
set(SP_LIB_FUZZING_ENGINE "" CACHE STRING
    "SP_FUZZ_ENGINE=external: what the fuzz targets link (OSS-Fuzz's $LIB_FUZZING_ENGINE)")
if(SP_FUZZ_ENGINE STREQUAL "libfuzzer")
  if(NOT CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
    message(FATAL_ERROR "SP_FUZZ_ENGINE=libfuzzer needs clang (use the fuzz preset)")
  endif()
  # Coverage instrumentation for every library the targets link; the
  # targets themselves link -fsanitize=fuzzer (fuzzers/CMakeLists.txt).
  add_compile_options(-fsanitize=fuzzer-no-link)
elseif(SP_FUZZ_ENGINE STREQUAL "external")
  if(SP_LIB_FUZZING_ENGINE STREQUAL "")
    message(FATAL_ERROR "SP_FUZZ_ENGINE=external needs SP_LIB_FUZZING_ENGINE (e.g. $LIB_FUZZING_ENGINE)")
  endif()
elseif(NOT SP_FUZZ_ENGINE MATCHES "^(replay|afl)$")
  message(FATAL_ERROR "SP_FUZZ_ENGINE must be replay, libfuzzer, afl or external, not '${SP_FUZZ_ENGINE}'")
endif()
