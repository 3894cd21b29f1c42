# Sourced by the fuzzing scripts: which committed corpus each fuzz target
# reads. Targets not listed read corpus/<their name>. (The same pairs are the
# CORPUS arguments in fuzzers/CMakeLists.txt, which ctest replays.)
declare -A SP_SHARED_CORPUS=(
  [dxcontainer_bytes]=dxcontainer
  [dxcontainer_llvm]=dxcontainer
  [dump]=dxcontainer
  [bitstream_llvm]=bitstream
)

# The corpus folder name of target $1.
corpus_of() { echo "${SP_SHARED_CORPUS[$1]:-$1}"; }

# The targets other than $1 that read corpus $1, sorted.
sharers_of() {
  local t
  for t in "${!SP_SHARED_CORPUS[@]}"; do
    [ "${SP_SHARED_CORPUS[$t]}" = "$1" ] && echo "$t"
  done | sort
}
