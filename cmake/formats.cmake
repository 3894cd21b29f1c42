# The registered formats, read from parsers/formats/registry.def (the one
# list of formats), for the CMake files that add each format's pieces: the
# registry links sp_<name>_format, fuzzers/ includes fuzzers/<name>.cmake,
# conformance/ adds conformance/<name>/, where a format has them.
file(STRINGS ${CMAKE_SOURCE_DIR}/parsers/formats/registry.def sp_registry_lines REGEX "^SP_FORMAT\\(")
set(SP_FORMATS)
foreach(line ${sp_registry_lines})
  string(REGEX REPLACE "^SP_FORMAT\\(([a-z0-9_]+)\\).*" "\\1" name "${line}")
  list(APPEND SP_FORMATS ${name})
endforeach()
set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/parsers/formats/registry.def)
