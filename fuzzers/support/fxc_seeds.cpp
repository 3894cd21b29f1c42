#include "support/fxc_seeds.h"

#include "core/span_writer.h"
#include "fxc/builder.h"
#include "fxc/ifce.h"
#include "fxc/rdef_builder.h"

namespace sp::fuzz {
namespace {

using namespace fxc::build;  // NOLINT: the builder's vocabulary is the point here
using fxc::Opcode;
using fxc::Program;
using fxc::ProgramType;
using fxc::ReturnType;
namespace interpolation = fxc::interpolation;
namespace system_value = fxc::system_value;

constexpr ReturnType kFloat = ReturnType::float_;

// The primitive values the declarations below take (shifted into place by
// Inst::controls).
constexpr uint32_t kTriangle = 3, kTriangleStrip = 5;

// ps_4_0 as fxc writes a textured, lit pixel shader.
Program textured_pixel() {
  Builder b(ProgramType::pixel, 4, 0);
  b.dcl_constant_buffer(0, 4);
  b.dcl_sampler(0);
  b.dcl_resource(Dim::texture2d, kFloat, 0);
  b.emit(Opcode::dcl_input_ps_siv, {input(0).mask("xyzw")}, {system_value::position})
      .controls(interpolation::linear_noperspective);
  b.emit(Opcode::dcl_input_ps, {input(1).mask("xy")}).controls(interpolation::linear);
  b.emit(Opcode::dcl_output, {output(0).mask("xyzw")});
  b.dcl_temps(2);
  b.emit(Opcode::sample, {temp(0), input(1).swizzle("xyxx"), resource(0), sampler(0)});
  b.emit(Opcode::mul, {temp(1).mask("xyz"), temp(0).swizzle("xyzx"), cb(0, 1).swizzle("xyzx")});
  b.emit(Opcode::mad, {output(0).mask("xyz"), temp(1).swizzle("xyzx"), cb(0, 2).select('w'), cb(0, 3).swizzle("xyzx")})
      .saturate();
  b.emit(Opcode::mov, {output(0).mask("w"), imm(1.0f)});
  b.emit(Opcode::ret);
  return b.program();
}

// vs_4_0: a transform, an indexable temp and relative constant-buffer
// reads (cb0[r1.x + 4], x0[r1.x + 1], cb0[x0[r1.x + 0].y + 2]).
Program transform_vertex() {
  Builder b(ProgramType::vertex, 4, 0);
  b.dcl_constant_buffer(0, 8, true);
  b.emit(Opcode::dcl_input, {input(0).mask("xyz")});
  b.emit(Opcode::dcl_input, {input(1).mask("xy")});
  b.emit(Opcode::dcl_input_sgv, {input(2).mask("x")}, {system_value::vertex_id});
  b.emit(Opcode::dcl_output_siv, {output(0).mask("xyzw")}, {system_value::position});
  b.emit(Opcode::dcl_output, {output(1).mask("xy")});
  b.emit(Opcode::dcl_output_siv, {output(2).mask("x")}, {system_value::clip_distance});
  b.dcl_temps(2);
  b.dcl_indexable_temp(0, 4, 4);
  b.emit(Opcode::mov, {temp(0).mask("xyz"), input(0).swizzle("xyzx")});
  b.emit(Opcode::mov, {temp(0).mask("w"), imm(1.0f)});
  for (uint32_t c = 0; c < 4; ++c) b.emit(Opcode::dp4, {output(0).mask(std::string(1, "xyzw"[c])), temp(0), cb(0, c)});
  b.emit(Opcode::mov, {output(1).mask("xy"), input(1).swizzle("xyxx")});
  b.emit(Opcode::mov, {indexable_temp(0, 1), cb(0, 4)});
  b.emit(Opcode::ftou, {temp(1).mask("x"), input(2).select('x')});
  b.emit(Opcode::mov, {temp(0), reg(RegType::x, {0}).index(temp(1).select('x'), 1)});
  b.emit(Opcode::mov, {output(2).mask("x"), cb(0).index(temp(1).select('x'), 4).select('x')});
  b.emit(Opcode::mov, {temp(0), cb(0).index(reg(RegType::x, {0}).index(temp(1).select('x'), 0).select('y'), 2)});
  b.emit(Opcode::ret);
  return b.program();
}

// gs_4_0: a triangle in, a strip out, a loop over the vertices.
Program geometry_loop() {
  Builder b(ProgramType::geometry, 4, 0);
  b.emit(Opcode::dcl_input_siv, {reg(RegType::v, {3, 0}).mask("xyzw")}, {system_value::position});
  b.emit(Opcode::dcl_input, {reg(RegType::v, {3, 1}).mask("xy")});
  b.dcl_temps(1);
  b.emit(Opcode::dcl_gs_input_primitive).controls(kTriangle);
  b.emit(Opcode::dcl_gs_output_primitive_topology).controls(kTriangleStrip);
  b.emit(Opcode::dcl_output_siv, {output(0).mask("xyzw")}, {system_value::position});
  b.emit(Opcode::dcl_output, {output(1).mask("xy")});
  b.emit(Opcode::dcl_max_output_vertex_count, {}, {3});
  b.emit(Opcode::mov, {temp(0).mask("x"), imm(0)});
  b.emit(Opcode::loop);
  b.emit(Opcode::ige, {temp(0).mask("y"), temp(0).select('x'), imm(3)});
  b.emit(Opcode::breakc, {temp(0).select('y')}).nz();
  b.emit(Opcode::mov, {output(0).mask("xyzw"), reg(RegType::v).index(temp(0).select('x'), 0).index(0)});
  b.emit(Opcode::mov, {output(1).mask("xy"), reg(RegType::v).index(temp(0).select('x'), 0).index(1).swizzle("xyxx")});
  b.emit(Opcode::emit);
  b.emit(Opcode::iadd, {temp(0).mask("x"), temp(0).select('x'), imm(1)});
  b.emit(Opcode::endloop);
  b.emit(Opcode::cut);
  b.emit(Opcode::emitthencut);
  b.emit(Opcode::ret);
  return b.program();
}

// ps_4_1: every kind of flow control, multisampled loads, the immediate
// constant buffer read relatively, depth and coverage outputs, and the
// custom data fxc leaves unlisted.
Program flow_control_pixel() {
  Builder b(ProgramType::pixel, 4, 1);
  // The last row: floats MSVC's printf and glibc's print otherwise (a
  // carry through every digit, a tie, 17 digits and zeros).
  b.dcl_immediate_constant_buffer(words(1.0f, 0, 0, 0x7F800000u, 0.5f, -1.0f, 10001, 0, 2, 3, 4, 5, 0.99999994f,
                                        0.0078125f, -6.4921134737738287e32f, 18.8515625f));
  b.dcl_resource(Dim::texture2dms, kFloat, 0, 4);
  b.dcl_resource(Dim::texturecube, ReturnType::uint, 1);
  b.dcl_sampler(0, 1);
  b.emit(Opcode::dcl_input_ps, {input(1).mask("x")}).controls(interpolation::constant);
  b.emit(Opcode::dcl_input_ps_sgv, {input(2).mask("x")}, {system_value::is_front_face})
      .controls(interpolation::constant);
  b.emit(Opcode::dcl_output, {output(0).mask("xyzw")});
  b.emit(Opcode::dcl_output, {reg(RegType::oDepth)});
  b.emit(Opcode::dcl_output, {reg(RegType::oMask)});
  b.dcl_temps(3);
  b.emit(Opcode::if_, {input(1).select('x')}).nz();
  b.emit(Opcode::ld_ms, {temp(0), imm(0, 0, 0, 0), resource(0), imm(1)});
  b.emit(Opcode::else_);
  b.emit(Opcode::switch_, {input(1).select('x')});
  b.emit(Opcode::case_, {imm(0)});
  b.emit(Opcode::lod, {temp(1), temp(2).swizzle("xyzx"), resource(1), sampler(0)});
  b.emit(Opcode::break_);
  b.emit(Opcode::case_, {imm(1)});
  b.emit(Opcode::gather4, {temp(0), temp(2).swizzle("xyzx"), resource(1), sampler(0)});
  b.emit(Opcode::break_);
  b.emit(Opcode::default_);
  b.emit(Opcode::sample_c, {temp(0).mask("x"), temp(2).swizzle("xyzx"), resource(1).select('x'), sampler(0), imm(0.5f)});
  b.emit(Opcode::sample_c_lz, {temp(0).mask("y"), temp(2).swizzle("xyzx"), resource(1).select('x'), sampler(0), imm(0.5f)});
  b.emit(Opcode::break_);
  b.emit(Opcode::endswitch);
  b.emit(Opcode::endif);
  b.emit(Opcode::loop);
  b.emit(Opcode::continuec, {temp(0).select('z')});
  b.emit(Opcode::breakc, {temp(0).select('w')}).nz();
  b.emit(Opcode::endloop);
  b.emit(Opcode::discard, {temp(0).select('w')}).nz();
  b.emit(Opcode::discard, {imm(-1)}).nz();
  b.emit(Opcode::retc, {temp(0).select('x')});
  b.emit(Opcode::resinfo, {temp(1), imm(0), resource(0)}).controls(2);
  b.emit(Opcode::resinfo, {temp(1), imm(0), resource(1)}).controls(1);
  b.emit(Opcode::sample_info, {temp(2).mask("x"), resource(0).select('x')}).controls(1);
  b.emit(Opcode::sample_pos, {temp(2), resource(0).swizzle("xyxx"), imm(0)});
  b.emit(Opcode::mov, {temp(0), reg(RegType::icb).index(temp(2).select('x'), 0)});
  b.emit(Opcode::mov, {reg(RegType::oDepth), temp(0).select('x')});
  b.emit(Opcode::mov, {reg(RegType::oMask), imm(0xFFFFFFFFu)});
  b.custom_data(CustomData::comment, words(0x6C6C6568, 0x6F));
  b.custom_data(CustomData::debug_info, words(1, 2, 3));
  b.custom_data(CustomData::opaque, {});
  b.custom_data(CustomData::shader_message, shader_message(0x00200102, "%0", 1, {0x0010000A, 0}));  // r0.x
  b.custom_data(CustomData::clip_plane_constant_mappings, words(0, 4));
  b.emit(Opcode::ret);
  return b.program();
}

// vs_5_0 class linkage: function bodies, tables, interfaces (one indexed
// dynamically), fcall through them, `this`, labels and subroutine calls.
Program class_linkage() {
  Builder b(ProgramType::vertex, 5, 0);
  b.dcl_global_flags(1);  // refactoringAllowed
  for (uint32_t fb = 0; fb < 4; ++fb) b.dcl_function_body(fb);
  b.dcl_function_table(0, {0, 1});
  b.dcl_function_table(1, {2, 3});
  b.dcl_interface(0, 1, 2, {0, 1});
  b.dcl_interface(1, 2, 1, {1}, true);
  b.dcl_constant_buffer(0, 1);
  b.emit(Opcode::dcl_output, {output(0).mask("xyzw")});
  b.dcl_temps(1);
  b.emit(Opcode::mov, {temp(0).mask("x"), reg(RegType::this_, {0}).select('x')});
  b.emit(Opcode::interface_call, {reg(RegType::fp, {0, 1})}, {0});
  b.emit(Opcode::interface_call, {reg(RegType::fp, {1}).index(temp(0).select('x'), 0)}, {1});
  b.emit(Opcode::call, {reg(RegType::label, {0})});
  b.emit(Opcode::callc, {temp(0).select('x'), reg(RegType::label, {1})}).nz();
  b.emit(Opcode::ret);
  for (uint32_t fb = 0; fb < 4; ++fb) {
    b.emit(Opcode::label, {reg(RegType::fb, {fb})});
    b.emit(Opcode::mov, {output(0), imm(1.0f, 0.0f, static_cast<float>(fb), 1.0f)});
    b.emit(Opcode::ret);
  }
  b.emit(Opcode::label, {reg(RegType::label, {0})});
  b.emit(Opcode::ret);
  b.emit(Opcode::label, {reg(RegType::label, {1})});
  b.emit(Opcode::ret);
  return b.program();
}

// hs_5_0: every phase, the tessellator declarations, fork and join phase
// instances, an index range written relatively.
Program hull_phases() {
  Builder b(ProgramType::hull, 5, 0);
  b.emit(Opcode::hs_decls);
  b.emit(Opcode::dcl_input_control_point_count).controls(3);
  b.emit(Opcode::dcl_output_control_point_count).controls(3);
  b.emit(Opcode::dcl_tess_domain).controls(2);
  b.emit(Opcode::dcl_tess_partitioning).controls(3);
  b.emit(Opcode::dcl_tess_output_primitive).controls(3);
  b.emit(Opcode::dcl_hs_max_tessfactor, {}, words(64.0f));
  b.dcl_constant_buffer(0, 4);
  b.emit(Opcode::hs_control_point_phase);
  b.emit(Opcode::dcl_input, {reg(RegType::vOutputControlPointID)});
  b.emit(Opcode::dcl_input, {reg(RegType::v, {3, 0}).mask("xyzw")});
  b.emit(Opcode::dcl_output, {output(0).mask("xyzw")});
  b.emit(Opcode::mov, {output(0), reg(RegType::v).index(reg(RegType::vOutputControlPointID), 0).index(0)});
  b.emit(Opcode::ret);
  b.emit(Opcode::hs_fork_phase);
  b.emit(Opcode::dcl_hs_fork_phase_instance_count, {}, {3});
  b.emit(Opcode::dcl_input, {reg(RegType::vForkInstanceID)});
  for (uint32_t k = 0; k < 3; ++k)
    b.emit(Opcode::dcl_output_siv, {output(k).mask("x")}, {system_value::final_tri_u_eq_0_edge_tess_factor + k});
  b.emit(Opcode::dcl_index_range, {output(0).mask("x")}, {3});
  b.dcl_temps(1);
  b.emit(Opcode::mov, {temp(0).mask("x"), reg(RegType::vForkInstanceID)});
  b.emit(Opcode::mov, {reg(RegType::o).index(temp(0).select('x'), 0).mask("x"), cb(0).index(temp(0).select('x'), 0).select('x')});
  b.emit(Opcode::ret);
  b.emit(Opcode::hs_join_phase);
  b.emit(Opcode::dcl_hs_join_phase_instance_count, {}, {1});
  b.emit(Opcode::dcl_output_siv, {output(3).mask("x")}, {system_value::final_tri_inside_tess_factor});
  b.emit(Opcode::mov, {output(3).mask("x"), imm(4.0f)});
  b.emit(Opcode::ret);
  return b.program();
}

// ds_5_0: the domain location, control points and patch constants in.
Program domain_points() {
  Builder b(ProgramType::domain, 5, 0);
  b.emit(Opcode::dcl_input_control_point_count).controls(3);
  b.emit(Opcode::dcl_tess_domain).controls(2);
  b.emit(Opcode::dcl_input, {reg(RegType::vDomain).mask("xyz")});
  b.emit(Opcode::dcl_input, {reg(RegType::vicp, {3, 0}).mask("xyz")});
  b.emit(Opcode::dcl_input, {reg(RegType::vpc, {0}).mask("x")});
  b.emit(Opcode::dcl_output_siv, {output(0).mask("xyzw")}, {system_value::position});
  b.dcl_temps(1);
  b.emit(Opcode::mul, {temp(0).mask("xyz"), reg(RegType::vDomain).swizzle("yyyy"), reg(RegType::vicp, {1, 0}).swizzle("xyzx")});
  b.emit(Opcode::mad, {temp(0).mask("xyz"), reg(RegType::vicp, {0, 0}).swizzle("xyzx"), reg(RegType::vDomain).swizzle("xxxx"),
                       temp(0).swizzle("xyzx")});
  b.emit(Opcode::mad, {output(0).mask("xyz"), reg(RegType::vicp, {2, 0}).swizzle("xyzx"), reg(RegType::vDomain).swizzle("zzzz"),
                       temp(0).swizzle("xyzx")});
  b.emit(Opcode::mov, {output(0).mask("w"), reg(RegType::vpc, {0}).select('x')});
  b.emit(Opcode::ret);
  return b.program();
}

// cs_5_0: raw, structured and typed resources and UAVs, group shared
// memory, barriers, atomics.
Program compute_memory() {
  Builder b(ProgramType::compute, 5, 0);
  b.dcl_global_flags(1 | 8);  // refactoringAllowed | enableRawAndStructuredBuffers
  b.dcl_resource_raw(0);
  b.dcl_resource_structured(1, 16);
  b.dcl_uav_typed(Dim::texture2d, kFloat, 0).controls(kGloballyCoherent);
  b.dcl_uav_raw(1);
  b.dcl_uav_structured(2, 4).controls(kOrderPreservingCounter);
  b.emit(Opcode::dcl_input, {reg(RegType::vThreadID).mask("xy")});
  b.emit(Opcode::dcl_input, {reg(RegType::vThreadIDInGroupFlattened).scalar()});
  b.dcl_temps(4);
  b.dcl_tgsm_raw(0, 1024);
  b.dcl_tgsm_structured(1, 4, 64);
  b.dcl_thread_group(8, 8, 1);
  const Arg flat = reg(RegType::vThreadIDInGroupFlattened).scalar();
  b.emit(Opcode::ld_raw, {temp(0), imm(0), resource(0)});
  b.emit(Opcode::ld_structured, {temp(1).mask("x"), flat, imm(0), resource(1).select('x')});
  b.emit(Opcode::ld_uav_typed, {temp(2), reg(RegType::vThreadID).swizzle("xyyy"), uav(0)});
  b.emit(Opcode::store_uav_typed, {uav(0).mask("xyzw"), reg(RegType::vThreadID).swizzle("xyyy"), temp(2)});
  b.emit(Opcode::store_raw, {tgsm(0).mask("x"), imm(0), temp(0).select('x')});
  b.emit(Opcode::store_structured, {tgsm(1).mask("x"), flat, imm(0), temp(1).select('x')});
  b.emit(Opcode::sync).controls(3);  // _g_t
  b.emit(Opcode::atomic_iadd, {uav(1).none(), imm(0), temp(0).select('x')});
  b.emit(Opcode::atomic_cmp_store, {uav(1).none(), imm(4), temp(0).select('x'), imm(1)});
  b.emit(Opcode::imm_atomic_alloc, {temp(3).mask("x"), uav(2).none()});
  b.emit(Opcode::imm_atomic_cmp_exch, {temp(3).mask("y"), uav(1).none(), imm(8), imm(0), imm(1)});
  b.emit(Opcode::bufinfo, {temp(3).mask("z"), resource(0).select('x')});
  b.emit(Opcode::store_structured, {uav(2).mask("x"), temp(3).select('x'), imm(0), temp(3).select('y')});
  b.emit(Opcode::ret);
  return b.program();
}

// ps_5_0: doubles with four-component immediates, minimum precision,
// sampling with texel offsets and resource dimension tokens, evaluation at
// samples, coarse and fine derivatives, feedback, abort, debug_break.
Program precision_and_sampling() {
  Builder b(ProgramType::pixel, 5, 0);
  b.dcl_global_flags(0x1FF);  // every flag
  b.dcl_resource(Dim::texture2darray, kFloat, 0);
  b.dcl_resource(Dim::structured_buffer, ReturnType::mixed, 1);
  b.dcl_sampler(0, 2);
  b.emit(Opcode::dcl_input_ps, {input(0).mask("xy")}).controls(6);
  b.emit(Opcode::dcl_input_ps_sgv, {input(1).mask("x")}, {system_value::primitive_id})
      .controls(interpolation::constant);
  b.emit(Opcode::dcl_output, {output(0).mask("xyzw").precision(MinPrecision::min16f)});
  b.dcl_temps(4);
  b.emit(Opcode::dmov, {temp(0), imm64({1.0, -2.5, 0.0, 1e300})});
  b.emit(Opcode::dadd, {temp(1).mask("xy"), temp(0).swizzle("xyxy"), imm64({0.5})});
  // 9.9999996 rounds up through every digit as MSVC prints it: 10.000000.
  b.emit(Opcode::dadd, {temp(1).mask("xy"), temp(1).swizzle("xyxy"), imm64({9.9999996})});
  b.emit(Opcode::dtof, {temp(2).mask("x"), temp(1).swizzle("xyxx")});
  b.emit(Opcode::mov, {temp(2).mask("yz").precision(MinPrecision::min16i), temp(3).swizzle("xxyx").precision(MinPrecision::min16u)});
  b.emit(Opcode::add, {temp(2).mask("w").precision(MinPrecision::min2_8f), -temp(1).select('x').abs(), temp(2).select('x').nonuniform()});
  b.emit(Opcode::sample_l, {temp(0), input(0).swizzle("xyxx"), resource(0), sampler(0), imm(0.0f)})
      .offsets(-1, 2, 7)
      .dimension(Dim::texture2darray)
      .return_types(kFloat, kFloat, kFloat, kFloat);
  b.emit(Opcode::ld_structured, {temp(1), imm(0), imm(4), resource(1)}).dimension(Dim::structured_buffer, 16);
  b.emit(Opcode::eval_sample_index, {temp(1).mask("xy"), input(0).swizzle("xyxx"), imm(2)});
  b.emit(Opcode::eval_centroid, {temp(1).mask("zw"), input(0).swizzle("xxxy")});
  b.emit(Opcode::deriv_rtx_coarse, {temp(3).mask("x"), input(0).select('x')});
  b.emit(Opcode::deriv_rty_fine, {temp(3).mask("y"), input(0).select('y')});
  b.emit(Opcode::sample_l_feedback, {temp(0), temp(3).mask("z"), input(0).swizzle("xyxx"), resource(0), sampler(0), imm(0.0f)});
  b.emit(Opcode::check_access_fully_mapped, {temp(3).mask("w"), temp(3).select('z')});
  b.emit(Opcode::discard, {imm(-1)});
  b.emit(Opcode::abort);
  b.emit(Opcode::debug_break);
  b.emit(Opcode::nop);
  b.emit(Opcode::mov, {output(0).precision(MinPrecision::min16f), temp(0)});
  b.emit(Opcode::ret);
  return b.program();
}

// gs_5_0: instancing and streams.
Program geometry_streams() {
  Builder b(ProgramType::geometry, 5, 0);
  b.emit(Opcode::dcl_input, {reg(RegType::vGSInstanceID)});
  b.emit(Opcode::dcl_input, {reg(RegType::vPrim)});
  b.emit(Opcode::dcl_gs_input_primitive).controls(1);  // point
  b.emit(Opcode::dcl_gs_instance_count, {}, {2});
  b.emit(Opcode::dcl_stream, {reg(RegType::m, {0})});
  b.emit(Opcode::dcl_gs_output_primitive_topology).controls(1);  // pointlist
  b.emit(Opcode::dcl_output, {output(0).mask("x")});
  b.emit(Opcode::dcl_stream, {reg(RegType::m, {1})});
  b.emit(Opcode::dcl_max_output_vertex_count, {}, {2});
  b.emit(Opcode::mov, {output(0).mask("x"), reg(RegType::vGSInstanceID)});
  b.emit(Opcode::emit_stream, {reg(RegType::m, {0})});
  b.emit(Opcode::cut_stream, {reg(RegType::m, {0})});
  b.emit(Opcode::emitthencut_stream, {reg(RegType::m, {1})});
  b.emit(Opcode::ret);
  return b.program();
}

// cs_5_1: resource ranges with spaces (an unbounded one), and resources
// indexed relatively, non-uniformly, in instructions.
Program ranges_sm51() {
  Builder b(ProgramType::compute, 5, 1);
  b.dcl_constant_buffer(Slot(0, 0, 0, 0), 16);
  b.dcl_constant_buffer(Slot(1, 2, 0xFFFFFFFF, 1), 4, true);
  b.dcl_sampler(Slot(0, 0, 3, 0));
  b.dcl_resource(Dim::texture2d, kFloat, Slot(0, 1, 4, 2));
  b.dcl_resource_raw(Slot(1, 5, 5, 0));
  b.dcl_resource_structured(Slot(2, 6, 6, 0), 16);
  b.dcl_uav_typed(Dim::buffer, ReturnType::uint, Slot(0, 0, 0, 0)).controls(kRasterizerOrdered);
  b.dcl_uav_raw(Slot(1, 1, 1, 3));
  b.dcl_uav_structured(Slot(2, 2, 2, 0), 8).controls(kGloballyCoherent);
  b.emit(Opcode::dcl_input, {reg(RegType::vThreadID).mask("xy")});
  b.dcl_temps(2);
  b.dcl_thread_group(64, 1, 1);
  const Arg t0 = reg(RegType::t, {0}).index(temp(1).select('x'), 1).nonuniform();
  b.emit(Opcode::ld, {temp(0), reg(RegType::vThreadID).swizzle("xyyy"), t0})
      .dimension(Dim::texture2d)
      .return_types(kFloat, kFloat, kFloat, kFloat);
  b.emit(Opcode::mov, {temp(1), reg(RegType::cb, {1}).index(temp(0).select('x'), 2).index(3)});
  b.emit(Opcode::sample_l, {temp(0), temp(1).swizzle("xyxx"), reg(RegType::t, {0, 2}), reg(RegType::s, {0, 1}), imm(0.0f)});
  b.emit(Opcode::store_raw, {reg(RegType::u, {1, 1}).mask("x"), imm(0), temp(0).select('x')});
  b.emit(Opcode::ret);
  return b.program();
}

// Each opcode of opcodes.def once (custom data as an immediate constant
// buffer): first_operand() first (a temp, or what a declaration binds), sources of several kinds after it,
// numbered words, two-entry tables, texture2d for the typed resource
// declarations; in SM5.0 and SM5.1 (the space words).
Program every_opcode(uint32_t minor) {
  Builder b(ProgramType::pixel, 5, minor);
  const Arg sources[] = {temp(1), imm(1.0f, -2.0f, 0.5f, 10001), cb(0, 2).select('y'), input(0).swizzle("wzyx"),
                         resource(0), -temp(2).abs(), sampler(0), imm(7)};
  for (uint32_t value = 0; value < 0x800; ++value) {
    const fxc::OpcodeInfo* info = fxc::opcode_info(value);
    if (info == nullptr) continue;
    if (info->opcode == Opcode::customdata) {
      b.dcl_immediate_constant_buffer(words(1.0f, 2, 3, 4));
      continue;
    }
    std::vector<Arg> operands;
    std::vector<uint32_t> numbers;
    for (const char item : info->shape) {
      if (item == 'o') operands.push_back(operands.empty() ? first_operand(info->opcode) : sources[(value + operands.size()) % std::size(sources)]);
      if (item == 'w' || (item == 's' && b.sm51())) numbers.push_back(value);
      if (item == 'n' || item == 'h') numbers.insert(numbers.end(), {2, 0, 1});
    }
    Inst in = b.emit(info->opcode, std::move(operands), std::move(numbers));
    // Typed resource declarations name a dimension (the reader rejects 0).
    if (info->opcode == Opcode::dcl_resource || info->opcode == Opcode::dcl_uav_typed)
      in.controls(static_cast<uint32_t>(Dim::texture2d));
  }
  return b.program();
}

// STAT's fields as a small program's would read (counts of a few dozen
// at most), `dwords` of them, and `extra` bytes after.
std::vector<uint8_t> stat(uint32_t dwords, size_t extra = 0) {
  ByteWriter w;
  for (uint32_t i = 0; i < dwords; ++i) w.put_u32_le(i % 7 == 0 ? 0 : 1 + i % 23);
  for (size_t i = 0; i < extra; ++i) w.put_u8(0xAB);
  return w.take();
}

// Two classes implementing an interface array of two slots and another
// interface, one instance, as fxc writes a class-linkage shader's IFCE.
fxc::Interfaces class_linkage_interfaces() {
  fxc::Interfaces in;
  in.interface_slot_count = 3;
  in.unknown[0] = 0x4E47534F;  // 'OSGN', what fxc's buffer held
  in.unknown[1] = 0x00100020;
  in.class_types = {{"cAmbient", 0, 1, 0xFFFF, 0xFFFF}, {"cPointLight", 1, 2, 0, 0}};
  in.class_instances = {{"g_ambient", 0, 0, 0, 0, 0xFFFF, 0xFFFF}, {"g_light", 1, 0, 0, 1, 0, 0}};
  in.slots = {{2, {0, 1}, {0, 1}}, {1, {1}, {2}}};
  return in;
}

// d3d11shader.h's values the RDEF seeds use: D3D_SHADER_VARIABLE_CLASS,
// D3D_SHADER_VARIABLE_TYPE, D3D_CBUFFER_TYPE, D3D_SHADER_INPUT_TYPE,
// D3D_RESOURCE_RETURN_TYPE and D3D_SRV_DIMENSION.
using fxc::kScalar, fxc::kVector, fxc::kMatrixColumns, fxc::kStruct, fxc::kInterfaceClass, fxc::kInterfacePointer;
using fxc::kFloatType, fxc::kUintType, fxc::kInterfaceType, fxc::kVoidType;
namespace cbuffer_type = fxc::cbuffer_type;
namespace input_type = fxc::input_type;
namespace srv_dimension = fxc::srv_dimension;
constexpr uint32_t kReturnFloat = static_cast<uint32_t>(ReturnType::float_);
constexpr uint32_t kNoSamples = 0xFFFFFFFF;

fxc::Rdef rdef_model(uint8_t major, uint8_t minor) {
  fxc::Rdef r;
  r.major = major;
  r.minor = minor;
  r.program_type = 0xFFFF;  // pixel
  r.flags = 0x100;
  r.creator.text = "Microsoft (R) HLSL Shader Compiler 9.30.9200.20499";
  if (major >= 5) r.rd11.emplace().magic = minor >= 1 ? fxc::kRd11Magic51 : fxc::kRd11Magic;
  return r;
}

fxc::RdefConstantBuffer& add_buffer(fxc::Rdef& r, std::string_view name, uint32_t kind, uint32_t size) {
  fxc::RdefConstantBuffer& cb = r.constant_buffers.emplace_back();
  cb.name.text = name;
  cb.type = kind;
  cb.size = size;
  return cb;
}

void add_variable(const fxc::Rdef& r, fxc::RdefConstantBuffer& cb, std::string_view name, uint32_t type,
                  uint32_t start, uint32_t size, Bytes default_value = {}) {
  fxc::RdefVariable& v = cb.variables.emplace_back();
  v.name.text = name;
  v.start_offset = start;
  v.size = size;
  v.flags = 2;  // D3D_SVF_USED
  v.type.index = type;
  v.default_value = default_value;
  if (r.rd11) v.start_texture = v.start_sampler = 0xFFFFFFFF;
}

void add_binding(fxc::Rdef& r, std::string_view name, uint32_t type, uint32_t bind_point, uint32_t dimension = 0,
                 uint32_t samples = 0, uint32_t flags = 0) {
  fxc::RdefBinding& b = r.bindings.emplace_back();
  b.name.text = name;
  b.type = type;
  b.return_type = dimension != 0 ? kReturnFloat : 0;
  b.dimension = dimension;
  b.num_samples = samples;
  b.bind_point = bind_point;
  b.bind_count = 1;
  b.flags = flags;
  if (r.sm51()) {
    b.space = bind_point % 3;
    b.id = static_cast<uint32_t>(r.bindings.size() - 1);
    b.bind_count = bind_point == 0 ? 0 : 1;  // an unbounded range first
  }
}

// $Globals with a float4 (and its default), a float4x4, a float4[4] and a
// struct whose two members share the float4 type; a tbuffer; a sampler, a
// texture and both buffers bound.
fxc::Rdef buffers_and_types(uint8_t major, uint8_t minor) {
  static constexpr uint8_t kOne[16] = {0, 0, 0x80, 0x3F, 0, 0, 0x80, 0x3F, 0, 0, 0, 0, 0, 0, 0x80, 0x3F};
  fxc::Rdef r = rdef_model(major, minor);
  r.types.push_back(fxc::numeric_type(kVector, kFloatType, 1, 4));
  r.types.push_back(fxc::numeric_type(kMatrixColumns, kFloatType, 4, 4));
  r.types.push_back(fxc::numeric_type(kVector, kFloatType, 1, 4, 4));
  fxc::RdefType pair = fxc::numeric_type(kStruct, kVoidType, 1, 8);
  pair.members = {{{0, "a"}, {0, 0}, 0}, {{0, "b"}, {0, 0}, 16}};
  r.types.push_back(pair);
  r.types.push_back(fxc::numeric_type(kScalar, kUintType, 1, 1));
  fxc::RdefConstantBuffer& globals = add_buffer(r, "$Globals", cbuffer_type::cbuffer, 176);
  add_variable(r, globals, "g_colour", 0, 0, 16, kOne);
  add_variable(r, globals, "g_world", 1, 16, 64);
  add_variable(r, globals, "g_lights", 2, 80, 64);
  add_variable(r, globals, "g_pair", 3, 144, 32);
  fxc::RdefConstantBuffer& tb = add_buffer(r, "tbLookup", cbuffer_type::tbuffer, 16);
  add_variable(r, tb, "count", 4, 0, 4);
  add_binding(r, "g_sampler", input_type::sampler, 0, 0, 0, 2);  // a comparison sampler
  add_binding(r, "g_texture", input_type::texture, 0, srv_dimension::texture2d, kNoSamples, 12);  // four components
  add_binding(r, "g_cube", input_type::texture, 1, srv_dimension::texturecube, kNoSamples);
  add_binding(r, "tbLookup", input_type::tbuffer, 0);
  add_binding(r, "$Globals", input_type::cbuffer, 0);
  return r;
}

// SM5 class linkage: an interface class, a pointer to it, a class with a
// base class implementing it, the $ThisPointer buffer of interface
// pointers and the resource-bind-info buffer; and a binding of every UAV
// and structured input type.
fxc::Rdef interfaces_and_uavs(uint8_t minor) {
  fxc::Rdef r = rdef_model(5, minor);
  r.rd11->interface_slots = 2;
  fxc::RdefType iface = fxc::numeric_type(kInterfaceClass, kVoidType, 1, 0);
  iface.name.text = "iLight";
  r.types.push_back(iface);
  fxc::RdefType pointer = fxc::numeric_type(kInterfacePointer, kInterfaceType, 1, 4);
  pointer.sub_type.index = 0;
  pointer.name.text = "iLight";
  r.types.push_back(pointer);
  fxc::RdefType base = fxc::numeric_type(kStruct, kVoidType, 1, 4);
  base.name.text = "cBase";
  base.members = {{{0, "colour"}, {0, 3}, 0}};
  fxc::RdefType light = fxc::numeric_type(kStruct, kVoidType, 1, 4);
  light.name.text = "cPointLight";
  light.base_class.index = 4;
  light.interfaces = {{0, 0}};
  r.types.push_back(light);
  r.types.push_back(fxc::numeric_type(kVector, kFloatType, 1, 4));
  r.types.push_back(base);
  add_variable(r, add_buffer(r, "$ThisPointer", cbuffer_type::interface_pointers, 16), "g_light", 1, 0, 16);
  add_variable(r, add_buffer(r, "$Params", cbuffer_type::resource_bind_info, 16), "g_instance", 2, 0, 16);
  for (uint32_t input = input_type::uav_rw_typed; input <= input_type::uav_rw_structured_with_counter; ++input) {
    const bool typed = input == input_type::uav_rw_typed;
    add_binding(r, "g_uav", input, input - input_type::uav_rw_typed,
                typed ? srv_dimension::texture2d : srv_dimension::bufferex, typed ? 0 : 16);
  }
  return r;
}

std::vector<uint8_t> rdef_bytes(fxc::Rdef r) {
  fxc::lay_out_rdef(r);
  return fxc::write_rdef(r);
}

}  // namespace

std::vector<std::pair<std::string, Program>> fxc_program_seeds() {
  return {{"textured_pixel", textured_pixel()},
          {"transform_vertex", transform_vertex()},
          {"geometry_loop", geometry_loop()},
          {"flow_control_pixel", flow_control_pixel()},
          {"class_linkage", class_linkage()},
          {"hull_phases", hull_phases()},
          {"domain_points", domain_points()},
          {"compute_memory", compute_memory()},
          {"precision_and_sampling", precision_and_sampling()},
          {"geometry_streams", geometry_streams()},
          {"ranges_sm51", ranges_sm51()},
          {"every_opcode_sm50", every_opcode(0)},
          {"every_opcode_sm51", every_opcode(1)}};
}

std::vector<ChunkSeed> fxc_stat_ifce_seeds() {
  std::vector<ChunkSeed> out;
  for (const uint32_t dwords : {28u, 29u, 37u, 0u, 1u, 40u})
    out.push_back({"stat_" + std::to_string(dwords), "STAT", stat(dwords)});
  out.push_back({"stat_37_partial", "STAT", stat(37, 2)});
  out.push_back({"ifce_empty", "IFCE", fxc::write_interfaces({})});
  out.push_back({"ifce_class_linkage", "IFCE", fxc::write_interfaces(class_linkage_interfaces())});
  return out;
}

std::vector<ChunkSeed> fxc_rdef_seeds() {
  std::vector<ChunkSeed> out;
  for (const auto& [major, minor] : {std::pair<uint8_t, uint8_t>{4, 0}, {4, 1}, {5, 0}, {5, 1}}) {
    const std::string version = std::to_string(major) + std::to_string(minor);
    out.push_back({"rdef_buffers_sm" + version, "RDEF", rdef_bytes(buffers_and_types(major, minor))});
    if (major == 5) out.push_back({"rdef_interfaces_sm" + version, "RDEF", rdef_bytes(interfaces_and_uavs(minor))});
  }
  return out;
}

}  // namespace sp::fuzz
