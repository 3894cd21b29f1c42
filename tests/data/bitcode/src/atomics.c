#include <stdatomic.h>
#include <setjmp.h>
_Atomic int counter;
_Thread_local int tls_value = 5;
int bump(void) { return atomic_fetch_add_explicit(&counter, 1, memory_order_acq_rel); }
int cas(int expect) { return atomic_compare_exchange_strong(&counter, &expect, 42); }
static jmp_buf env;
int jump(int v) { if (setjmp(env)) return 1; if (v) longjmp(env, 1); return 0; }
void *jump_table(int i) { static void *t[] = {&&a, &&b}; goto *t[i & 1]; a: return 0; b: return t; }
