# The fuzzing kit's tests (fuzzers/kit; included by tests/CMakeLists.txt
# where SP_BUILD_FUZZING_KIT builds it): its C API, linked as a user links
# it, in a program of its own (sp_tests would pull the whole suite into a
# build that wants only the kit), and the installed kit used from a
# project outside the tree.
add_executable(sp_fuzzing_kit_tests fuzzers/fuzzing_kit_test.cpp)
target_link_libraries(sp_fuzzing_kit_tests PRIVATE sp_fuzzing GTest::gtest_main sp_warnings)
target_include_directories(sp_fuzzing_kit_tests PRIVATE ${SP_GENERATED_INCLUDE_DIR})
target_compile_definitions(sp_fuzzing_kit_tests PRIVATE SP_SOURCE_DIR="${CMAKE_SOURCE_DIR}")
gtest_discover_tests(sp_fuzzing_kit_tests DISCOVERY_MODE PRE_TEST PROPERTIES TIMEOUT ${SP_GTEST_TIMEOUT})

# Installs this build, builds a libFuzzer target with shaderprobe::fuzzing
# against the installed tree alone and fuzzes a moment from the installed
# seeds, and loads the AFL++ mutator library into a C driver.
string(REGEX REPLACE "\\+\\+(-[0-9]+)?$" "\\1" sp_kit_c_compiler ${CMAKE_CXX_COMPILER})
add_test(NAME install.fuzzing_kit
  COMMAND ${CMAKE_COMMAND} -DBUILD_DIR=${CMAKE_BINARY_DIR} -DSOURCE_DIR=${CMAKE_SOURCE_DIR}
          -DWORK=${CMAKE_BINARY_DIR}/install-fuzzing-kit -DCXX_COMPILER=${CMAKE_CXX_COMPILER}
          -DC_COMPILER=${sp_kit_c_compiler} "-DLINK_FLAGS=${sp_consumer_link_flags}"
          -P ${CMAKE_CURRENT_SOURCE_DIR}/install_fuzzing_kit.cmake)
set_tests_properties(install.fuzzing_kit PROPERTIES TIMEOUT 300)
