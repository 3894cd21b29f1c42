# Legacy fxc bytecode's tests (included by tests/CMakeLists.txt).
target_sources(sp_tests PRIVATE
  fxc/builder_test.cpp
  fxc/cases_test.cpp
  fxc/checks_test.cpp
  fxc/listing_header_test.cpp
  fxc/printed_text_test.cpp
  fxc/rdef_test.cpp
  fxc/real_files_test.cpp
  fxc/stat_ifce_test.cpp
  fuzzers/fxc_mutator_test.cpp)
target_link_libraries(sp_tests PRIVATE sp_fxc_print sp_fxc_builders sp_fxc_case_builders)

# shaderprobe against vkd3d-shader on the real files: the comparison
# fuzz_fxc_vkd3d makes (fuzzers/support/fxc_vkd3d_compare.h).
if(SP_HAVE_VKD3D)
  target_sources(sp_tests PRIVATE fxc/vkd3d_compare_test.cpp)
  target_link_libraries(sp_tests PRIVATE sp_fxc_vkd3d_compare)
endif()
