// The Level9 sections of fxc's listing of a DXBC container (listing.h):
// read off DirectXTK's 317 listings with a Level9 part, column by column
// (docs/formats/d3d9.md, "The Level9 part"). What no listing shows (a loop
// mapping, a conversion other than FLT, a runtime constant other than the
// position offset) prints as DXDecompiler prints it.
#include "core/strings.h"
#include "d3d9/listing.h"

namespace sp::d3d9 {
namespace {

// ConstantBufferMapping::conversion, each in a 4-wide column.
constexpr std::string_view kConversions[] = {"FLT", "BOOL", "INT", "UINT"};
// RuntimeConstantMapping::kind.
constexpr std::string_view kRuntimeConstants[] = {"Vertex Shader position offset"};

void constant_buffers(const Level9& l, TextBuffer& out) {
  if (l.constant_buffers.empty() && l.loops.empty()) return;
  out.append("//\n// Constant buffer to DX9 shader constant mappings:\n//\n");
  if (!l.loops.empty()) {
    out.append(
        "// Target Reg Buffer  Source Reg Component\n"
        "// ---------- ------- ---------- ---------\n");
    for (const LoopMapping& m : l.loops)
      out.append(strprintf("// i%-9u cb%-5u %10u %9u\n", m.target, m.buffer, m.source, m.component));
    out.append("//\n");
  }
  if (!l.constant_buffers.empty()) {
    out.append(
        "// Target Reg Buffer  Start Reg # of Regs        Data Conversion\n"
        "// ---------- ------- --------- --------- ----------------------\n");
    for (const ConstantBufferMapping& m : l.constant_buffers)
      out.append(strprintf("// c%-9u cb%-5u %9u %9u  (%4s,%4s,%4s,%4s)\n", m.target, m.buffer, m.start, m.count,
                           name_of(kConversions, m.conversion[0]).c_str(), name_of(kConversions, m.conversion[1]).c_str(),
                           name_of(kConversions, m.conversion[2]).c_str(), name_of(kConversions, m.conversion[3]).c_str()));
  }
  out.append("//\n");
}

void samplers(const Level9& l, TextBuffer& out) {
  if (l.samplers.empty()) return;
  out.append(
      "//\n// Sampler/Resource to DX9 shader sampler mappings:\n//\n"
      "// Target Sampler Source Sampler  Source Resource\n"
      "// -------------- --------------- ----------------\n");
  for (const SamplerMapping& m : l.samplers)
    out.append(strprintf("// s%-13u s%-14u t%-16u\n", m.target, m.sampler, m.resource));
  out.append("//\n");
}

void runtime_constants(const Level9& l, TextBuffer& out) {
  if (l.runtime_constants.empty()) return;
  out.append(
      "//\n// Runtime generated constant mappings:\n//\n"
      "// Target Reg                               Constant Description\n"
      "// ---------- --------------------------------------------------\n");
  for (const RuntimeConstantMapping& m : l.runtime_constants)
    out.append(strprintf("// c%-9u %50s\n", m.target, name_of(kRuntimeConstants, m.kind).c_str()));
  out.append("//\n");
}

}  // namespace

void list_level9(const Level9& level9, TextBuffer& out) {
  constant_buffers(level9, out);
  samplers(level9, out);
  runtime_constants(level9, out);
  out.append("//\n// Level9 shader bytecode:\n//\n");
  list_body(level9.program, out);
}

}  // namespace sp::d3d9
