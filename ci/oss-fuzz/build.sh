#!/bin/bash -eu
# OSS-Fuzz / ClusterFuzzLite build script: builds every fuzz target with the
# environment's compiler and flags and puts in $OUT, per target:
#   fuzz_<name>                   the binary (linked with $LIB_FUZZING_ENGINE)
#   fuzz_<name>_seed_corpus.zip   corpus/<corpus> and corpus/regressions/<corpus>
#   fuzz_<name>.dict              the dictionary its .options names
#   fuzz_<name>.options           fuzzers/<name>.options, the dict renamed
# Reads $CC $CXX $CFLAGS $CXXFLAGS $LIB_FUZZING_ENGINE $SRC $OUT (and $WORK
# for the build tree when set); the sources are $SRC/shaderprobe.
# The targets are those of the fuzz target table but the LLVM differentials
# (needs: they link LLVM 22's or vkd3d-shader's libraries) and the A/B baselines (a
# libFuzzer-preset experiment).
src="$SRC/shaderprobe"
build="${WORK:-$(mktemp -d)}/shaderprobe-build"
source "$src/scripts/lib/fuzz-corpora.sh" "$build"

# CMAKE_BUILD_TYPE stays empty: the optimisation and debug flags are the
# environment's ($CFLAGS), as for every OSS-Fuzz project.
cmake -S "$src" -B "$build" -G Ninja -DCMAKE_C_COMPILER="$CC" -DCMAKE_CXX_COMPILER="$CXX" \
  -DCMAKE_BUILD_TYPE= -DSP_BUILD_TESTS=OFF -DSP_WITH_LLVM=OFF \
  -DSP_FUZZ_ENGINE=external -DSP_LIB_FUZZING_ENGINE="$LIB_FUZZING_ENGINE"
mapfile -t names < <(fuzz_table '(t["name"] for t in T if not t["baseline"] and not t["needs"])')
cmake --build "$build" --target "${names[@]/#/fuzz_}"

for name in "${names[@]}"; do
  target=fuzz_$name
  corpus=$(corpus_of "$name")
  cp "$build/bin/$target" "$OUT/"
  rm -f "$OUT/${target}_seed_corpus.zip"
  for dir in "$src/corpus/$corpus" "$src/corpus/regressions/$corpus"; do
    [ -d "$dir" ] && (cd "$dir" && zip -q -r "$OUT/${target}_seed_corpus.zip" .)
  done
  options="$src/fuzzers/$name.options"
  dict=$(sed -n 's/^dict *= *//p' "$options")
  [ -n "$dict" ] && cp "$src/fuzzers/$dict" "$OUT/$target.dict"
  sed "s/^dict *= .*/dict = $target.dict/" "$options" >"$OUT/$target.options"
done
echo "built ${names[*]/#/fuzz_} into $OUT"
