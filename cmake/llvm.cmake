# LLVM 22 as a peer implementation (SP_WITH_LLVM): bench_dxcontainer measures
# against it and fuzz_dxcontainer_llvm compares with it.
#
# No version in find_package: LLVMConfigVersion.cmake only accepts a request
# whose major.minor matches exactly, so `LLVM 22` (read as 22.0) rejects
# 22.1.x. Find it by path instead (llvm-14 may be installed too) and check the
# major version here. -DLLVM_DIR=... picks another installation.
if(NOT SP_WITH_LLVM)
  return()
endif()
find_package(LLVM REQUIRED CONFIG HINTS /usr/lib/llvm-22/lib/cmake/llvm)
if(NOT LLVM_VERSION_MAJOR EQUAL 22)
  message(FATAL_ERROR "shaderprobe compares against LLVM 22, found ${LLVM_PACKAGE_VERSION} "
                      "in ${LLVM_DIR} (set LLVM_DIR=/usr/lib/llvm-22/lib/cmake/llvm)")
endif()
message(STATUS "LLVM ${LLVM_PACKAGE_VERSION} from ${LLVM_DIR}")

# Compiles `target` against LLVM's headers and links it with libLLVM.
#
# LLVM 22 here is built with RTTI (LLVM_ENABLE_RTTI=ON in its LLVMConfig.cmake)
# and without exceptions; neither forces flags on a client that only calls
# Expected/Error-returning functions, so one translation unit with the
# project's normal flags holds both sides.
#
# The shared libLLVM (imported target `LLVM`, libLLVM.so.22.1) rather than
# llvm_map_components_to_libnames(... object support binaryformat): the
# static LLVMSupport's link interface names zstd::libzstd_shared, which needs
# libzstd-dev at configure and link time; nothing else in this project does.
# libLLVM binds its own calls directly (it has no PLT slots for llvm::
# functions), so only this program's calls into LLVM go through the PLT.
function(sp_link_llvm target)
  # LLVM_DEFINITIONS is a space-separated string of -D flags.
  separate_arguments(defs NATIVE_COMMAND "${LLVM_DEFINITIONS}")
  target_compile_definitions(${target} PRIVATE ${defs})
  # SYSTEM: LLVM's headers are not written for this project's -Wconversion,
  # -Wold-style-cast, -Wshadow ...; only our own code is held to them.
  target_include_directories(${target} SYSTEM PRIVATE ${LLVM_INCLUDE_DIRS})
  target_link_libraries(${target} PRIVATE LLVM)
endfunction()
