# The programs that write committed data: the conformance case generators
# (gen_<format>_cases, run from the dev build by scripts/gen-conformance)
# and the seed writers (seeds_<format>, run from the fuzz build by
# scripts/gen-corpus). No test runs them, so a build that only runs tests
# (the asan preset, scripts/fuzz-coverage's coverage preset) leaves them
# out of `all` with SP_BUILD_DATA_WRITERS=OFF: they are then a third of
# what the asan build compiles beyond the tests' own code. The dev build
# keeps them, so scripts/test still compiles every one.
option(SP_BUILD_DATA_WRITERS "Build the case generators and seed writers with `all`" ON)

# sp_data_writer(target...): marks what only the data writers use.
function(sp_data_writer)
  if(NOT SP_BUILD_DATA_WRITERS)
    set_target_properties(${ARGN} PROPERTIES EXCLUDE_FROM_ALL ON)
  endif()
endfunction()
