# The fuzz target table the sp_fuzzer() declarations of fuzzers/ give,
# without configuring a build: fuzzers/CMakeLists.txt itself runs in script
# mode, with the commands that make build targets doing nothing, so the code
# a configure runs writes OUT/fuzz_targets.json. A <format>.cmake using
# another such command fails here as "not scriptable": add it to the list.
#
#   cmake -DSOURCE=<source tree> -DOUT=<folder> -P tests/triage/declared_targets.cmake
cmake_minimum_required(VERSION 3.25)
foreach(command add_compile_options add_custom_command add_custom_target add_dependencies add_executable
        add_library add_test set_source_files_properties set_target_properties set_tests_properties
        target_compile_definitions target_compile_options target_include_directories target_link_libraries
        target_link_options target_sources)
  cmake_language(EVAL CODE "function(${command})\nendfunction()")
endforeach()
set(CMAKE_SOURCE_DIR ${SOURCE})
set(CMAKE_CURRENT_SOURCE_DIR ${SOURCE}/fuzzers)
set(CMAKE_BINARY_DIR ${OUT})
# What a configure writes (the generated mutator hooks) goes to OUT too,
# not to the folder cmake -P runs in.
set(CMAKE_CURRENT_BINARY_DIR ${OUT})
set(SP_GENERATED_INCLUDE_DIR ${OUT})
include(${SOURCE}/cmake/formats.cmake)
include(${SOURCE}/cmake/data_writers.cmake)
include(${SOURCE}/fuzzers/CMakeLists.txt)
