# A project outside the tree fuzzes its own loader with the installed
# kit: installs this build into WORK/prefix, checks what the kit installs,
# builds tests/fuzzing_kit_consumer against the installed tree alone (a
# libFuzzer target using shaderprobe::fuzzing, and a C driver that loads
# the AFL++ mutator library as afl-fuzz does), fuzzes a moment from the
# installed seeds and runs the driver, and builds examples/fuzz_your_loader
# (its AFL++ route too where AFL++ is installed).
#   cmake -DBUILD_DIR=... -DSOURCE_DIR=... -DWORK=... -DCXX_COMPILER=... -DC_COMPILER=... -DLINK_FLAGS=...
#         -P install_fuzzing_kit.cmake
file(REMOVE_RECURSE ${WORK})
include(${CMAKE_CURRENT_LIST_DIR}/run_step.cmake)

set(prefix ${WORK}/prefix)
run("install" ${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${prefix})
set(share ${prefix}/share/shaderprobe/fuzzing)
foreach(installed include/shaderprobe/fuzzing.h lib/libshaderprobe_fuzzing.so lib/libshaderprobe_afl_mutator.so
                  share/shaderprobe/fuzzing/dxcontainer/dxcontainer.options
                  share/shaderprobe/fuzzing/dxcontainer/dxcontainer.dict
                  share/shaderprobe/fuzzing/dxcontainer/regressions
                  share/shaderprobe/fuzzing/shbin/shbin.dict
                  share/shaderprobe/fuzzing/d3d9/d3d9.dict)
  if(NOT EXISTS ${prefix}/${installed})
    message(FATAL_ERROR "the install has no ${installed}")
  endif()
endforeach()
file(GLOB seeds ${share}/dxcontainer/corpus/*)
list(LENGTH seeds count)
if(count LESS 100)
  message(FATAL_ERROR "share/shaderprobe/fuzzing/dxcontainer/corpus holds ${count} seeds")
endif()

# The consumer never sees the source tree: a copy of it only.
file(COPY ${SOURCE_DIR}/tests/fuzzing_kit_consumer DESTINATION ${WORK})
run("configure the consumer" ${CMAKE_COMMAND} -S ${WORK}/fuzzing_kit_consumer -B ${WORK}/build -G Ninja
    -DCMAKE_PREFIX_PATH=${prefix} -DCMAKE_CXX_COMPILER=${CXX_COMPILER} -DCMAKE_C_COMPILER=${C_COMPILER}
    "-DCMAKE_EXE_LINKER_FLAGS=${LINK_FLAGS}")
run("build the consumer" ${CMAKE_COMMAND} --build ${WORK}/build)

# libFuzzer writes what it finds into the first folder: an empty one; the
# installed seeds are only read. Reading them counts as runs too, so the
# run is long enough to mutate past them; what it keeps must come from
# the kit's mutator and crossover (libFuzzer names them Custom and
# CustomCrossOver in each new input's mutation sequence).
file(MAKE_DIRECTORY ${WORK}/found)
run("fuzz with the kit's mutator" ${WORK}/build/fuzz_container_loader -runs=20000 -seed=1
    -dict=${share}/dxcontainer/dxcontainer.dict -max_len=16384 ${WORK}/found ${share}/dxcontainer/corpus)
foreach(line "INFO: found LLVMFuzzerCustomMutator" "MS: [0-9]+ [A-Za-z-]*Custom-" "Done 20000 runs")
  if(NOT last_output MATCHES "${line}")
    message(FATAL_ERROR "the libFuzzer run printed no '${line}':\n${last_output}")
  endif()
endforeach()

# examples/fuzz_your_loader builds against the installed tree too (its
# run.sh fuzzes it).
file(COPY ${SOURCE_DIR}/examples/fuzz_your_loader DESTINATION ${WORK})
run("configure examples/fuzz_your_loader" ${CMAKE_COMMAND} -S ${WORK}/fuzz_your_loader -B ${WORK}/example -G Ninja
    -DCMAKE_PREFIX_PATH=${prefix} -DCMAKE_CXX_COMPILER=${CXX_COMPILER})
run("build examples/fuzz_your_loader" ${CMAKE_COMMAND} --build ${WORK}/example)
# Its AFL++ route: the loader's program built by AFL++'s compiler.
find_program(afl_cxx afl-clang-fast++)
if(afl_cxx)
  run("configure examples/fuzz_your_loader for AFL++" ${CMAKE_COMMAND} -S ${WORK}/fuzz_your_loader
      -B ${WORK}/example-afl -G Ninja -DCMAKE_PREFIX_PATH=${prefix} -DCMAKE_CXX_COMPILER=${afl_cxx})
  run("build examples/fuzz_your_loader for AFL++" ${CMAKE_COMMAND} --build ${WORK}/example-afl)
  if(NOT EXISTS ${WORK}/example-afl/load_shbin)
    message(FATAL_ERROR "the AFL++ route built no load_shbin")
  endif()
else()
  message(STATUS "afl-clang-fast++ is not installed: the example's AFL++ route is not built")
endif()

list(SUBLIST seeds 0 50 some)
run("the AFL++ mutator library" ${CMAKE_COMMAND} -E env SHADERPROBE_FUZZ_FORMAT=dxcontainer
    ${WORK}/build/afl_driver ${prefix}/lib/libshaderprobe_afl_mutator.so ${some})
message(STATUS "${last_output}")
execute_process(COMMAND ${CMAKE_COMMAND} -E env SHADERPROBE_FUZZ_FORMAT=no-such-format
                ${WORK}/build/afl_driver ${prefix}/lib/libshaderprobe_afl_mutator.so ${some}
                RESULT_VARIABLE rc ERROR_VARIABLE err)
if(rc EQUAL 0 OR NOT err MATCHES "SHADERPROBE_FUZZ_FORMAT names no format with a mutator \\(no-such-format\\)")
  message(FATAL_ERROR "an unknown format did not stop the AFL++ mutator library (${rc}):\n${err}")
endif()
