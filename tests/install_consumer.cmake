# A project outside the tree builds against the
# installed package and parses a container. Installs this build into
# WORK/prefix, configures and builds examples/embed_container against it
# with this build's compiler and flags, and runs it on FILE.
#   cmake -DBUILD_DIR=... -DSOURCE_DIR=... -DWORK=... -DCOMPILER=... -DLINK_FLAGS=... -DFILE=... -P install_consumer.cmake
file(REMOVE_RECURSE ${WORK})
include(${CMAKE_CURRENT_LIST_DIR}/run_step.cmake)

run("install" ${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${WORK}/prefix)
foreach(installed bin/shaderprobe include/shaderprobe/dxcontainer/container.h
                  include/shaderprobe/fxc/opcodes.def lib/cmake/shaderprobe/shaderprobeConfig.cmake)
  if(NOT EXISTS ${WORK}/prefix/${installed})
    message(FATAL_ERROR "the install has no ${installed}")
  endif()
endforeach()
# The consumer never sees the source tree: a copy of the example only.
file(COPY ${SOURCE_DIR}/examples/embed_container DESTINATION ${WORK})
run("configure the consumer" ${CMAKE_COMMAND} -S ${WORK}/embed_container -B ${WORK}/build -G Ninja
    -DCMAKE_PREFIX_PATH=${WORK}/prefix -DCMAKE_CXX_COMPILER=${COMPILER} "-DCMAKE_EXE_LINKER_FLAGS=${LINK_FLAGS}")
run("build the consumer" ${CMAKE_COMMAND} --build ${WORK}/build)
run("run the consumer" ${WORK}/build/embed_container ${FILE})
if(NOT last_output MATCHES ": dxcontainer, [0-9]+ warnings\n  part ")
  message(FATAL_ERROR "unexpected consumer output:\n${last_output}")
endif()
message(STATUS "${last_output}")
