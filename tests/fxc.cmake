# Legacy fxc bytecode's tests (included by tests/CMakeLists.txt).
target_sources(sp_tests PRIVATE
  fxc/builder_test.cpp
  fxc/real_files_test.cpp
  fuzzers/fxc_mutator_test.cpp)
target_link_libraries(sp_tests PRIVATE sp_fxc_print sp_fxc_builders)
