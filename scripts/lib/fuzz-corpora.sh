# shellcheck shell=bash
# Sourced by the fuzzing scripts as `source scripts/lib/fuzz-corpora.sh
# BUILD_DIR`: the fuzz target table of BUILD_DIR/fuzz_targets.json, which
# fuzzers/CMakeLists.txt writes when the preset configures (the sp_fuzzer()
# declarations of fuzzers/<format>.cmake). Every target is listed whether or
# not that build has it, so a script configures BUILD_DIR before calling
# these, and asks for the built ones where it runs binaries.
SP_FUZZ_BUILD=$1

# Prints, one a line, what the Python expression $1 yields over the table
# T (a list of {name, format, corpus, baseline, needs, role}), with the
# arguments after $1 as the list A.
fuzz_table() {
  python3 -c '
import json, os, sys
T = json.load(open(sys.argv[1]))
A = sys.argv[3:]
for value in eval(sys.argv[2]):
    print(value)' "$SP_FUZZ_BUILD/fuzz_targets.json" "$@"
}

# The corpus folder target $1 reads (corpus/<it>); fails for an unknown target.
corpus_of() {
  fuzz_table '[t["corpus"] for t in T if t["name"] == A[0]] or sys.exit("no fuzz target " + A[0])' "$1"
}

# The format target $1 exercises; fails for an unknown target.
format_of() {
  fuzz_table '[t["format"] for t in T if t["name"] == A[0]] or sys.exit("no fuzz target " + A[0])' "$1"
}

# The targets other than its owner (the target named like it) that read
# corpus $1, sorted.
sharers_of() { fuzz_table 'sorted(t["name"] for t in T if t["corpus"] == A[0] != t["name"])' "$1"; }

# Every corpus, in table order.
fuzz_corpora() { fuzz_table 'dict.fromkeys(t["corpus"] for t in T)'; }

# Every format that has fuzz targets, in table (registry) order.
fuzz_formats() { fuzz_table 'dict.fromkeys(t["format"] for t in T)'; }

# Every target in table order; with `built`, only those whose
# BUILD_DIR/bin/fuzz_<name> exists; with `configured`, those the configured
# build makes, built yet or not (a bin/fuzz_<name> of its build.ninja: the
# presets' generator is Ninja), leaving out those it lacks the NEEDS of.
fuzz_target_names() {
  fuzz_table '(t["name"] for t in T if A[0] == "all"
               or A[0] == "built" and os.path.exists(A[1] + "/bin/fuzz_" + t["name"])
               or A[0] == "configured" and ("\nbuild bin/fuzz_" + t["name"] + ":") in open(A[1] + "/build.ninja").read())' \
    "${1:-all}" "$SP_FUZZ_BUILD"
}
