# `cmake --install`: the shaderprobe tool into bin/, and for teams who embed
# the parsers every library of parsers/<folder>/ (static), the headers
# under include/shaderprobe/ (with the .def tables they include), and a
# CMake package: find_package(shaderprobe) gives imported targets named
# by the library without its sp_ prefix (sp_dxcontainer is
# shaderprobe::dxcontainer). examples/embed_container is a consumer, built
# against an installed tree by the install.consumer test.
#
# Libraries are found, not listed: a format folder's libraries are
# installed the day it is added (parsers/CMakeLists.txt adds every folder).
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

set(SP_INSTALL_CMAKEDIR ${CMAKE_INSTALL_LIBDIR}/cmake/shaderprobe)

sp_targets_under(${CMAKE_SOURCE_DIR}/parsers SP_PARSER_LIBRARIES TYPE STATIC_LIBRARY)
foreach(lib ${SP_PARSER_LIBRARIES})
  string(REGEX REPLACE "^sp_" "" export_name ${lib})
  set_target_properties(${lib} PROPERTIES EXPORT_NAME ${export_name})
endforeach()
# Every library links sp_warnings privately, which a static library's
# export still names (as link-only, so it adds no flags to a consumer).
set_target_properties(sp_warnings PROPERTIES EXPORT_NAME warnings)

install(TARGETS shaderprobe RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(TARGETS ${SP_PARSER_LIBRARIES} sp_warnings EXPORT shaderprobeTargets
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
  INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/shaderprobe)
install(DIRECTORY ${CMAKE_SOURCE_DIR}/parsers/ DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/shaderprobe
  FILES_MATCHING PATTERN "*.h" PATTERN "*.def")
install(EXPORT shaderprobeTargets NAMESPACE shaderprobe:: DESTINATION ${SP_INSTALL_CMAKEDIR})

configure_package_config_file(${CMAKE_SOURCE_DIR}/cmake/shaderprobeConfig.cmake.in
  ${CMAKE_BINARY_DIR}/shaderprobeConfig.cmake INSTALL_DESTINATION ${SP_INSTALL_CMAKEDIR})
write_basic_package_version_file(${CMAKE_BINARY_DIR}/shaderprobeConfigVersion.cmake
  COMPATIBILITY SameMinorVersion)
install(FILES ${CMAKE_BINARY_DIR}/shaderprobeConfig.cmake ${CMAKE_BINARY_DIR}/shaderprobeConfigVersion.cmake
  DESTINATION ${SP_INSTALL_CMAKEDIR})
