// STAT's and IFCE's cases of the legacy fxc suite: each chunk in a
// container beside a program of the shader model fxc writes it for. STAT
// in its three layouts (and sizes none has, which are warnings); IFCE
// beside the class-linkage program whose tables it binds, and with counts,
// offsets and names that reach past it.
#include "conformance/fxc/builders.h"
#include "conformance/fxc/suite.h"
#include "core/span_writer.h"
#include "core/strings.h"
#include "fxc/builder.h"
#include "fxc/ifce.h"
#include "fxc/stat.h"

namespace sp::fxc::cases {
namespace {

using namespace sp::fxc::build;
using Bytes8 = std::vector<uint8_t>;

Program program_of(std::string_view name) {
  for (ProgramCase& c : valid_programs())
    if (c.name == name) return std::move(c.program);
  throw std::logic_error("no valid program " + std::string(name));
}

// The chunk and the program in a signed container, in fxc's order: IFCE
// before the program, STAT after it.
Bytes8 beside(const Program& p, std::string fourcc, Bytes8 chunk) {
  RawChunk c{std::move(fourcc), std::move(chunk)};
  if (c.fourcc == "STAT") return container_of({program_chunk(p), std::move(c)});
  return container_of({std::move(c), program_chunk(p)});
}

Bytes8 first_bytes(Bytes8 b, size_t n) {
  b.resize(n);
  return b;
}

// The first `fields` DWORDs of a STAT, each a number of its own (a field
// read from the wrong place shows in the dump).
Bytes8 stat_of(uint32_t fields) {
  Stat st;
  uint32_t k = 0;
  for (const StatField& f : kStatFields) st.*f.member = k < fields ? ++k : 0;
  st.fields_present = fields;
  return write_stat(st);
}

void stat_cases(Suite& s) {
  const Program ps40 = program_of("sm40_ps_float"), ps50 = program_of("operand_modifiers");
  const auto valid = [&](std::string name, const Program& p, uint32_t fields, std::string comment) {
    s.add("y_stat_" + name, beside(p, "STAT", stat_of(fields)), std::nullopt, {"Valid", "Stat"}, std::move(comment));
  };
  valid("sm40_29_dwords", ps40, 29, "ps_4_0 with SM4's 29-DWORD STAT");
  valid("sm40_28_dwords", ps40, 28, "ps_4_0 with the 28-DWORD STAT of early SM4 compilers");
  valid("sm50_37_dwords", ps50, 37, "ps_5_0 with SM5's 37-DWORD STAT");
  const auto unknown = [&](std::string name, Bytes8 chunk, std::string comment) {
    s.add("i_stat_" + name, beside(ps50, "STAT", std::move(chunk)), std::nullopt, {"Stat"}, std::move(comment),
          {Code::stat_size_unknown});
  };
  unknown("30_dwords", first_bytes(stat_of(37), 120), "a STAT of 30 DWORDs: the 30 are decoded, the rest read as 0");
  unknown("38_dwords", [] {
    Bytes8 b = stat_of(37);
    b.insert(b.end(), {1, 0, 0, 0});
    return b;
  }(), "a STAT of 38 DWORDs: 37 decoded, the last kept");
  unknown("unaligned", first_bytes(stat_of(37), 118), "a STAT of 29.5 DWORDs");
  unknown("empty", {}, "a STAT of no bytes");
}

// Two classes implementing the class-linkage program's interfaces:
// fp0's one slot and fp1's three take ft0 / ft1 for each class.
Interfaces linkage() {
  Interfaces in;
  in.interface_slot_count = 4;
  in.class_types = {{"cRed", 0, 16, 0xFFFF, 0xFFFF}, {"cBlue", 1, 16, 0xFFFF, 0xFFFF}};
  in.class_instances = {{"g_red", 0, 0, 0, 0, 0xFFFF, 0xFFFF}, {"g_blue", 1, 0, 0, 1, 0xFFFF, 0xFFFF}};
  in.slots = {{1, {0, 1}, {0, 1}}, {3, {0, 1}, {1, 0}}};
  return in;
}

void ifce_cases(Suite& s) {
  const Program linked = program_of("sm50_class_linkage");
  s.add("y_ifce_class_linkage", beside(linked, "IFCE", write_interfaces(linkage())), std::nullopt, {"Valid", "Ifce"},
        "ps_5_0 class linkage with its IFCE: two class types, two instances, two slot records over four slots");
  s.add("y_ifce_empty", beside(linked, "IFCE", write_interfaces(Interfaces{})), std::nullopt, {"Valid", "Ifce"},
        "an IFCE of its header alone: no classes, no slots");
  const Bytes8 base = write_interfaces(linkage());
  const auto hostile = [&](std::string name, size_t at, uint32_t value, Code error, std::vector<std::string> flags,
                           std::string comment) {
    Bytes8 b = base;
    store_le_at(b, at, value);
    flags.insert(flags.begin(), "Ifce");
    s.add("n_ifce_" + name, beside(linked, "IFCE", std::move(b)), error, std::move(flags), std::move(comment));
  };
  // The header's DWORDs: instance, type, slot record and slot counts, then
  // the instances', types' and slot records' offsets.
  constexpr size_t kTypeCount = 4, kInstanceOffset = 16, kSlotRecords = kIfceHeaderSize;
  hostile("class_type_count_ffffffff", kTypeCount, 0xFFFFFFFF, Code::count_too_large, {"HugeCount"},
          "0xFFFFFFFF class types of 12 bytes");
  hostile("slot_entry_count_1000", kSlotRecords + 4, 1000, Code::count_too_large, {"HugeCount"},
          "the first slot record counts 1000 entries");
  hostile("class_instance_offset_past_chunk", kInstanceOffset, static_cast<uint32_t>(base.size() + 1),
          Code::offset_out_of_bounds, {"OutOfBounds"}, "the class instances one byte past the chunk");
  hostile("table_id_offset_wraps", kSlotRecords + 12, 0xFFFFFFF0, Code::offset_out_of_bounds,
          {"OutOfBounds", "Wrap32"}, "the first slot's table ids at 0xFFFFFFF0: 8 bytes wrap");
  const size_t first_type = kSlotRecords + kSlotRecordSize * 2;
  hostile("class_name_past_chunk", first_type, static_cast<uint32_t>(base.size()), Code::offset_out_of_bounds,
          {"OutOfBounds"}, "cRed's name at the chunk's end");
  {
    Bytes8 b = base;
    std::fill(b.end() - 4, b.end(), uint8_t{'x'});  // "g_blue"'s NUL and its padding
    s.add("n_ifce_instance_name_unterminated", beside(linked, "IFCE", std::move(b)), Code::unterminated_string,
          {"Ifce", "Unterminated"}, "the last name runs to the chunk's end");
  }
  s.add("n_ifce_header_20_bytes", beside(linked, "IFCE", first_bytes(base, 20)), Code::truncated,
        {"Ifce", "Truncated"}, "IFCE's header is 36 bytes");
  {
    // 1000 slot records all pointing at the same 1000 entries: a model a
    // million entries large from 20 KB, unless the decode budget stops it.
    constexpr uint32_t kRecords = 1000, kEntries = 1000;
    ByteWriter w;
    const uint32_t ids = static_cast<uint32_t>(kIfceHeaderSize + kSlotRecordSize * kRecords);
    for (const uint32_t v : {0u, 0u, kRecords, kRecords, ids, ids, static_cast<uint32_t>(kIfceHeaderSize), 0u, 0u})
      w.put_u32_le(v);
    for (uint32_t i = 0; i < kRecords; ++i)
      for (const uint32_t v : {1u, kEntries, ids, ids}) w.put_u32_le(v);
    w.put_zeros(4 * kEntries);
    s.add("n_ifce_aliased_slot_entries", beside(linked, "IFCE", w.take()), Code::decode_budget_exceeded,
          {"Ifce", "Aliasing", "Limit"}, "1000 slot records share one table of 1000 entries");
  }
}

}  // namespace

void stat_ifce_cases(Suite& s) {
  stat_cases(s);
  ifce_cases(s);
}

}  // namespace sp::fxc::cases
