// A small DXIL module written with the module builder: a pixel shader
// (ps_6_0) whose entry "main" has one input element, TEXCOORD0, an i32 in
// row 0, column 0 (interpolation constant), and no outputs or resources.
// For the DXIL view's tests and the container suite's module checks
// (conformance/dxcontainer/generate_cases.cpp), which build the parts DXC
// would write for it.
#pragma once

#include "conformance/bitcode/module_builder.h"

namespace sp::bitcode::build {

// Constants: module values 2 = i32 0, 3 = i32 6, 4 = i32 1, 5 = i32 4.
// Metadata: !0 = !"ps", !1..!4 = i32 0, 6, 1, 4, !5 = !{!"ps", i32 6, i32 0},
// !6 = !"main", !7 = !"TEXCOORD", !8 = !{i32 0},
// !9 = !{i32 0, !"TEXCOORD", i32 4 (I32), i32 0 (arbitrary), !8, i32 1,
//        i32 1, i32 1, i32 0, i32 0, null},
// !10 = !{!9}, !11 = !{!10, null, null}, !12 = !{null, !"main", !11, null, null};
// records 13 to 16 name !5 dx.shaderModel and !12 dx.entryPoints.
[[nodiscard]] ModuleSpec dxil_module();

// dxil_module() whose entry also declares a constant buffer "cb" of 16
// bytes at b0 in space 0 (its variable null): module value 6 = i32 16,
// !13 = i32 16, !14 = !"cb", !15 = the CBV's node, !16 = !{!15},
// !17 = !{null, null, !16, null}, the entry's resources.
[[nodiscard]] ModuleSpec dxil_module_with_cbuffer();

}  // namespace sp::bitcode::build
