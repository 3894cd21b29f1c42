// A DXIL container checked against its module, as DXC's validator checks
// it without running code (docs/formats/dxil.md, "The container against
// its module"): the program header against dx.shaderModel, the parts a
// stage requires, ISG1/OSG1/PSG1 and PSV0 against what DXC writes from the
// entry point's metadata, SFI0 against the shader flags, RTS0 against
// PSV0's bindings. Every finding is a warning with its own code, which
// the `dxc` profile turns into an error; the paths and offsets are the
// container's.
#pragma once

#include <string>

#include "bitcode/dxil_view.h"
#include "core/diagnostic.h"
#include "dxcontainer/model.h"

namespace sp::dxil {

// `program` is the index of the DXIL part whose module's view is `v`; the
// findings are warnings in `ctx`.
void check_container(const dxc::Container& c, size_t program, const bitcode::dxil::View& v, Context& ctx);

// What each check reads, and where its findings go.
struct Checked {
  const dxc::Container& c;
  const bitcode::dxil::View& v;
  const bitcode::dxil::EntryPoint& entry;  // the entry point the parts describe
  uint32_t kind = 0;                       // DXIL::ShaderKind
  Context& ctx;

  void warn(Code code, uint64_t offset, std::string path, std::string message) const;
  // The validator version the module names (1.0 when it names none).
  [[nodiscard]] bool validator_at_least(uint32_t major, uint32_t minor) const;
  // The part with `fourcc` and its index, or null.
  [[nodiscard]] const dxc::Part* part(std::string_view fourcc, size_t* index = nullptr) const;
  [[nodiscard]] uint64_t shader_flags() const { return entry.shader_flags.value_or(0); }
};

void check_signatures(const Checked& k);
void check_psv(const Checked& k);
void check_root_signature(const Checked& k);

// "parts[3].OSG1" for the part at `index`.
[[nodiscard]] std::string part_path(const dxc::Container& c, size_t index);

}  // namespace sp::dxil
