// What the listing calls registers, procedures and labels (listing.cpp
// declares them, listing_code.cpp uses them): the DVLE's uniforms,
// constants and outputs by the names its directives give them, everything
// else by its register.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "shbin/model.h"
#include "shbin/pica.h"

namespace sp::shbin::listing {

// An identifier picasso accepts ([A-Za-z_$][A-Za-z0-9_$]*) that does not
// read as a register (picasso resolves aliases first, so a uniform named
// r0 would hide the register).
[[nodiscard]] bool is_identifier(std::string_view s);

struct Names {
  // The alias of each register of a file, empty where there is none: the
  // uniform (name and its first register: name[k] for the others) or the
  // constant that covers it.
  struct Alias {
    std::string name;
    uint32_t offset = 0;  // from the alias's first register
    bool array = false;   // declared with a size: name[offset], even for 0
  };
  std::array<Alias, 16> inputs;
  std::array<Alias, 96> floats;
  std::array<Alias, 4> integers;
  std::array<Alias, 16> booleans;
  std::array<std::string, 16> outputs;  // the .out alias of o0-o15

  // Procedures by their [start, end) range, labels by address.
  std::map<std::pair<uint32_t, uint32_t>, std::string> procedures;
  std::map<uint32_t, std::string> labels;

  // "projection[1]", "const_c95", "c5": a register of the 7-bit source
  // space; relatively addressed with `relative` (pica::Relative):
  // "projection[a0+1]", "c5[lcnt]".
  [[nodiscard]] std::string source(uint32_t reg, uint32_t relative) const;
  // "out_position", "o3", "r2": a 5-bit destination.
  [[nodiscard]] std::string dest(uint32_t reg) const;
  // "b3" or its alias, "i1" or its alias.
  [[nodiscard]] std::string boolean(uint32_t index) const;
  [[nodiscard]] std::string integer(uint32_t index) const;
};

// `name` (with `offset`) as picasso reads an alias: "name", "name[2]".
[[nodiscard]] std::string alias_text(const Names::Alias& alias);

// The text of one instruction: plain register names, flow control targets
// as addresses unless `names` has the procedure or label (then by name,
// as picasso writes them), ifu / ifc / for without targets when
// `structured` (the listing closes their blocks with .else / .end).
[[nodiscard]] std::string instruction_text(const pica::Instruction& in, const std::vector<OperandDescriptor>& descriptors,
                                           const Names& names, bool structured);

// The code of `shbin` as picasso source, after the directives.
void list_code(const Shbin& shbin, Names& names, std::string& out);

}  // namespace sp::shbin::listing
