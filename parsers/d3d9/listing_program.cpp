// The program part of fxc's listing: one line per instruction in fxc's
// spelling of opcodes, modifiers, registers and declarations, read off
// fxc's own /Fc output (docs/formats/d3d9.md, "The listing").
#include <cmath>
#include <cstring>

#include "core/strings.h"
#include "d3d9/listing.h"

namespace sp::d3d9 {
namespace {

constexpr char kComponents[] = "xyzw";
constexpr uint32_t kFullMask = 0xF;

// D3DSHADER_COMPARISON (controls of if_comp, break_comp, setp), from 1.
constexpr std::string_view kComparisons[] = {"0", "gt", "eq", "ge", "lt", "ne", "le"};
// D3DDECLUSAGE.
constexpr std::string_view kUsages[] = {"position", "blendweight", "blendindices", "normal",     "psize",
                                        "texcoord", "tangent",     "binormal",     "tessfactor", "positiont",
                                        "color",    "fog",         "depth",        "sample"};
// D3DSAMPLER_TEXTURE_TYPE (bits 27..30 of a sampler's dcl token).
constexpr std::string_view kTextureTypes[] = {"unknown", "1d", "2d", "cube", "volume"};
// D3DSHADER_PARAM_SRCMOD_TYPE: what goes before and after the register.
struct SourceModifier {
  std::string_view prefix;
  std::string_view suffix;
};
constexpr SourceModifier kSourceModifiers[] = {{"", ""},      {"-", ""},    {"", "_bias"}, {"-", "_bias"}, {"", "_bx2"},
                                               {"-", "_bx2"}, {"1 - ", ""}, {"", "_x2"},   {"-", "_x2"},   {"", "_dz"},
                                               {"", "_dw"},   {"", "_abs"}, {"-", "_abs"}, {"!", ""}};

// D3DSHADER_PARAM_REGISTER_TYPE: each register file's name, whether its
// number follows, and where its numbering starts (the constant files past
// 2047 continue c#). Where the name depends on the shader or the register,
// register_name() spells it.
struct RegisterFile {
  std::string_view name;
  bool numbered;
  uint32_t first;
};
constexpr RegisterFile kRegisterFiles[] = {
    {"r", true, 0},        // TEMP
    {"v", true, 0},        // INPUT
    {"c", true, 0},        // CONST
    {"a", true, 0},        // ADDR; TEXTURE (t#) in a pixel shader
    {"", false, 0},        // RASTOUT: oPos, oFog, oPts
    {"oD", true, 0},       // ATTROUT
    {"oT", true, 0},       // TEXCRDOUT; OUTPUT (o#) from vs_3_0
    {"i", true, 0},        // CONSTINT
    {"oC", true, 0},       // COLOROUT
    {"oDepth", false, 0},  // DEPTHOUT
    {"s", true, 0},        // SAMPLER
    {"c", true, 2048},     // CONST2
    {"c", true, 4096},     // CONST3
    {"c", true, 6144},     // CONST4
    {"b", true, 0},        // CONSTBOOL
    {"aL", false, 0},      // LOOP
    {"half", true, 0},     // TEMPFLOAT16
    {"", false, 0},        // MISCTYPE: vPos, vFace
    {"l", true, 0},        // LABEL
    {"p", true, 0},        // PREDICATE
};
constexpr std::string_view kRastOutNames[] = {"oPos", "oFog", "oPts"};
constexpr std::string_view kMiscTypeNames[] = {"vPos", "vFace"};

std::string register_name(const Parameter& p, const Version& v) {
  const uint32_t n = p.number();
  const uint32_t type = p.type();
  if (type == kAddrOrTexture && v.pixel()) return strprintf("t%u", n);
  if (type == kTexCrdOut && v.sm3()) return strprintf("o%u", n);
  if (type == kRastOut) return n < std::size(kRastOutNames) ? std::string(kRastOutNames[n]) : strprintf("oRast%u", n);
  if (type == kMiscType)
    return n < std::size(kMiscTypeNames) ? std::string(kMiscTypeNames[n]) : strprintf("vMisc%u", n);
  if (type >= std::size(kRegisterFiles)) return strprintf("reg%u_%u", type, n);
  const RegisterFile& f = kRegisterFiles[type];
  return f.numbered ? std::string(f.name) + std::to_string(n + f.first) : std::string(f.name);
}

// A relative address: "[a0.x]" (the address register's component) or "[aL]".
std::string relative_text(const Parameter& p, const Version& v) {
  if (!p.is_relative()) return "";
  Parameter address;
  address.token = p.relative;
  std::string out = "[" + register_name(address, v);
  if (address.type() != kLoop) out += std::string(".") + kComponents[address.swizzle() & 3];
  return out + "]";
}

// No swizzle for .xyzw, one letter for a replicate (.x), else all four.
std::string swizzle_text(uint32_t swizzle) {
  if (swizzle == kIdentitySwizzle) return "";
  std::string out = ".";
  for (uint32_t i = 0; i < 4; ++i) out += kComponents[(swizzle >> (2 * i)) & 3];
  if (out[1] == out[2] && out[2] == out[3] && out[3] == out[4]) out.resize(2);
  return out;
}

std::string mask_text(uint32_t mask) {
  if (mask == kFullMask) return "";
  std::string out = ".";
  for (uint32_t i = 0; i < 4; ++i)
    if ((mask >> i) & 1) out += kComponents[i];
  return out;
}

std::string source_text(const Parameter& p, const Version& v) {
  const uint32_t m = p.source_modifier();
  const SourceModifier mod = m < std::size(kSourceModifiers) ? kSourceModifiers[m] : SourceModifier{"", ""};
  const std::string unknown = m < std::size(kSourceModifiers) ? "" : strprintf("_mod%u", m);
  return std::string(mod.prefix) + register_name(p, v) + relative_text(p, v) + std::string(mod.suffix) + unknown +
         swizzle_text(p.swizzle());
}

std::string destination_text(const Parameter& p, const Version& v) {
  return register_name(p, v) + relative_text(p, v) + mask_text(p.write_mask());
}

// The destination's shift (_x2 ... _d8) and result modifiers (_sat, _pp,
// _centroid), as they follow the instruction's name.
std::string result_suffix(const Parameter& d) {
  // D3DSP_DSTSHIFT: a 4-bit signed power of two (1..3 multiply, -1..-3 divide).
  const uint32_t shift = d.shift();
  std::string out = shift == 0    ? ""
                    : shift <= 3  ? strprintf("_x%u", 1u << shift)
                    : shift >= 13 ? strprintf("_d%u", 1u << (16 - shift))
                                  : strprintf("_shift%u", shift);
  if (d.result_modifier() & 1) out += "_sat";
  if (d.result_modifier() & 2) out += "_pp";
  if (d.result_modifier() & 4) out += "_centroid";
  if (d.result_modifier() & 8) out += "_mod8";
  return out;
}

// fxc's %g of a def value: nine significant digits, and MSVC's printf
// writes at least three exponent digits (1.55009923e-006) and spells
// infinities and NaNs its own way.
std::string float_text(uint32_t bits) {
  float f;
  std::memcpy(&f, &bits, 4);
  if (std::isnan(f)) return std::signbit(f) ? "-1.#QNAN" : "1.#QNAN";
  if (std::isinf(f)) return f < 0 ? "-1.#INF" : "1.#INF";
  std::string s = strprintf("%.9g", static_cast<double>(f));
  const size_t e = s.find('e');
  if (e != std::string::npos && s.size() - (e + 2) < 3) s.insert(e + 2, 3 - (s.size() - (e + 2)), '0');
  return s;
}

// The name dcl takes from its usage token: a sampler's texture type, an
// input or output's semantic (not in ps_2_x, whose inputs have none, nor
// for vPos and vFace).
std::string declaration_name(const Instruction& in, const Parameter& d, const Version& v) {
  const uint32_t usage = in.words.empty() ? 0 : in.words[0];
  if (d.type() == kSampler) return "dcl_" + name_of(kTextureTypes, (usage >> 27) & 0xF);
  if ((v.pixel() && !v.sm3()) || d.type() == kMiscType) return "dcl";
  const uint32_t index = (usage >> 16) & 0xF;
  return "dcl_" + name_of(kUsages, usage & 0x1F) + (index != 0 ? std::to_string(index) : "");
}

std::string instruction_name(const Instruction& in, const OpcodeInfo& info) {
  switch (in.opcode()) {
    case Opcode::ifc:
    case Opcode::breakc:
    case Opcode::setp:
      return std::string(info.name) + "_" + name_of(kComparisons, in.controls());
    case Opcode::texld:
      // D3DSI_TEXLD_PROJECT and D3DSI_TEXLD_BIAS.
      return in.controls() == 1 ? "texldp" : in.controls() == 2 ? "texldb" : "texld";
    default:
      return std::string(info.name);
  }
}

// The operands after the name: the destination, then the sources; def's
// values, defi's integers and defb's boolean after the register.
std::vector<std::string> operand_texts(const Instruction& in, const Operands& ops, const Version& v) {
  std::vector<std::string> out;
  if (ops.destination != nullptr) out.push_back(destination_text(*ops.destination, v));
  for (const Parameter* s : ops.sources) out.push_back(source_text(*s, v));
  switch (in.opcode()) {
    case Opcode::def:
      for (uint32_t w : in.words) out.push_back(float_text(w));
      break;
    case Opcode::defi:
      for (uint32_t w : in.words) out.push_back(std::to_string(static_cast<int32_t>(w)));
      break;
    case Opcode::defb:
      for (uint32_t w : in.words) out.emplace_back(w != 0 ? "true" : "false");
      break;
    default:
      break;
  }
  return out;
}

bool opens_block(Opcode op) {
  return op == Opcode::loop || op == Opcode::rep || op == Opcode::if_ || op == Opcode::ifc || op == Opcode::else_;
}
bool closes_block(Opcode op) {
  return op == Opcode::endloop || op == Opcode::endrep || op == Opcode::endif || op == Opcode::else_;
}

// What fxc prints of the debug information (debug_info.h) around each
// instruction: a `#line` when the source position moves to another file,
// or more than two lines within one, from the previous instruction that
// had one (dcl and def have none); and after the instruction, which
// variable it writes and which of its components, by channel.
class DebugLines {
 public:
  explicit DebugLines(const Program& program) : debug_(program.debug ? &*program.debug : nullptr) {
    if (debug_ == nullptr) return;
    writes_.assign(program.instructions.size(), {});
    for (uint32_t v = 0; v < debug_->variables.size(); ++v) {
      const DebugVariable& var = debug_->variables[v];
      for (uint32_t w = 0; w < var.write_count; ++w) {
        const DebugWrite& write = debug_->writes[var.first_write + w];
        if (write.instruction < writes_.size()) writes_[write.instruction].push_back({v, var.first_write + w});
      }
    }
  }

  // The lines before instruction `k`.
  std::string before(size_t k) {
    if (debug_ == nullptr || k >= debug_->lines.size()) return "";
    const DebugLine& l = debug_->lines[k];
    if (l.file == kNoFile) return "";
    std::string out;
    if (previous_ == nullptr || previous_->file != l.file)
      out = strprintf("\n#line %u \"%s\"\n", l.line, listing_text(debug_->files[l.file].name).c_str());
    else if (l.line > previous_->line + 2 || previous_->line > l.line + 2)
      out = strprintf("\n#line %u\n", l.line);
    previous_ = &l;
    return out;
  }

  // What follows instruction `k` on its line: "  // ::color<0,1,2,3>".
  // (fxc's files never show one instruction writing two variables; each
  // prints in the variables' order.)
  std::string after(size_t k) const {
    if (debug_ == nullptr || k >= writes_.size()) return "";
    std::string out;
    for (const auto& [v, w] : writes_[k]) {
      const DebugVariable& var = debug_->variables[v];
      // Unscoped (locals, the return value): "::name"; the entry point's
      // parameters: "name"; else "scope::name".
      std::string label = var.scope_offset == 0 ? "::" : var.scope_offset == debug_->entry_point_offset
                                                             ? ""
                                                             : listing_text(var.scope) + "::";
      label += listing_text(var.name);
      std::string components;
      for (const uint16_t c : debug_->writes[w].components)
        if (c != kNoComponent) components += (components.empty() ? "" : ",") + std::to_string(c);
      out += "  // " + label + "<" + components + ">";
    }
    return out;
  }

 private:
  struct Written {
    uint32_t variable;
    uint32_t write;
  };
  const DebugInfo* debug_;
  std::vector<std::vector<Written>> writes_;
  const DebugLine* previous_ = nullptr;
};

}  // namespace

void list_program(const Program& program, TextBuffer& out) {
  const Version& v = program.version;
  out.append("    " + version_name(v) + "\n");
  // Nested blocks indent two spaces; else sits at its if's level.
  size_t depth = 0;
  DebugLines debug(program);
  for (size_t k = 0; k < program.instructions.size(); ++k) {
    const Instruction& in = program.instructions[k];
    out.append(debug.before(k));
    const OpcodeInfo& info = *opcode_info(in.opcode_value());  // the reader accepted it
    if (closes_block(in.opcode()) && depth > 0) --depth;
    const Operands ops = operands_of(in, info, v);
    std::string line(4 + 2 * depth, ' ');
    if (ops.predicate != nullptr) line += "(" + source_text(*ops.predicate, v) + ") ";
    line += in.opcode() == Opcode::dcl && ops.destination != nullptr ? declaration_name(in, *ops.destination, v)
                                                                     : instruction_name(in, info);
    if (ops.destination != nullptr) line += result_suffix(*ops.destination);
    const std::vector<std::string> operands = operand_texts(in, ops, v);
    for (size_t i = 0; i < operands.size(); ++i) line += (i == 0 ? " " : ", ") + operands[i];
    out.append(line + debug.after(k) + "\n");
    if (opens_block(in.opcode())) ++depth;
  }
}

}  // namespace sp::d3d9
