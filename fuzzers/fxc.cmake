# Legacy fxc bytecode's fuzz targets (included by fuzzers/CMakeLists.txt):
# one per chunk kind of fxc/chunks.h, and the differential against
# vkd3d-shader. The container targets descend into the chunks through the
# registry (fuzz_dump).
target_sources(sp_fuzz_support PRIVATE
  support/fxc_checks.cpp
  support/fxc_mutator.cpp
  support/fxc_seeds.cpp)
target_link_libraries(sp_fuzz_support PUBLIC sp_fxc_print sp_fxc_builders)

sp_fuzzer(fxc_program FORMAT fxc SOURCES fuzz_fxc_program.cpp MUTATOR mutate_fxc_program_input)
sp_fuzzer(fxc_rdef FORMAT fxc SOURCES fuzz_fxc_rdef.cpp)
sp_fuzzer(fxc_stat_ifce FORMAT fxc SOURCES fuzz_fxc_stat_ifce.cpp)

# Differential: shaderprobe's decode of the program against vkd3d-shader
# 1.2's scan (tools/vkd3d_peer); fuzz_fxc_vkd3d.deviations.md lists
# vkd3d's known differences. The comparison is a library of its own, which
# tests/fxc runs over the real fxc files.
if(SP_HAVE_VKD3D)
  add_library(sp_fxc_vkd3d_compare STATIC support/fxc_vkd3d_compare.cpp)
  target_link_libraries(sp_fxc_vkd3d_compare PUBLIC sp_fxc sp_dxcontainer sp_vkd3d_peer PRIVATE sp_warnings)
  target_include_directories(sp_fxc_vkd3d_compare PUBLIC ${CMAKE_CURRENT_SOURCE_DIR})
endif()
sp_fuzzer(fxc_vkd3d FORMAT fxc SOURCES fuzz_fxc_vkd3d.cpp CORPUS dxcontainer NEEDS vkd3d)
if(TARGET fuzz_fxc_vkd3d)
  target_link_libraries(fuzz_fxc_vkd3d PRIVATE sp_fxc_vkd3d_compare)
endif()

# Writes the seeds of the chunk targets (fuzzers/fxc.seeds, scripts/gen-corpus).
add_executable(seeds_fxc seeds_fxc.cpp)
sp_data_writer(seeds_fxc)
target_link_libraries(seeds_fxc PRIVATE sp_fuzz_support sp_warnings)
