#!/usr/bin/env bash
# Builds examples/fuzz_your_loader against an installed shaderprobe and
# fuzzes the loader with the SHBIN mutator and with bytes alone, from
# the installed seeds, until the planted bug is found or the time is up.
#   run.sh PREFIX [SECONDS] [SEED]     (defaults: 60 s, seed 1)
# Prints, for each target, the seconds it took to find the bug or "none".
set -euo pipefail
if [[ $# -lt 1 || $1 == -h || $1 == --help ]]; then
  sed -n '2,6p' "$0" | sed 's/^# \{0,1\}//'
  exit 0
fi
prefix=$(realpath "$1")
seconds=${2:-60}
seed=${3:-1}
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cmake -S "$here" -B "$work/build" -G Ninja -DCMAKE_PREFIX_PATH="$prefix" \
  -DCMAKE_CXX_COMPILER="${CXX:-clang++-22}" -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build "$work/build" >/dev/null
share=$prefix/share/shaderprobe/fuzzing/shbin
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
