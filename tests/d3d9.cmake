# Direct3D 9 bytecode's tests (included by tests/CMakeLists.txt).
target_sources(sp_tests PRIVATE
  d3d9/hostile_test.cpp
  d3d9/level9_test.cpp
  d3d9/listing_test.cpp
  d3d9/printed_text_test.cpp
  d3d9/real_files_test.cpp)
target_link_libraries(sp_tests PRIVATE sp_d3d9_print sp_d3d9_builders)
