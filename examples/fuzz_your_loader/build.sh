# What run.sh and run-afl.sh share, sourced after `set -euo pipefail` with
# $compiler set: the usage (the calling script's header comment) on -h,
# the arguments PREFIX [SECONDS] [SEED] (defaults: 60 s, seed 1), a
# scratch folder removed on exit, and the example configured and built
# there against PREFIX by $compiler. Sets prefix, seconds, seed, work and
# share (PREFIX's SHBIN seeds, dictionary and options).
if [[ $# -lt 1 || $1 == -h || $1 == --help ]]; then
  sed -n '2,/^set -euo pipefail/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//'
  exit 0
fi
prefix=$(realpath "$1")
seconds=${2:-60}
seed=${3:-1}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cmake -S "$(dirname "${BASH_SOURCE[0]}")" -B "$work/build" -G Ninja -DCMAKE_PREFIX_PATH="$prefix" \
  -DCMAKE_CXX_COMPILER="$compiler" -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build "$work/build" >/dev/null
share=$prefix/share/shaderprobe/fuzzing/shbin
