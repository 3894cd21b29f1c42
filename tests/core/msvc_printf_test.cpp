// msvc_fixed against the numbers fxc's listings print (DirectXTK's and the
// issue's older fxc output), where glibc's %f prints otherwise.
#include <gtest/gtest.h>

#include <cstdio>
#include <limits>

#include "core/msvc_printf.h"

namespace sp {
namespace {

TEST(MsvcFixed, TiesRoundAwayFromZero) {
  EXPECT_EQ(msvc_fixed(0.0078125), "0.007813");  // glibc: 0.007812
  EXPECT_EQ(msvc_fixed(static_cast<double>(18.8515625f)), "18.851563");
  EXPECT_EQ(msvc_fixed(-0.0078125), "-0.007813");
}

TEST(MsvcFixed, SeventeenSignificantDigitsThenZeros) {
  // The float fxc listed as -649211347377382870000000000000000.000000;
  // its exact value is -649211347377382870840004092887040.
  EXPECT_EQ(msvc_fixed(static_cast<double>(-6.4921134737738287e32f)), "-649211347377382870000000000000000.000000");
  EXPECT_EQ(msvc_fixed(1e20), "100000000000000000000.000000");
  // Rounded to 17 digits first (0.99999950000000000), then to six
  // decimals: MSVC's double rounding, where glibc prints 0.999999.
  EXPECT_EQ(msvc_fixed(0.9999995), "1.000000");
  // A carry out of the first digit moves the point.
  EXPECT_EQ(msvc_fixed(9.9999996), "10.000000");
}

TEST(MsvcFixed, OrdinaryValuesPrintAsGlibcDoes) {
  for (const double v : {0.0, -0.0, 1.0, -2.5, 0.1, 1.0 / 3.0, 123456.789, 1e-7}) {
    char glibc[64];
    std::snprintf(glibc, sizeof glibc, "%f", v);
    EXPECT_EQ(msvc_fixed(v), glibc) << v;
  }
  EXPECT_EQ(msvc_fixed(static_cast<double>(std::numeric_limits<float>::max())),
            "340282346638528860000000000000000000000.000000");
}

}  // namespace
}  // namespace sp
