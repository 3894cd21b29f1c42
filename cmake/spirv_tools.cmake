# SPIRV-Tools (Debian spirv-tools: libspirv.h, the static libSPIRV-Tools.a
# and its CMake package SPIRV-Tools; no -dev package exists or is needed)
# validates and disassembles the SPIR-V that VSL's .vbc files carry
# (parsers/vbc/spirv_tools.cpp).
#
# No option: found through its CMake package when it is there, and left
# out when it is not. SP_HAVE_SPIRV_TOOLS says which; without it the VBC
# reader still runs its own structural checks on every SPIR-V stage (so a
# malformed stage is rejected either way) but does not validate them
# further, and `dump --format=spirv` is not offered.
set(SP_HAVE_SPIRV_TOOLS OFF)
find_package(SPIRV-Tools CONFIG QUIET)
if(TARGET SPIRV-Tools-static)
  set(SP_HAVE_SPIRV_TOOLS ON)
  message(STATUS "SPIRV-Tools (CMake package SPIRV-Tools): VBC's SPIR-V stages are validated in-process")
else()
  message(STATUS "SPIRV-Tools not found (scripts/install-deps installs spirv-tools): VBC's SPIR-V stages get "
                 "the structural checks only, and dump --format=spirv is left out")
endif()

# Links `target` with libSPIRV-Tools. The imported target's include
# directory is a system one for its users, so libspirv.h is not held to
# this project's warnings.
function(sp_link_spirv_tools target scope)
  if(NOT SP_HAVE_SPIRV_TOOLS)
    message(FATAL_ERROR "sp_link_spirv_tools(${target}): SPIRV-Tools was not found; test SP_HAVE_SPIRV_TOOLS first")
  endif()
  target_link_libraries(${target} ${scope} SPIRV-Tools-static)
endfunction()
