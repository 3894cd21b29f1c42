# The DirectX container's fuzz targets (included by fuzzers/CMakeLists.txt).
target_sources(sp_fuzz_support PRIVATE
  support/dxcontainer_checks.cpp
  support/dxcontainer_content_mutation.cpp
  support/dxcontainer_mutator.cpp)
target_link_libraries(sp_fuzz_support PUBLIC sp_dxcontainer_print)

# The whole-file target, and fuzz_dump, which prints inputs of every format
# through the registry: both run after a change to any format (ROLE).
sp_fuzzer(dxcontainer FORMAT dxcontainer SOURCES fuzz_dxcontainer.cpp ROLE container
          MUTATOR mutate_container CROSS_OVER cross_over_containers)
sp_fuzzer(dump FORMAT dxcontainer SOURCES fuzz_dump.cpp CORPUS dxcontainer ROLE printers)
sp_fuzzer(psv0 FORMAT dxcontainer SOURCES fuzz_psv0.cpp)
sp_fuzzer(signature FORMAT dxcontainer SOURCES fuzz_signature.cpp)
sp_fuzzer(rts0 FORMAT dxcontainer SOURCES fuzz_rts0.cpp)
sp_fuzzer(srci FORMAT dxcontainer SOURCES fuzz_srci.cpp)
sp_fuzzer(rdat FORMAT dxcontainer SOURCES fuzz_rdat.cpp)
sp_fuzzer(small_parts FORMAT dxcontainer SOURCES fuzz_small_parts.cpp)
# The same container target with libFuzzer's byte mutator only: the baseline
# that shows what the structure-aware mutator is worth.
sp_fuzzer(dxcontainer_bytes FORMAT dxcontainer SOURCES fuzz_dxcontainer.cpp CORPUS dxcontainer
          BASELINE)
# Differential: shaderprobe against LLVM 22's llvm::object::DXContainer.
sp_fuzzer(dxcontainer_llvm FORMAT dxcontainer SOURCES fuzz_dxcontainer_llvm.cpp support/dxcontainer_llvm_compare.cpp
          CORPUS dxcontainer NEEDS llvm)

# Writes the seed corpus (scripts/gen-corpus merges it into corpus/).
add_executable(seeds_dxcontainer seeds_dxcontainer.cpp)
sp_data_writer(seeds_dxcontainer)
target_link_libraries(seeds_dxcontainer PRIVATE sp_dxcontainer sp_bitcode sp_warnings)
