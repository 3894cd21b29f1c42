// printf as the MSVC runtime that fxc was built with prints numbers, where
// glibc's differs: the listings fxc wrote are the reference output.
#pragma once

#include <string>

namespace sp {

// printf("%f", v) in the MSVC runtime: |v| to 17 significant digits (zeros
// after them), then rounded half away from zero to six decimals. glibc
// prints the exact binary value rounded half to even, so 0.0078125 is
// "0.007812" there and "0.007813" in fxc's listings, and a float near
// -6.49e32 prints all its digits there and "-649211347377382870000000000000000.000000"
// in fxc's. `v` is finite: infinities and NaNs are the caller's to spell
// (MSVC's 1.#INF00, 1.#QNAN0).
[[nodiscard]] std::string msvc_fixed(double v);

}  // namespace sp
