#include "dxil/describe.h"

#include "bitcode/describe.h"
#include "dxcontainer/describe.h"

namespace sp::dxil {

nlohmann::ordered_json describe(const ShaderFile& f) {
  nlohmann::ordered_json tree = dxc::describe(*f.container.container, f.container.warnings);
  for (const ProgramBitcode& pb : f.programs)
    tree["parts"][pb.part_index]["bitcode"] = bitcode::describe(*pb.result.file, pb.result.warnings);
  return tree;
}

}  // namespace sp::dxil
