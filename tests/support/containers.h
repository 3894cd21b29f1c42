// Building test containers: the shared builders of hostile and valid parts
// (conformance/builders), and the gtest helpers the DXContainer tests use
// with them.
#pragma once

#include <vector>

#include "conformance/dxcontainer/builders.h"
#include "core/diagnostic.h"
#include "dxcontainer/container.h"

namespace sp::test {

using dxc::build::container_of;
using dxc::build::deflate;
using dxc::build::program;
using dxc::build::psv_v1;
using dxc::build::RawPartSpec;
using dxc::build::set_hostile_texts;
using dxc::build::rts0_aliased_tables;
using dxc::build::srci;
using dxc::build::u32s;

// Parses and returns the error (fails the test when there is none).
Diagnostic expect_error(const std::vector<uint8_t>& bytes, const dxc::ParseOptions& options = {});

}  // namespace sp::test
