#include <string.h>
const char *greetings[] = {"hi", "hello", "bonjour", "\x01\x02 binary", "quote ' and \\ and \"", ""};
const unsigned char blob[] = {0, 1, 2, 255, 254, 'a', 'b', 0};
static const char long_text[] = "The quick brown fox jumps over the lazy dog, again and again and again.";
size_t total(void) { size_t n = 0; for (int i = 0; i < 6; ++i) n += strlen(greetings[i]); return n + sizeof long_text; }
__attribute__((section(".mysec"), used)) int in_section = 3;
__attribute__((weak)) int weak_fn(void) { return 1; }
int alias_target(void) { return 2; }
int aliased(void) __attribute__((alias("alias_target")));
