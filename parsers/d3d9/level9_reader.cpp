// The Level9 part (level9.h). fxc writes the header, the sampler, constant
// buffer and runtime constant tables back to back, then the program, which
// ends the part; the reader takes the tables wherever the header puts them
// inside the part, so long as they and the header and the program cover
// the part exactly once: a byte two tables claim, or that none does, is a
// part no compiler wrote, and the writer could not give it back.
#include <algorithm>
#include <cinttypes>

#include "core/field_reader.h"
#include "core/strings.h"
#include "d3d9/level9.h"

namespace sp::d3d9 {
namespace {

class Level9Reader {
 public:
  Level9Reader(Bytes part, uint64_t base, const FieldPath& at, Context& ctx, Level9& out)
      : part_(part), base_(base), ctx_(ctx), out_(out), root_(at) {}

  bool run() {
    FieldReader r(part_, base_, root_, ctx_);
    if (!r.u32(out_.size, "size") || !r.u32(out_.version, "version") || !r.u32(out_.program_size, "program_size") ||
        !r.u32(out_.program_offset, "program_offset") ||
        !table(r, out_.constant_buffer_table, "constant_buffers.count", "constant_buffers.offset") ||
        !table(r, out_.loop_table, "loops.count", "loops.offset") ||
        !table(r, out_.unknown_table, "unknown.count", "unknown.offset") ||
        !table(r, out_.sampler_table, "samplers.count", "samplers.offset") ||
        !table(r, out_.runtime_constant_table, "runtime_constants.count", "runtime_constants.offset"))
      return false;
    if (out_.size != part_.size())
      return r.fail_at(Code::size_mismatch, base_, "size",
                       strprintf("the header says %u bytes, the part holds %zu", out_.size, part_.size()));
    if (out_.program_offset < kLevel9HeaderSize || out_.program_offset > part_.size())
      return r.fail_at(Code::offset_out_of_bounds, base_ + 12, "program_offset",
                       strprintf("the program at byte %u is outside the part's %zu bytes after its %u-byte header",
                                 out_.program_offset, part_.size(), kLevel9HeaderSize));
    if (out_.program_size != part_.size() - out_.program_offset)
      return r.fail_at(Code::size_mismatch, base_ + 8, "program_size",
                       strprintf("a program of %u bytes at byte %u, the part ends %zu bytes after it starts",
                                 out_.program_size, out_.program_offset, part_.size() - out_.program_offset));
    // No compiler writes it, and nothing says how long its entries are.
    if (out_.unknown_table.count != 0)
      return r.fail_at(Code::invalid_value, base_ + 24, "unknown.count",
                       strprintf("%u entries in the table fxc always leaves empty, whose layout nobody knows",
                                 out_.unknown_table.count));
    if (!tables_cover_the_part(r)) return false;
    if (!read_tables(r)) return false;
    const FieldPath program = root_.field("program");
    if (!parse_program(part_.subspan(out_.program_offset), base_ + out_.program_offset, program, ctx_, out_.program))
      return false;
    if (out_.version != out_.program.version.token)
      return r.fail_at(Code::invalid_value, base_ + 4, "version",
                       strprintf("the header says version 0x%08x, the program's token is 0x%08x", out_.version,
                                 out_.program.version.token));
    return true;
  }

 private:
  static bool table(FieldReader& r, Level9Table& t, std::string_view count, std::string_view offset) {
    return r.u16(t.count, count) && r.u16(t.offset, offset);
  }

  struct Extent {
    uint64_t begin, end;
    const char* name;
    uint64_t field;  // the file offset of its header field
    size_t order;    // of adding
  };

  // The header, each table and the program, sorted, must follow one another
  // with no byte between or claimed twice.
  bool tables_cover_the_part(FieldReader& r) {
    std::vector<Extent> extents = {{0, kLevel9HeaderSize, "header", base_, 0},
                                   {out_.program_offset, part_.size(), "program", base_ + 12, 1}};
    const auto add = [&](const Level9Table& t, uint32_t entry, const char* name, uint64_t field) {
      if (t.count != 0)
        extents.push_back({t.offset, t.offset + uint64_t{t.count} * entry, name, field, extents.size()});
    };
    add(out_.constant_buffer_table, kConstantBufferMappingSize, "constant_buffers", base_ + 18);
    add(out_.loop_table, kLoopMappingSize, "loops", base_ + 22);
    add(out_.sampler_table, kSamplerMappingSize, "samplers", base_ + 30);
    add(out_.runtime_constant_table, kRuntimeConstantMappingSize, "runtime_constants", base_ + 34);
    for (size_t i = 2; i < extents.size(); ++i)  // the tables
      if (const Extent& e = extents[i]; e.end > out_.program_offset)
        return r.fail_at(Code::offset_out_of_bounds, e.field, std::string(e.name) + ".offset",
                         strprintf("the table's %" PRIu64 " bytes at byte %" PRIu64 " run into the program at byte %u",
                                   e.end - e.begin, e.begin, out_.program_offset));
    // By start, ties in the order added (std::stable_sort's temporary
    // buffer is deprecated in the libstdc++ that clang builds with).
    std::sort(extents.begin(), extents.end(), [](const Extent& a, const Extent& b) {
      return a.begin != b.begin ? a.begin < b.begin : a.order < b.order;
    });
    for (size_t i = 1; i < extents.size(); ++i) {
      const Extent& before = extents[i - 1];
      const Extent& e = extents[i];
      if (e.begin != before.end)
        return r.fail_at(Code::table_layout, e.field, std::string(e.name) + ".offset",
                         strprintf("%s starts at byte %" PRIu64 ", %s ends at byte %" PRIu64 ": %s", e.name, e.begin,
                                   before.name, before.end,
                                   e.begin < before.end ? "the two overlap" : "no table claims the bytes between"));
    }
    return true;
  }

  // The entries, once every table is known to lie inside the part.
  bool read_tables(FieldReader& r) {
    const FieldPath buffer_path = root_.field("constant_buffers");
    const FieldPath loop_path = root_.field("loops");
    const FieldPath sampler_path = root_.field("samplers");
    const FieldPath runtime_path = root_.field("runtime_constants");
    std::optional<FieldReader> buffers = entries(r, out_.constant_buffer_table, kConstantBufferMappingSize,
                                                 buffer_path, out_.constant_buffers);
    if (!buffers) return false;
    for (ConstantBufferMapping& m : out_.constant_buffers)
      if (!buffers->u16(m.buffer, {}) || !buffers->u16(m.start, {}) || !buffers->u16(m.count, {}) ||
          !buffers->u16(m.target, {}) || !buffers->bytes(m.conversion, {}))
        return false;
    std::optional<FieldReader> loops = entries(r, out_.loop_table, kLoopMappingSize, loop_path, out_.loops);
    if (!loops) return false;
    for (LoopMapping& m : out_.loops)
      if (!loops->u16(m.buffer, {}) || !loops->u16(m.source, {}) || !loops->u16(m.component, {}) ||
          !loops->u16(m.target, {}))
        return false;
    std::optional<FieldReader> samplers =
        entries(r, out_.sampler_table, kSamplerMappingSize, sampler_path, out_.samplers);
    if (!samplers) return false;
    for (SamplerMapping& m : out_.samplers)
      if (!samplers->u8(m.resource, {}) || !samplers->u8(m.sampler, {}) || !samplers->u8(m.target, {}) ||
          !samplers->u8(m.reserved, {}))
        return false;
    std::optional<FieldReader> runtime = entries(r, out_.runtime_constant_table, kRuntimeConstantMappingSize,
                                                 runtime_path, out_.runtime_constants);
    if (!runtime) return false;
    for (RuntimeConstantMapping& m : out_.runtime_constants)
      if (!runtime->u16(m.kind, {}) || !runtime->u16(m.target, {})) return false;
    return true;
  }

  // A table's entries, sized, and a reader over their bytes. An empty
  // table may name any offset (no extent checks it): it reads from 0.
  template <typename Entry>
  static std::optional<FieldReader> entries(FieldReader& r, const Level9Table& t, uint32_t size,
                                            const FieldPath& path, std::vector<Entry>& out) {
    std::optional<FieldReader> bytes = r.sub(t.count == 0 ? 0 : t.offset, uint64_t{t.count} * size, path);
    if (bytes) out.resize(t.count);
    return bytes;
  }

  Bytes part_;
  uint64_t base_;
  Context& ctx_;
  Level9& out_;
  const FieldPath& root_;
};

}  // namespace

bool parse_level9(Bytes part, uint64_t base, Context& ctx, Level9& out) {
  return parse_level9(part, base, FieldPath::root(), ctx, out);
}

bool parse_level9(Bytes part, uint64_t base, const FieldPath& at, Context& ctx, Level9& out) {
  return Level9Reader(part, base, at, ctx, out).run();
}

}  // namespace sp::d3d9
