// `dump --format=obj2yaml`: the container as LLVM 22's obj2yaml prints it
// (schema: llvm/ObjectYAML/DXContainerYAML.h; layout: yaml::Output), byte for
// byte for every container obj2yaml-22 accepts. docs/obj2yaml-dxcontainer.md
// lists the rules and where LLVM's reading differs from shaderprobe's.
#pragma once

#include <string>

#include "dxcontainer/container.h"
#include "dxcontainer/model.h"

namespace sp::dxc {

// `options` with the quirks that let shaderprobe read what LLVM writes
// (see PsvQuirks); use them to parse before to_obj2yaml.
[[nodiscard]] inline ParseOptions with_llvm_quirks(ParseOptions options) {
  options.psv_quirks.llvm_mesh_layout = true;
  return options;
}

[[nodiscard]] std::string to_obj2yaml(const Container& c);

}  // namespace sp::dxc
