// IFCE (ifce.h). Every table is found through an offset and a count
// stored in the chunk; each is checked to lie inside the chunk (64-bit
// arithmetic) before a record of it is allocated or read. Several slot
// records may point at the same type and table id arrays, so their
// entries are charged to the decode budget: aliasing cannot make the
// model grow faster than the input.
#include "core/field_reader.h"
#include "core/strings.h"
#include "fxc/ifce.h"

namespace sp::fxc {
namespace {

// A table the chunk points at: `count` records of `record_size` bytes at
// `offset`, both read from fields (at file offsets offset_at and
// count_at) of a header or record at `at`.
struct TableRef {
  const FieldPath& at;
  uint32_t offset;
  uint64_t offset_at;
  std::string_view offset_field;
  uint32_t count;
  uint64_t count_at;
  std::string_view count_field;
  uint64_t record_size;
};

class InterfacesReader {
 public:
  InterfacesReader(const ChunkScope& s, Interfaces& out) : s_(s), out_(out) {}

  bool run() {
    FieldReader r(s_.data, s_.base, s_.at, s_.ctx);
    uint32_t instance_count, type_count, record_count, instance_offset, type_offset, record_offset;
    if (!r.u32(instance_count, "class_instance_count") || !r.u32(type_count, "class_type_count") ||
        !r.u32(record_count, "interface_slot_record_count") ||
        !r.u32(out_.interface_slot_count, "interface_slot_count") ||
        !r.u32(instance_offset, "class_instance_offset") || !r.u32(type_offset, "class_type_offset") ||
        !r.u32(record_offset, "interface_slot_offset") || !r.u32(out_.unknown[0], "unknown") ||
        !r.u32(out_.unknown[1], "unknown"))
      return false;
    return records({s_.at, type_offset, s_.base + 20, "class_type_offset", type_count, s_.base + 4,
                    "class_type_count", kClassTypeSize},
                   "class_types", out_.class_types) &&
           records({s_.at, instance_offset, s_.base + 16, "class_instance_offset", instance_count, s_.base,
                    "class_instance_count", kClassInstanceSize},
                   "class_instances", out_.class_instances) &&
           records({s_.at, record_offset, s_.base + 24, "interface_slot_offset", record_count, s_.base + 8,
                    "interface_slot_record_count", kSlotRecordSize},
                   "slots", out_.slots);
  }

 private:
  // The table's bytes, or an error at the offset or count field.
  bool table(const TableRef& t, Bytes& out) {
    if (t.offset > s_.data.size()) {
      const FieldPath f = t.at.field(t.offset_field);
      return s_.ctx.fail(Code::offset_out_of_bounds, t.offset_at, f,
                         strprintf("offset %u is past the chunk's %zu bytes", t.offset, s_.data.size()));
    }
    const uint64_t bytes = uint64_t{t.count} * t.record_size;
    if (bytes > s_.data.size() - t.offset) {
      const FieldPath f = t.at.field(t.count_field);
      return s_.ctx.fail(Code::count_too_large, t.count_at, f,
                         strprintf("%u records of %llu bytes at offset %u need %llu bytes, the chunk has %zu after it",
                                   t.count, static_cast<unsigned long long>(t.record_size), t.offset,
                                   static_cast<unsigned long long>(bytes), s_.data.size() - t.offset));
    }
    out = s_.data.subspan(t.offset, static_cast<size_t>(bytes));
    return true;
  }

  // The NUL-terminated name at `offset`, read for the record at `at`.
  bool name(uint32_t offset, const FieldPath& at, uint64_t record_at, FileText& out) {
    if (auto text = cstring_at(s_.data, offset)) {
      out = *text;
      return true;
    }
    const FieldPath f = at.field("name");
    const bool past = offset >= s_.data.size();
    return s_.ctx.fail(past ? Code::offset_out_of_bounds : Code::unterminated_string, record_at, f,
                       strprintf("name offset %u %s the chunk's %zu bytes", offset,
                                 past ? "is past" : "starts a string with no NUL in", s_.data.size()));
  }

  // The records of table `t` as `list`, each read by the read() overload
  // for its type.
  template <typename T>
  bool records(const TableRef& t, std::string_view list, std::vector<T>& out) {
    Bytes bytes;
    if (!table(t, bytes)) return false;
    out.resize(t.count);
    FieldPath::Cursor cur;
    const FieldPath at = s_.at.cursor(list, cur);
    FieldReader r(bytes, s_.base + t.offset, at, s_.ctx);
    for (T& record : out) {
      if (!read(r, at, r.offset(), record)) return false;
      ++cur.index;
    }
    return true;
  }

  bool read(FieldReader& r, const FieldPath& at, uint64_t record_at, ClassType& t) {
    uint32_t name_offset = 0;
    return r.u32(name_offset, "name") && r.u16(t.id, "id") &&
           r.u16(t.constant_buffer_stride, "constant_buffer_stride") && r.u16(t.texture, "texture") &&
           r.u16(t.sampler, "sampler") && name(name_offset, at, record_at, t.name);
  }

  bool read(FieldReader& r, const FieldPath& at, uint64_t record_at, ClassInstance& c) {
    uint32_t name_offset = 0;
    return r.u32(name_offset, "name") && r.u16(c.type_id, "type_id") && r.u16(c.unknown, "unknown") &&
           r.u16(c.constant_buffer, "constant_buffer") && r.u16(c.constant_buffer_offset, "constant_buffer_offset") &&
           r.u16(c.texture, "texture") && r.u16(c.sampler, "sampler") && name(name_offset, at, record_at, c.name);
  }

  bool read(FieldReader& r, const FieldPath& at, uint64_t record_at, InterfaceSlot& slot) {
    uint32_t count = 0, type_ids_offset = 0, table_ids_offset = 0;
    if (!r.u32(slot.slot_span, "slot_span") || !r.u32(count, "count") || !r.u32(type_ids_offset, "type_id_offset") ||
        !r.u32(table_ids_offset, "table_id_offset"))
      return false;
    Bytes type_ids, table_ids;
    if (!table({at, type_ids_offset, record_at + 8, "type_id_offset", count, record_at + 4, "count", 2}, type_ids) ||
        !table({at, table_ids_offset, record_at + 12, "table_id_offset", count, record_at + 4, "count", 4}, table_ids) ||
        !s_.ctx.charge(count, record_at, at))
      return false;
    slot.type_ids.resize(count);
    slot.table_ids.resize(count);
    for (uint32_t k = 0; k < count; ++k) {
      slot.type_ids[k] = load_le<uint16_t>(type_ids.data() + 2 * size_t{k});
      slot.table_ids[k] = load_le<uint32_t>(table_ids.data() + 4 * size_t{k});
    }
    return true;
  }

  const ChunkScope& s_;
  Interfaces& out_;
};

}  // namespace

bool parse_interfaces(const ChunkScope& s, Interfaces& out) {
  return InterfacesReader(s, out).run();
}

}  // namespace sp::fxc
