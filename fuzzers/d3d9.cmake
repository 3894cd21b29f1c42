# Direct3D 9 bytecode's fuzz target (included by fuzzers/CMakeLists.txt).
target_link_libraries(sp_fuzz_support PUBLIC sp_d3d9_print)

sp_fuzzer(d3d9 FORMAT d3d9 SOURCES fuzz_d3d9.cpp)

# Writes the seeds (scripts/gen-corpus): the samples of conformance/d3d9.
add_executable(seeds_d3d9 seeds_d3d9.cpp)
target_link_libraries(seeds_d3d9 PRIVATE sp_d3d9_builders sp_warnings)
