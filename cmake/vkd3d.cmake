# vkd3d-shader (Debian libvkd3d-dev, 1.2 on Debian 12) as a peer for the
# legacy fxc (DXBC SM4/SM5) decoding: tools/vkd3d_peer wraps its C API, which
# bench/bench_fxc and the differential fuzz target fuzz_fxc_vkd3d
# compare with.
#
# No option: found through pkg-config (libvkd3d-shader.pc) when it is there,
# and everything that needs it is left out when it is not. SP_HAVE_VKD3D says
# which; a missing library or a missing pkg-config is a message, never a
# configure failure.
set(SP_HAVE_VKD3D OFF)
find_package(PkgConfig QUIET)
if(PkgConfig_FOUND)
  pkg_check_modules(VKD3D_SHADER QUIET IMPORTED_TARGET libvkd3d-shader)
endif()
if(TARGET PkgConfig::VKD3D_SHADER)
  set(SP_HAVE_VKD3D ON)
  message(STATUS "vkd3d-shader ${VKD3D_SHADER_VERSION} (pkg-config libvkd3d-shader): the fxc peer is built")
else()
  message(STATUS "vkd3d-shader not found (pkg-config libvkd3d-shader; scripts/install-deps installs "
                 "libvkd3d-dev): the vkd3d peer, its test and bench_fxc are left out")
endif()

# Compiles `target` against vkd3d_shader.h and links it with libvkd3d-shader.
# The imported target's include directory (/usr/include/vkd3d, where
# vkd3d_shader.h finds vkd3d_types.h) is a system one for its users, so the
# C header is not held to this project's warnings. `scope` is PUBLIC when
# the target's own headers expose vkd3d's, PRIVATE otherwise.
function(sp_link_vkd3d target scope)
  if(NOT SP_HAVE_VKD3D)
    message(FATAL_ERROR "sp_link_vkd3d(${target}): vkd3d-shader was not found; test SP_HAVE_VKD3D first")
  endif()
  target_link_libraries(${target} ${scope} PkgConfig::VKD3D_SHADER)
endfunction()
