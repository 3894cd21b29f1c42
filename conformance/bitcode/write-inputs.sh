# Sourced by scripts/gen-conformance: writes the LLVM bitcode suite's given
# inputs into $GIVEN: clang-22 and clang-14 (when installed) -c -emit-llvm
# of tests/data/bitcode/src at -O0 and -O2 (files above 32 KiB left out),
# llvm-cat-22 -b of two of them, and the bitstream writer's streams
# (seeds_bitstream). gen_bitcode_cases notes in each sidecar what
# llvm-bcanalyzer-22 and -14 did with the case.
cmake --build --preset dev --target seeds_bitstream >/dev/null
for compiler in clang-22 clang-14; do
  command -v "$compiler" >/dev/null || continue
  for src in tests/data/bitcode/src/*.c tests/data/bitcode/src/*.cpp; do
    for level in O0 O2; do
      f="$GIVEN/${compiler/-/}_${level}_$(basename "$src").bc"
      "$compiler" -c -emit-llvm "-$level" "$src" -o "$f"
      [ "$(stat -c %s "$f")" -le 32768 ] || rm "$f"
    done
  done
done
# A multi-module stream: llvm-cat -b gives each module its own STRTAB.
if command -v llvm-cat-22 >/dev/null; then
  llvm-cat-22 -b -o "$GIVEN/llvmcat22_multi_module.bc" \
    "$GIVEN/clang22_O0_hello.c.bc" "$GIVEN/clang22_O2_structs.c.bc"
fi
build/dev/bin/seeds_bitstream "$WORK/writer"
# A stream with another magic is no LLVM bitcode to `identify`, so
# shaderprobe reads it as a (broken) DXContainer: not a bitcode case.
for f in "$WORK/writer"/*.bc; do
  [[ $f == *other_magic* ]] || cp "$f" "$GIVEN/writer_$(basename "$f")"
done
