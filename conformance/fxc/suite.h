// What the fxc case generator's groups share (generate_cases.cpp: the
// program's; rdef_cases.cpp: RDEF's; stat_ifce_cases.cpp: STAT's and
// IFCE's): the suite they add to.
#pragma once

#include "conformance/generator.h"

namespace sp::fxc::cases {

using Suite = conform::gen::Suite;

// RDEF's cases: every version and bind kind, the type graph's hostile
// shapes, offsets that wrap.
void rdef_cases(Suite& s);

// STAT's layouts and IFCE's class linkage tables, in containers beside a
// program of the same shader model.
void stat_ifce_cases(Suite& s);

}  // namespace sp::fxc::cases
