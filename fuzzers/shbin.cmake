# Nintendo 3DS shader binaries' fuzz targets (included by
# fuzzers/CMakeLists.txt): whole files, one DVLE in a fixed frame, and the
# printers of whole files (json through describe, the pica listing), apart
# since building the JSON tree takes four times as long as the parser
# target's every other check.
target_sources(sp_fuzz_support PRIVATE
  support/shbin_checks.cpp
  support/shbin_mutator.cpp)
target_link_libraries(sp_fuzz_support PUBLIC sp_shbin_print sp_shbin_builders)

sp_fuzzer(shbin FORMAT shbin SOURCES fuzz_shbin.cpp)
sp_fuzzer(shbin_dvle FORMAT shbin SOURCES fuzz_shbin_dvle.cpp)
sp_fuzzer(shbin_dump FORMAT shbin SOURCES fuzz_dump.cpp CORPUS shbin)

# Writes the seeds of both targets (fuzzers/shbin.seeds, scripts/gen-corpus).
add_executable(seeds_shbin seeds_shbin.cpp)
target_link_libraries(seeds_shbin PRIVATE sp_fuzz_support sp_warnings)
