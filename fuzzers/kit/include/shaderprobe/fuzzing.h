/* shaderprobe's fuzzing kit: the structure-aware mutators of shaderprobe's
 * own fuzz targets, for a fuzz target of your own loader
 * (docs/fuzz-your-loader.md). Link shaderprobe::fuzzing
 * (find_package(shaderprobe)); the seeds, dictionary and libFuzzer
 * options of each format are under share/shaderprobe/fuzzing/<format>/.
 *
 * A mutator reads its input into shaderprobe's model of the format, edits
 * the model and writes it again with the offsets, sizes, counts and
 * digests it now needs (so the edit reaches past the loader's header
 * checks), damages some of them on purpose, and hands a share of its
 * calls, and every input it cannot read, to a byte-level mutator.
 *
 * Every function is deterministic for the same input, seed and byte
 * mutator, writes nothing past max_size (or max_out) and returns a size
 * no larger. A format names a format that has a mutator (sp_fuzz_format);
 * for any other name, NULL included, the functions return 0 and leave the
 * buffers as they were. */
#ifndef SHADERPROBE_FUZZING_H
#define SHADERPROBE_FUZZING_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
#define SP_FUZZ_EXTERN_C extern "C"
extern "C" {
#else
#define SP_FUZZ_EXTERN_C
#endif

/* The shape of libFuzzer's LLVMFuzzerMutate: mutates data[0, size) in
 * place within max_size bytes and returns the new size. */
typedef size_t (*sp_fuzz_byte_mutator)(uint8_t* data, size_t size, size_t max_size);

/* The index-th format with a mutator ("dxcontainer", "bitcode", ...), in
 * the registry's order; NULL past the last. */
const char* sp_fuzz_format(size_t index);

/* 1 when the format has a mutator, else 0. */
int sp_fuzz_has_mutator(const char* format);

/* Ends the process with a message naming the formats when the format has
 * no mutator: a fuzz target's first call catches a misspelt name that
 * would otherwise make every mutation fail. */
void sp_fuzz_require(const char* format);

/* Mutates data[0, size) in place (size <= max_size) and returns the new
 * size, with the byte mutator the kit picks: libFuzzer's LLVMFuzzerMutate
 * when the process links libFuzzer, else sp_fuzz_mutate_bytes. */
size_t sp_fuzz_mutate(const char* format, uint8_t* data, size_t size, size_t max_size, unsigned seed);

/* The same with the caller's byte mutator (NULL: the kit picks, as above). */
size_t sp_fuzz_mutate_with(const char* format, uint8_t* data, size_t size, size_t max_size, unsigned seed,
                           sp_fuzz_byte_mutator bytes);

/* Writes to out a mix of the two inputs: the format's own crossover where
 * it has one (a part, stage or table of the second put into the first),
 * else the first input's head and the second's tail. Returns the size
 * written, or 0 when there is nothing to offer (an input the crossover
 * cannot read, a result that does not fit): libFuzzer then tries another
 * mutation. */
size_t sp_fuzz_cross_over(const char* format, const uint8_t* data1, size_t size1, const uint8_t* data2,
                          size_t size2, uint8_t* out, size_t max_out, unsigned seed);

/* The kit's own byte mutator, for an engine without one: one or two edits
 * (a bit flipped, a byte or a 16- or 32-bit little-endian word set to a
 * boundary value, bytes inserted, erased or copied over others, the input
 * cut). Deterministic for a seed. */
size_t sp_fuzz_mutate_bytes(uint8_t* data, size_t size, size_t max_size, unsigned seed);

#ifdef __cplusplus
}
#endif

/* At file scope of a libFuzzer target:
 *   SP_FUZZ_USE_MUTATOR("dxcontainer")
 * defines LLVMFuzzerCustomMutator and LLVMFuzzerCustomCrossOver with the
 * format's mutator and crossover, libFuzzer's LLVMFuzzerMutate being the
 * byte mutator; the first call checks the name (sp_fuzz_require). */
#define SP_FUZZ_USE_MUTATOR(format)                                                                               \
  SP_FUZZ_EXTERN_C size_t LLVMFuzzerMutate(uint8_t* data, size_t size, size_t max_size);                          \
  SP_FUZZ_EXTERN_C size_t LLVMFuzzerCustomMutator(uint8_t* data, size_t size, size_t max_size, unsigned int seed) { \
    static int sp_fuzz_checked = 0;                                                                               \
    if (!sp_fuzz_checked) {                                                                                       \
      sp_fuzz_require(format);                                                                                    \
      sp_fuzz_checked = 1;                                                                                        \
    }                                                                                                             \
    return sp_fuzz_mutate_with(format, data, size, max_size, seed, LLVMFuzzerMutate);                            \
  }                                                                                                               \
  SP_FUZZ_EXTERN_C size_t LLVMFuzzerCustomCrossOver(const uint8_t* data1, size_t size1, const uint8_t* data2,     \
                                                    size_t size2, uint8_t* out, size_t max_out, unsigned int seed) { \
    return sp_fuzz_cross_over(format, data1, size1, data2, size2, out, max_out, seed);                           \
  }

#endif
