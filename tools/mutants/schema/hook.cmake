# CMAKE_PROJECT_INCLUDE of scripts/mutants --random's scratch build
# (spmutants/schema.py): once every target exists, each fuzz target gets
# fuzz_trace.cpp in front of its LLVMFuzzerTestOneInput and sp_tests gets
# test_trace.cpp, which record the sites each input and each test reach.
# Never part of the normal build.
function(sp_mutant_trace_hooks)
  set(here ${CMAKE_CURRENT_FUNCTION_LIST_DIR})
  get_property(fuzz_targets DIRECTORY ${CMAKE_SOURCE_DIR}/fuzzers PROPERTY BUILDSYSTEM_TARGETS)
  foreach(t ${fuzz_targets})
    get_target_property(type ${t} TYPE)
    if(t MATCHES "^fuzz_" AND type STREQUAL "EXECUTABLE")
      target_sources(${t} PRIVATE ${here}/fuzz_trace.cpp)
      target_compile_definitions(${t} PRIVATE LLVMFuzzerTestOneInput=sp_mutant_TestOneInput)
    endif()
  endforeach()
  if(TARGET sp_tests)
    target_sources(sp_tests PRIVATE ${here}/test_trace.cpp)
  endif()
endfunction()
cmake_language(DEFER DIRECTORY ${CMAKE_SOURCE_DIR} CALL sp_mutant_trace_hooks)
