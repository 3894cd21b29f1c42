# VSL compiled shaders' tests (included by tests/CMakeLists.txt).
target_sources(sp_tests PRIVATE
  vbc/bad_writers_test.cpp
  vbc/conform_test.cpp
  vbc/cross_checks_test.cpp
  vbc/dump_test.cpp
  vbc/hostile_test.cpp
  vbc/memory_test.cpp
  vbc/printed_text_test.cpp
  vbc/real_files_test.cpp
  vbc/round_trip_test.cpp
  vbc/spirv_test.cpp
  vbc/support.cpp
  fuzzers/vbc_mutator_test.cpp)
target_link_libraries(sp_tests PRIVATE sp_vbc_print sp_vbc_builders)
