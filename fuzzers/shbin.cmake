# Nintendo 3DS shader binaries' fuzz targets (included by
# fuzzers/CMakeLists.txt): whole files, and one DVLE in a fixed frame. Both
# run the printers (json, the pica listing) on a hash-picked share of their
# inputs (support/shbin_checks.h), so no target of its own prints them.
target_sources(sp_fuzz_support PRIVATE
  support/shbin_checks.cpp
  support/shbin_mutator.cpp)
target_link_libraries(sp_fuzz_support PUBLIC sp_shbin_print sp_shbin_builders)

sp_fuzzer(shbin FORMAT shbin SOURCES fuzz_shbin.cpp MUTATOR mutate_shbin)
sp_fuzzer(shbin_dvle FORMAT shbin SOURCES fuzz_shbin_dvle.cpp)

# Writes the seeds of both targets (fuzzers/shbin.seeds, scripts/gen-corpus).
add_executable(seeds_shbin seeds_shbin.cpp)
sp_data_writer(seeds_shbin)
target_link_libraries(seeds_shbin PRIVATE sp_fuzz_support sp_warnings)
