#include <stdio.h>
int main(void) { printf("hello, %s\n", "world"); return 0; }
