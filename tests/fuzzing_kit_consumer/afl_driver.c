/* Loads the AFL++ mutator library as afl-fuzz does (dlopen, then
 * afl_custom_init, afl_custom_fuzz_count, afl_custom_fuzz and
 * afl_custom_deinit) and mutates each file given 64 times, each time with
 * the next file as AFL++'s splice partner: every output must fit max_size;
 * some file must get custom mutations, and four bytes of no format none.
 * A library that refuses to start ends the driver with status 2.
 *   afl_driver LIBRARY FILE... */
#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef void* (*init_fn)(void* afl, unsigned int seed);
typedef size_t (*fuzz_fn)(void* data, uint8_t* buf, size_t buf_size, uint8_t** out_buf, uint8_t* add_buf,
                          size_t add_buf_size, size_t max_size);
typedef uint32_t (*fuzz_count_fn)(void* data, const uint8_t* buf, size_t buf_size);
typedef void (*deinit_fn)(void* data);

static uint8_t* read_file(const char* path, size_t* size) {
  FILE* f = fopen(path, "rb");
  if (f == NULL) return NULL;
  fseek(f, 0, SEEK_END);
  *size = (size_t)ftell(f);
  fseek(f, 0, SEEK_SET);
  uint8_t* bytes = malloc(*size + 1);
  if (bytes != NULL && fread(bytes, 1, *size, f) != *size) {
    free(bytes);
    bytes = NULL;
  }
  fclose(f);
  return bytes;
}

int main(int argc, char** argv) {
  if (argc < 3) return 1;
  void* library = dlopen(argv[1], RTLD_NOW);
  if (library == NULL) {
    fprintf(stderr, "dlopen: %s\n", dlerror());
    return 1;
  }
  init_fn init = (init_fn)dlsym(library, "afl_custom_init");
  fuzz_fn fuzz = (fuzz_fn)dlsym(library, "afl_custom_fuzz");
  fuzz_count_fn fuzz_count = (fuzz_count_fn)dlsym(library, "afl_custom_fuzz_count");
  deinit_fn deinit = (deinit_fn)dlsym(library, "afl_custom_deinit");
  if (init == NULL || fuzz == NULL || fuzz_count == NULL || deinit == NULL) {
    fprintf(stderr, "the library lacks an afl_custom_ function\n");
    return 1;
  }
  void* state = init(NULL, 1);
  if (state == NULL) return 2;
  const size_t max_size = 16384;
  size_t mutations = 0, changed = 0, counted = 0;
  for (int i = 2; i < argc; ++i) {
    size_t size = 0, other_size = 0;
    uint8_t* input = read_file(argv[i], &size);
    uint8_t* other = read_file(argv[i + 1 < argc ? i + 1 : 2], &other_size);
    if (input == NULL || other == NULL) return 1;
    if (fuzz_count(state, input, size) > 0) ++counted;
    for (int round = 0; round < 64; ++round) {
      uint8_t* out = NULL;
      const size_t out_size = fuzz(state, input, size, &out, other, other_size, max_size);
      if (out_size > max_size || (out_size != 0 && out == NULL)) {
        fprintf(stderr, "%s: an output of %zu bytes\n", argv[i], out_size);
        return 1;
      }
      ++mutations;
      if (out_size != size || memcmp(out, input, size) != 0) ++changed;
    }
    free(input);
    free(other);
  }
  /* A file that is not one of the format's gets no custom mutations. */
  static const uint8_t not_the_format[] = {'N', 'O', 'P', 'E'};
  const uint32_t refused = fuzz_count(state, not_the_format, sizeof not_the_format);
  deinit(state);
  printf("%zu mutations, %zu changed the input; %zu of %d files given custom mutations, %u for a file of "
         "another format\n", mutations, changed, counted, argc - 2, refused);
  return changed * 2 > mutations && counted > 0 && refused == 0 ? 0 : 1;
}
