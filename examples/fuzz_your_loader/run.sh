#!/usr/bin/env bash
# Builds examples/fuzz_your_loader against an installed shaderprobe and
# fuzzes the loader with the SHBIN mutator and with bytes alone, from
# the installed seeds, until the planted bug is found or the time is up.
#   run.sh PREFIX [SECONDS] [SEED]     (defaults: 60 s, seed 1)
# Prints, for each target, the seconds it took to find the bug or "none".
set -euo pipefail
compiler=${CXX:-clang++-22}
source "$(dirname "$0")/build.sh"
for target in fuzz_loader fuzz_loader_bytes; do
  mkdir -p "$work/$target"
  start=$(date +%s)
  # A new folder first: libFuzzer writes what it finds there, not into the seeds.
  if "$work/build/$target" -seed="$seed" -max_total_time="$seconds" -dict="$share/shbin.dict" \
       -max_len=8192 -artifact_prefix="$work/$target/" "$work/$target" "$share/corpus" \
       >"$work/$target.log" 2>&1; then
    echo "$target: none in ${seconds} s"
  else
    echo "$target: found in $(($(date +%s) - start)) s: $(grep -m1 -o 'ERROR: AddressSanitizer: [a-z-]*' "$work/$target.log" || tail -1 "$work/$target.log")"
  fi
done
