# VSL compiled shaders' fuzz target (included by fuzzers/CMakeLists.txt):
# whole files, with a mutator that edits the decoded model
# (support/vbc_mutator.h) and splices the SPIR-V samples of
# conformance/vbc into stages.
target_sources(sp_fuzz_support PRIVATE support/vbc_mutator.cpp)
target_link_libraries(sp_fuzz_support PUBLIC sp_vbc_print sp_vbc_builders)

sp_fuzzer(vbc FORMAT vbc SOURCES fuzz_vbc.cpp MUTATOR mutate_vbc CROSS_OVER cross_over_vbc)

# Writes the seeds (scripts/gen-corpus): the valid samples of
# conformance/vbc/builders.h, written by the project's writer.
add_executable(seeds_vbc seeds_vbc.cpp)
sp_data_writer(seeds_vbc)
target_link_libraries(seeds_vbc PRIVATE sp_vbc_builders sp_warnings)
