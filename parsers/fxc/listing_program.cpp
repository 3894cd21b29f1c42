// The program part of fxc's listing: one line per instruction, in fxc's
// spelling of opcodes, operands, immediates and declarations. The rules
// were read off fxc's own /Fc output (docs/formats/fxc.md, "The listing");
// where they depend on the fxc version, ListingQuirks says which.
#include <cmath>
#include <cstring>

#include "core/msvc_printf.h"
#include "core/strings.h"
#include "fxc/declaration_values.h"
#include "fxc/listing.h"

namespace sp::fxc {
namespace {

// fxc's register names, by D3D10_SB_OPERAND_TYPE.
constexpr std::string_view kRegisterNames[] = {
#define SP_OPERAND_TYPE(value, constant, reg, name) name,
#include "fxc/operand_types.def"
#undef SP_OPERAND_TYPE
};

// D3D10_SB_RESOURCE_DIMENSION.
constexpr std::string_view kDimensions[] = {"unknown",          "buffer",       "texture1d",      "texture2d",
                                            "texture2dms",      "texture3d",    "texturecube",    "texture1darray",
                                            "texture2darray",   "texture2dmsarray", "texturecubearray", "raw_buffer",
                                            "structured_buffer"};

// A return type of 0 is none the DDK defines and fxc never writes. A
// declaration's four return types print as a tuple, so the listing keeps
// a placeholder in that slot where RDEF's Format column (which shares the
// table) leaves its cell empty.
std::string return_type_name(uint32_t value) { return value == 0 ? "?" : name_of(kReturnTypeNames, value); }

// D3D10_SB_PRIMITIVE (dcl_inputprimitive) and D3D10_SB_PRIMITIVE_TOPOLOGY
// (dcl_outputtopology).
constexpr std::string_view kPrimitives[] = {"undefined", "point", "line", "triangle", "4", "5", "lineadj", "triangleadj"};
constexpr std::string_view kTopologies[] = {"undefined", "pointlist", "linelist", "linestrip", "trianglelist",
                                            "trianglestrip"};
constexpr std::string_view kTessDomains[] = {"domain_undefined", "domain_isoline", "domain_tri", "domain_quad"};
constexpr std::string_view kPartitionings[] = {"partitioning_undefined", "partitioning_integer", "partitioning_pow2",
                                               "partitioning_fractional_odd", "partitioning_fractional_even"};
constexpr std::string_view kTessOutputs[] = {"output_undefined", "output_point", "output_line", "output_triangle_cw",
                                             "output_triangle_ccw"};
constexpr std::string_view kSamplerModes[] = {"mode_default", "mode_comparison", "mode_mono"};
// D3D11_SB_OPERAND_MIN_PRECISION.
constexpr std::string_view kPrecisions[] = {"def32", "min16f", "min2_8f", "3", "min16i", "min16u", "6", "7"};

// How an immediate's bits print: the opcode's kind (opcodes.def) says
// whether they are a float, an integer, a double or typeless (mov, movc,
// stores, the immediate constant buffer), which fxc prints as a float
// when the bits have a float's exponent and as an integer otherwise.
enum class Literal { floating, integer, typeless, double_ };

std::string float_text(float f) {
  // fxc is a Windows program: MSVC's printf spells infinities and NaNs.
  if (std::isnan(f)) return std::signbit(f) ? "-1.#QNAN0" : "1.#QNAN0";
  if (std::isinf(f)) return f < 0 ? "-1.#INF00" : "1.#INF00";
  return msvc_fixed(static_cast<double>(f));
}

std::string integer_text(uint32_t bits) {
  const auto v = static_cast<int32_t>(bits);
  if (v >= -10000 && v <= 10000) return std::to_string(v);
  return strprintf("0x%08x", bits);
}

std::string literal_text(uint32_t bits, Literal kind) {
  float f;
  std::memcpy(&f, &bits, 4);
  const uint32_t exponent = (bits >> 23) & 0xFF;
  switch (kind) {
    case Literal::floating:
      return float_text(f);
    case Literal::typeless:
      return exponent != 0 && exponent != 0xFF ? float_text(f) : integer_text(bits);
    case Literal::integer:
    case Literal::double_:
      break;
  }
  return integer_text(bits);
}

Literal literal_kind(const OpcodeInfo& info, size_t operand, size_t operands) {
  switch (info.kind) {
    case OpKind::f:
      return Literal::floating;
    case OpKind::b:
      return Literal::typeless;
    case OpKind::d:
      return Literal::double_;
    case OpKind::t:
      // Sampling takes float coordinates, LODs and references; loads take
      // integer addresses, samplepos a sample index (fxc 9.30:
      // "samplepos r1.xy, t1.xyxx, l(0)"); a store's value is typeless.
      if (info.opcode == Opcode::sample_pos) return Literal::integer;
      if (info.name.starts_with("sample") || info.name.starts_with("gather4") || info.name == "lod")
        return Literal::floating;
      if (info.name.starts_with("store") && operand + 1 == operands) return Literal::typeless;
      return Literal::integer;
    default:
      return Literal::integer;
  }
}

class ProgramLister {
 public:
  ProgramLister(const Program& p, const ListingQuirks& quirks, bool stripped, TextBuffer& out)
      : p_(p), quirks_(quirks), stripped_(stripped), out_(out) {}

  void run() {
    constexpr std::string_view kPrefix[] = {"ps", "vs", "gs", "hs", "ds", "cs"};
    out_.append(strprintf("%s_%u_%u\n", name_of(kPrefix, p_.version.type()).c_str(), p_.version.major(),
                          p_.version.minor()));
    for (const Instruction& in : p_.instructions) instruction(in);
  }

 private:
  void instruction(const Instruction& in) {
    const OpcodeInfo* info = opcode_info(in.token & 0x7FF);
    if (info == nullptr) return;  // the reader rejects these
    line_.clear();
    const Opcode op = in.opcode();
    if (op == Opcode::endif || op == Opcode::endloop || op == Opcode::endswitch) level_ = level_ > 0 ? level_ - 1 : 0;
    if (op == Opcode::hs_decls || op == Opcode::hs_control_point_phase || op == Opcode::hs_fork_phase ||
        op == Opcode::hs_join_phase)
      level_ = 0;
    const uint32_t level = op == Opcode::else_ && level_ > 0 ? level_ - 1 : level_;
    if (info->kind == OpKind::x || in.is_custom_data()) {
      if (!declaration(in, *info)) return;
    } else {
      operation(in, *info);
    }
    out_.append(std::string(2 * size_t{level}, ' '));
    out_.append(line_);
    out_.append("\n");
    if (op == Opcode::if_ || op == Opcode::loop || op == Opcode::switch_) ++level_;
  }

  // --- Instructions -------------------------------------------------------

  void operation(const Instruction& in, const OpcodeInfo& info) {
    line_ = info.name;
    const uint32_t controls = in.token;
    const Opcode op = in.opcode();
    const std::span<const Operand> operands = p_.operands(in);
    // Extended opcode tokens: texel offsets, resource dimension, return
    // types (D3D10_SB_EXTENDED_OPCODE_TYPE 1, 2, 3).
    std::string offsets, dimension, returns;
    for (uint32_t t : p_.extended(in)) {
      switch (t & 0x3F) {
        case 1: {
          const auto nibble = [&](uint32_t shift) { return static_cast<int>(((t >> shift) & 0xF) ^ 8) - 8; };
          offsets = strprintf("(%d,%d,%d)", nibble(9), nibble(13), nibble(17));
          break;
        }
        case 2: {
          const uint32_t dim = (t >> 6) & 0x1F;
          dimension = dim == 12 ? strprintf("(structured_buffer, stride=%u)", (t >> 11) & 0xFFF)
                                : "(" + name_of(kDimensions, dim) + ")";
          break;
        }
        case 3:
          returns = strprintf("(%s,%s,%s,%s)", return_type_name((t >> 6) & 0xF).c_str(),
                              return_type_name((t >> 10) & 0xF).c_str(),
                              return_type_name((t >> 14) & 0xF).c_str(),
                              return_type_name((t >> 18) & 0xF).c_str());
          break;
        default:
          break;
      }
    }
    if (!offsets.empty() && quirks_.aoffimmi_suffix) line_ += "_aoffimmi";
    if (!dimension.empty()) line_ += "_indexable";
    line_ += offsets;
    line_ += dimension;
    line_ += returns;

    if (op == Opcode::sync) {
      const uint32_t flags = (controls >> 11) & 0xF;
      if (flags & 8) line_ += "_uglobal";
      if (flags & 4) line_ += "_ugroup";
      if (flags & 2) line_ += "_g";
      if (flags & 1) line_ += "_t";
    } else if (op == Opcode::resinfo || op == Opcode::sample_info) {
      const uint32_t type = (controls >> 11) & 3;
      if (type == 1) line_ += op == Opcode::resinfo ? "_rcpFloat" : "";
      if (type == 2 || (type == 1 && op == Opcode::sample_info)) line_ += "_uint";
    } else if (tests_a_value(op)) {
      const bool on_immediate = !operands.empty() && operands.front().type() == kImmediate32;
      if (op != Opcode::discard || !on_immediate || quirks_.discard_immediate_suffix)
        line_ += (controls >> 18) & 1 ? "_nz" : "_z";
    } else if (info.kind != OpKind::c && ((controls >> 13) & 1)) {
      line_ += "_sat";
    }

    if (operands.empty()) {
      // fxc writes "name " for an operation without operands (sync's flags
      // take the place of the space).
      if (op != Opcode::sync) line_ += ' ';
      return;
    }
    line_ += ' ';
    const bool has_destination = info.kind != OpKind::c;
    const uint32_t destination_precision = has_destination ? p_.modifier(operands.front()).min_precision() : 0;
    for (size_t k = 0; k < operands.size(); ++k) {
      if (k > 0) line_ += ", ";
      const Operand& o = operands[k];
      operand(in, o, literal_kind(info, k, operands.size()));
      // fcall's call site (the word before its operand) closes the
      // interface's brackets: fp0[array index][call site].
      if (op == Opcode::interface_call) line_ += strprintf("[%u]", word(in, 0));
      const uint32_t precision = p_.modifier(o).min_precision();
      if (!has_destination || k == 0) {
        if (precision != 0) line_ += " {" + name_of(kPrecisions, precision) + "}";
      } else if (precision != destination_precision) {
        line_ += " {" + name_of(kPrecisions, precision) + " as " + name_of(kPrecisions, destination_precision) + "}";
      }
    }
  }

  static bool tests_a_value(Opcode op) {
    return op == Opcode::if_ || op == Opcode::breakc || op == Opcode::continuec || op == Opcode::retc ||
           op == Opcode::discard || op == Opcode::callc;
  }

  // --- Operands -----------------------------------------------------------

  void operand(const Instruction& in, const Operand& o, Literal literal, uint32_t depth = 0) {
    const uint32_t modifier = p_.modifier(o).modifier();
    if (modifier & 1) line_ += '-';
    if (modifier & 2) line_ += '|';
    if (o.type() == kImmediate32 || o.type() == kImmediate64) {
      immediate(o, literal);
    } else {
      register_name(in, o, depth);
      components(o);
    }
    if (modifier & 2) line_ += '|';
  }

  void immediate(const Operand& o, Literal literal) {
    const std::span<const uint32_t> values = p_.immediates(o);
    if (o.type() == kImmediate64) {
      line_ += "d(";
      for (size_t k = 0; k + 1 < values.size(); k += 2) {
        if (k > 0) line_ += ", ";
        const uint64_t bits = values[k] | (uint64_t{values[k + 1]} << 32);
        double v;
        std::memcpy(&v, &bits, 8);
        line_ += std::isfinite(v) ? msvc_fixed(v) : float_text(static_cast<float>(v));
      }
      line_ += ')';
      return;
    }
    // Typeless vectors print without spaces (fxc's quirk, every version).
    const char* separator = literal == Literal::typeless ? "," : ", ";
    line_ += "l(";
    for (size_t k = 0; k < values.size(); ++k) {
      if (k > 0) line_ += separator;
      line_ += literal_text(values[k], literal);
    }
    line_ += ')';
  }

  std::string base_name(uint32_t type) const {
    std::string name = name_of(kRegisterNames, type);
    // SM5.1 names resource ranges in capitals (T0, CB1, S0, U2).
    if (p_.version.sm51() && (type == kSampler || type == kResource || type == kConstantBuffer || type == kUav))
      for (char& c : name) c = static_cast<char>(c - 'a' + 'A');
    return name;
  }

  void register_name(const Instruction& in, const Operand& o, uint32_t depth) {
    line_ += base_name(o.type());
    const uint32_t dims = o.index_dimension();
    // The first index joins the name (r0, cb1[4]) unless it is relative or
    // the register is an array of its own (v[3][0], icb[r0.x + 0]).
    const bool arrayed = o.type() == kImmediateConstantBuffer || o.type() == kThis ||
                         (dims == 2 && (o.type() == kInput || o.type() == kInputControlPoint ||
                                        o.type() == kOutputControlPoint));
    for (uint32_t d = 0; d < dims; ++d) {
      const OperandIndex& ix = o.index[d];
      const bool joined = d == 0 && !arrayed && !ix.has_relative();
      if (joined) {
        line_ += std::to_string(ix.imm);
        continue;
      }
      line_ += '[';
      if (const Operand* nested = p_.relative(in, ix); nested != nullptr && depth < 64) {
        operand(in, *nested, Literal::integer, depth + 1);
        line_ += strprintf(" + %llu", static_cast<unsigned long long>(ix.imm));
      } else {
        line_ += std::to_string(ix.imm);
      }
      line_ += ']';
    }
  }

  void components(const Operand& o) {
    static constexpr char kXyzw[] = "xyzw";
    if (o.num_components_field() != 2) return;
    switch (o.selection_mode()) {
      case 0:
        if (o.mask() == 0) return;
        line_ += '.';
        for (uint32_t c = 0; c < 4; ++c)
          if (o.mask() & (1u << c)) line_ += kXyzw[c];
        return;
      case 1:
        line_ += '.';
        for (uint32_t c = 0; c < 4; ++c) line_ += kXyzw[(o.swizzle() >> (2 * c)) & 3];
        return;
      case 2:
        line_ += '.';
        line_ += kXyzw[o.select1()];
        return;
      default:
        return;
    }
  }

  // A resource declaration's register (SM5.1: the range, T0[2:5]).
  void declared(const Instruction& in, const Operand& o) {
    if (p_.version.sm51() && o.index_dimension() == 3) {
      line_ += base_name(o.type()) + std::to_string(o.index[0].imm);
      const uint64_t upper = o.index[2].imm;
      line_ += strprintf("[%llu:%s]", static_cast<unsigned long long>(o.index[1].imm),
                         upper == 0xFFFFFFFF ? "*" : std::to_string(upper).c_str());
      return;
    }
    // A swizzle means nothing in a declaration (dcl_constantbuffer's
    // operand has one): fxc omits it.
    register_name(in, o, 0);
  }

  // ", space=N" of an SM5.1 declaration: its space word is the last.
  void space(const Instruction& in) {
    const std::span<const uint32_t> words = p_.words(in);
    if (p_.version.sm51() && !words.empty()) line_ += strprintf(", space=%u", words.back());
  }

  // --- Declarations -------------------------------------------------------

  std::string return_types(uint32_t w) const {
    return strprintf("(%s,%s,%s,%s)", return_type_name(w & 0xF).c_str(), return_type_name((w >> 4) & 0xF).c_str(),
                     return_type_name((w >> 8) & 0xF).c_str(), return_type_name((w >> 12) & 0xF).c_str());
  }

  uint32_t word(const Instruction& in, size_t i) const {
    const std::span<const uint32_t> words = p_.words(in);
    return i < words.size() ? words[i] : 0;
  }

  // False for what fxc does not print (custom data other than the
  // immediate constant buffer).
  bool declaration(const Instruction& in, const OpcodeInfo& info) {
    const uint32_t t = in.token;
    const Opcode op = in.opcode();
    line_ = info.name;
    const std::span<const Operand> operands = p_.operands(in);
    const Operand* o = operands.empty() ? nullptr : &operands.front();
    switch (op) {
      case Opcode::customdata:
        return in.custom_class() == kCustomDataShaderMessage ? shader_message(in) : immediate_constant_buffer(in);
      case Opcode::dcl_global_flags: {
        static constexpr std::string_view kFlags[] = {"refactoringAllowed",
                                                      "enableDoublePrecisionFloatOps",
                                                      "forceEarlyDepthStencil",
                                                      "enableRawAndStructuredBuffers",
                                                      "skipOptimization",
                                                      "enableMinimumPrecision",
                                                      "enable11_1DoubleExtensions",
                                                      "enable11_1ShaderExtensions",
                                                      "allResourcesBound"};
        const char* sep = " ";
        for (uint32_t b = 0; b < std::size(kFlags); ++b)
          if ((t >> (11 + b)) & 1) {
            line_ += sep;
            line_ += kFlags[b];
            sep = " | ";
          }
        return true;
      }
      case Opcode::dcl_resource: {
        const uint32_t dim = (t >> 11) & 0x1F;
        line_ += "_" + name_of(kDimensions, dim);
        const uint32_t samples = (t >> 16) & 0x7F;
        if (dim == 4 || dim == 9) line_ += strprintf("(%u)", samples);
        line_ += " " + return_types(word(in, 0)) + " ";
        declared(in, *o);
        space(in);
        return true;
      }
      case Opcode::dcl_uav_typed: {
        line_ += "_" + name_of(kDimensions, (t >> 11) & 0x1F);
        uav_flags(t);
        line_ += " " + return_types(word(in, 0)) + " ";
        declared(in, *o);
        space(in);
        return true;
      }
      case Opcode::dcl_uav_raw:
      case Opcode::dcl_uav_structured:
        uav_flags(t);
        if (op == Opcode::dcl_uav_structured && ((t >> 23) & 1)) line_ += "_opc";
        line_ += ' ';
        declared(in, *o);
        if (op == Opcode::dcl_uav_structured) line_ += strprintf(", %u", word(in, 0));
        space(in);
        return true;
      case Opcode::dcl_resource_raw:
        line_ += ' ';
        declared(in, *o);
        space(in);
        return true;
      case Opcode::dcl_resource_structured:
        line_ += ' ';
        declared(in, *o);
        line_ += strprintf(", %u", word(in, 0));
        space(in);
        line_ += ' ';  // fxc's trailing space
        return true;
      case Opcode::dcl_constant_buffer: {
        line_ += ' ';
        // Without RDEF, fxc from 6.3 on names the declared buffer in
        // capitals (dcl_constantbuffer CB0[3]), its uses as ever (cb0[1]).
        const size_t at = line_.size();
        declared(in, *o);
        if (stripped_ && quirks_.stripped_buffer_capitals) line_.replace(at, 2, "CB");
        if (p_.version.sm51()) line_ += strprintf("[%u]", word(in, 0));
        line_ += ((t >> 11) & 1) ? ", dynamicIndexed" : ", immediateIndexed";
        space(in);
        return true;
      }
      case Opcode::dcl_sampler:
        line_ += ' ';
        declared(in, *o);
        line_ += ", " + name_of(kSamplerModes, (t >> 11) & 0xF);
        space(in);
        return true;
      case Opcode::dcl_index_range:
        line_ += ' ';
        operand(in, *o, Literal::integer);
        line_ += strprintf(" %u", word(in, 0));
        return true;
      case Opcode::dcl_input_ps:
      case Opcode::dcl_input_ps_siv: {
        const std::string mode = name_of(kInterpolationNames, (t >> 11) & 0xF);
        line_ += ' ';
        if (!mode.empty()) line_ += mode + ' ';
        register_with_precision(in, *o);
        if (op == Opcode::dcl_input_ps_siv) line_ += ", " + name_of(kSystemValueNames, word(in, 0));
        return true;
      }
      case Opcode::dcl_input:
      case Opcode::dcl_output:
      case Opcode::dcl_stream:
        line_ += ' ';
        register_with_precision(in, *o);
        return true;
      case Opcode::dcl_input_sgv:
      case Opcode::dcl_input_siv:
      case Opcode::dcl_input_ps_sgv:
      case Opcode::dcl_output_sgv:
      case Opcode::dcl_output_siv:
        line_ += ' ';
        register_with_precision(in, *o);
        line_ += ", " + name_of(kSystemValueNames, word(in, 0));
        return true;
      case Opcode::dcl_temps:
      case Opcode::dcl_max_output_vertex_count:
      case Opcode::dcl_gs_instance_count:
      case Opcode::dcl_hs_fork_phase_instance_count:
      case Opcode::dcl_hs_join_phase_instance_count:
        line_ += strprintf(" %u", word(in, 0));
        return true;
      case Opcode::dcl_indexable_temp:
        line_ += strprintf(" x%u[%u], %u", word(in, 0), word(in, 1), word(in, 2));
        return true;
      case Opcode::dcl_gs_input_primitive: {
        const uint32_t prim = (t >> 11) & 0x3F;
        // D3D11_SB_PRIMITIVE_1_CONTROL_POINT_PATCH = 8 and on.
        line_ += " " + (prim >= 8 ? strprintf("%u_control_point_patch", prim - 7) : name_of(kPrimitives, prim)) + " ";
        return true;
      }
      case Opcode::dcl_gs_output_primitive_topology:
        line_ += " " + name_of(kTopologies, (t >> 11) & 0x3F) + " ";
        return true;
      case Opcode::dcl_input_control_point_count:
      case Opcode::dcl_output_control_point_count:
        line_ += strprintf(" %u", (t >> 11) & 0x3F);
        return true;
      case Opcode::dcl_tess_domain:
        line_ += " " + name_of(kTessDomains, (t >> 11) & 3);
        return true;
      case Opcode::dcl_tess_partitioning:
        line_ += " " + name_of(kPartitionings, (t >> 11) & 7);
        return true;
      case Opcode::dcl_tess_output_primitive:
        line_ += " " + name_of(kTessOutputs, (t >> 11) & 7);
        return true;
      case Opcode::dcl_hs_max_tessfactor:
        line_ += " l(" + literal_text(word(in, 0), Literal::floating) + ")";
        return true;
      case Opcode::dcl_thread_group:
        line_ += strprintf(" %u, %u, %u", word(in, 0), word(in, 1), word(in, 2));
        return true;
      case Opcode::dcl_tgsm_raw:
      case Opcode::dcl_tgsm_structured:
        line_ += ' ';
        operand(in, *o, Literal::integer);
        for (uint32_t w : p_.words(in)) line_ += strprintf(", %u", w);
        return true;
      case Opcode::dcl_function_body:
        line_ += strprintf(" fb%u", word(in, 0));
        return true;
      case Opcode::dcl_function_table:
        // id, count, bodies.
        line_ += strprintf(" ft%u = {", word(in, 0));
        table(in, 2, "fb");
        return true;
      case Opcode::dcl_interface: {
        // id, call sites, (table length | interfaces << 16), tables.
        if ((t >> 11) & 1) line_ += "_dynamicindexed";
        const uint32_t head = word(in, 2);
        line_ += strprintf(" fp%u[%u][%u] = {", word(in, 0), head >> 16, word(in, 1));
        table(in, 3, "ft");
        return true;
      }
      case Opcode::hs_decls:
      case Opcode::hs_control_point_phase:
      case Opcode::hs_fork_phase:
      case Opcode::hs_join_phase:
        line_ += ' ';
        return true;
      default:
        // A declaration this listing has no spelling for: its operands and
        // words as they are.
        for (size_t k = 0; k < operands.size(); ++k) {
          line_ += k == 0 ? " " : ", ";
          operand(in, operands[k], Literal::integer);
        }
        for (uint32_t w : p_.words(in)) line_ += strprintf(", %u", w);
        return true;
    }
  }

  void uav_flags(uint32_t t) {
    if ((t >> 16) & 1) line_ += "_glc";
    if ((t >> 17) & 1) line_ += "_rov";
  }

  void register_with_precision(const Instruction& in, const Operand& o) {
    operand(in, o, Literal::integer);
    const uint32_t precision = p_.modifier(o).min_precision();
    if (precision != 0) line_ += " {" + name_of(kPrecisions, precision) + "}";
  }

  void table(const Instruction& in, size_t first, const char* prefix) {
    const std::span<const uint32_t> words = p_.words(in);
    for (size_t k = first; k < words.size(); ++k) line_ += strprintf("%s%s%u", k == first ? "" : ", ", prefix, words[k]);
    line_ += '}';
  }

  // A debug layer message where it stands among the instructions, as an
  // older fxc lists HLSL's printf and errorf: `printf "%0 is fine!",
  // r10.z` (the string as the message stores it, then each operand as a
  // source). fxc's name for a message of the text format style, or of
  // another id, is not known: these print the same.
  bool shader_message(const Instruction& in) {
    const std::span<const uint32_t> w = p_.words(in);  // the reader checked the header and the string
    line_ = w[0] == kShaderMessageError ? "errorf" : "printf";
    const size_t text = kShaderMessageHeaderWords + size_t{w[4]};
    std::string chars;  // the words' bytes, as the file held them
    for (size_t i = 0; i < w[2]; ++i) chars += static_cast<char>(w[text + i / 4] >> (8 * (i % 4)) & 0xFF);
    line_ += " \"" + listing_text(FileText(chars)) + "\"";
    for (const Operand& o : p_.operands(in)) {
      line_ += ", ";
      operand(in, o, Literal::typeless);
    }
    return true;
  }

  // D3D10_SB_CUSTOMDATA_DCL_IMMEDIATE_CONSTANT_BUFFER: rows of four
  // typeless values, continuation rows aligned under the first.
  bool immediate_constant_buffer(const Instruction& in) {
    if (in.custom_class() != kCustomDataImmediateConstantBuffer) return false;
    line_ = "dcl_immediateConstantBuffer {";
    const std::span<const uint32_t> words = p_.words(in);
    const size_t rows = words.size() / 4;
    for (size_t r = 0; r < rows; ++r) {
      // The first row follows the name, the others start under it.
      line_ += r == 0 ? " {" : ",\n" + std::string(30, ' ') + "{";
      for (size_t c = 0; c < 4; ++c) {
        line_ += c == 0 ? " " : ", ";
        line_ += literal_text(words[4 * r + c], Literal::typeless);
      }
      line_ += "}";
    }
    line_ += " }";
    return true;
  }

  const Program& p_;
  const ListingQuirks& quirks_;
  bool stripped_;
  TextBuffer& out_;
  std::string line_;
  uint32_t level_ = 0;
};

}  // namespace

void list_program(const Program& program, const ListingQuirks& quirks, bool stripped, TextBuffer& out) {
  ProgramLister(program, quirks, stripped, out).run();
}

}  // namespace sp::fxc
