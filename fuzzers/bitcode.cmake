# LLVM bitcode's fuzz targets: the bitstream layer and the IR layer
# (included by fuzzers/CMakeLists.txt).
target_sources(sp_fuzz_support PRIVATE
  support/bitstream_checks.cpp
  support/bitstream_model.cpp
  support/bitstream_mutator.cpp
  support/bitstream_seeds.cpp
  support/dxil_mutator.cpp)
target_link_libraries(sp_fuzz_support PUBLIC sp_bitcode_print)

sp_fuzzer(bitstream FORMAT bitcode SOURCES fuzz_bitstream.cpp MUTATOR mutate_bitstream)
sp_fuzzer(bitcode FORMAT bitcode SOURCES fuzz_bitcode.cpp MUTATOR mutate_bitstream)
# The DXIL module behind a container (its metadata, DXIL view and the
# container's parts checked against it, parsers/dxil), read through the
# registry from the containers' corpus.
sp_fuzzer(dxil FORMAT bitcode SOURCES fuzz_dxil.cpp CORPUS dxcontainer
          MUTATOR mutate_dxil_container CROSS_OVER cross_over_containers)
# Differential: shaderprobe's bitstream reader against LLVM 22's BitstreamCursor.
sp_fuzzer(bitstream_llvm FORMAT bitcode SOURCES fuzz_bitstream_llvm.cpp CORPUS bitstream NEEDS llvm
          MUTATOR mutate_bitstream)

# Writes the bitstream seeds (scripts/gen-corpus).
add_executable(seeds_bitstream seeds_bitstream.cpp)
sp_data_writer(seeds_bitstream)
target_link_libraries(seeds_bitstream PRIVATE sp_fuzz_support sp_warnings)
