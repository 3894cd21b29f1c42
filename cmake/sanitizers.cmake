# ASan + UBSan for the `asan` and fuzz presets. -fno-sanitize-recover=all
# makes every UBSan report fatal, so a misaligned load or overflow fails the
# test that hit it instead of scrolling past. A report needs file, line and
# inlined frames, which line tables give (-gline-tables-only, as OSS-Fuzz
# builds); full debug info made the build a sixth slower and its objects
# twice the size. It comes after the build type's -g, and the last wins.
if(SP_SANITIZE)
  if(NOT CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
    message(FATAL_ERROR "SP_SANITIZE needs clang (use the asan preset)")
  endif()
  add_compile_options(-fsanitize=address,undefined,float-divide-by-zero
                      -fno-sanitize-recover=all -fno-omit-frame-pointer -gline-tables-only)
  add_link_options(-fsanitize=address,undefined)
  # libstdc++'s own checks of span and vector indices: a model that keeps
  # many records' parts in one pool (fxc/program.h) turns an index past one
  # record's range into a read of the next record's, inside the allocation,
  # where ASan cannot see it.
  add_compile_definitions(_GLIBCXX_ASSERTIONS)
endif()
if(SP_COVERAGE)
  add_compile_options(-fprofile-instr-generate -fcoverage-mapping)
  add_link_options(-fprofile-instr-generate)
endif()
