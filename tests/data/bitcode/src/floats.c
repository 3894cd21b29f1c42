#include <math.h>
float f32(float a, float b) { return fmaf(a, b, 1.0f) / sqrtf(a); }
double f64(double a) { return sin(a) * cos(a) + 1e300 * a; }
long double f80(long double a) { return a * a - 0.1L; }
#if __clang_major__ >= 15 // clang-14 has no _Float16 on x86-64
_Float16 half(_Float16 h) { return h + (_Float16)1.5; }
#else
__fp16 storage;
float half(float h) { storage = (__fp16)h; return storage; }
#endif
const double table[5] = {0.0, -0.0, 1.0 / 3, 1e-310, 3.4028234663852886e38};
