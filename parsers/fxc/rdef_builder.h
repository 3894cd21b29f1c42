// Building RDEF chunks for tests, seeds and conformance cases: fill a model
// in memory (strings as text, types referred to by index), then
// lay_out_rdef() gives every record, string and table an offset and sets
// every count, and write_rdef() makes the bytes. Any type graph can be
// laid out, cycles and 100,000-deep chains included: nothing here walks
// the graph.
#pragma once

#include "fxc/rdef.h"

namespace sp::fxc {

// Assigns every offset and count of `rdef` from its lists: the header (and
// RD11, whose layout follows its magic), the creator, the binding and
// constant buffer tables, each buffer's variables, each type with its
// members and interfaces, then the strings and default values, padded to 4
// bytes with 0xAB as fxc pads. Type references are taken from their
// indices (kNoType: offset 0). std::out_of_range for an index past types.
void lay_out_rdef(Rdef& rdef);

// A type of no members: a scalar, vector or matrix of `variable_type`
// (D3D_SHADER_VARIABLE_CLASS and _TYPE), an array when `elements` is not 0.
[[nodiscard]] RdefType numeric_type(uint16_t variable_class, uint16_t variable_type, uint16_t rows,
                                    uint16_t columns, uint16_t elements = 0);

}  // namespace sp::fxc
