#include "conformance/d3d9/level9_samples.h"

#include <map>

#include "conformance/d3d9/builders.h"
#include "core/span_writer.h"
#include "fxc/builder.h"

namespace sp::d3d9::build {
namespace {

constexpr uint32_t kFloat4Type = 0x00030001;  // D3DXPC_VECTOR, D3DXPT_FLOAT


// The blob after "DBUG", laid out as fxc lays it out.
class DebugBlob {
 public:
  std::vector<uint8_t> write(const DebugSpec& spec) {
    b_.assign(40, 0);
    std::vector<uint32_t> names;
    for (const std::string& f : spec.files) names.push_back(string(f));
    align();
    const auto files_offset = static_cast<uint32_t>(b_.size());
    for (uint32_t n : names) u32(n);
    const auto lines_offset = static_cast<uint32_t>(b_.size());
    for (const DebugLine& l : spec.lines) {
      u16(l.line);
      u16(l.file);
      u32(l.offset);
    }
    struct Placed {
      uint32_t scope, name, type, writes;
    };
    std::vector<Placed> placed;
    for (const DebugVariableSpec& v : spec.variables) {
      Placed p{};
      p.scope = v.scope.empty() ? 0 : string(v.scope);
      p.name = string(v.name);
      align();
      p.type = static_cast<uint32_t>(b_.size());
      u32(kFloat4Type);  // class, type
      u16(1);            // rows
      u16(4);            // columns
      u16(1);            // elements
      u16(0);            // members
      u32(0);
      p.writes = static_cast<uint32_t>(b_.size());
      for (const DebugWrite& w : v.writes) {
        u32(w.instruction);
        for (const uint16_t c : w.components) u16(c);
      }
      placed.push_back(p);
    }
    align();
    const auto variables_offset = static_cast<uint32_t>(b_.size());
    for (size_t i = 0; i < placed.size(); ++i) {
      u32(placed[i].scope);
      u32(placed[i].name);
      u32(placed[i].type);
      u32(static_cast<uint32_t>(spec.variables[i].writes.size()));
      u32(placed[i].writes);
    }
    const uint32_t creator = string(spec.creator);
    const uint32_t entry = string(spec.entry_point);
    align();
    const uint32_t header[] = {40,
                               creator,
                               0,
                               static_cast<uint32_t>(spec.files.size()),
                               files_offset,
                               static_cast<uint32_t>(spec.lines.size()),
                               lines_offset,
                               static_cast<uint32_t>(spec.variables.size()),
                               variables_offset,
                               entry};
    for (size_t i = 0; i < std::size(header); ++i) store_le_at<uint32_t>(b_, 4 * i, header[i]);
    return std::move(b_);
  }

 private:
  uint32_t string(const std::string& s) {
    if (auto it = pool_.find(s); it != pool_.end()) return it->second;
    const auto at = static_cast<uint32_t>(b_.size());
    b_.insert(b_.end(), s.begin(), s.end());
    b_.push_back(0);
    pool_[s] = at;
    return at;
  }
  void align() {
    while (b_.size() % 4 != 0) b_.push_back(0xAB);
  }
  void u32(uint32_t v) {
    b_.resize(b_.size() + 4);
    store_le_at<uint32_t>(b_, b_.size() - 4, v);
  }
  void u16(uint16_t v) {
    b_.push_back(static_cast<uint8_t>(v));
    b_.push_back(static_cast<uint8_t>(v >> 8));
  }

  std::vector<uint8_t> b_;
  std::map<std::string, uint32_t> pool_;
};

// ps_2_0: a texture read and a colour, with debug information naming two
// files, a jump of lines within one, and each kind of variable scope.
std::vector<Instruction> pixel_body() {
  return {instruction(Opcode::dcl, {destination(kAddrOrTexture, 0)}, {0x80000000}),
          instruction(Opcode::dcl, {destination(kSampler, 0)}, {0x90000000}),
          instruction(Opcode::texld, {destination(kTemp, 0), source(kAddrOrTexture, 0), source(kSampler, 0)}),
          instruction(Opcode::mul, {destination(kTemp, 0), source(kTemp, 0), source(kConst, 0)}),
          instruction(Opcode::mov, {destination(kColorOut, 0), source(kTemp, 0)})};
}

DebugSpec pixel_debug() {
  DebugSpec d;
  d.entry_point = "main";
  d.files = {"shader.fx", "common.fxh"};
  d.lines = {{0, kNoFile, 0}, {0, kNoFile, 0}, {12, 0, 0}, {20, 0, 0}, {40, 1, 0}};
  d.variables = {{"Helper", "c", {{2, {0, 1, 2, kNoComponent}}}},
                 {"", "color", {{3, {0, 1, 2, 3}}}},
                 {"", "main", {{4, {0, 1, 2, 3}}}},
                 {"main", "pin", {{0, {0, 1, 2, 3}}}}};
  return d;
}

// vs_2_0: a position from two constant rows, the runtime's position offset.
std::vector<Instruction> vertex_body() {
  return {instruction(Opcode::dcl, {destination(kInput, 0)}, {0x80000000}),
          instruction(Opcode::dp4, {destination(kRastOut, 0, 0x1), source(kInput, 0), source(kConst, 1)}),
          instruction(Opcode::dp4, {destination(kRastOut, 0, 0x2), source(kInput, 0), source(kConst, 2)}),
          instruction(Opcode::mov, {destination(kRastOut, 0, 0xC), source(kInput, 0)})};
}

// A Level9 part around the program `bytes` (kept alive by the caller).
Level9 part(const std::vector<uint8_t>& bytes) {
  Level9 l;
  const Limits limits;  // Context keeps a reference
  Context ctx(limits, bytes.size());
  if (!parse_program(bytes, 0, ctx, l.program)) throw std::logic_error("a Level9 sample's program does not parse");
  return l;
}

struct Built {
  std::vector<uint8_t> program;  // what the part's program views
  Level9 level9;
};

Built pixel_level9() {
  Built b;
  b.program = shader_with_debug_info(version_token(true, 2, 0), pixel_body(), pixel_debug());
  b.level9 = part(b.program);
  b.level9.samplers = {{0, 0, 0, 0}};
  b.level9.constant_buffers = {{0, 0, 1, 0, {0, 0, 0, 0}}};
  lay_out(b.level9);
  return b;
}

Built vertex_level9() {
  Built b;
  b.program = write_program(program(version_token(false, 2, 0), {}, vertex_body()));
  b.level9 = part(b.program);
  b.level9.constant_buffers = {{0, 0, 2, 1, {0, 0, 0, 0}}};
  b.level9.runtime_constants = {{0, 0}};
  lay_out(b.level9);
  return b;
}

// The container's bytes, then the part's field at `at` (from the part's
// first byte) replaced by a 16- or 32-bit value.
constexpr size_t kPart = 32 + 2 * 4 + 8;  // a two-part container's first part's data
std::vector<uint8_t> patched16(std::vector<uint8_t> file, size_t at, uint16_t v) {
  store_le_at(file, kPart + at, v);
  return file;
}
std::vector<uint8_t> patched32(std::vector<uint8_t> file, size_t at, uint32_t v) {
  store_le_at(file, kPart + at, v);
  return file;
}

}  // namespace

std::vector<uint8_t> debug_comment(const DebugSpec& spec) {
  std::vector<uint8_t> out = {'D', 'B', 'U', 'G'};
  const std::vector<uint8_t> blob = DebugBlob().write(spec);
  out.insert(out.end(), blob.begin(), blob.end());
  return out;
}

std::vector<uint8_t> shader_with_debug_info(uint32_t version, const std::vector<Instruction>& body, DebugSpec spec) {
  // The comment's size does not depend on the offsets it holds.
  const size_t comment = debug_comment(spec).size();
  uint32_t at = static_cast<uint32_t>(4 + 4 + comment);
  for (size_t i = 0; i < body.size() && i < spec.lines.size(); ++i) {
    spec.lines[i].offset = at;
    at += 4 * (1 + body[i].length());
  }
  const std::vector<uint8_t> data = debug_comment(spec);
  return write_program(program(version, data, body));
}

std::vector<uint8_t> level9_container(Level9 level9, bool keep_layout) {
  if (!keep_layout) lay_out(level9);
  fxc::build::Builder b(level9.program.version.pixel() ? fxc::ProgramType::pixel : fxc::ProgramType::vertex, 4, 0);
  b.emit(fxc::Opcode::ret);
  return fxc::build::container_of({{"Aon9", write_level9(level9)}, fxc::build::program_chunk(b.program())});
}

const std::vector<Sample>& level9_samples() {
  static const std::vector<Sample> kSamples = [] {
    std::vector<Sample> out;
    auto valid = [&](std::string name, std::vector<uint8_t> bytes) { out.push_back({std::move(name), std::move(bytes)}); };
    auto bad = [&](std::string name, std::vector<uint8_t> bytes, Code code, uint64_t offset, std::string path) {
      out.push_back({std::move(name), std::move(bytes), code, offset, std::move(path)});
    };
    const Built ps = pixel_level9();
    const Built vs = vertex_level9();
    const std::vector<uint8_t> ps_file = level9_container(ps.level9);
    const std::vector<uint8_t> vs_file = level9_container(vs.level9);
    valid("level9_ps_2_0_debug_info", ps_file);
    valid("level9_vs_2_0_runtime_constant", vs_file);
    {
      // What no fxc file shows: a loop mapping and every conversion.
      Built b = vertex_level9();
      b.level9.loops = {{1, 3, 2, 0}};
      b.level9.constant_buffers = {{0, 0, 1, 1, {0, 1, 2, 3}}, {2, 4, 1, 2, {7, 0, 0, 0}}};
      valid("level9_loop_mapping_and_conversions", level9_container(b.level9));
    }
    {
      // Unity's writer points the empty tables at the program.
      Level9 l = vs.level9;
      l.loop_table.offset = l.unknown_table.offset = static_cast<uint16_t>(l.program_offset);
      valid("level9_empty_tables_at_the_program", level9_container(l, true));
      // An empty table's offset may point anywhere (fuzz_d3d9_level9
      // found a writer that grew the part to it).
      l.sampler_table.offset = 0xFFFF;
      valid("level9_empty_table_past_the_part", level9_container(l, true));
    }
    valid("dbug_ps_2_0", shader_with_debug_info(version_token(true, 2, 0), pixel_body(), pixel_debug()));
    {
      // Line records that do not match the program: a listing would put
      // the wrong source line beside an instruction.
      DebugSpec fewer = pixel_debug();
      fewer.lines.pop_back();
      for (DebugVariableSpec& v : fewer.variables)
        std::erase_if(v.writes, [](const DebugWrite& w) { return w.instruction >= 4; });
      out.push_back({"dbug_fewer_lines_than_instructions",
                     shader_with_debug_info(version_token(true, 2, 0), pixel_body(), fewer), std::nullopt, 0, "",
                     {Code::debug_info_mismatch}});
      std::vector<uint8_t> f = shader_with_debug_info(version_token(true, 2, 0), pixel_body(), pixel_debug());
      const size_t line2 = 12 + load_le<uint32_t>(f.data() + 12 + 24) + 2 * 8;
      store_le_at(f, line2 + 4, load_le<uint32_t>(f.data() + line2 + 4) + 4);
      out.push_back({"dbug_line_names_another_offset", f, std::nullopt, 0, "", {Code::debug_info_mismatch}});
    }

    // The part's header.
    {
      // The part cut to 20 bytes, alone in its container (its data at byte 44).
      std::vector<uint8_t> cut = write_level9(ps.level9);
      cut.resize(20);
      bad("level9_header_cut", fxc::build::container_of({{"Aon9", cut}}), Code::truncated, 44 + 20,
          "parts[0].Aon9.d3d9.loops.count");
    }
    bad("level9_size_disagrees", patched32(ps_file, 0, ps.level9.size + 4), Code::size_mismatch, kPart,
        "parts[0].Aon9.d3d9.size");
    bad("level9_program_offset_past_part", patched32(ps_file, 12, 0x10000), Code::offset_out_of_bounds, kPart + 12,
        "parts[0].Aon9.d3d9.program_offset");
    bad("level9_program_offset_in_header", patched32(ps_file, 12, 8), Code::offset_out_of_bounds, kPart + 12,
        "parts[0].Aon9.d3d9.program_offset");
    bad("level9_program_size_disagrees", patched32(ps_file, 8, ps.level9.program_size - 4), Code::size_mismatch,
        kPart + 8, "parts[0].Aon9.d3d9.program_size");
    bad("level9_version_disagrees", patched32(ps_file, 4, version_token(false, 2, 0)), Code::invalid_value, kPart + 4,
        "parts[0].Aon9.d3d9.version");
    // The tables.
    bad("level9_sampler_count_0xffff", patched16(ps_file, 28, 0xFFFF), Code::offset_out_of_bounds, kPart + 30,
        "parts[0].Aon9.d3d9.samplers.offset");
    bad("level9_table_past_the_program", patched16(ps_file, 18, static_cast<uint16_t>(ps.level9.program_offset - 4)),
        Code::offset_out_of_bounds, kPart + 18, "parts[0].Aon9.d3d9.constant_buffers.offset");
    bad("level9_tables_overlap", patched16(ps_file, 18, 36), Code::table_layout, kPart + 30,
        "parts[0].Aon9.d3d9.samplers.offset");
    bad("level9_table_in_the_header", patched16(ps_file, 30, 32), Code::table_layout, kPart + 30,
        "parts[0].Aon9.d3d9.samplers.offset");
    bad("level9_bytes_no_table_claims", patched16(ps_file, 28, 0), Code::table_layout, kPart + 18,
        "parts[0].Aon9.d3d9.constant_buffers.offset");
    bad("level9_unknown_table_used", patched16(ps_file, 24, 1), Code::invalid_value, kPart + 24,
        "parts[0].Aon9.d3d9.unknown.count");
    // The program.
    bad("level9_program_not_d3d9", patched32(patched32(ps_file, 4, 0x00000040), ps.level9.program_offset, 0x00000040),
        Code::bad_magic, kPart + ps.level9.program_offset, "parts[0].Aon9.d3d9.program.version");
    {
      std::vector<uint8_t> f = vs_file;
      // The end token replaced by a mov's first token: the stream runs out.
      store_le_at(f, kPart + vs.level9.size - 4, uint32_t{0x02000001});
      bad("level9_program_without_end_token", f, Code::instruction_out_of_bounds, kPart + vs.level9.size - 4,
          "parts[0].Aon9.d3d9.program.instructions[4].length");
    }

    // The debug information, in a ps_2_0 file: "DBUG" at byte 8, its
    // header at 12.
    const std::vector<uint8_t> dbug = shader_with_debug_info(version_token(true, 2, 0), pixel_body(), pixel_debug());
    const auto field = [&](size_t at) { return load_le<uint32_t>(dbug.data() + 12 + at); };
    const auto dpatched = [&](size_t at, uint32_t v) {
      std::vector<uint8_t> f = dbug;
      store_le_at(f, 12 + at, v);
      return f;
    };
    {
      const std::vector<uint8_t> cut = {'D', 'B', 'U', 'G', 40, 0, 0, 0};
      bad("dbug_header_cut", write_program(program(version_token(true, 2, 0), cut, pixel_body())), Code::truncated, 12,
          "debug");
    }
    bad("dbug_header_size", dpatched(0, 36), Code::size_mismatch, 12, "debug.size");
    bad("dbug_creator_past_the_comment", dpatched(4, 0x10000), Code::offset_out_of_bounds, 16, "debug.creator");
    bad("dbug_file_count_too_large", dpatched(12, 0x10000000), Code::count_too_large, 24, "debug.files");
    bad("dbug_line_count_too_large", dpatched(20, 0x10000000), Code::count_too_large, 32, "debug.instructions");
    bad("dbug_variables_past_the_comment", dpatched(32, 0xFFFFFFF0), Code::offset_out_of_bounds, 44, "debug.variables");
    {
      // The variable records moved one byte on: the last ends one byte
      // past the comment, where the next instruction's token is.
      const uint32_t blob = static_cast<uint32_t>(4 * (load_le<uint32_t>(dbug.data() + 4) >> 16) - 4);
      bad("dbug_variables_one_byte_past_the_comment", dpatched(32, blob - 20 * field(28) + 1), Code::count_too_large,
          40, "debug.variables");
    }
    {
      // Line record 2 names file 2 of 2.
      std::vector<uint8_t> f = dbug;
      const size_t record = 12 + field(24) + 2 * 8;
      store_le_at(f, record + 2, uint16_t{2});
      bad("dbug_line_names_no_file", f, Code::invalid_reference, record + 2, "debug.instructions[2].file");
    }
    {
      // Variable 0's write names instruction 5 of 5.
      std::vector<uint8_t> f = dbug;
      const uint32_t writes = load_le<uint32_t>(f.data() + 12 + field(32) + 16);
      store_le_at(f, 12 + writes, uint32_t{5});
      bad("dbug_write_names_no_instruction", f, Code::invalid_reference, 12 + writes,
          "debug.variables[0].writes[0].instruction");
    }
    {
      std::vector<uint8_t> f = dbug;
      const size_t type = 12 + field(32) + 8;
      store_le_at(f, type, static_cast<uint32_t>(f.size()));
      bad("dbug_type_past_the_comment", f, Code::offset_out_of_bounds, type, "debug.variables[0].type");
    }
    {
      // The creator runs to the end of the comment.
      std::vector<uint8_t> f = dbug;
      const size_t creator = 12 + field(4);
      const size_t end = 8 + 4 * size_t{load_le<uint32_t>(f.data() + 4) >> 16};
      for (size_t i = creator; i < end; ++i) f[i] = 'x';
      bad("dbug_unterminated_creator", f, Code::unterminated_string, creator, "debug.creator");
    }
    return out;
  }();
  return kSamples;
}

}  // namespace sp::d3d9::build
