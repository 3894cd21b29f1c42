# The DirectX container's tests (included by tests/CMakeLists.txt).
target_sources(sp_tests PRIVATE
  dxcontainer/digest_test.cpp
  dxcontainer/digest_fix_vkd3d_test.cpp
  dxcontainer/hostile_test.cpp
  dxcontainer/memory_test.cpp
  dxcontainer/module_checks_test.cpp
  dxcontainer/obj2yaml_test.cpp
  dxcontainer/parser_test.cpp
  dxcontainer/printed_text_test.cpp
  dxcontainer/real_files_test.cpp
  dxcontainer/truncation_alignment_test.cpp
  dxcontainer/writer_test.cpp
  fuzzers/dxcontainer_mutator_test.cpp)

# Counts allocations by replacing the global operator new, so it is a
# program of its own.
add_executable(sp_parser_alloc_tests dxcontainer/parser_alloc_test.cpp)
target_link_libraries(sp_parser_alloc_tests PRIVATE sp_test_support GTest::gtest_main sp_warnings)
gtest_discover_tests(sp_parser_alloc_tests DISCOVERY_MODE PRE_TEST PROPERTIES TIMEOUT ${SP_GTEST_TIMEOUT})

# Containers built from the YAML in data/dxcontainer/yaml by LLVM's
# yaml2obj-22: inputs for the obj2yaml comparison and the truncation and
# alignment sweeps. Skipped (the tests then skip) when yaml2obj-22 is absent.
find_program(SP_YAML2OBJ yaml2obj-22)
file(GLOB SP_DXC_YAML CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/data/dxcontainer/yaml/*.yaml)
set(SP_GENERATED ${CMAKE_CURRENT_BINARY_DIR}/generated/dxcontainer)
if(SP_YAML2OBJ)
  set(outputs)
  foreach(yaml ${SP_DXC_YAML})
    get_filename_component(name ${yaml} NAME_WE)
    add_custom_command(OUTPUT ${SP_GENERATED}/${name}.dxbc
      COMMAND ${CMAKE_COMMAND} -E make_directory ${SP_GENERATED}
      COMMAND ${SP_YAML2OBJ} ${yaml} -o ${SP_GENERATED}/${name}.dxbc
      DEPENDS ${yaml} VERBATIM)
    list(APPEND outputs ${SP_GENERATED}/${name}.dxbc)
  endforeach()
  add_custom_target(sp_generated_containers ALL DEPENDS ${outputs})
  add_dependencies(sp_tests sp_generated_containers)
  add_dependencies(sp_parser_alloc_tests sp_generated_containers)
endif()
