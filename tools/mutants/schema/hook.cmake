# CMAKE_PROJECT_INCLUDE of scripts/mutants --random's scratch build
# (spmutants/schema.py). Never part of the normal build. Once every target
# exists:
#  - each fuzz target gets fuzz_trace.cpp in front of its
#    LLVMFuzzerTestOneInput and sp_tests gets test_trace.cpp, which record
#    the sites each input and each test reach;
#  - debug information is line tables only: the oracles need the kind of a
#    mutant's crash, not its variables, and full -g was an eighth of the
#    compile time. (-O0 outside parsers/ and fuzzers/ halved those units'
#    compile time but doubled the tests' and the conformance runner's run
#    time: the linker keeps one copy of each inline function, often a
#    test's -O0 one, for the parsers too.)
#  - no libFuzzer coverage outside parsers/ and fuzzers/: nothing fuzzes
#    the tests, the command-line tool or the conformance runner, and its
#    compare hooks cost compile and run time. A parser's inline function
#    whose copy the linker takes from a test is uninstrumented in sp_tests,
#    which is not fuzzed either; the fuzz targets link no test.
function(sp_mutant_schema_hooks)
  set(here ${CMAKE_CURRENT_FUNCTION_LIST_DIR})
  sp_targets_under(${CMAKE_SOURCE_DIR} all)  # cmake/targets.cmake
  foreach(t ${all})
    get_target_property(type ${t} TYPE)
    if(NOT type MATCHES "^(EXECUTABLE|STATIC_LIBRARY|SHARED_LIBRARY|MODULE_LIBRARY|OBJECT_LIBRARY)$")
      continue()
    endif()
    target_compile_options(${t} PRIVATE -gline-tables-only)
    get_target_property(dir ${t} SOURCE_DIR)
    file(RELATIVE_PATH rel ${CMAKE_SOURCE_DIR} ${dir})
    if(NOT rel MATCHES "^(parsers|fuzzers)(/|$)")
      target_compile_options(${t} PRIVATE -fno-sanitize=fuzzer-no-link)
    endif()
    if(t MATCHES "^fuzz_" AND type STREQUAL "EXECUTABLE" AND rel MATCHES "^fuzzers")
      target_sources(${t} PRIVATE ${here}/fuzz_trace.cpp)
      target_compile_definitions(${t} PRIVATE LLVMFuzzerTestOneInput=sp_mutant_TestOneInput)
    endif()
  endforeach()
  if(TARGET sp_tests)
    target_sources(sp_tests PRIVATE ${here}/test_trace.cpp)
  endif()
endfunction()
cmake_language(DEFER DIRECTORY ${CMAKE_SOURCE_DIR} CALL sp_mutant_schema_hooks)
