/* A fuzz target of another project, in C, for the triage of a binary that
 * is not shaderprobe's: tests/triage/test_foreign_target.py builds it with
 * clang-22 as a libFuzzer target and, with -DAFL_MAIN, as a program taking
 * its input as an AFL++ target does (a file named by its last argument,
 * else stdin). One planted bug: a record whose length byte says more than
 * the record holds is read past its copy. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

volatile uint8_t sink;

__attribute__((noinline)) void planted_record_overread(const uint8_t *data, size_t size) {
  uint8_t *record = malloc(size);
  memcpy(record, data, size);
  uint8_t sum = 0;
  for (size_t i = 0; i < record[1]; ++i) sum += record[2 + i]; /* record[1] is not checked against size */
  sink = sum;
  free(record);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size >= 2 && data[0] == 'R') planted_record_overread(data, size);
  return 0;
}

#ifdef AFL_MAIN
int main(int argc, char **argv) {
  FILE *in = argc > 1 ? fopen(argv[argc - 1], "rb") : stdin;
  if (in == NULL) return 2;
  static uint8_t buffer[1 << 16];
  const size_t size = fread(buffer, 1, sizeof buffer, in);
  return LLVMFuzzerTestOneInput(buffer, size);
}
#endif
