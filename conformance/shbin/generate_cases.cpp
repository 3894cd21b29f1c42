// Writes the Nintendo 3DS shader binary suite, conformance/cases/shbin/:
//
//   gen_shbin_cases OUTDIR
//
// Every case is a whole SHBIN built from the samples of samples.h (the
// project's encoder and writer, in picasso's and nihstro's layouts), read
// as `check` reads it. The valid cases are the samples: both layouts,
// every instruction format on its own and together, geometry shaders,
// several DVLEs sharing entries and tables, line information, tables out
// of order. The malformed ones damage a sample's model or bytes once per
// structural error of docs/formats/shbin.md, "Reading": the DVLP and DVLE
// magics, the file ending inside every header, every table's offset and
// count past the end, straddling it and wrapping in 32 bits, names outside
// or unterminated in their tables, the DVLE offset table, aliasing names
// past the decode budget. The i_ cases are edits.h's, one or more per semantic
// check. The generator parses each case and stops when the parse disagrees
// with its spec, then records the exact error (or, for y_ cases, the whole
// dump) in the sidecar. The format has no peer to compare with.
#include <map>
#include <string>
#include <vector>

#include "conformance/generator.h"
#include "conformance/shbin/edits.h"
#include "conformance/shbin/builders.h"
#include "conformance/shbin/samples.h"
#include "formats/registry.h"

namespace {

namespace fs = std::filesystem;
using namespace sp;
using namespace sp::shbin;
using conform::gen::Spec;
using conform::gen::Suite;

using Bytes8 = std::vector<uint8_t>;

// Wycheproof-style flags: what each case exercises.
const std::map<std::string, std::string> kFlags = {
    {"Valid", "a well-formed file, laid out as picasso or nihstro lays one out"},
    {"Picasso", "picasso's layout: the 0x28-byte DVLP, each DVLE after the program"},
    {"Nihstro", "nihstro's layout: the 0x1C-byte DVLP, the DVLE headers before the program"},
    {"InstructionFormat", "PICA200 instruction formats (0, 1, 1i, 1u, 1c, 2, 3, 4, 5, 5i)"},
    {"Geometry", "geometry shaders: point, variable and fixed primitive modes, merged output maps"},
    {"SharedDvle", "offset table entries naming one DVLE, DVLEs naming one table"},
    {"LineInformation", "the DVLP's line information and file names"},
    {"Layout", "tables out of writer order, unaligned, or bytes no structure claims"},
    {"Magic", "a DVLB, DVLP or DVLE magic that is not there"},
    {"Truncated", "a file ending inside a header or a table"},
    {"OffsetTable", "the DVLB's DVLE count and offset table"},
    {"OutOfBounds", "an offset or table past the end of the file"},
    {"StraddlesEnd", "a table or header that starts inside the file and ends past it"},
    {"HugeCount", "a count of 0xFFFFFFFF"},
    {"Wrap32", "an offset + origin or count * record size that wraps around 2^32 in 32-bit arithmetic"},
    {"Unterminated", "a name with no NUL inside its table"},
    {"NameOutsideTable", "a name offset at or past the end of its string table"},
    {"Aliasing", "names sharing one string, so decoding grows faster than the input"},
    {"Limit", "beyond a named limit of core/limits.h"},
    {"Semantics", "decodes, but no writer writes it: the semantic checks' warnings"},
    {"FlowControl", "a jump, call, if or loop target outside the code"},
    {"Text", "text fields holding bytes no printer may pass on as they are: invalid UTF-8, control characters, a NUL "
             "inside (conformance/hostile_text.h)"},
};

std::string class_of(const Spec& s) {
  return conform::gen::class_of(s, {}, {Code::limit_exceeded, Code::decode_budget_exceeded});
}

// The sample named `name`, edited through its model, written.
template <typename Edit>
Bytes8 edited(const std::string& name, Edit edit) {
  Shbin s = build::sample(name);
  edit(s);
  return write_shbin(s);
}

Bytes8 file_of(const std::string& name) {
  return edited(name, [](Shbin&) {});
}

// The first `n` bytes of a sample.
Bytes8 cut(const std::string& name, size_t n) {
  Bytes8 f = file_of(name);
  f.resize(n);
  return f;
}

void valid_cases(Suite& s) {
  for (const build::Sample& sample : build::samples()) {
    std::vector<std::string> flags = {"Valid", sample.name.ends_with("_picasso") ? "Picasso" : "Nihstro"};
    const auto has = [&](std::string_view part) { return sample.name.find(part) != std::string::npos; };
    if (has("format")) flags.emplace_back("InstructionFormat");
    if (has("geometry")) flags.emplace_back("Geometry");
    if (has("shared")) flags.emplace_back("SharedDvle");
    if (has("line_information")) flags.emplace_back("LineInformation");
    if (has("tables_") || has("unclaimed")) flags.emplace_back("Layout");
    s.add("y_" + sample.name, write_shbin(sample.shbin), std::nullopt, flags,
          "conformance/shbin/samples.h's " + sample.name);
  }
}

void magic_cases(Suite& s) {
  const auto at = [](size_t pos, char c) {
    return [=](Bytes8 f) {
      f[pos] = static_cast<uint8_t>(c);
      return f;
    };
  };
  // A file that does not start with "DVLB" is no SHBIN to `identify` (the
  // DXContainer, the registry's first format, reads it): the DVLB's magic
  // is tests/shbin/hostile_test.cpp's.
  const std::string quad = "textured_quad_picasso";
  s.add("n_dvlp_magic", at(0xC + 3, 'X')(file_of(quad)), Code::bad_magic, {"Magic"}, "DVLX where the DVLP starts");
  s.add("n_dvle_magic", at(0xA0, 'X')(file_of(quad)), Code::bad_magic, {"Magic"}, "XVLE where the DVLE starts");
  Shbin both = build::sample("vertex_and_geometry_picasso");
  s.add("n_second_dvle_magic", at(both.dvles[1].offset + 3, 'P')(write_shbin(both)), Code::bad_magic, {"Magic"},
        "the geometry shader's DVLE says DVLP");
}

void truncation_cases(Suite& s) {
  const std::string quad = "textured_quad_picasso";
  s.add("n_dvlb_magic_only", cut(quad, 4), Code::truncated, {"Truncated"}, "DVLB and nothing after it");
  s.add("n_dvlb_header_cut", cut(quad, 7), Code::truncated, {"Truncated"}, "the DVLE count cut after 3 bytes");
  s.add("n_offset_table_cut", cut(quad, 10), Code::count_too_large, {"Truncated", "OffsetTable"},
        "one DVLE offset announced, 2 of its 4 bytes there");
  s.add("n_dvlp_header_cut", cut(quad, 0xC + 0x10), Code::truncated, {"Truncated"},
        "the file ends 16 bytes into the DVLP header");
  // Without a DVLE the DVLP starts at 8.
  s.add("n_picasso_dvlp_tail_cut", cut("no_dvles_picasso", 8 + 0x20), Code::offset_out_of_bounds, {"Truncated"},
        "the file ends inside picasso's last 12 DVLP header bytes: read as nihstro's header, whose code offset "
        "(0x28) is then past the end");
  s.add("n_code_cut", cut(quad, 0x34 + 10), Code::count_too_large, {"Truncated"},
        "the file ends inside the third code word");
  s.add("n_dvle_header_cut", cut(quad, 0xA0 + 0x20), Code::truncated, {"Truncated"},
        "the file ends 32 bytes into the DVLE header");
  s.add("n_dvle_tables_cut", cut(quad, 0x10C + 4), Code::count_too_large, {"Truncated"},
        "the file ends inside the uniform table");
  s.add("n_nihstro_dvle_header_cut", cut("textured_quad_nihstro", 12 + 0x1C + 0x20), Code::offset_out_of_bounds,
        {"Truncated", "Nihstro"},
        "nihstro's DVLE header follows the DVLP header: the file ends inside it, and the code the DVLP points at "
        "after it is past the end");
}

void offset_table_cases(Suite& s) {
  const std::string quad = "textured_quad_picasso";
  const uint32_t size = static_cast<uint32_t>(file_of(quad).size());
  const auto offset = [&](uint32_t v) { return edited(quad, [=](Shbin& m) { m.dvle_offsets[0] = v; }); };
  const auto count = [&](uint32_t v) { return edited(quad, [=](Shbin& m) { m.dvle_count = v; }); };
  s.add("n_dvle_count_ffffffff", count(0xFFFFFFFF), Code::count_too_large, {"OffsetTable", "HugeCount"},
        "0xFFFFFFFF DVLE offsets announced");
  s.add("n_dvle_count_wraps_32", count(0x40000001), Code::count_too_large, {"OffsetTable", "Wrap32"},
        "0x40000001 DVLE offsets: 4 bytes of table when count * 4 is computed in 32 bits");
  s.add("n_dvle_count_one_too_many", count(2), Code::bad_magic, {"OffsetTable"},
        "2 DVLE offsets announced, 1 written: the DVLP is looked for 4 bytes too late");
  s.add("n_dvle_count_zero", count(0), Code::bad_magic, {"OffsetTable"},
        "no DVLE announced, 1 written: the DVLP is looked for at the offset table");
  s.add("n_dvle_offset_ffffffff", offset(0xFFFFFFFF), Code::offset_out_of_bounds, {"OffsetTable", "OutOfBounds"},
        "the DVLE offset is 0xFFFFFFFF");
  s.add("n_dvle_offset_at_end", offset(size), Code::offset_out_of_bounds, {"OffsetTable", "OutOfBounds"},
        "the DVLE offset is the file's size");
  s.add("n_dvle_offset_past_end", offset(size + 0x100), Code::offset_out_of_bounds, {"OffsetTable", "OutOfBounds"},
        "the DVLE offset is 0x100 bytes past the end");
  s.add("n_dvle_straddles_end", offset(size - 0x20), Code::truncated, {"OffsetTable", "StraddlesEnd"},
        "the DVLE header starts 0x20 bytes before the end");
  s.add("n_dvle_offset_at_dvlp", offset(0xC), Code::bad_magic, {"OffsetTable"}, "the DVLE offset names the DVLP");
  s.add("n_dvle_offset_at_dvlb", offset(0), Code::bad_magic, {"OffsetTable"}, "the DVLE offset names the DVLB");
  s.add("n_second_dvle_offset_past_end",
        edited("vertex_and_geometry_picasso", [](Shbin& m) { m.dvle_offsets[1] = static_cast<uint32_t>(m.file_size); }),
        Code::offset_out_of_bounds, {"OffsetTable", "OutOfBounds"}, "the second DVLE offset is the file's size");
}

// Every table of the DVLP and of the first DVLE of the sample with line
// information (all nine hold entries there): a count of 0xFFFFFFFF, a
// count whose size wraps in 32 bits, offsets of 0xFFFFFFFF, wrapping with
// the header's position, one past the end, and a table ending one byte
// past the end.
void table_cases(Suite& s) {
  const std::string base = "line_information_picasso";
  Shbin model = build::sample(base);
  const uint64_t size = model.file_size;
  const std::vector<build::Table> all = build::tables(model);
  for (size_t k = 0; k < all.size(); ++k) {
    const build::Table& t = all[k];
    if (t.path.starts_with("dvles[1]")) continue;
    std::string name = t.path;
    name.replace(0, name.find('.') + 1, t.path.starts_with("dvlp") ? "dvlp_" : "dvle_");
    const auto with = [&](auto edit) {
      return edited(base, [&](Shbin& m) { edit(*build::tables(m)[k].ref); });
    };
    const bool strings = t.record == 1;
    const std::string count = strings ? "size" : "count";
    s.add("n_" + name + "_" + count + "_ffffffff", with([](TableRef& r) { r.count = 0xFFFFFFFF; }),
          Code::count_too_large, {"HugeCount"}, t.path + "." + t.count_field + " is 0xFFFFFFFF");
    if (strings) {
      s.add("n_" + name + "_size_wraps_32", with([](TableRef& r) { r.count = static_cast<uint32_t>(0x100000004 - r.offset); }),
            Code::count_too_large, {"Wrap32"}, t.path + ": offset + size is 4 in 32-bit arithmetic");
    } else {
      const auto wrapping = static_cast<uint32_t>((0x100000000 + t.record) / t.record);
      s.add("n_" + name + "_count_wraps_32", with([&](TableRef& r) { r.count = wrapping; }), Code::count_too_large,
            {"Wrap32"}, t.path + ": count * " + std::to_string(t.record) + " is under " + std::to_string(t.record) +
                            " in 32-bit arithmetic");
    }
    s.add("n_" + name + "_offset_ffffffff", with([](TableRef& r) { r.offset = 0xFFFFFFFF; }),
          Code::offset_out_of_bounds, {"OutOfBounds"}, t.path + ".offset is 0xFFFFFFFF");
    s.add("n_" + name + "_offset_wraps_32",
          with([&](TableRef& r) { r.offset = static_cast<uint32_t>(0x100000004 - t.origin); }),
          Code::offset_out_of_bounds, {"OutOfBounds", "Wrap32"},
          t.path + ": its header's position + offset is 4 in 32-bit arithmetic");
    s.add("n_" + name + "_offset_past_end", with([&](TableRef& r) { r.offset = static_cast<uint32_t>(size - t.origin + 1); }),
          Code::offset_out_of_bounds, {"OutOfBounds"}, t.path + " starts one byte past the end");
    s.add("n_" + name + "_straddles_end",
          with([&](TableRef& r) { r.offset = static_cast<uint32_t>(size - t.origin - uint64_t{r.count} * t.record + 1); }),
          Code::count_too_large, {"StraddlesEnd"}, t.path + "'s last byte is one past the end");
  }
}

void string_cases(Suite& s) {
  const std::string quad = "textured_quad_picasso";
  s.add("n_uniform_name_unterminated", edited(quad, [](Shbin& m) { m.dvles[0].symbol_table.count = 10; }),
        Code::unterminated_string, {"Unterminated"}, "the symbol table ends before the NUL of \"projection\"");
  s.add("n_label_name_unterminated",
        edited("vertex_and_geometry_picasso", [](Shbin& m) { --m.dvles[1].symbol_table.count; }),
        Code::unterminated_string, {"Unterminated"}, "the symbol table ends before the NUL of the label \"gmain\"");
  s.add("n_line_file_unterminated", edited("line_information_picasso", [](Shbin& m) { --m.dvlp.string_table.count; }),
        Code::unterminated_string, {"Unterminated", "LineInformation"},
        "the string table ends before the NUL of the second file name");
  const auto uniform_name = [&](uint32_t v) {
    return edited(quad, [=](Shbin& m) { m.dvles[0].uniforms[0].name_offset = v; });
  };
  s.add("n_uniform_name_at_table_end", uniform_name(11), Code::offset_out_of_bounds, {"NameOutsideTable"},
        "the uniform's name offset is the symbol table's size");
  s.add("n_uniform_name_offset_ffffffff", uniform_name(0xFFFFFFFF), Code::offset_out_of_bounds, {"NameOutsideTable"},
        "the uniform's name offset is 0xFFFFFFFF");
  s.add("n_symbol_table_empty", edited(quad, [](Shbin& m) { m.dvles[0].symbol_table.count = 0; }),
        Code::offset_out_of_bounds, {"NameOutsideTable"}, "a uniform, and a symbol table of 0 bytes");
  s.add("n_label_name_outside_table",
        edited("vertex_and_geometry_picasso", [](Shbin& m) { m.dvles[1].labels[0].name_offset = 999; }),
        Code::offset_out_of_bounds, {"NameOutsideTable"}, "the label's name offset is 999");
  s.add("n_line_file_outside_table",
        edited("line_information_picasso", [](Shbin& m) { m.dvlp.lines[2].file_offset = 999; }),
        Code::offset_out_of_bounds, {"NameOutsideTable", "LineInformation"}, "a line's file name offset is 999");
  // 400 uniforms naming one 2,000-byte name: 800 KB of names from a 5 KB
  // file, which the decode budget stops.
  Shbin aliased = build::sample(quad);
  const Uniform projection = aliased.dvles[0].uniforms[0];
  aliased.dvles[0].uniforms.assign(400, projection);
  aliased.dvles[0].uniforms[0].name = std::string(2000, 'n');
  lay_out(aliased, Layout::picasso);
  for (Uniform& u : aliased.dvles[0].uniforms) u.name_offset = 0;
  s.add("n_names_alias_past_budget", write_shbin(aliased), Code::decode_budget_exceeded, {"Aliasing", "Limit"},
        "400 uniforms all naming one 2,000-byte string");
}

void semantic_cases(Suite& s) {
  for (const build::SemanticEdit& e : build::semantic_edits()) {
    std::vector<std::string> flags = {"Semantics"};
    if (e.warning == Code::flow_target_out_of_code) flags.emplace_back("FlowControl");
    s.add("i_" + e.name, build::edited_file(e), std::nullopt, flags, e.comment, {e.warning});
  }
}

}  // namespace

// The samples with the most text (uniform and label names, line
// information's file names), each with every such field holding hostile
// bytes (build::with_hostile_texts), laid out as picasso lays it out. Any
// bytes are allowed there; each printer, the pica listing too, must print
// them (`conform` runs them all on every accepted case).
void text_cases(Suite& s) {
  size_t k = 0;
  for (const std::string name : {"line_information_picasso", "every_format_picasso", "vertex_and_geometry_picasso"}) {
    size_t set = 0;
    s.add("y_text_not_printable_" + name, build::with_hostile_texts(build::sample(name), k, set), std::nullopt,
          {"Valid", "Picasso", "Text"}, name + " with every text field holding hostile bytes (invalid UTF-8, control "
                                              "characters, a NUL)");
  }
}

int main(int argc, char** argv) {
  return conform::gen::generator_main(
      argc, argv, "Nintendo 3DS shader binary",
      [](const std::vector<fs::path>&) {
        Suite s;
        for (auto* group :
             {&valid_cases, &magic_cases, &truncation_cases, &offset_table_cases, &table_cases, &string_cases,
              &semantic_cases, &text_cases})
          group(s);
        return s.specs;
      },
      [](const Spec& s, const fs::path&) {
        return conform::gen::registry_sidecar(s, *formats::find("shbin"), class_of(s), kFlags);
      },
      kFlags);
}
