#!/usr/bin/env bash
# The AFL++ route: builds the loader's command-line program (load_shbin.cpp)
# with afl-clang-fast++ and fuzzes it with afl-fuzz in persistent mode,
# shaderprobe's SHBIN mutator loaded as its custom mutator library, from
# the installed seeds, until the planted bug is found or the time is up.
# afl-fuzz itself loads the library: PREFIX is an install built without
# sanitizers (the release preset), not the asan one.
#   run-afl.sh PREFIX [SECONDS] [SEED]     (defaults: 60 s, seed 1)
# Prints the seconds it took to find the bug, or "none".
set -euo pipefail
compiler=afl-clang-fast++
source "$(dirname "$0")/build.sh"
start=$(date +%s)
# -m none: ASan reserves terabytes of address space. AFL_BENCH_UNTIL_CRASH
# ends the run at the first crash. The rest lets AFL++ run in a container
# without CPU frequency or core_pattern access.
AFL_CUSTOM_MUTATOR_LIBRARY=$prefix/lib/libshaderprobe_afl_mutator.so SHADERPROBE_FUZZ_FORMAT=shbin \
  AFL_BENCH_UNTIL_CRASH=1 AFL_SKIP_CPUFREQ=1 AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES=1 AFL_NO_UI=1 \
  AFL_NO_AFFINITY=1 ASAN_OPTIONS=abort_on_error=1:symbolize=0:detect_leaks=0 \
  afl-fuzz -m none -t 1000 -s "$seed" -V "$seconds" -x "$share/shbin.dict" -i "$share/corpus" -o "$work/out" \
  -- "$work/build/load_shbin" >"$work/afl.log" 2>&1 || { tail -20 "$work/afl.log"; exit 2; }
crashes=("$work"/out/default/crashes/id:*)
if [[ -e ${crashes[0]} ]]; then
  echo "load_shbin: found in $(($(date +%s) - start)) s: ${crashes[0]##*/}"
else
  echo "load_shbin: none in ${seconds} s"
fi
