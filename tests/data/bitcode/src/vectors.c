typedef float v4f __attribute__((vector_size(16)));
typedef int v8i __attribute__((vector_size(32)));
v4f madd(v4f a, v4f b, v4f c) { return a * b + c; }
v8i shuf(v8i a, v8i b) { return __builtin_shufflevector(a, b, 0, 9, 2, 11, 4, 13, 6, 15); }
int reduce(const int *p, int n) { int s = 0; for (int i = 0; i < n; ++i) s += p[i] * p[i]; return s; }
