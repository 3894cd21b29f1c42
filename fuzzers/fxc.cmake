# Legacy fxc bytecode's fuzz targets, one per chunk kind of fxc/chunks.h
# (included by fuzzers/CMakeLists.txt). The container targets descend into
# the chunks through the registry (fuzz_dump).
target_sources(sp_fuzz_support PRIVATE
  support/fxc_checks.cpp)
target_link_libraries(sp_fuzz_support PUBLIC sp_fxc_print)

sp_fuzzer(fxc_program FORMAT fxc SOURCES fuzz_fxc_program.cpp)
