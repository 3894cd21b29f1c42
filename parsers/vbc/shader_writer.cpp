// The model back to bytes, in the reader's order (shader.h: write_shader).
#include <limits>
#include <stdexcept>

#include "core/span_writer.h"
#include "core/strings.h"
#include "vbc/shader.h"

namespace sp::vbc {
namespace {

uint32_t count_of(size_t n, const char* what) {
  if (n > std::numeric_limits<uint32_t>::max()) throw std::invalid_argument(std::string("too many ") + what);
  return static_cast<uint32_t>(n);
}

void put_interface(ByteWriter& w, const std::vector<InterfaceVariable>& list, const char* what) {
  w.put_u32_le(count_of(list.size(), what));
  for (const InterfaceVariable& v : list) {
    w.put_u8(v.location);
    w.put_u8(v.base_type);
    w.put_bytes(v.dims);
    w.put_u8(v.array_size);
    w.put_bytes(v.padding);
  }
}

void put_name(ByteWriter& w, FileText text, bool u32_length) {
  const std::string_view name = text.bytes();
  if (u32_length) {
    w.put_u32_le(count_of(name.size(), "name bytes"));
  } else {
    if (name.size() > 0xFF) throw std::invalid_argument("a uniform member name longer than 255 bytes");
    w.put_u8(static_cast<uint8_t>(name.size()));
  }
  w.put_chars(name);
}

void put_member_type(ByteWriter& w, const UniformMember& m) {
  w.put_u8(m.base_type);
  w.put_bytes(m.dims);
  w.put_u8(m.array_size);
}

void put_uniform(ByteWriter& w, const std::optional<Uniform>& u, UniformLayout layout) {
  const bool old = layout == UniformLayout::old_u32;
  if (!u || u->size == 0) {
    // Absent: a lone zero size.
    if (old) {
      w.put_u32_le(0);
    } else {
      w.put_u16_le(0);
    }
    return;
  }
  if (old) {
    w.put_u32_le(u->size);
  } else {
    if (u->size > 0xFFFF) throw std::invalid_argument("a uniform size above 65535 in the current layout");
    w.put_u16_le(static_cast<uint16_t>(u->size));
  }
  w.put_u16_le(u->stage_mask);
  w.put_u32_le(count_of(u->members.size(), "uniform members"));
  for (const UniformMember& m : u->members) {
    if (old) {
      w.put_u32_le(m.offset);
      put_member_type(w, m);
      put_name(w, m.name, true);
    } else {
      put_name(w, m.name, false);
      if (m.offset > 0xFFFF) throw std::invalid_argument("a member offset above 65535 in the current layout");
      w.put_u16_le(static_cast<uint16_t>(m.offset));
      put_member_type(w, m);
    }
  }
}

// VSL's writer wrote `file_write(file, spi)`: the SubpassInputVariable
// itself. On x86_64 with libstdc++ that is a std::string (data pointer,
// length, 16-byte inline buffer), the u32 index, 4 bytes of padding and the
// TexelFormat pointer. The pointers are made up, as a heap's would be.
void put_vsl_struct(ByteWriter& w, size_t index) {
  const std::string name = strprintf("subpassInput%zu", index);  // fits the inline buffer
  const size_t start = w.size();
  w.put_u64_le(0x00007FFD4C3A1F20u + 0x30 * index);
  w.put_u64_le(name.size());
  w.put_chars(name);
  w.put_zeros(16 - name.size());
  w.put_u32_le(static_cast<uint32_t>(index));
  w.put_u32_le(0);
  w.put_u64_le(0x000055D0A8B41E60u);
  w.fit_since(start, kVslSubpassStructSize);
}

}  // namespace

std::vector<uint8_t> write_shader(const Shader& shader, const WriteOptions& options, Sections* where) {
  Sections at;
  ByteWriter w;
  w.put_chars("VBC");
  w.put_u8(shader.header.version);
  w.put_u8(shader.header.shader_type);
  for (const StageCode& s : shader.stages) {
    if (s.code.size() % 4 != 0) throw std::invalid_argument("a stage's SPIR-V is not whole words");
    if (s.words() > 0xFFFF) throw std::invalid_argument("a stage of more than 65535 words");
    w.put_u16_le(static_cast<uint16_t>(s.words()));
  }
  for (const uint16_t t : shader.header.table_sizes) w.put_u16_le(t);
  at.vertex_inputs = w.size();
  put_interface(w, shader.vertex_inputs, "vertex inputs");
  at.fragment_outputs = w.size();
  put_interface(w, shader.fragment_outputs, "fragment outputs");
  at.bindings = w.size();
  w.put_u32_le(count_of(shader.bindings.size(), "bindings"));
  for (const Binding& b : shader.bindings) {
    w.put_u8(b.slot);
    w.put_u8(b.base_type);
    w.put_u16_le(b.stage_mask);
    w.put_bytes(b.layout);
  }
  at.uniform = w.size();
  put_uniform(w, shader.uniform, shader.uniform_layout);
  at.subpass_inputs = w.size();
  w.put_u32_le(count_of(shader.subpass_inputs.size(), "subpass inputs"));
  for (size_t i = 0; i < shader.subpass_inputs.size(); ++i) {
    if (options.vsl_subpass_struct_dump) {
      put_vsl_struct(w, i);
      continue;
    }
    const SubpassInput& s = shader.subpass_inputs[i];
    w.put_u8(s.texel_type);
    w.put_u8(s.components);
    w.put_bytes(s.padding);
  }
  at.bytecode = w.size();
  for (const StageCode& s : shader.stages) w.put_bytes(s.code);
  if (where != nullptr) *where = at;
  return w.take();
}

}  // namespace sp::vbc
