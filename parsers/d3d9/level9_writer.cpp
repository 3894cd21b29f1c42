// The Level9 part back to bytes (level9.h): the header as the model has it,
// each table at its offset, the program at its own. A decoded part covers
// its bytes exactly once (the reader checks it), so it comes back byte for
// byte; lay_out() gives a built part fxc's layout.
#include <algorithm>

#include "core/span_writer.h"
#include "d3d9/level9.h"

namespace sp::d3d9 {
namespace {

// Writes into `out` at `at`, growing it as needed (a model an editor
// changed may put a table anywhere).
class PlacedWriter {
 public:
  void place(uint64_t at, const std::vector<uint8_t>& bytes) {
    // An empty table's offset may point anywhere: it places nothing.
    if (bytes.empty()) return;
    if (out_.size() < at + bytes.size()) out_.resize(at + bytes.size());
    std::copy(bytes.begin(), bytes.end(), out_.begin() + static_cast<std::ptrdiff_t>(at));
  }
  std::vector<uint8_t> take() { return std::move(out_); }

 private:
  std::vector<uint8_t> out_;
};

std::vector<uint8_t> header(const Level9& l) {
  ByteWriter w;
  w.put_u32_le(l.size);
  w.put_u32_le(l.version);
  w.put_u32_le(l.program_size);
  w.put_u32_le(l.program_offset);
  for (const Level9Table* t :
       {&l.constant_buffer_table, &l.loop_table, &l.unknown_table, &l.sampler_table, &l.runtime_constant_table}) {
    w.put_u16_le(t->count);
    w.put_u16_le(t->offset);
  }
  return w.take();
}

std::vector<uint8_t> constant_buffers(const Level9& l) {
  ByteWriter w;
  for (const ConstantBufferMapping& m : l.constant_buffers) {
    for (const uint16_t v : {m.buffer, m.start, m.count, m.target}) w.put_u16_le(v);
    for (const uint8_t c : m.conversion) w.put_u8(c);
  }
  return w.take();
}

std::vector<uint8_t> loops(const Level9& l) {
  ByteWriter w;
  for (const LoopMapping& m : l.loops)
    for (const uint16_t v : {m.buffer, m.source, m.component, m.target}) w.put_u16_le(v);
  return w.take();
}

std::vector<uint8_t> samplers(const Level9& l) {
  ByteWriter w;
  for (const SamplerMapping& m : l.samplers)
    for (const uint8_t v : {m.resource, m.sampler, m.target, m.reserved}) w.put_u8(v);
  return w.take();
}

std::vector<uint8_t> runtime_constants(const Level9& l) {
  ByteWriter w;
  for (const RuntimeConstantMapping& m : l.runtime_constants)
    for (const uint16_t v : {m.kind, m.target}) w.put_u16_le(v);
  return w.take();
}

}  // namespace

std::vector<uint8_t> write_level9(const Level9& level9) {
  PlacedWriter w;
  w.place(0, header(level9));
  w.place(level9.sampler_table.offset, samplers(level9));
  w.place(level9.constant_buffer_table.offset, constant_buffers(level9));
  w.place(level9.loop_table.offset, loops(level9));
  w.place(level9.runtime_constant_table.offset, runtime_constants(level9));
  w.place(level9.program_offset, write_program(level9.program));
  return w.take();
}

void lay_out(Level9& level9) {
  // fxc's order; an empty table points where it would start.
  uint32_t at = kLevel9HeaderSize;
  const auto next = [&](Level9Table& t, size_t count, uint32_t entry) {
    t.count = static_cast<uint16_t>(count);
    t.offset = static_cast<uint16_t>(at);
    at += static_cast<uint32_t>(count) * entry;
  };
  next(level9.sampler_table, level9.samplers.size(), kSamplerMappingSize);
  next(level9.constant_buffer_table, level9.constant_buffers.size(), kConstantBufferMappingSize);
  next(level9.loop_table, level9.loops.size(), kLoopMappingSize);
  next(level9.unknown_table, 0, 0);
  next(level9.runtime_constant_table, level9.runtime_constants.size(), kRuntimeConstantMappingSize);
  level9.version = level9.program.version.token;
  level9.program_offset = at;
  level9.program_size = static_cast<uint32_t>(write_program(level9.program).size());
  level9.size = level9.program_offset + level9.program_size;
}

}  // namespace sp::d3d9
