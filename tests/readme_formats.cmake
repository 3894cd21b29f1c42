# ctest readme.formats: README.md's format table is what `shaderprobe
# formats --markdown` prints, so the README cannot drift from the registry.
#   cmake -DSHADERPROBE=<binary> -DREADME=<README.md> [-DUPDATE=ON] -P readme_formats.cmake
# UPDATE=ON writes the table into README.md instead (after adding a format).
execute_process(COMMAND ${SHADERPROBE} formats --markdown OUTPUT_VARIABLE table RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "shaderprobe formats --markdown failed (${rc})")
endif()
file(READ ${README} readme)
set(begin "<!-- formats: shaderprobe formats --markdown -->\n")
string(FIND "${readme}" "${begin}" at)
string(FIND "${readme}" "<!-- end formats -->" end)
if(at EQUAL -1 OR end EQUAL -1)
  message(FATAL_ERROR "README.md lacks the formats markers")
endif()
string(LENGTH "${begin}" skip)
math(EXPR from "${at} + ${skip}")
math(EXPR length "${end} - ${from}")
string(SUBSTRING "${readme}" ${from} ${length} current)
if(UPDATE)
  string(SUBSTRING "${readme}" 0 ${from} head)
  string(SUBSTRING "${readme}" ${end} -1 tail)
  file(WRITE ${README} "${head}${table}${tail}")
elseif(NOT current STREQUAL table)
  message(FATAL_ERROR "README.md's format table is stale; run\n  cmake -DSHADERPROBE=${SHADERPROBE} "
                      "-DREADME=${README} -DUPDATE=ON -P ${CMAKE_CURRENT_LIST_FILE}")
endif()
