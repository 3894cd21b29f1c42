# LLVM bitcode's tests, the bitstream layer's and the IR layer's (included
# by tests/CMakeLists.txt).
target_sources(sp_tests PRIVATE
  bitcode/bcanalyzer_test.cpp
  bitcode/cli_test.cpp
  bitcode/dxil_view_test.cpp
  bitcode/llvm_dis_metadata_test.cpp
  bitcode/llvm_dis_test.cpp
  bitcode/metadata_test.cpp
  bitcode/module_test.cpp
  bitcode/printed_text_test.cpp
  bitstream/bit_cursor_test.cpp
  bitstream/bcanalyzer_compare_test.cpp
  bitstream/errors_test.cpp
  bitstream/hostile_test.cpp
  bitstream/support.cpp
  bitstream/writer_reader_test.cpp
  fuzzers/bitstream_mutator_test.cpp
  fuzzers/dxil_mutator_test.cpp)
target_link_libraries(sp_tests PRIVATE sp_bitstream_builders)

# LLVM bitcode generated from tests/data/bitcode/src by clang-22
# and clang-14 (-O0, -O2, -g), a wrapped Darwin file and an llvm-cat-22 -b
# multi-module file, compared with llvm-bcanalyzer-22 by
# bitstream/bcanalyzer_compare_test.cpp. Each compiler that is missing
# (scripts/install-deps installs both) drops its files; the test skips when
# llvm-bcanalyzer-22 is absent. The decoded globals and memory
# attributes of the clang-22 files against llvm-dis-22
# (bitcode/llvm_dis_test.cpp, skipped without it).
find_program(SP_BCANALYZER_TOOL llvm-bcanalyzer-22)
find_program(SP_LLVM_DIS_TOOL llvm-dis-22)
find_program(SP_LLVM_CAT llvm-cat-22)
find_program(SP_CLANG22 clang-22)
find_program(SP_CLANG14 clang-14)
file(GLOB SP_BITCODE_SOURCES CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/data/bitcode/src/*.c
     ${CMAKE_CURRENT_SOURCE_DIR}/data/bitcode/src/*.cpp)
set(SP_BITCODE_DIR ${CMAKE_CURRENT_BINARY_DIR}/generated/bitcode)
set(outputs)
foreach(compiler clang-22 clang-14)
  string(REPLACE "clang-" "SP_CLANG" var ${compiler})
  if(NOT ${var})
    continue()
  endif()
  foreach(level O0 O2 g)
    set(flags -${level})
    if(level STREQUAL "g")
      set(flags -g -O1)
    endif()
    foreach(src ${SP_BITCODE_SOURCES})
      get_filename_component(name ${src} NAME)
      set(out ${SP_BITCODE_DIR}/${compiler}.${level}.${name}.bc)
      # clang-N compiles C++ as C++ when called on a .cpp file with -x c++.
      set(lang)
      if(name MATCHES "\\.cpp$")
        set(lang -x c++)
      endif()
      add_custom_command(OUTPUT ${out}
        COMMAND ${CMAKE_COMMAND} -E make_directory ${SP_BITCODE_DIR}
        COMMAND ${${var}} ${lang} -c -emit-llvm ${flags} ${src} -o ${out}
        DEPENDS ${src} VERBATIM)
      list(APPEND outputs ${out})
    endforeach()
  endforeach()
endforeach()
if(SP_CLANG22)
  add_custom_command(OUTPUT ${SP_BITCODE_DIR}/wrapped.structs.c.bc
    COMMAND ${SP_CLANG22} -target x86_64-apple-macosx11 -c -emit-llvm
            ${CMAKE_CURRENT_SOURCE_DIR}/data/bitcode/src/structs.c -o ${SP_BITCODE_DIR}/wrapped.structs.c.bc
    DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/data/bitcode/src/structs.c ${SP_BITCODE_DIR}/clang-22.O0.hello.c.bc VERBATIM)
  list(APPEND outputs ${SP_BITCODE_DIR}/wrapped.structs.c.bc)
  if(SP_LLVM_CAT)
    set(parts ${SP_BITCODE_DIR}/clang-22.O2.hello.c.bc ${SP_BITCODE_DIR}/clang-22.g.structs.c.bc
              ${SP_BITCODE_DIR}/clang-22.O0.classes.cpp.bc)
    add_custom_command(OUTPUT ${SP_BITCODE_DIR}/multi.bc
      COMMAND ${SP_LLVM_CAT} -b ${parts} -o ${SP_BITCODE_DIR}/multi.bc
      DEPENDS ${parts} VERBATIM)
    list(APPEND outputs ${SP_BITCODE_DIR}/multi.bc)
  endif()
endif()
if(outputs)
  add_custom_target(sp_generated_bitcode ALL DEPENDS ${outputs})
  add_dependencies(sp_tests sp_generated_bitcode)
endif()
target_compile_definitions(sp_tests PRIVATE SP_BITCODE_DIR="${SP_BITCODE_DIR}"
  SP_BCANALYZER="$<IF:$<BOOL:${SP_BCANALYZER_TOOL}>,${SP_BCANALYZER_TOOL},>"
  SP_LLVM_DIS="$<IF:$<BOOL:${SP_LLVM_DIS_TOOL}>,${SP_LLVM_DIS_TOOL},>"
  SP_HAVE_CLANG14="$<IF:$<BOOL:${SP_CLANG14}>,1,0>")
