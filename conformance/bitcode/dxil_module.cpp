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

}  // namespace sp::bitcode::build
