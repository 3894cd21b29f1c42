# Direct3D 9 bytecode's fuzz targets (included by fuzzers/CMakeLists.txt):
# whole files, and fxc's Level9 part on its own, with a structure-aware
# mutator.
target_sources(sp_fuzz_support PRIVATE support/level9_mutator.cpp)
target_link_libraries(sp_fuzz_support PUBLIC sp_d3d9_print)

sp_fuzzer(d3d9 FORMAT d3d9 SOURCES fuzz_d3d9.cpp)
sp_fuzzer(d3d9_level9 FORMAT d3d9 SOURCES fuzz_d3d9_level9.cpp MUTATOR mutate_level9)

# Writes the seeds (scripts/gen-corpus): the samples of conformance/d3d9.
add_executable(seeds_d3d9 seeds_d3d9.cpp)
sp_data_writer(seeds_d3d9)
target_link_libraries(seeds_d3d9 PRIVATE sp_d3d9_builders sp_dxcontainer sp_warnings)
