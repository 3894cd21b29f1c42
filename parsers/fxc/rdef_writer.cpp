// The RDEF model back to bytes: every record, string and default value at
// the offset the model gives it, then the gaps (bytes no record claimed)
// where they were. A decoded chunk comes back byte for byte; a model laid
// out by lay_out_rdef() (rdef_builder.h) comes out as fxc would order it.
// Records that share bytes (a cbuffer and its binding naming one string)
// write the same bytes twice.
#include "fxc/rdef.h"

namespace sp::fxc {
namespace {

// A byte buffer written at given offsets, growing with zeros as needed.
class Canvas {
 public:
  void u16(uint64_t at, uint16_t v) { store_le(room(at, 2), v); }
  void u32(uint64_t at, uint32_t v) { store_le(room(at, 4), v); }
  void bytes(uint64_t at, Bytes b) {
    if (!b.empty()) std::memcpy(room(at, b.size()), b.data(), b.size());
  }
  void string(const RdefString& s) {
    const std::string_view text = s.text.bytes();
    bytes(s.offset, {reinterpret_cast<const uint8_t*>(text.data()), text.size()});
    *room(s.offset + s.text.size(), 1) = 0;
  }
  std::vector<uint8_t> take() { return std::move(buf_); }

 private:
  uint8_t* room(uint64_t at, uint64_t n) {
    if (buf_.size() < at + n) buf_.resize(static_cast<size_t>(at + n));
    return buf_.data() + at;
  }
  std::vector<uint8_t> buf_;
};

void put_header(Canvas& c, const Rdef& r) {
  c.u32(0, r.constant_buffer_count);
  c.u32(4, r.constant_buffer_offset);
  c.u32(8, r.binding_count);
  c.u32(12, r.binding_offset);
  c.u16(16, static_cast<uint16_t>(r.minor | (r.major << 8)));
  c.u16(18, r.program_type);
  c.u32(20, r.flags);
  c.u32(24, r.creator.offset);
  c.string(r.creator);
  if (!r.rd11) return;
  const Rd11& rd = *r.rd11;
  const uint32_t words[] = {rd.magic,           rd.layout.header, rd.layout.constant_buffer, rd.layout.binding,
                            rd.layout.variable, rd.layout.type,   rd.layout.member,          rd.interface_slots};
  for (size_t i = 0; i < std::size(words); ++i) c.u32(28 + 4 * i, words[i]);
}

void put_bindings(Canvas& c, const Rdef& r) {
  for (size_t i = 0; i < r.bindings.size(); ++i) {
    const RdefBinding& b = r.bindings[i];
    const uint64_t at = r.binding_offset + i * uint64_t{r.layout().binding};
    const uint32_t words[] = {b.name.offset, b.type,       b.return_type, b.dimension, b.num_samples,
                              b.bind_point,  b.bind_count, b.flags,       b.space,     b.id};
    const size_t n = r.sm51() ? 10 : 8;
    for (size_t k = 0; k < n; ++k) c.u32(at + 4 * k, words[k]);
    c.string(b.name);
  }
}

void put_variable(Canvas& c, const Rdef& r, const RdefVariable& v, uint64_t at) {
  const uint32_t words[] = {v.name.offset,          v.start_offset,  v.size,         v.flags,         v.type.offset,
                            v.default_value_offset, v.start_texture, v.texture_size, v.start_sampler, v.sampler_size};
  const size_t n = r.rd11 ? 10 : 6;
  for (size_t k = 0; k < n; ++k) c.u32(at + 4 * k, words[k]);
  c.string(v.name);
  if (v.default_value_offset != 0) c.bytes(v.default_value_offset, v.default_value);
}

void put_constant_buffers(Canvas& c, const Rdef& r) {
  for (size_t i = 0; i < r.constant_buffers.size(); ++i) {
    const RdefConstantBuffer& cb = r.constant_buffers[i];
    const uint64_t at = r.constant_buffer_offset + i * uint64_t{r.layout().constant_buffer};
    const uint32_t words[] = {cb.name.offset, cb.variable_count, cb.variable_offset, cb.size, cb.flags, cb.type};
    for (size_t k = 0; k < std::size(words); ++k) c.u32(at + 4 * k, words[k]);
    c.string(cb.name);
    for (size_t j = 0; j < cb.variables.size(); ++j)
      put_variable(c, r, cb.variables[j], cb.variable_offset + j * uint64_t{r.layout().variable});
  }
}

void put_type(Canvas& c, const Rdef& r, const RdefType& t) {
  const uint16_t halves[] = {t.variable_class, t.variable_type, t.rows, t.columns, t.elements, t.member_count};
  for (size_t k = 0; k < std::size(halves); ++k) c.u16(t.offset + 2 * k, halves[k]);
  c.u32(t.offset + 12, t.member_offset);
  if (r.rd11) {
    const uint32_t words[] = {t.sub_type.offset, t.base_class.offset, t.interface_count, t.interfaces_offset,
                              t.name.offset};
    for (size_t k = 0; k < std::size(words); ++k) c.u32(t.offset + 16 + 4 * k, words[k]);
  }
  if (t.name.offset != 0) c.string(t.name);
  for (size_t k = 0; k < t.members.size(); ++k) {
    const RdefMember& m = t.members[k];
    const uint64_t at = t.member_offset + k * uint64_t{r.layout().member};
    c.u32(at, m.name.offset);
    c.u32(at + 4, m.type.offset);
    c.u32(at + 8, m.offset);
    c.string(m.name);
  }
  for (size_t i = 0; i < t.interfaces.size(); ++i) c.u32(t.interfaces_offset + 4 * i, t.interfaces[i].offset);
}

}  // namespace

std::vector<uint8_t> write_rdef(const Rdef& rdef) {
  Canvas c;
  put_header(c, rdef);
  put_bindings(c, rdef);
  put_constant_buffers(c, rdef);
  for (const RdefType& t : rdef.types) put_type(c, rdef, t);
  for (const RdefGap& g : rdef.gaps) c.bytes(g.offset, g.bytes);
  return c.take();
}

}  // namespace sp::fxc
