# Nintendo 3DS shader binaries' tests (included by tests/CMakeLists.txt).
target_sources(sp_tests PRIVATE
  shbin/describe_test.cpp
  shbin/hostile_test.cpp
  shbin/listing_test.cpp
  shbin/memory_test.cpp
  shbin/pica_test.cpp
  shbin/printed_text_test.cpp
  shbin/real_file_test.cpp
  shbin/writer_test.cpp
  fuzzers/shbin_mutator_test.cpp)
target_link_libraries(sp_tests PRIVATE sp_shbin_print sp_shbin_builders)
