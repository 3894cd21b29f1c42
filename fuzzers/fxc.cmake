# Legacy fxc bytecode's fuzz targets, one per chunk kind of fxc/chunks.h
# (included by fuzzers/CMakeLists.txt). The container targets descend into
# the chunks through the registry (fuzz_dump).
target_sources(sp_fuzz_support PRIVATE
  support/fxc_checks.cpp
  support/fxc_mutator.cpp
  support/fxc_seeds.cpp)
target_link_libraries(sp_fuzz_support PUBLIC sp_fxc_print sp_fxc_builders)

sp_fuzzer(fxc_program FORMAT fxc SOURCES fuzz_fxc_program.cpp)

# Writes the seeds of fuzz_fxc_program (fuzzers/fxc.seeds, scripts/gen-corpus).
add_executable(seeds_fxc seeds_fxc.cpp)
target_link_libraries(seeds_fxc PRIVATE sp_fuzz_support sp_warnings)
