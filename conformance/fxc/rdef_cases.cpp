// The RDEF cases of the legacy fxc suite: a container with an RDEF chunk
// (made with fxc/rdef_builder.h: a model in memory, every offset and count
// laid out) before a program of the same shader model. Valid ones for
// every RDEF version (SM4.0/4.1 without RD11, SM5.0's RD11, SM5.1's
// 0x25441313) and every binding and constant-buffer kind; hostile ones for
// the type graph (cycles, a 100,000-deep chain) and for offsets that reach
// or wrap past the chunk.
#include <cstring>

#include "conformance/fxc/suite.h"
#include "core/strings.h"
#include "fxc/builder.h"
#include "fxc/rdef_builder.h"

namespace sp::fxc::cases {
namespace {

using namespace sp::fxc::build;
using Bytes8 = std::vector<uint8_t>;

// D3D_RESOURCE_RETURN_TYPE's float, as a binding's word holds it.
constexpr uint32_t kReturnFloat = static_cast<uint32_t>(ReturnType::float_);

constexpr std::string_view kCreator = "Microsoft (R) HLSL Shader Compiler 9.30.9200.20499";

// RDEF's program type word: 0xFFFF ps, 0xFFFE vs, then two letters.
uint16_t rdef_program_type(ProgramType t) {
  constexpr uint16_t kTypes[] = {0xFFFF, 0xFFFE, 0x4753, 0x4853, 0x4453, 0x4353};
  return kTypes[static_cast<size_t>(t)];
}

Rdef model(ProgramType type, uint8_t major, uint8_t minor) {
  Rdef r;
  r.major = major;
  r.minor = minor;
  r.program_type = rdef_program_type(type);
  r.flags = 0x100;  // D3DCOMPILE_NO_PRESHADER
  r.creator.text = kCreator;
  if (major >= 5) r.rd11.emplace().magic = minor >= 1 ? kRd11Magic51 : kRd11Magic;
  return r;
}

// A structure whose members (m0, m1, ...) are the given types, 16 bytes apart.
RdefType structure(std::initializer_list<uint32_t> member_types) {
  static constexpr std::string_view kNames[] = {"m0", "m1", "m2", "m3"};
  RdefType t;
  t.variable_class = kStruct;
  t.rows = 1;
  uint32_t k = 0;
  for (uint32_t type : member_types) {
    RdefMember& m = t.members.emplace_back();
    m.name.text = kNames[k % std::size(kNames)];
    m.type.index = type;
    m.offset = 16 * k++;
  }
  t.columns = static_cast<uint16_t>(4 * k);
  return t;
}

uint32_t add_type(Rdef& r, RdefType t) {
  r.types.push_back(std::move(t));
  return static_cast<uint32_t>(r.types.size() - 1);
}

RdefConstantBuffer& add_buffer(Rdef& r, std::string_view name, uint32_t kind) {
  RdefConstantBuffer& cb = r.constant_buffers.emplace_back();
  cb.name.text = name;
  cb.type = kind;
  return cb;
}

// A variable of `type` at the buffer's end, `size` bytes, used (flag 2).
RdefVariable& add_variable(const Rdef& r, RdefConstantBuffer& cb, std::string_view name, uint32_t type,
                           uint32_t size) {
  RdefVariable& v = cb.variables.emplace_back();
  v.name.text = name;
  v.start_offset = cb.size;
  v.size = size;
  v.flags = 2;  // D3D_SVF_USED
  v.type.index = type;
  if (r.rd11) v.start_texture = v.start_sampler = UINT32_MAX;
  cb.size += (size + 15) / 16 * 16;
  return v;
}

RdefBinding& bind(Rdef& r, std::string_view name, uint32_t type, uint32_t point, uint32_t dimension = 0,
                  uint32_t return_type = 0, uint32_t samples = 0) {
  RdefBinding& b = r.bindings.emplace_back();
  b.name.text = name;
  b.type = type;
  b.bind_point = point;
  b.bind_count = 1;
  b.dimension = dimension;
  b.return_type = return_type;
  b.num_samples = samples;
  return b;
}

Bytes8 rdef_bytes(Rdef r) {
  lay_out_rdef(r);
  return write_rdef(r);
}

// RDEF, then a program of the same type and model that returns.
Bytes8 with_program(const Rdef& laid_out, Bytes8 rdef) {
  const ProgramType type = [&] {
    for (uint32_t t = 0; t < 6; ++t)
      if (rdef_program_type(static_cast<ProgramType>(t)) == laid_out.program_type) return static_cast<ProgramType>(t);
    return ProgramType::pixel;
  }();
  Builder b(type, laid_out.major, laid_out.minor);
  if (type == ProgramType::compute) b.dcl_thread_group(1, 1, 1);
  b.emit(Opcode::ret);
  return container_of({{"RDEF", std::move(rdef)}, program_chunk(b.program())});
}

Bytes8 container(const Rdef& r) { return with_program(r, rdef_bytes(r)); }

// --- Valid: every version, every kind ----------------------------------------

Rdef sm40_buffers(uint8_t minor) {
  Rdef r = model(minor == 0 ? ProgramType::pixel : ProgramType::vertex, 4, minor);
  const uint32_t float4 = add_type(r, numeric_type(kVector, kFloatType, 1, 4));
  const uint32_t matrix = add_type(r, numeric_type(kMatrixColumns, kFloatType, 4, 4));
  const uint32_t rows = add_type(r, numeric_type(kMatrixRows, kFloatType, 3, 4));
  const uint32_t scalars = add_type(r, numeric_type(kScalar, kFloatType, 1, 1, 4));
  const uint32_t light = add_type(r, structure({float4, float4}));
  RdefConstantBuffer& globals = add_buffer(r, "$Globals", cbuffer_type::cbuffer);
  static constexpr float kColour[4] = {1.0f, 0.5f, 0.25f, 1.0f};
  static uint8_t colour[16];
  std::memcpy(colour, kColour, sizeof colour);
  add_variable(r, globals, "colour", float4, 16).default_value = colour;
  add_variable(r, globals, "world", matrix, 64);
  add_variable(r, globals, "rows", rows, 48);
  add_variable(r, globals, "weights", scalars, 52).flags = 0;  // unused
  add_variable(r, globals, "light", light, 32);
  RdefConstantBuffer& tb = add_buffer(r, "tb", cbuffer_type::tbuffer);
  add_variable(r, tb, "offsets", float4, 16);
  bind(r, "$Globals", input_type::cbuffer, 0);
  bind(r, "tb", input_type::tbuffer, 0, srv_dimension::buffer);
  bind(r, "image", input_type::texture, 1, minor == 0 ? srv_dimension::texture2d : srv_dimension::texturecubearray,
       kReturnFloat, UINT32_MAX);
  bind(r, "linear", input_type::sampler, 0);
  return r;
}

Rdef sm50_every_binding() {
  Rdef r = model(ProgramType::compute, 5, 0);
  bind(r, "cb", input_type::cbuffer, 0);
  bind(r, "tb", input_type::tbuffer, 0, srv_dimension::buffer);
  bind(r, "image", input_type::texture, 1, srv_dimension::texture2d, kReturnFloat, UINT32_MAX);
  bind(r, "point", input_type::sampler, 0);
  bind(r, "rw_image", input_type::uav_rw_typed, 0, srv_dimension::texture2d, kReturnFloat, UINT32_MAX);
  bind(r, "structured", input_type::structured, 2, srv_dimension::buffer, 6, 16);  // mixed, stride 16
  bind(r, "rw_structured", input_type::uav_rw_structured, 1, srv_dimension::buffer, 6, 16);
  bind(r, "bytes", input_type::byte_address, 3, srv_dimension::buffer, 6);
  bind(r, "rw_bytes", input_type::uav_rw_byte_address, 2, srv_dimension::buffer, 6);
  bind(r, "append", input_type::uav_append_structured, 3, srv_dimension::buffer, 6, 4);
  bind(r, "consume", input_type::uav_consume_structured, 4, srv_dimension::buffer, 6, 4);
  bind(r, "counted", input_type::uav_rw_structured_with_counter, 5, srv_dimension::buffer, 6, 8);
  RdefConstantBuffer& cb = add_buffer(r, "cb", cbuffer_type::cbuffer);
  add_variable(r, cb, "count", add_type(r, numeric_type(kScalar, kUintType, 1, 1)), 4);
  RdefConstantBuffer& bound = add_buffer(r, "structured", cbuffer_type::resource_bind_info);
  add_variable(r, bound, "$Element", add_type(r, numeric_type(kVector, kFloatType, 1, 4)), 16);
  return r;
}

// fxc's class linkage: an interface class, a class implementing it (its
// base class and interface list), and the interface pointers' cbuffer.
Rdef sm50_class_linkage() {
  Rdef r = model(ProgramType::pixel, 5, 0);
  r.rd11->interface_slots = 2;
  RdefType iface = numeric_type(kInterfaceClass, kVoidType, 1, 0);
  iface.name.text = "iColour";
  const uint32_t interface_class = add_type(r, iface);
  RdefType base = numeric_type(kStruct, kVoidType, 1, 0);
  base.name.text = "cBase";
  const uint32_t base_class = add_type(r, base);
  RdefType cls = numeric_type(kStruct, kVoidType, 1, 4);
  cls.name.text = "cRed";
  cls.base_class.index = base_class;
  cls.interfaces.push_back({0, interface_class});
  const uint32_t red = add_type(r, cls);
  RdefType pointer = numeric_type(kInterfacePointer, kInterfaceType, 1, 4, 2);
  pointer.name.text = "iColour";
  pointer.sub_type.index = interface_class;
  const uint32_t pointers = add_type(r, pointer);
  RdefConstantBuffer& globals = add_buffer(r, "$Globals", cbuffer_type::cbuffer);
  add_variable(r, globals, "red", red, 16);
  RdefConstantBuffer& ip = add_buffer(r, "$ThisPointer", cbuffer_type::interface_pointers);
  add_variable(r, ip, "colours", pointers, 32);
  bind(r, "$Globals", input_type::cbuffer, 0);
  return r;
}

Rdef sm51_ranges() {
  Rdef r = model(ProgramType::pixel, 5, 1);
  RdefConstantBuffer& cb = add_buffer(r, "cb", cbuffer_type::cbuffer);
  add_variable(r, cb, "scale", add_type(r, numeric_type(kVector, kFloatType, 1, 4)), 16);
  struct Range {
    std::string_view name;
    uint32_t type, point, count, space, id;
  };
  for (const Range& x : {Range{"cb", input_type::cbuffer, 2, 4, 1, 0}, Range{"images", input_type::texture, 0, 0, 2, 0},
                         Range{"samplers", input_type::sampler, 1, 8, 0, 0},
                         Range{"rw", input_type::uav_rw_byte_address, 3, 1, 5, 0},
                         Range{"more_images", input_type::texture, 0, 1, 3, 1}}) {
    RdefBinding& b = bind(r, x.name, x.type, x.point);
    b.bind_count = x.count;  // 0: unbounded
    b.space = x.space;
    b.id = x.id;
    if (x.type == input_type::texture) {
      b.dimension = srv_dimension::texture2d;
      b.return_type = kReturnFloat;
      b.num_samples = UINT32_MAX;
    }
  }
  return r;
}

// Type i has one member of type i + 1; the last is a float.
Rdef chain(size_t depth) {
  Rdef r = model(ProgramType::pixel, 4, 0);
  r.types.reserve(depth);
  for (size_t i = 0; i + 1 < depth; ++i) r.types.push_back(structure({static_cast<uint32_t>(i + 1)}));
  r.types.push_back(numeric_type(kScalar, kFloatType, 1, 1));
  add_variable(r, add_buffer(r, "$Globals", cbuffer_type::cbuffer), "v", 0, 16);
  return r;
}

void valid(Suite& s) {
  const auto add = [&](std::string name, const Rdef& r, std::string comment) {
    s.add("y_rdef_" + name, container(r), std::nullopt, {"Valid", "Rdef"}, std::move(comment));
  };
  add("sm40", sm40_buffers(0),
      "ps_4_0: a cbuffer (a default value, scalars, a vector, row and column matrices, an array, an unused "
      "variable, a structure) and a tbuffer; cbuffer, tbuffer, texture and sampler bindings");
  add("sm41", sm40_buffers(1), "vs_4_1: the SM4 layout again, with a texture cube array");
  add("sm50_every_binding", sm50_every_binding(),
      "cs_5_0 (RD11): a binding of each of the twelve SM5 input types, a cbuffer and a resource-bind-info buffer");
  add("sm50_class_linkage", sm50_class_linkage(),
      "ps_5_0: an interface class, a class with a base class and an interface list, interface pointers in "
      "their own buffer, two interface slots");
  add("sm51_ranges", sm51_ranges(),
      "ps_5_1 (RD11 0x25441313): bindings with spaces and range ids, arrays and an unbounded range");
  {
    Rdef r = model(ProgramType::pixel, 5, 0);
    const uint32_t d = add_type(r, numeric_type(kVector, kFloatType, 1, 4));
    const uint32_t b = add_type(r, structure({d}));
    const uint32_t c = add_type(r, structure({d, d}));
    const uint32_t top = add_type(r, structure({b, c}));
    RdefConstantBuffer& globals = add_buffer(r, "$Globals", cbuffer_type::cbuffer);
    add_variable(r, globals, "s", top, 48);
    add_variable(r, globals, "d", d, 16);
    add("shared_types", r, "ps_5_0: a diamond (two structures share a member type, a variable shares it too): "
                           "sharing is no cycle");
  }
  add("type_chain_64", chain(64), "ps_4_0: types nested 64 deep, the deepest limits.max_depth allows");
}

// --- Hostile: the type graph, offsets, counts ----------------------------------


void hostile(Suite& s) {
  const auto add = [&](std::string name, Bytes8 bytes, Code error, std::vector<std::string> flags,
                       std::string comment) {
    flags.insert(flags.begin(), "Rdef");
    s.add("n_rdef_" + name, std::move(bytes), error, std::move(flags), std::move(comment));
  };
  {
    Rdef r = chain(2);
    r.types[1] = structure({0});
    add("type_cycle", container(r), Code::rdef_type_cycle, {"TypeGraph"}, "two structures, each the other's member");
    Rdef self = model(ProgramType::pixel, 5, 0);
    RdefType t = numeric_type(kStruct, kVoidType, 1, 0);
    t.base_class.index = 0;
    add_type(self, t);
    add_variable(self, add_buffer(self, "$Globals", cbuffer_type::cbuffer), "v", 0, 16);
    add("type_cycle_base_class", container(self), Code::rdef_type_cycle, {"TypeGraph"},
        "ps_5_0: a class that is its own base class");
  }
  add("type_chain_65", container(chain(65)), Code::limit_exceeded, {"TypeGraph", "Limit"},
      "types nested 65 deep: one past limits.max_depth");
  add("type_chain_100000", container(chain(100'000)), Code::limit_exceeded, {"TypeGraph", "Limit"},
      "types nested 100,000 deep: the walk keeps its own stack, and stops at limits.max_depth");

  // Offsets near 2^32: offset + a record's size wraps in 32 bits.
  Rdef r = sm40_buffers(0);
  lay_out_rdef(r);
  const Bytes8 base = write_rdef(r);
  const auto at = [&](std::string name, uint32_t where, uint32_t value, Code error, std::string comment) {
    Bytes8 b = base;
    store_le_at<uint32_t>(b, where, value);
    add(name, with_program(r, std::move(b)), error, {"OutOfBounds", "Wrap32"}, std::move(comment));
  };
  const RdefConstantBuffer& globals = r.constant_buffers[0];
  const RdefType& light = r.types[4];
  at("constant_buffer_offset_wraps", 4, 0xFFFFFFF0, Code::offset_out_of_bounds,
     "the constant buffer table at 0xFFFFFFF0: two 24-byte records wrap");
  at("binding_offset_wraps", 12, 0xFFFFFFE0, Code::offset_out_of_bounds, "the binding table at 0xFFFFFFE0");
  at("creator_offset_wraps", 24, 0xFFFFFFFF, Code::offset_out_of_bounds, "the creator string at 0xFFFFFFFF");
  at("variable_offset_wraps", r.constant_buffer_offset + 8, 0xFFFFFFF8, Code::offset_out_of_bounds,
     "$Globals' variables at 0xFFFFFFF8");
  at("type_offset_wraps", globals.variable_offset + 16, 0xFFFFFFFC, Code::offset_out_of_bounds,
     "colour's type record at 0xFFFFFFFC");
  at("default_value_offset_wraps", globals.variable_offset + 20, 0xFFFFFFF4, Code::offset_out_of_bounds,
     "colour's 16-byte default value at 0xFFFFFFF4");
  at("member_offset_wraps", light.offset + 12, 0xFFFFFFFA, Code::offset_out_of_bounds,
     "the structure's members at 0xFFFFFFFA");
  at("variable_name_past_chunk", globals.variable_offset, static_cast<uint32_t>(base.size()),
     Code::offset_out_of_bounds, "colour's name at the chunk's end");
  at("binding_count_huge", 8, 0x10000000, Code::count_too_large, "0x10000000 bindings of 32 bytes");
  at("variable_count_huge", r.constant_buffer_offset + 4, 0x08000000, Code::count_too_large,
     "0x08000000 variables in $Globals");
  {
    Bytes8 b = base;
    b.resize(r.creator.offset + 4);  // the creator loses its NUL
    add("creator_unterminated", with_program(r, std::move(b)), Code::unterminated_string, {"Unterminated"},
        "the creator string runs to the end of the chunk");
  }
  add("header_20_bytes", with_program(r, Bytes8(base.begin(), base.begin() + 20)), Code::truncated, {"Truncated"},
      "RDEF's header is 28 bytes (60 with RD11)");
  Rdef r50 = sm50_every_binding();
  lay_out_rdef(r50);
  const Bytes8 base50 = write_rdef(r50);
  {
    Bytes8 b = base50;
    store_le_at<uint32_t>(b, 28, 0x31314458);  // 'XD11'
    add("rd11_magic_wrong", with_program(r50, std::move(b)), Code::bad_magic, {"Version"}, "RD11 spelled XD11");
  }
  {
    Bytes8 b = base50;
    store_le_at<uint32_t>(b, 44, 48);  // the variable record's size
    add("rd11_variable_size_48", with_program(r50, std::move(b)), Code::unsupported_version, {"Version"},
        "RD11 says variable records are 48 bytes (SM5 writes 40)");
  }
}

}  // namespace

void rdef_cases(Suite& s) {
  valid(s);
  hostile(s);
}

}  // namespace sp::fxc::cases
