#include "conformance/bitcode/dxil_module.h"

#include "bitcode/metadata.h"
#include "conformance/bitcode/metadata_cases.h"

namespace sp::bitcode::build {

ModuleSpec dxil_module() {
  ModuleSpec s;
  s.constants = {{1, 0}, {4, 0}, {4, 12}, {4, 2}, {4, 8}};  // SETTYPE i32; 0, 6, 1, 4 (signed VBR)
  s.metadata = {text_record(kMdStringOld, "ps"),
                record(kMdValue, {0, 2}),
                record(kMdValue, {0, 3}),
                record(kMdValue, {0, 4}),
                record(kMdValue, {0, 5}),
                record(kMdNode, {1, 3, 2}),
                text_record(kMdStringOld, "main"),
                text_record(kMdStringOld, "TEXCOORD"),
                record(kMdNode, {2}),
                record(kMdNode, {2, 8, 5, 2, 9, 4, 4, 4, 2, 2, 0}),
                record(kMdNode, {10}),
                record(kMdNode, {11, 0, 0}),
                record(kMdNode, {0, 7, 12, 0, 0}),
                text_record(kMdName, "dx.shaderModel"),
                record(kMdNamedNode, {5}),
                text_record(kMdName, "dx.entryPoints"),
                record(kMdNamedNode, {12})};
  return s;
}

ModuleSpec dxil_module_with_cbuffer() {
  ModuleSpec s = dxil_module();
  s.constants.push_back({4, 32});  // i32 16 (signed VBR)
  // Inserted before the names, so that they take the next numbers.
  const Records added = {record(kMdValue, {0, 6}),
                         text_record(kMdStringOld, "cb"),
                         record(kMdNode, {2, 0, 15, 2, 2, 4, 14, 0}),  // id 0, null, "cb", space 0, b0, 1, 16 bytes
                         record(kMdNode, {16}),
                         record(kMdNode, {0, 0, 17, 0})};
  s.metadata.insert(s.metadata.begin() + 13, added.begin(), added.end());
  s.metadata[12] = record(kMdNode, {0, 7, 12, 18, 0});  // the entry, its resources !17
  return s;
}

}  // namespace sp::bitcode::build
