#include "conformance/fxc/builders.h"

#include "conformance/dxcontainer/builders.h"
#include "conformance/hostile_text.h"
#include "dxcontainer/container.h"
#include "dxcontainer/writer.h"
#include "fxc/builder.h"
#include "fxc/chunks.h"
#include "fxc/rdef_builder.h"

namespace sp::fxc::cases {
namespace {

using namespace sp::fxc::build;

// D3D10_SB_GLOBAL_FLAGS.
constexpr uint32_t kRefactoringAllowed = 1, kDoubles = 2, kEarlyDepthStencil = 4, kRawAndStructured = 8,
                   kSkipOptimization = 16, kMinimumPrecision = 32, kDoubleExtensions = 64,
                   kShaderExtensions = 128, kAllResourcesBound = 256;

Arg dst(uint32_t i, std::string_view mask = "xyzw") { return temp(i).mask(mask); }
Arg src(uint32_t i, char component) { return temp(i).select(component); }
Arg label(uint32_t i) { return reg(RegType::label, {i}); }
Arg input2(uint32_t vertex, uint32_t i) { return reg(RegType::v, {vertex, i}); }

// An input or output declaration with a system value or interpolation.
void dcl(Builder& b, Opcode op, const Arg& a, uint32_t controls = 0) { b.emit(op, {a}).controls(controls); }
void dcl_sv(Builder& b, Opcode op, const Arg& a, uint32_t name, uint32_t controls = 0) {
  b.emit(op, {a}, {name}).controls(controls);
}

// Each operation of `ops` once, all reading and writing r0..r2: the
// shape says how many operands.
void each(Builder& b, std::initializer_list<Opcode> ops) {
  for (Opcode op : ops) {
    const std::string_view shape = opcode_info(static_cast<uint32_t>(op))->shape;
    std::vector<Arg> operands;
    for (size_t k = 0; k < shape.size(); ++k) operands.push_back(k == 0 ? dst(0) : temp(static_cast<uint32_t>(k % 3)));
    b.emit(op, std::move(operands));
  }
}

ProgramCase sm40_ps_float() {
  Builder b(ProgramType::pixel, 4, 0);
  dcl(b, Opcode::dcl_input_ps, input(0).mask("xyzw"), interpolation::linear);
  dcl(b, Opcode::dcl_output, output(0).mask("xyzw"));
  b.dcl_temps(3);
  b.emit(Opcode::mov, {dst(0), input(0)});
  b.emit(Opcode::mov, {dst(1), imm(0.5f, -2.0f, 0x7F800000u, 3)});
  b.emit(Opcode::mov, {dst(2), imm(1.0f)});
  each(b, {Opcode::add, Opcode::div, Opcode::dp2, Opcode::dp3, Opcode::dp4, Opcode::eq, Opcode::exp, Opcode::frc,
           Opcode::ftoi, Opcode::ftou, Opcode::ge, Opcode::log, Opcode::lt, Opcode::mad, Opcode::min, Opcode::max,
           Opcode::movc, Opcode::mul, Opcode::ne, Opcode::round_ne, Opcode::round_ni, Opcode::round_pi,
           Opcode::round_z, Opcode::rsq, Opcode::sqrt, Opcode::itof, Opcode::utof, Opcode::deriv_rtx,
           Opcode::deriv_rty});
  b.emit(Opcode::sincos, {dst(1, "x"), reg(RegType::null), src(0, 'x')});
  b.emit(Opcode::nop);
  b.emit(Opcode::discard, {src(1, 'x')}).nz();
  b.emit(Opcode::mov, {output(0).mask("xyzw"), temp(0)}).saturate();
  b.emit(Opcode::ret);
  return {"sm40_ps_float", b.program(), "ps_4_0: every float operation of SM4.0, and discard",
          {"Valid", "Opcodes"}};
}

ProgramCase sm40_ps_integer() {
  Builder b(ProgramType::pixel, 4, 0);
  dcl(b, Opcode::dcl_input_ps, input(0).mask("xyzw"), interpolation::constant);
  dcl(b, Opcode::dcl_output, output(0).mask("xyzw"));
  b.dcl_temps(3);
  b.emit(Opcode::mov, {dst(0), input(0)});
  b.emit(Opcode::mov, {dst(1), imm(1, -1, 20000, -20000)});
  b.emit(Opcode::mov, {dst(2), imm(7)});
  each(b, {Opcode::and_, Opcode::iadd, Opcode::ieq, Opcode::ige, Opcode::ilt, Opcode::imad, Opcode::imax,
           Opcode::imin, Opcode::ine, Opcode::ineg, Opcode::ishl, Opcode::ishr, Opcode::not_, Opcode::or_,
           Opcode::ult, Opcode::uge, Opcode::umad, Opcode::umax, Opcode::umin, Opcode::ushr, Opcode::xor_});
  // Two destinations: the high and low halves (or quotient and remainder).
  for (Opcode op : {Opcode::imul, Opcode::udiv, Opcode::umul})
    b.emit(op, {reg(RegType::null), dst(1), temp(0), temp(2)});
  b.emit(Opcode::mov, {output(0).mask("xyzw"), temp(1)});
  b.emit(Opcode::ret);
  return {"sm40_ps_integer", b.program(), "ps_4_0: every integer and bitwise operation of SM4.0",
          {"Valid", "Opcodes"}};
}

ProgramCase sm40_vs_flow() {
  Builder b(ProgramType::vertex, 4, 0);
  dcl(b, Opcode::dcl_input, input(0).mask("xyzw"));
  dcl_sv(b, Opcode::dcl_output_siv, output(0).mask("xyzw"), system_value::position);
  b.dcl_temps(2);
  b.emit(Opcode::mov, {dst(0), input(0)});
  b.emit(Opcode::if_, {src(0, 'x')}).nz();
  b.emit(Opcode::mov, {dst(1), imm(1.0f, 0.f, 0.f, 1.0f)});
  b.emit(Opcode::else_);
  b.emit(Opcode::mov, {dst(1), imm(0.f, 1.0f, 0.f, 1.0f)});
  b.emit(Opcode::endif);
  b.emit(Opcode::loop);
  b.emit(Opcode::breakc, {src(0, 'y')}).nz();
  b.emit(Opcode::continuec, {src(0, 'z')});
  b.emit(Opcode::iadd, {dst(0, "y"), src(0, 'y'), imm(-1)});
  b.emit(Opcode::if_, {src(0, 'w')});
  b.emit(Opcode::break_);
  b.emit(Opcode::endif);
  b.emit(Opcode::continue_);
  b.emit(Opcode::endloop);
  b.emit(Opcode::switch_, {src(0, 'x')});
  b.emit(Opcode::case_, {imm(0)});
  b.emit(Opcode::mov, {dst(1, "x"), imm(2.0f)});
  b.emit(Opcode::break_);
  b.emit(Opcode::case_, {imm(1)});
  b.emit(Opcode::default_);
  b.emit(Opcode::break_);
  b.emit(Opcode::endswitch);
  b.emit(Opcode::call, {label(0)});
  b.emit(Opcode::callc, {src(0, 'x'), label(1)}).nz();
  b.emit(Opcode::mov, {output(0).mask("xyzw"), temp(1)});
  b.emit(Opcode::ret);
  b.emit(Opcode::label, {label(0)});
  b.emit(Opcode::retc, {src(0, 'x')});
  b.emit(Opcode::ret);
  b.emit(Opcode::label, {label(1)});
  b.emit(Opcode::ret);
  return {"sm40_vs_flow", b.program(),
          "vs_4_0: if/else, loop with break(c) and continue(c), switch/case/default, call(c), label, ret(c)",
          {"Valid", "Opcodes", "ControlFlow"}};
}

ProgramCase sm40_ps_resources() {
  Builder b(ProgramType::pixel, 4, 0);
  b.dcl_constant_buffer(0, 2);
  b.dcl_sampler(0);
  b.dcl_sampler(1, 1);  // mode_comparison
  b.dcl_sampler(2, 2);  // mode_mono
  const Dim dims[] = {Dim::buffer,     Dim::texture1d,      Dim::texture2d,      Dim::texture2dms,
                      Dim::texture3d,  Dim::texturecube,    Dim::texture1darray, Dim::texture2darray,
                      Dim::texture2dmsarray};
  const ReturnType types[] = {ReturnType::sint,   ReturnType::uint,   ReturnType::float_,
                              ReturnType::unorm,  ReturnType::snorm,  ReturnType::float_,
                              ReturnType::float_, ReturnType::float_, ReturnType::float_};
  for (uint32_t k = 0; k < std::size(dims); ++k)
    b.dcl_resource(dims[k], types[k], k, dims[k] == Dim::texture2dms || dims[k] == Dim::texture2dmsarray ? 4 : 0);
  dcl(b, Opcode::dcl_input_ps, input(0).mask("xy"), interpolation::linear);
  dcl_sv(b, Opcode::dcl_input_ps_siv, input(1).mask("xyzw"), system_value::position,
         interpolation::linear_noperspective);
  dcl_sv(b, Opcode::dcl_input_ps_sgv, input(2).mask("x"), system_value::is_front_face, interpolation::constant);
  dcl(b, Opcode::dcl_output, output(0).mask("xyzw"));
  dcl(b, Opcode::dcl_output, reg(RegType::oDepth));
  b.dcl_temps(4);
  const Arg uv = input(0).swizzle("xyxx");
  b.emit(Opcode::sample, {dst(0), uv, resource(2), sampler(0)});
  b.emit(Opcode::sample_c, {dst(1, "x"), uv, resource(2), sampler(1), cb(0, 0).select('x')});
  b.emit(Opcode::sample_c_lz, {dst(1, "y"), uv, resource(2), sampler(1), cb(0, 0).select('y')});
  b.emit(Opcode::sample_l, {dst(2), uv, resource(4), sampler(0), imm(2.0f)});
  b.emit(Opcode::sample_d, {dst(2), uv, resource(2), sampler(0), input(1).swizzle("xyxx"), input(1).swizzle("zwzz")});
  b.emit(Opcode::sample_b, {dst(2), uv, resource(5), sampler(2), cb(0, 1).select('x')});
  b.emit(Opcode::ftoi, {dst(3), input(1)});
  b.emit(Opcode::ld, {dst(0), temp(3), resource(0)});
  b.emit(Opcode::ld_ms, {dst(1), temp(3), resource(3), imm(1)});
  b.emit(Opcode::resinfo, {dst(3), imm(0), resource(6)}).controls(2);  // _uint
  b.emit(Opcode::resinfo, {dst(3), imm(0), resource(7)}).controls(1);  // _rcpFloat
  b.emit(Opcode::resinfo, {dst(3), imm(0), resource(8)});
  b.emit(Opcode::add, {output(0).mask("xyzw"), temp(0), temp(2)});
  b.emit(Opcode::mov, {reg(RegType::oDepth), src(1, 'x')});
  b.emit(Opcode::ret);
  return {"sm40_ps_resources", b.program(),
          "ps_4_0: every resource dimension and return type, sampler modes, every sample/ld/resinfo form, "
          "system-value inputs and oDepth",
          {"Valid", "Opcodes", "Declarations"}};
}

ProgramCase sm40_gs() {
  Builder b(ProgramType::geometry, 4, 0);
  dcl(b, Opcode::dcl_input, input2(3, 0).mask("xyzw"));
  dcl_sv(b, Opcode::dcl_input_siv, input2(3, 1).mask("xyzw"), system_value::position);
  dcl(b, Opcode::dcl_input, reg(RegType::vPrim));
  b.emit(Opcode::dcl_gs_input_primitive).controls(3);            // triangle
  b.emit(Opcode::dcl_gs_output_primitive_topology).controls(5);  // trianglestrip
  dcl_sv(b, Opcode::dcl_output_siv, output(0).mask("xyzw"), system_value::position);
  dcl_sv(b, Opcode::dcl_output_sgv, output(1).mask("x"), system_value::primitive_id);
  dcl_sv(b, Opcode::dcl_output_siv, output(2).mask("x"), system_value::render_target_array_index);
  b.emit(Opcode::dcl_max_output_vertex_count, {}, {3});
  b.dcl_temps(1);
  b.emit(Opcode::mov, {dst(0, "x"), imm(0)});
  b.emit(Opcode::loop);
  b.emit(Opcode::ige, {dst(0, "y"), src(0, 'x'), imm(3)});
  b.emit(Opcode::breakc, {src(0, 'y')}).nz();
  b.emit(Opcode::mov, {output(0).mask("xyzw"), reg(RegType::v).index(src(0, 'x'), 0).index(1)});
  b.emit(Opcode::mov, {output(1).mask("x"), reg(RegType::vPrim)});
  b.emit(Opcode::mov, {output(2).mask("x"), imm(0)});
  b.emit(Opcode::emit);
  b.emit(Opcode::iadd, {dst(0, "x"), src(0, 'x'), imm(1)});
  b.emit(Opcode::endloop);
  b.emit(Opcode::cut);
  b.emit(Opcode::mov, {output(0).mask("xyzw"), input2(0, 0)});
  b.emit(Opcode::emitthencut);
  b.emit(Opcode::ret);
  return {"sm40_gs", b.program(),
          "gs_4_0: input primitive, output topology, maxout, 2-D inputs (v[3][0]) read through a relative vertex "
          "index, vPrim, emit, cut, emitThenCut",
          {"Valid", "Opcodes", "Declarations"}};
}

ProgramCase sm40_vs_indexing() {
  Builder b(ProgramType::vertex, 4, 0);
  b.dcl_global_flags(kRefactoringAllowed);
  b.dcl_immediate_constant_buffer(words(1.0f, 0.f, 0.f, 0.f, 0.f, 1.0f, 0.f, 0.f, 0.f, 0.f, 1.0f, 0.f));
  dcl(b, Opcode::dcl_input, input(0).mask("xyzw"));
  dcl_sv(b, Opcode::dcl_input_sgv, input(1).mask("x"), system_value::vertex_id);
  dcl_sv(b, Opcode::dcl_input_sgv, input(2).mask("x"), system_value::instance_id);
  dcl_sv(b, Opcode::dcl_output_siv, output(0).mask("xyzw"), system_value::position);
  for (uint32_t k = 1; k <= 3; ++k) dcl(b, Opcode::dcl_output, output(k).mask("xyzw"));
  dcl_sv(b, Opcode::dcl_output_siv, output(4).mask("x"), system_value::clip_distance);
  b.emit(Opcode::dcl_index_range, {output(1).mask("xyzw")}, {3});
  b.dcl_indexable_temp(0, 4, 4);
  b.dcl_temps(1);
  b.emit(Opcode::mov, {reg(RegType::x, {0, 1}).mask("xyzw"), input(0)});
  b.emit(Opcode::udiv, {reg(RegType::null), dst(0, "x"), input(1).select('x'), imm(3)});
  b.emit(Opcode::mov, {reg(RegType::o).index(src(0, 'x'), 1).mask("xyzw"), reg(RegType::x, {0}).index(src(0, 'x'), 0)});
  b.emit(Opcode::mov, {output(4).mask("x"), reg(RegType::icb).index(src(0, 'x'), 0).select('y')});
  b.emit(Opcode::mov, {output(0).mask("xyzw"), input(0)});
  b.emit(Opcode::ret);
  return {"sm40_vs_indexing", b.program(),
          "vs_4_0: dcl_globalFlags, an immediate constant buffer, vertex/instance id, dcl_indexrange over "
          "outputs written relatively, dcl_indexableTemp",
          {"Valid", "Declarations", "RelativeIndex", "CustomData"}};
}

ProgramCase sm40_vs_system_values() {
  Builder b(ProgramType::vertex, 4, 0);
  dcl_sv(b, Opcode::dcl_input_sgv, input(0).mask("x"), system_value::vertex_id);
  dcl_sv(b, Opcode::dcl_input_sgv, input(0).mask("y"), system_value::instance_id);
  dcl_sv(b, Opcode::dcl_output_siv, output(0).mask("xyzw"), system_value::position);
  dcl_sv(b, Opcode::dcl_output_siv, output(1).mask("xy"), system_value::clip_distance);
  dcl_sv(b, Opcode::dcl_output_siv, output(1).mask("zw"), system_value::cull_distance);
  dcl_sv(b, Opcode::dcl_output_siv, output(2).mask("x"), system_value::render_target_array_index);
  dcl_sv(b, Opcode::dcl_output_siv, output(2).mask("y"), system_value::viewport_array_index);
  b.dcl_temps(1);
  b.emit(Opcode::utof, {dst(0), input(0).swizzle("xyxy")});
  b.emit(Opcode::mov, {output(0).mask("xyzw"), temp(0)});
  b.emit(Opcode::mov, {output(1).mask("xyzw"), temp(0)});
  b.emit(Opcode::mov, {output(2).mask("xy"), input(0).swizzle("xyxx")});
  b.emit(Opcode::ret);
  return {"sm40_vs_system_values", b.program(),
          "vs_4_0: vertex and instance ids in; position, clip and cull distances, render target and viewport "
          "array indices out (components of one register shared)",
          {"Valid", "Declarations"}};
}

ProgramCase sm41_ps() {
  Builder b(ProgramType::pixel, 4, 1);
  b.dcl_sampler(0);
  b.dcl_resource(Dim::texturecubearray, ReturnType::float_, 0);
  b.dcl_resource(Dim::texture2dmsarray, ReturnType::float_, 1, 2);
  dcl(b, Opcode::dcl_input_ps, input(0).mask("xyzw"), interpolation::linear_sample);
  dcl_sv(b, Opcode::dcl_input_ps_sgv, input(1).mask("x"), system_value::sample_index, interpolation::constant);
  dcl(b, Opcode::dcl_output, output(0).mask("xyzw"));
  dcl(b, Opcode::dcl_output, reg(RegType::oMask));
  b.dcl_temps(2);
  b.emit(Opcode::lod, {dst(0), input(0), resource(0), sampler(0)});
  b.emit(Opcode::gather4, {dst(1), input(0), resource(0), sampler(0)});
  b.emit(Opcode::sample_pos, {dst(0, "xy"), resource(1), input(1).select('x')});
  b.emit(Opcode::sample_info, {dst(1, "x"), resource(1)}).controls(1);  // _uint
  b.emit(Opcode::sample_info, {dst(1, "y"), reg(RegType::rasterizer)});
  b.emit(Opcode::add, {output(0).mask("xyzw"), temp(0), temp(1)});
  b.emit(Opcode::mov, {reg(RegType::oMask), imm(1)});
  b.emit(Opcode::ret);
  return {"sm41_ps", b.program(),
          "ps_4_1: lod, gather4, samplepos, sampleinfo (of a resource and of the rasterizer), cube arrays, "
          "multisampled arrays, oMask",
          {"Valid", "Opcodes", "Declarations"}};
}

ProgramCase sm50_cs_uav_atomics() {
  Builder b(ProgramType::compute, 5, 0);
  b.dcl_global_flags(kRefactoringAllowed | kRawAndStructured);
  b.dcl_resource_raw(0);
  b.dcl_resource_structured(1, 16);
  b.dcl_uav_typed(Dim::texture2d, ReturnType::float_, 0);
  b.dcl_uav_raw(1);
  b.dcl_uav_structured(2, 8);
  b.dcl_uav_structured(3, 4).controls(kOrderPreservingCounter);
  b.dcl_uav_typed(Dim::buffer, ReturnType::uint, 4).controls(kGloballyCoherent);
  b.dcl_tgsm_raw(0, 64);
  b.dcl_tgsm_structured(1, 4, 16);
  for (RegType t : {RegType::vThreadID, RegType::vThreadGroupID, RegType::vThreadIDInGroup})
    dcl(b, Opcode::dcl_input, reg(t).mask("xyz"));
  dcl(b, Opcode::dcl_input, reg(RegType::vThreadIDInGroupFlattened));
  b.dcl_temps(3);
  b.dcl_thread_group(8, 8, 1);
  const Arg id = reg(RegType::vThreadID).select('x');
  const Arg xy = reg(RegType::vThreadID).swizzle("xyyy");
  b.emit(Opcode::ld_raw, {dst(0, "x"), id, resource(0)});
  b.emit(Opcode::ld_structured, {dst(1), id, imm(0), resource(1)});
  b.emit(Opcode::ld_uav_typed, {dst(2), xy, uav(0)});
  b.emit(Opcode::store_uav_typed, {uav(0).mask("xyzw"), xy, temp(2)});
  b.emit(Opcode::store_raw, {uav(1).mask("x"), imm(0), src(0, 'x')});
  b.emit(Opcode::store_structured, {uav(2).mask("x"), id, imm(4), src(1, 'x')});
  b.emit(Opcode::store_raw, {tgsm(0).mask("x"), imm(0), src(0, 'x')});
  b.emit(Opcode::bufinfo, {dst(0, "x"), resource(0).select('x')});
  b.emit(Opcode::sync).controls(3);   // _g_t
  b.emit(Opcode::sync).controls(12);  // _uglobal_ugroup
  for (Opcode op : {Opcode::atomic_and, Opcode::atomic_or, Opcode::atomic_xor, Opcode::atomic_iadd, Opcode::atomic_imax,
                    Opcode::atomic_imin, Opcode::atomic_umax, Opcode::atomic_umin})
    b.emit(op, {uav(1).mask("x"), imm(0), src(0, 'x')});
  b.emit(Opcode::atomic_cmp_store, {tgsm(0).mask("x"), imm(4), src(0, 'x'), src(0, 'y')});
  b.emit(Opcode::imm_atomic_alloc, {dst(0, "x"), uav(3)});
  b.emit(Opcode::imm_atomic_consume, {dst(0, "y"), uav(3)});
  for (Opcode op : {Opcode::imm_atomic_iadd, Opcode::imm_atomic_and, Opcode::imm_atomic_or, Opcode::imm_atomic_xor,
                    Opcode::imm_atomic_exch, Opcode::imm_atomic_imax, Opcode::imm_atomic_imin,
                    Opcode::imm_atomic_umax, Opcode::imm_atomic_umin})
    b.emit(op, {dst(0, "z"), uav(4), id, imm(1)});
  b.emit(Opcode::imm_atomic_cmp_exch, {dst(0, "w"), tgsm(1), imm(0, 0, 0, 0), src(0, 'x'), imm(2)});
  b.emit(Opcode::ret);
  return {"sm50_cs_uav_atomics", b.program(),
          "cs_5_0: raw and structured resources, typed/raw/structured UAVs (glc, hidden counter), group shared "
          "memory, every load, store, atomic and sync form, the thread-id inputs",
          {"Valid", "Opcodes", "Declarations"}};
}

ProgramCase sm50_ps_bits_eval() {
  Builder b(ProgramType::pixel, 5, 0);
  b.dcl_sampler(0);
  b.dcl_sampler(1, 1);
  b.dcl_resource(Dim::texture2d, ReturnType::float_, 0);
  dcl(b, Opcode::dcl_input_ps, input(0).mask("xyzw"), interpolation::linear_centroid);
  dcl(b, Opcode::dcl_input, reg(RegType::vCoverage));
  dcl(b, Opcode::dcl_output, output(0).mask("xyzw"));
  b.dcl_temps(4);
  b.emit(Opcode::mov, {dst(0), input(0)});
  b.emit(Opcode::mov, {dst(1), reg(RegType::vCoverage)});
  b.emit(Opcode::mov, {dst(2), imm(3, 5, 8, 0x10000000)});
  each(b, {Opcode::countbits, Opcode::firstbit_hi, Opcode::firstbit_lo, Opcode::firstbit_shi, Opcode::ubfe,
           Opcode::ibfe, Opcode::bfi, Opcode::bfrev, Opcode::f32tof16, Opcode::f16tof32, Opcode::rcp,
           Opcode::deriv_rtx_coarse, Opcode::deriv_rtx_fine, Opcode::deriv_rty_coarse, Opcode::deriv_rty_fine,
           Opcode::msad});
  b.emit(Opcode::swapc, {dst(1), dst(2), temp(0), temp(1), temp(2)});
  b.emit(Opcode::uaddc, {dst(1), dst(3), temp(0), temp(2)});
  b.emit(Opcode::usubb, {dst(1), dst(3), temp(0), temp(2)});
  b.emit(Opcode::eval_snapped, {dst(3), input(0), imm(1, -1, 0, 0)});
  b.emit(Opcode::eval_sample_index, {dst(3), input(0), imm(2)});
  b.emit(Opcode::eval_centroid, {dst(3), input(0)});
  const Arg uv = input(0).swizzle("xyxx");
  b.emit(Opcode::gather4_c, {dst(1), uv, resource(0), sampler(1).select('x'), src(3, 'x')});
  b.emit(Opcode::gather4_po, {dst(1), uv, imm(1, -2, 0, 0), resource(0), sampler(0).select('y')});
  b.emit(Opcode::gather4_po_c, {dst(1), uv, imm(1, -2, 0, 0), resource(0), sampler(1).select('x'), src(3, 'x')});
  b.emit(Opcode::mov, {output(0).mask("xyzw"), temp(1)});
  b.emit(Opcode::ret);
  return {"sm50_ps_bits_eval", b.program(),
          "ps_5_0: bit operations, carries, swapc, half conversions, rcp, coarse/fine derivatives, msad, "
          "pull-model evaluation, gather4 with comparison and programmable offsets, vCoverage",
          {"Valid", "Opcodes"}};
}

ProgramCase sm50_doubles() {
  Builder b(ProgramType::compute, 5, 0);
  b.dcl_global_flags(kDoubles | kDoubleExtensions);
  b.dcl_temps(3);
  b.dcl_thread_group(1, 1, 1);
  b.emit(Opcode::dmov, {dst(0, "xy"), imm64({1.5})});
  b.emit(Opcode::dmov, {dst(1, "xy"), imm64({-2.0})});
  b.emit(Opcode::dmov, {dst(2, "xy"), temp(0).swizzle("xyxy")});
  for (Opcode op : {Opcode::dadd, Opcode::dmax, Opcode::dmin, Opcode::dmul, Opcode::ddiv})
    b.emit(op, {dst(2, "xy"), temp(0).swizzle("xyxy"), temp(1).swizzle("xyxy")});
  for (Opcode op : {Opcode::deq, Opcode::dge, Opcode::dlt, Opcode::dne})
    b.emit(op, {dst(2, "x"), temp(0).swizzle("xyxy"), temp(1).swizzle("xyxy")});
  b.emit(Opcode::dmovc, {dst(2, "xy"), src(2, 'x'), temp(0).swizzle("xyxy"), temp(1).swizzle("xyxy")});
  b.emit(Opcode::dfma, {dst(2, "xy"), temp(0).swizzle("xyxy"), temp(1).swizzle("xyxy"), temp(2).swizzle("xyxy")});
  b.emit(Opcode::drcp, {dst(2, "xy"), temp(0).swizzle("xyxy")});
  for (Opcode op : {Opcode::dtof, Opcode::dtoi, Opcode::dtou})
    b.emit(op, {dst(2, "x"), temp(0).swizzle("xyxx")});
  for (Opcode op : {Opcode::ftod, Opcode::itod, Opcode::utod}) b.emit(op, {dst(2, "xy"), src(1, 'x')});
  b.emit(Opcode::ret);
  return {"sm50_doubles", b.program(),
          "cs_5_0: every double-precision operation, the SM5.0 ones and the 11.1 extensions (ddiv, dfma, drcp, "
          "conversions), 64-bit immediates",
          {"Valid", "Opcodes"}};
}

ProgramCase sm50_hs_phases() {
  Builder b(ProgramType::hull, 5, 0);
  b.emit(Opcode::hs_decls);
  b.emit(Opcode::dcl_input_control_point_count).controls(3);
  b.emit(Opcode::dcl_output_control_point_count).controls(3);
  b.emit(Opcode::dcl_tess_domain).controls(2);        // domain_tri
  b.emit(Opcode::dcl_tess_partitioning).controls(3);  // partitioning_fractional_odd
  b.emit(Opcode::dcl_tess_output_primitive).controls(3);  // output_triangle_cw
  b.emit(Opcode::dcl_hs_max_tessfactor, {}, {bits(64.0f)});
  b.emit(Opcode::hs_control_point_phase);
  dcl(b, Opcode::dcl_input, reg(RegType::vOutputControlPointID));
  dcl(b, Opcode::dcl_input, input2(3, 0).mask("xyzw"));
  dcl(b, Opcode::dcl_output, output(0).mask("xyzw"));
  b.dcl_temps(1);
  b.emit(Opcode::mov, {dst(0, "x"), reg(RegType::vOutputControlPointID)});
  b.emit(Opcode::mov, {output(0).mask("xyzw"), reg(RegType::v).index(src(0, 'x'), 0).index(0)});
  b.emit(Opcode::ret);
  b.emit(Opcode::hs_fork_phase);
  b.emit(Opcode::dcl_hs_fork_phase_instance_count, {}, {3});
  dcl(b, Opcode::dcl_input, reg(RegType::vForkInstanceID));
  dcl(b, Opcode::dcl_input, reg(RegType::vicp, {3, 0}).mask("xyzw"));
  dcl(b, Opcode::dcl_input, reg(RegType::vocp, {3, 0}).mask("xyzw"));
  const uint32_t edges[] = {system_value::final_tri_u_eq_0_edge_tess_factor,
                            system_value::final_tri_v_eq_0_edge_tess_factor,
                            system_value::final_tri_w_eq_0_edge_tess_factor};
  for (uint32_t k = 0; k < 3; ++k) dcl_sv(b, Opcode::dcl_output_siv, output(k).mask("x"), edges[k]);
  b.emit(Opcode::dcl_index_range, {output(0).mask("x")}, {3});
  b.dcl_temps(1);
  b.emit(Opcode::mov, {dst(0, "x"), reg(RegType::vForkInstanceID)});
  b.emit(Opcode::add, {dst(0, "y"), reg(RegType::vicp).index(src(0, 'x'), 0).index(0).select('x'),
                       reg(RegType::vocp, {0, 0}).select('w')});
  b.emit(Opcode::mov, {reg(RegType::o).index(src(0, 'x'), 0).mask("x"), src(0, 'y')});
  b.emit(Opcode::ret);
  b.emit(Opcode::hs_join_phase);
  b.emit(Opcode::dcl_hs_join_phase_instance_count, {}, {1});
  dcl(b, Opcode::dcl_input, reg(RegType::vJoinInstanceID));
  dcl(b, Opcode::dcl_input, reg(RegType::vpc, {0}).mask("x"));
  dcl_sv(b, Opcode::dcl_output_siv, output(3).mask("x"), system_value::final_tri_inside_tess_factor);
  b.dcl_temps(1);
  b.emit(Opcode::mov, {dst(0, "x"), reg(RegType::vJoinInstanceID)});
  b.emit(Opcode::add, {output(3).mask("x"), reg(RegType::vpc, {0}).select('x'), imm(1.0f)});
  b.emit(Opcode::ret);
  return {"sm50_hs_phases", b.program(),
          "hs_5_0: hs_decls, the control point, fork (3 instances) and join phases, each with its own "
          "declarations; tessellator declarations, vicp, vocp, vpc, the phase instance ids",
          {"Valid", "Opcodes", "Declarations", "HullPhases"}};
}

ProgramCase sm50_ds() {
  Builder b(ProgramType::domain, 5, 0);
  b.emit(Opcode::dcl_input_control_point_count).controls(3);
  b.emit(Opcode::dcl_tess_domain).controls(2);
  dcl(b, Opcode::dcl_input, reg(RegType::vDomain).mask("xyz"));
  dcl(b, Opcode::dcl_input, reg(RegType::vicp, {3, 0}).mask("xyzw"));
  dcl(b, Opcode::dcl_input, reg(RegType::vpc, {3}).mask("x"));
  dcl_sv(b, Opcode::dcl_output_siv, output(0).mask("xyzw"), system_value::position);
  b.dcl_temps(1);
  b.emit(Opcode::mul, {dst(0), reg(RegType::vDomain).swizzle("yyyy"), reg(RegType::vicp, {1, 0})});
  b.emit(Opcode::mad, {dst(0), reg(RegType::vDomain).swizzle("xxxx"), reg(RegType::vicp, {0, 0}), temp(0)});
  b.emit(Opcode::mad, {dst(0), reg(RegType::vDomain).swizzle("zzzz"), reg(RegType::vicp, {2, 0}), temp(0)});
  b.emit(Opcode::mul, {output(0).mask("xyzw"), temp(0), reg(RegType::vpc, {3}).select('x')});
  b.emit(Opcode::ret);
  return {"sm50_ds", b.program(), "ds_5_0: vDomain, control points and patch constants", {"Valid", "Declarations"}};
}

ProgramCase sm50_gs_streams() {
  Builder b(ProgramType::geometry, 5, 0);
  dcl(b, Opcode::dcl_input, input2(1, 0).mask("xyzw"));
  dcl(b, Opcode::dcl_input, reg(RegType::vGSInstanceID));
  b.emit(Opcode::dcl_gs_input_primitive).controls(1);  // point
  b.emit(Opcode::dcl_gs_instance_count, {}, {2});
  for (uint32_t stream = 0; stream < 2; ++stream) {
    b.emit(Opcode::dcl_stream, {reg(RegType::m, {stream})});
    b.emit(Opcode::dcl_gs_output_primitive_topology).controls(1);  // pointlist
    dcl_sv(b, Opcode::dcl_output_siv, output(stream).mask("xyzw"), system_value::position);
  }
  b.emit(Opcode::dcl_max_output_vertex_count, {}, {2});
  b.emit(Opcode::mov, {output(0).mask("xyzw"), input2(0, 0)});
  b.emit(Opcode::emit_stream, {reg(RegType::m, {0})});
  b.emit(Opcode::cut_stream, {reg(RegType::m, {0})});
  b.emit(Opcode::mov, {output(1).mask("xyzw"), input2(0, 0)});
  b.emit(Opcode::mov, {output(1).mask("x"), reg(RegType::vGSInstanceID)});
  b.emit(Opcode::emitthencut_stream, {reg(RegType::m, {1})});
  b.emit(Opcode::ret);
  return {"sm50_gs_streams", b.program(), "gs_5_0: two streams, instancing (dcl_gsinstances, vGSInstanceID)",
          {"Valid", "Opcodes", "Declarations"}};
}

ProgramCase sm50_class_linkage() {
  Builder b(ProgramType::pixel, 5, 0);
  b.dcl_global_flags(kRefactoringAllowed);
  for (uint32_t k = 0; k < 3; ++k) b.dcl_function_body(k);
  b.dcl_function_table(0, {0});
  b.dcl_function_table(1, {1, 2});
  b.dcl_interface(0, 1, 1, {0, 1});
  b.dcl_interface(1, 2, 3, {1, 0, 1}, true);
  b.dcl_constant_buffer(0, 1);
  dcl(b, Opcode::dcl_output, output(0).mask("xyzw"));
  b.dcl_temps(1);
  b.emit(Opcode::mov, {dst(0, "x"), cb(0, 0).select('x')});
  b.emit(Opcode::interface_call, {reg(RegType::fp, {0, 0})}, {0});
  b.emit(Opcode::interface_call, {reg(RegType::fp, {1}).index(src(0, 'x'), 1)}, {1});
  b.emit(Opcode::mov, {output(0).mask("xyzw"), temp(0)});
  b.emit(Opcode::ret);
  for (uint32_t k = 0; k < 3; ++k) {
    b.emit(Opcode::label, {reg(RegType::fb, {k})});
    b.emit(Opcode::mov, {dst(0), reg(RegType::this_, {0}).select('y')});
    b.emit(Opcode::ret);
  }
  return {"sm50_class_linkage", b.program(),
          "ps_5_0: function bodies, tables, interfaces (one dynamically indexed), fcall with an immediate and a "
          "relative array index, this[]",
          {"Valid", "Opcodes", "Declarations", "ClassLinkage"}};
}

ProgramCase sm50_tiled_feedback() {
  Builder b(ProgramType::pixel, 5, 0);
  b.dcl_global_flags(kShaderExtensions);
  b.dcl_sampler(0);
  b.dcl_sampler(1, 1);
  b.dcl_resource(Dim::texture2d, ReturnType::float_, 0);
  b.dcl_resource(Dim::texture2dms, ReturnType::float_, 1, 4);
  b.dcl_resource_raw(2);
  b.dcl_resource_structured(3, 16);
  b.dcl_uav_typed(Dim::texture2d, ReturnType::float_, 1);
  dcl(b, Opcode::dcl_input_ps, input(0).mask("xyzw"), interpolation::linear);
  dcl(b, Opcode::dcl_output, output(0).mask("xyzw"));
  b.dcl_temps(4);
  const Arg uv = input(0).swizzle("xyxx");
  const Arg status = dst(1, "x");
  const Arg offset = imm(1, 0, 0, 0);
  const Arg ref = src(2, 'x'), clamp = src(2, 'y'), address = temp(3);
  b.emit(Opcode::ftoi, {dst(3), input(0)});
  b.emit(Opcode::mov, {dst(2), input(0)});
  b.emit(Opcode::gather4_feedback, {dst(0), status, uv, resource(0), sampler(0).select('x')});
  b.emit(Opcode::gather4_c_feedback, {dst(0), status, uv, resource(0), sampler(1).select('x'), ref});
  b.emit(Opcode::gather4_po_feedback, {dst(0), status, uv, offset, resource(0), sampler(0).select('x')});
  b.emit(Opcode::gather4_po_c_feedback, {dst(0), status, uv, offset, resource(0), sampler(1).select('x'), ref});
  b.emit(Opcode::ld_feedback, {dst(0), status, address, resource(0)});
  b.emit(Opcode::ld_ms_feedback, {dst(0), status, address, resource(1), imm(0)});
  b.emit(Opcode::ld_uav_typed_feedback, {dst(0), status, address, uav(1)});
  b.emit(Opcode::ld_raw_feedback, {dst(0, "x"), status, src(3, 'x'), resource(2)});
  b.emit(Opcode::ld_structured_feedback, {dst(0, "x"), status, src(3, 'x'), imm(0), resource(3)});
  b.emit(Opcode::sample_l_feedback, {dst(0), status, uv, resource(0), sampler(0), imm(0.0f)});
  b.emit(Opcode::sample_c_lz_feedback, {dst(0, "x"), status, uv, resource(0), sampler(1), ref});
  b.emit(Opcode::sample_clamp_feedback, {dst(0), status, uv, resource(0), sampler(0), clamp});
  b.emit(Opcode::sample_b_clamp_feedback, {dst(0), status, uv, resource(0), sampler(0), imm(0.5f), clamp});
  // With the DWORD fxc wrote after it in vkd3d-proton's texture_feedback_sample_grad.
  b.emit(Opcode::sample_d_clamp_feedback,
         {dst(0), status, uv, resource(0), sampler(0), input(0).swizzle("zwzz"), input(0).swizzle("zwzz"), clamp})
      .trailing_word(0x2000);
  b.emit(Opcode::sample_c_clamp_feedback, {dst(0, "x"), status, uv, resource(0), sampler(1), ref, clamp});
  b.emit(Opcode::check_access_fully_mapped, {dst(1, "y"), src(1, 'x')});
  b.emit(Opcode::mov, {output(0).mask("xyzw"), temp(0)});
  b.emit(Opcode::ret);
  return {"sm50_tiled_feedback", b.program(),
          "ps_5_0: every tiled-resource feedback form of sample, gather4 and ld, and check_access_fully_mapped; "
          "sample_d_cl_s with the DWORD fxc appends",
          {"Valid", "Opcodes"}};
}

// The pixel shader's special registers added after SM4.0: conservative
// depth, stencil reference, inner coverage.
ProgramCase sm50_ps_special_registers() {
  Builder b(ProgramType::pixel, 5, 0);
  dcl(b, Opcode::dcl_input, reg(RegType::vInnerCoverage));
  dcl(b, Opcode::dcl_input, reg(RegType::vCoverage));
  dcl(b, Opcode::dcl_output, reg(RegType::oDepthGE));
  dcl(b, Opcode::dcl_output, reg(RegType::oStencilRef));
  dcl(b, Opcode::dcl_output, reg(RegType::oMask));
  b.dcl_temps(1);
  b.emit(Opcode::and_, {dst(0, "x"), reg(RegType::vInnerCoverage), reg(RegType::vCoverage)});
  b.emit(Opcode::mov, {reg(RegType::oMask), src(0, 'x')});
  b.emit(Opcode::mov, {reg(RegType::oStencilRef), imm(1)});
  b.emit(Opcode::utof, {reg(RegType::oDepthGE), src(0, 'x')});
  b.emit(Opcode::ret);
  return {"sm50_ps_special_registers", b.program(),
          "ps_5_0: oDepthGE, oStencilRef, oMask, vCoverage, vInnerCoverage", {"Valid", "Declarations"}};
}

ProgramCase sm50_ps_depth_less_equal() {
  Builder b(ProgramType::pixel, 5, 0);
  b.dcl_global_flags(kEarlyDepthStencil);
  dcl_sv(b, Opcode::dcl_input_ps_siv, input(0).mask("z"), system_value::position,
         interpolation::linear_noperspective);
  dcl(b, Opcode::dcl_output, reg(RegType::oDepthLE));
  b.emit(Opcode::mov, {reg(RegType::oDepthLE), input(0).select('z')});
  b.emit(Opcode::ret);
  return {"sm50_ps_depth_less_equal", b.program(), "ps_5_0: oDepthLE with forceEarlyDepthStencil",
          {"Valid", "Declarations"}};
}

ProgramCase sm50_debug() {
  Builder b(ProgramType::compute, 5, 0);
  b.dcl_global_flags(kShaderExtensions | kSkipOptimization);
  b.dcl_thread_group(1, 1, 1);
  b.emit(Opcode::debug_break);
  b.emit(Opcode::abort);
  b.emit(Opcode::ret);
  return {"sm50_debug", b.program(), "cs_5_0: the 11.1 debug_break and abort", {"Valid", "Opcodes"}};
}

// HLSL's printf and errorf three blocks deep, as an older fxc lists them
// (`      printf "%0 is fine!", r10.z`), and the header's note that the
// program runs only with the debug layer.
ProgramCase sm50_debug_messages() {
  Builder b(ProgramType::pixel, 5, 0);
  b.dcl_temps(11);
  constexpr uint32_t kR10z = 0x0010002A;  // r10.z: one index, select-1 of z
  b.emit(Opcode::if_, {src(0, 'x')}).nz();
  b.emit(Opcode::loop);
  b.emit(Opcode::if_, {src(1, 'x')}).nz();
  b.custom_data(CustomData::shader_message, shader_message(0x00200102, "%0 is fine!", 1, {kR10z, 10}));
  b.custom_data(CustomData::shader_message, shader_message(kShaderMessageError, "%0 is invalid", 1, {kR10z, 10}));
  b.emit(Opcode::endif);
  b.emit(Opcode::break_);
  b.emit(Opcode::endloop);
  b.emit(Opcode::endif);
  b.emit(Opcode::ret);
  return {"sm50_debug_messages", b.program(),
          "ps_5_0: a printf and an errorf of r10.z inside an if, a loop and an if (debug layer messages)",
          {"Valid", "CustomData"}};
}

ProgramCase sm51_ranges() {
  Builder b(ProgramType::pixel, 5, 1);
  b.dcl_global_flags(kAllResourcesBound);
  b.dcl_constant_buffer(Slot(0, 0, 0, 0), 4);
  b.dcl_constant_buffer(Slot(1, 2, 5, 1), 8, true);
  b.dcl_sampler(Slot(0, 0, 0, 0));
  b.dcl_sampler(Slot(1, 1, 0xFFFFFFFF, 2), 1);
  b.dcl_resource(Dim::texture2d, ReturnType::float_, Slot(0, 0, 9, 0));
  b.dcl_resource_raw(Slot(1, 10, 10, 3));
  b.dcl_resource_structured(Slot(2, 0, 0xFFFFFFFF, 4), 16);
  b.dcl_uav_typed(Dim::texture2d, ReturnType::float_, Slot(0, 0, 0, 0));
  b.dcl_uav_raw(Slot(1, 1, 3, 0)).controls(kGloballyCoherent);
  b.dcl_uav_structured(Slot(2, 0, 0, 5), 4).controls(kRasterizerOrdered);
  dcl(b, Opcode::dcl_input_ps, input(0).mask("xyzw"), interpolation::linear_noperspective_centroid);
  dcl(b, Opcode::dcl_output, output(0).mask("xyzw"));
  b.dcl_temps(2);
  b.emit(Opcode::ftou, {dst(1), input(0)});
  b.emit(Opcode::sample, {dst(0), input(0).swizzle("xyxx"), reg(RegType::t, {0}).index(src(1, 'x'), 0).nonuniform(),
                          reg(RegType::s, {1, 1})});
  b.emit(Opcode::add, {dst(0), temp(0), reg(RegType::cb, {1}).index(src(1, 'y'), 2).index(3)});
  b.emit(Opcode::add, {dst(0), temp(0), reg(RegType::cb, {0, 0, 1})});
  b.emit(Opcode::ld_raw, {dst(1, "x"), imm(0), reg(RegType::t, {1, 10}).select('x')});
  b.emit(Opcode::ld_structured, {dst(1, "y"), imm(0), imm(0), reg(RegType::t, {2}).index(src(1, 'z'), 0).select('x')});
  b.emit(Opcode::store_uav_typed, {reg(RegType::u, {0, 0}).mask("xyzw"), imm(0, 0, 0, 0), temp(0)});
  b.emit(Opcode::store_raw, {reg(RegType::u, {1}).index(src(1, 'w'), 1).mask("x"), imm(0), src(1, 'x')});
  b.emit(Opcode::store_structured, {reg(RegType::u, {2, 0}).mask("x"), imm(0), imm(0), src(1, 'y')});
  b.emit(Opcode::mov, {output(0).mask("xyzw"), temp(0)});
  b.emit(Opcode::ret);
  return {"sm51_ranges", b.program(),
          "ps_5_1: constant buffers, samplers, resources and UAVs declared as ranges (bounded and unbounded) "
          "with their spaces, used with 3-D operands and non-uniform relative indices",
          {"Valid", "Declarations", "Sm51"}};
}

ProgramCase extended_opcode_tokens() {
  Builder b(ProgramType::pixel, 5, 0);
  b.dcl_sampler(0);
  b.dcl_resource(Dim::texture3d, ReturnType::float_, 0);
  b.dcl_resource_structured(1, 16);
  dcl(b, Opcode::dcl_input_ps, input(0).mask("xyz"), interpolation::linear);
  dcl(b, Opcode::dcl_output, output(0).mask("xyzw"));
  b.dcl_temps(2);
  const ReturnType f = ReturnType::float_, m = ReturnType::mixed;
  const Arg uvw = input(0).swizzle("xyzx");
  b.emit(Opcode::sample, {dst(0), uvw, resource(0), sampler(0)}).offsets(-8, 7, 1);
  b.emit(Opcode::sample, {dst(0), uvw, resource(0), sampler(0)}).dimension(Dim::texture3d).return_types(f, f, f, f);
  b.emit(Opcode::sample_l, {dst(0), uvw, resource(0), sampler(0), imm(0.0f)})
      .offsets(3, 2, 1)
      .dimension(Dim::texture3d)
      .return_types(f, f, f, f);
  b.emit(Opcode::ld_structured, {dst(1), imm(0), imm(0), resource(1)})
      .dimension(Dim::structured_buffer, 16)
      .return_types(m, m, m, m);
  b.emit(Opcode::add, {output(0).mask("xyzw"), temp(0), temp(1)});
  b.emit(Opcode::ret);
  return {"extended_opcode_tokens", b.program(),
          "ps_5_0: extended opcode tokens alone and chained: texel offsets (-8..7), resource dimension (a structure "
          "stride), return types",
          {"Valid", "ExtendedOpcode"}};
}

// One program per index representation: a constant buffer read through it.
ProgramCase index_representation(std::string name, const Arg& read, std::string comment) {
  Builder b(ProgramType::vertex, 5, 0);
  b.dcl_constant_buffer(0, 8, true);
  dcl(b, Opcode::dcl_input, input(0).mask("xyzw"));
  dcl(b, Opcode::dcl_output, output(0).mask("xyzw"));
  b.dcl_temps(1);
  b.emit(Opcode::ftou, {dst(0), input(0)});
  b.emit(Opcode::mov, {output(0).mask("xyzw"), read});
  b.emit(Opcode::ret);
  return {"index_" + name, b.program(), "vs_5_0: " + comment, {"Valid", "IndexRepresentation"}};
}

ProgramCase modifiers_and_precision() {
  Builder b(ProgramType::pixel, 5, 0);
  b.dcl_global_flags(kMinimumPrecision);
  dcl(b, Opcode::dcl_input_ps, input(0).mask("xyzw").precision(MinPrecision::min16f), interpolation::linear);
  dcl(b, Opcode::dcl_output, output(0).mask("xyzw"));
  b.dcl_temps(3);
  b.emit(Opcode::add, {dst(0), -input(0), input(0).abs()});
  b.emit(Opcode::mul, {dst(0), -temp(0).abs(), input(0).swizzle("wzyx")});
  b.emit(Opcode::mov, {dst(1).precision(MinPrecision::min16f), input(0).precision(MinPrecision::min16f)});
  b.emit(Opcode::mov, {dst(1, "x").precision(MinPrecision::min2_8f), src(1, 'x').precision(MinPrecision::min16f)});
  b.emit(Opcode::ftoi, {dst(2, "x").precision(MinPrecision::min16i), src(0, 'x')});
  b.emit(Opcode::ftou, {dst(2, "y").precision(MinPrecision::min16u), src(0, 'y')});
  b.emit(Opcode::add, {output(0).mask("xyzw"), temp(0), temp(1)}).saturate();
  b.emit(Opcode::ret);
  return {"operand_modifiers", b.program(),
          "ps_5_0: negate, absolute value and both; every minimum precision on destinations and sources",
          {"Valid", "ExtendedOperand"}};
}

ProgramCase custom_data(std::string name, CustomData cls, std::vector<uint32_t> data, std::string comment) {
  Builder b(ProgramType::pixel, 5, 0);
  b.custom_data(cls, std::move(data));
  dcl(b, Opcode::dcl_output, output(0).mask("xyzw"));
  b.emit(Opcode::mov, {output(0).mask("xyzw"), imm(0.f, 0.f, 0.f, 1.0f)});
  b.emit(Opcode::ret);
  return {"custom_data_" + name, b.program(), "ps_5_0: " + comment, {"Valid", "CustomData"}};
}

ProgramCase global_flags_all() {
  Builder b(ProgramType::pixel, 5, 0);
  b.dcl_global_flags(kRefactoringAllowed | kDoubles | kEarlyDepthStencil | kRawAndStructured | kSkipOptimization |
                     kMinimumPrecision | kDoubleExtensions | kShaderExtensions | kAllResourcesBound);
  b.emit(Opcode::ret);
  return {"global_flags_all", b.program(), "ps_5_0: every dcl_globalFlags bit", {"Valid", "Declarations"}};
}

ProgramCase interpolation_modes() {
  Builder b(ProgramType::pixel, 4, 1);
  for (uint32_t mode = interpolation::constant; mode <= interpolation::linear_noperspective_sample; ++mode)
    dcl(b, Opcode::dcl_input_ps, input(mode).mask("xyzw"), mode);
  dcl(b, Opcode::dcl_output, output(0).mask("xyzw"));
  b.emit(Opcode::mov, {output(0).mask("xyzw"), input(1)});
  b.emit(Opcode::ret);
  return {"interpolation_modes", b.program(), "ps_4_1: dcl_input_ps with each of the seven interpolation modes",
          {"Valid", "Declarations"}};
}

// Tables past 127 DWORDs: the declaration's length moves to a DWORD of
// its own (the opcode token's extended bit says so).
ProgramCase long_tables() {
  Builder b(ProgramType::pixel, 5, 0);
  for (uint32_t k = 0; k < 130; ++k) b.dcl_function_body(k);
  std::vector<uint32_t> bodies(130);
  for (uint32_t k = 0; k < 130; ++k) bodies[k] = k;
  b.dcl_function_table(0, bodies);
  b.dcl_interface(0, 1, 130, std::vector<uint32_t>(130, 0));
  b.emit(Opcode::interface_call, {reg(RegType::fp, {0, 0})}, {0});
  b.emit(Opcode::ret);
  for (uint32_t k = 0; k < 130; ++k) {
    b.emit(Opcode::label, {reg(RegType::fb, {k})});
    b.emit(Opcode::ret);
  }
  return {"length_word_tables", b.program(),
          "ps_5_0: a function table of 130 bodies and an interface of 130 tables carry their length in a DWORD "
          "after the opcode token",
          {"Valid", "ClassLinkage", "LengthWord"}};
}

// The shader models each program type exists in (hull and domain shaders
// arrived with SM5.0).
std::vector<ProgramCase> types_and_versions() {
  std::vector<ProgramCase> out;
  constexpr std::string_view kNames[] = {"ps", "vs", "gs", "hs", "ds", "cs"};
  constexpr std::pair<uint32_t, uint32_t> kVersions[] = {{4, 0}, {4, 1}, {5, 0}, {5, 1}};
  for (uint32_t type = 0; type < 6; ++type)
    for (const auto& [major, minor] : kVersions) {
      const auto t = static_cast<ProgramType>(type);
      if (major == 4 && (t == ProgramType::hull || t == ProgramType::domain)) continue;
      Builder b(t, major, minor);
      if (t == ProgramType::compute) b.dcl_thread_group(1, 1, 1);
      b.emit(Opcode::ret);
      const std::string name = std::string(kNames[type]) + "_" + std::to_string(major) + "_" + std::to_string(minor);
      out.push_back({"minimal_" + name, b.program(), name + ": the smallest program (ret)", {"Valid", "Header"}});
    }
  return out;
}

}  // namespace

Program nested_relative(uint32_t depth, uint32_t offsets) {
  Builder b(ProgramType::pixel, 5, 0);
  b.dcl_immediate_constant_buffer(words(0, 0, 0, 0));
  b.dcl_temps(1);
  b.emit(Opcode::mov, {dst(0, "x"), imm(0)});
  // The innermost operand is r0.x; each level around it reads
  // icb[<inner>].x, or icb[<inner> + 0].x.
  Arg a = src(0, 'x');
  for (uint32_t k = 1; k < depth; ++k) {
    const Arg icb = reg(RegType::icb);
    a = (depth - k <= offsets ? icb.index(a, 0) : icb.index(a)).select('x');
  }
  b.emit(Opcode::mov, {dst(0, "x"), reg(RegType::icb).index(a).select('x')});
  b.emit(Opcode::ret);
  return b.program();
}

std::vector<ProgramCase> valid_programs() {
  std::vector<ProgramCase> out = {
      sm40_ps_float(),   sm40_ps_integer(),     sm40_vs_flow(),      sm40_ps_resources(),  sm40_gs(),
      sm40_vs_indexing(), sm41_ps(),            sm50_cs_uav_atomics(), sm50_ps_bits_eval(), sm50_doubles(),
      sm50_hs_phases(),  sm50_ds(),             sm50_gs_streams(),   sm50_class_linkage(), sm50_tiled_feedback(),
      sm50_debug(),      sm50_debug_messages(), sm51_ranges(),         sm40_vs_system_values(), sm50_ps_special_registers(),
      sm50_ps_depth_less_equal(),         extended_opcode_tokens(), modifiers_and_precision(),
      global_flags_all(), interpolation_modes(), long_tables()};
  const Arg x = src(0, 'x');
  out.push_back(index_representation("imm32", cb(0, 3), "cb0[3]: an immediate32 index"));
  out.push_back(index_representation("imm64", cb(0).index64(3), "cb0[3] with its index written as an immediate64"));
  out.push_back(index_representation("relative", cb(0).index(x), "cb0[r0.x]: a relative index alone"));
  out.push_back(index_representation("imm32_relative", cb(0).index(x, 2), "cb0[r0.x + 2]: immediate32 and relative"));
  out.push_back(
      index_representation("imm64_relative", cb(0).index64(x, 2), "cb0[r0.x + 2] with an immediate64 part"));
  out.push_back({"nested_relative_63", nested_relative(63),
                 "ps_5_0: 63 relative operands nested in one operand, the deepest limits.max_depth allows",
                 {"Valid", "RelativeIndex", "Limit"}});
  // vkd3d 1.2 reads 5 of the length field's 7 bits.
  for (const auto& [depth, offsets] : {std::pair{27u, 0u}, std::pair{63u, 59u}}) {
    Program p = nested_relative(depth, offsets);
    const uint32_t length = p.instructions[p.instructions.size() - 2].length_field();
    out.push_back({"instruction_length_" + std::to_string(length), std::move(p),
                   "ps_5_0: a mov of " + std::to_string(length) + " DWORDs (nested relative operands): " +
                       (length == 127 ? "the longest a 7-bit length field holds" : "past a 5-bit length field"),
                   {"Valid", "RelativeIndex"}});
  }
  out.push_back({"nested_relative_mixed",
                 [] {
                   Builder b(ProgramType::vertex, 4, 0);
                   b.dcl_constant_buffer(0, 16, true);
                   b.dcl_immediate_constant_buffer(words(1, 2, 3, 4));
                   b.dcl_indexable_temp(0, 4, 4);
                   b.dcl_temps(1);
                   b.emit(Opcode::mov, {dst(0), imm(0, 1, 2, 3)});
                   b.emit(Opcode::mov, {reg(RegType::x, {0, 0}).mask("xyzw"), temp(0)});
                   const Arg inner = reg(RegType::icb).index(src(0, 'x'), 0).select('y');
                   const Arg middle = reg(RegType::x, {0}).index(inner, 1).select('z');
                   b.emit(Opcode::mov, {dst(0), cb(0).index(middle, 2)});
                   b.emit(Opcode::ret);
                   return b.program();
                 }(),
                 "vs_4_0: cb0[x0[icb[r0.x + 0].y + 1].z + 2]: relative operands of three register files nested",
                 {"Valid", "RelativeIndex"}});
  out.push_back(custom_data("comment", CustomData::comment, words(0x6D6D6F63, 0x746E65), "a comment block"));
  out.push_back(custom_data("debug_info", CustomData::debug_info, words(1, 2, 3), "a debug info block"));
  out.push_back(custom_data("opaque", CustomData::opaque, words(0xDEADBEEF), "an opaque block"));
  out.push_back(custom_data("immediate_constant_buffer", CustomData::immediate_constant_buffer,
                            words(1.0f, 2.0f, 3.0f, 4.0f, 0, 1, -1, 0x7FFFFFFF),
                            "an immediate constant buffer of two rows"));
  out.push_back(custom_data("shader_message", CustomData::shader_message, words(0, 0, 0, 0, 0, 0),
                            "a shader message block"));
  out.push_back(custom_data("clip_plane_mappings", CustomData::clip_plane_constant_mappings, words(0, 1),
                            "D3D9 clip plane constant mappings"));
  out.push_back(custom_data("empty", CustomData::comment, {}, "a comment of no DWORDs: length 2"));
  for (ProgramCase& c : types_and_versions()) out.push_back(std::move(c));
  return out;
}

namespace {

// Sets the chunk's texts, counting them in `set`.
void set_texts(ChunkModel& model, size_t& k, size_t& set) {
  auto next = [&](FileText& t) {
    // A record without a name (an SM4 type) keeps none: the layout gives
    // only a named one a string.
    if (t.empty()) return;
    t = conform::hostile_text(k++);
    ++set;
  };
  if (auto* rdef = std::get_if<Rdef>(&model)) {
    next(rdef->creator.text);
    for (RdefBinding& b : rdef->bindings) next(b.name.text);
    for (RdefConstantBuffer& cb : rdef->constant_buffers) {
      next(cb.name.text);
      for (RdefVariable& v : cb.variables) next(v.name.text);
    }
    for (RdefType& t : rdef->types) {
      next(t.name.text);
      for (RdefMember& m : t.members) next(m.name.text);
    }
    rdef->gaps.clear();  // bytes at the old layout's offsets
    lay_out_rdef(*rdef);
  }
  if (auto* ifce = std::get_if<Interfaces>(&model)) {
    for (ClassType& t : ifce->class_types) next(t.name);
    for (ClassInstance& c : ifce->class_instances) next(c.name);
  }
}

}  // namespace

std::vector<uint8_t> with_hostile_texts(Bytes container, size_t& k, size_t& set) {
  dxc::ParseResult r = dxc::parse_container(container);
  if (!r.ok()) return {};
  set += dxc::build::set_hostile_texts(*r.container, k);
  std::vector<std::vector<uint8_t>> chunks;  // the parts' new bytes, alive until written
  chunks.reserve(r.container->parts.size());
  for (dxc::Part& p : r.container->parts) {
    const std::string tag = fourcc_text(p.fourcc);
    const ChunkKind* kind = chunk_kind(tag);
    if (kind == nullptr) continue;
    const Limits limits;
    Context ctx(limits, p.data.size());
    const FieldPath root = FieldPath::root(tag);
    Chunk chunk;
    if (!parse_chunk(*kind, ChunkScope{p.data, 0, root, ctx}, chunk)) continue;
    const size_t before = set;
    set_texts(chunk.model, k, set);
    if (set != before) p.data = chunks.emplace_back(kind->write(chunk.model));
  }
  return dxc::write_container(*r.container);
}

}  // namespace sp::fxc::cases
