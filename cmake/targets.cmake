# sp_targets_under(dir out [TYPE type]): the targets defined in `dir` and
# the folders below it, of one TYPE (STATIC_LIBRARY, EXECUTABLE, ...) or
# all. Call it once every folder is added: cmake/install.cmake installs
# every parser library by it, and scripts/mutants' scratch build
# (tools/mutants/schema/hook.cmake) flags every target.
function(sp_targets_under dir out)
  cmake_parse_arguments(PARSE_ARGV 2 arg "" "TYPE" "")
  get_property(targets DIRECTORY ${dir} PROPERTY BUILDSYSTEM_TARGETS)
  get_property(subdirs DIRECTORY ${dir} PROPERTY SUBDIRECTORIES)
  set(found)
  foreach(t ${targets})
    get_target_property(type ${t} TYPE)
    if(NOT arg_TYPE OR type STREQUAL arg_TYPE)
      list(APPEND found ${t})
    endif()
  endforeach()
  foreach(sub ${subdirs})
    sp_targets_under(${sub} more ${ARGN})
    list(APPEND found ${more})
  endforeach()
  set(${out} ${found} PARENT_SCOPE)
endfunction()
