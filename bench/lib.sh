# shellcheck shell=bash
# Sourced by the bench/run-* scripts: timing a command, and the median of
# RUNS numbers. `runs` is the caller's.

# Wall seconds of one run of a command (its stdout dropped).
wall_seconds() {
  local start end
  start=$(date +%s.%N)
  "$@" >/dev/null
  end=$(date +%s.%N)
  echo "$end - $start" | bc
}

# The median of the numbers on stdin, one a line (of `runs` of them).
median() { sort -g | sed -n "$(( (runs + 1) / 2 ))p"; }
