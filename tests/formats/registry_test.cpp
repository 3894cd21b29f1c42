// The format registry (parsers/formats): recognition, the fallback reader,
// recognised-only formats, dumps through an embedding format, the profiles
// assembled from every format's rules, and the shape every descriptor and
// fuzz target must have for the commands and scripts that walk the table.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include "bitcode/minimal_module.h"
#include "formats/read.h"
#include "formats/registry.h"
#include "support/containers.h"

namespace sp {
namespace {

std::vector<uint8_t> bytes_of(std::string_view s) { return {s.begin(), s.end()}; }

TEST(Registry, RecognisesEachFormatByItsLeadingBytes) {
  const std::vector<uint8_t> container = test::container_of({{"SFI0", test::u32s({0, 0})}});
  EXPECT_EQ(formats::recognise(container)->name, "dxcontainer");
  EXPECT_EQ(formats::recognise(bitcode::minimal_module())->name, "bitcode");
  EXPECT_EQ(formats::recognise(bytes_of("DVLB\1\0\0\0"))->name, "shbin");
  EXPECT_EQ(formats::recognise(bytes_of("VBC\1\1"))->name, "vbc");
  EXPECT_EQ(formats::recognise(std::vector<uint8_t>{0x03, 0x02, 0x23, 0x07, 0, 0, 1, 0})->name, "spirv");
  EXPECT_EQ(formats::recognise(std::vector<uint8_t>{0x00, 0x03, 0xFF, 0xFF})->name, "d3d9");
  EXPECT_EQ(formats::recognise(bytes_of("PNG?")), nullptr);
  EXPECT_EQ(formats::recognise({}), nullptr);
}

// A probe's score says how sure the leading bytes make it, so a file is
// given to the format it most looks like (registry.cpp): a weak sign is
// stronger when what follows the magic is what the format has.
TEST(Registry, AProbeIsSurerOfWhatItsFormatHas) {
  const auto score = [](std::string_view name, std::vector<uint8_t> head) {
    return formats::find(name)->probe(head);
  };
  // A Direct3D 9 version token (vertex 0xFFFE, pixel 0xFFFF): vs_1_1 to
  // ps_3_0 against the majors Direct3D 9 never had.
  const auto token = [](int major, int kind) {
    return std::vector<uint8_t>{0x00, static_cast<uint8_t>(major), static_cast<uint8_t>(kind), 0xFF};
  };
  for (const int major : {1, 2, 3})
    for (const int kind : {0xFE, 0xFF}) {
      const int known = score("d3d9", token(major, kind));
      EXPECT_GT(known, 0) << major;
      for (const int other : {0, 4, 5, 0xFF}) {
        const int unknown = score("d3d9", token(other, kind));
        EXPECT_GT(unknown, 0) << other;
        EXPECT_LT(unknown, known) << other << " against " << major;
      }
    }
  // VBC: its version after the three letters, or another.
  EXPECT_LT(score("vbc", bytes_of("VBC\2")), score("vbc", bytes_of("VBC\1")));
  EXPECT_GT(score("vbc", bytes_of("VBC\2")), 0);
  // Both stay below a four-byte magic.
  EXPECT_LT(score("d3d9", {0x00, 0x03, 0xFF, 0xFF}), score("shbin", bytes_of("DVLB")));
  EXPECT_LT(score("vbc", bytes_of("VBC\1")), score("shbin", bytes_of("DVLB")));
}

// The top of the scale (format.h): a format's whole four-byte magic
// scores 100, what the weaker signs above are measured against.
TEST(Registry, AWholeFourByteMagicScoresAHundred) {
  const auto score = [](std::string_view name, const std::vector<uint8_t>& head) {
    return formats::find(name)->probe(head);
  };
  EXPECT_EQ(score("dxcontainer", test::container_of({{"SFI0", test::u32s({0, 0})}})), 100);
  EXPECT_EQ(score("bitcode", bitcode::minimal_module()), 100);
  EXPECT_EQ(score("shbin", bytes_of("DVLB\1\0\0\0")), 100);
  EXPECT_EQ(score("spirv", std::vector<uint8_t>{0x03, 0x02, 0x23, 0x07, 0, 0, 1, 0}), 100);
}

TEST(Registry, InputNothingRecognisesIsReadByTheFirstFormat) {
  const formats::Format& reader = formats::reader_for(bytes_of("garbage"));
  EXPECT_EQ(&reader, formats::all().front());
  const formats::FileRead r = formats::read(reader, bytes_of("garbage"));
  ASSERT_FALSE(r.ok());
}

TEST(Registry, RecognisedOnlyFormatsHaveNoParser) {
  for (std::string_view name : {"spirv"}) {
    const formats::Format* f = formats::find(name);
    ASSERT_NE(f, nullptr) << name;
    EXPECT_FALSE(f->supported()) << name;
    EXPECT_NE(f->identify(bytes_of("VBC\1")).find("(not supported)"), std::string::npos) << name;
    // dump --help and `formats` list what a dump of it could give: nothing.
    EXPECT_TRUE(formats::dump_names(*f).empty()) << name;
  }
}

// conform --impl, the nightly and triage know a peer by its name: formats
// listing the same program list it alike, and peers() takes it once.
TEST(Registry, PeersOfOneNameAreOneImplementation) {
  const std::vector<const formats::Peer*> peers = formats::peers();
  std::set<std::string_view> names;
  for (const formats::Peer* p : peers) EXPECT_TRUE(names.insert(p->name).second) << p->name;
  for (const formats::Format* f : formats::all())
    for (const formats::Peer& p : f->peers) {
      const auto first =
          std::find_if(peers.begin(), peers.end(), [&](const formats::Peer* q) { return q->name == p.name; });
      ASSERT_NE(first, peers.end());
      EXPECT_TRUE(std::equal(p.command.begin(), p.command.end(), (*first)->command.begin(), (*first)->command.end()))
          << f->name << " runs " << p.name << " with another command";
      EXPECT_EQ(p.output, (*first)->output) << p.name;
    }
}

TEST(Registry, EveryDescriptorIsComplete) {
  std::set<std::string_view> names;
  for (const formats::Format* f : formats::all()) {
    EXPECT_TRUE(names.insert(f->name).second) << "two formats named " << f->name;
    EXPECT_NE(f->probe, nullptr) << f->name;
    EXPECT_NE(f->identify, nullptr) << f->name;
    EXPECT_FALSE(f->title.empty()) << f->name;
    if (f->supported()) {
      EXPECT_NE(f->describe, nullptr) << f->name;
    }
    for (const formats::Embedding& e : f->embedded_in) {
      EXPECT_NE(formats::find(e.host), nullptr) << f->name << " names an unknown host " << e.host;
      EXPECT_FALSE(e.tags.empty()) << f->name;
    }
    for (const formats::Dump& d : f->dumps) EXPECT_NE(d.write, nullptr) << f->name << " " << d.name;
  }
}

// fxc's listing is one dump name offered by two formats: fxc's (of a DXBC
// container, through its program chunk) and d3d9's (of the whole file).
// Each file gets its reading format's own.
TEST(Registry, ADumpNameOfSeveralFormatsIsTheReadingFormatsOwnFirst) {
  // ps_2_0, then the end token.
  const std::vector<uint8_t> d3d9 = {0x00, 0x02, 0xFF, 0xFF, 0xFF, 0xFF, 0x00, 0x00};
  const formats::Format& reader = formats::reader_for(d3d9);
  ASSERT_EQ(reader.name, "d3d9");
  const auto own = formats::route_dump(reader, "fxc");
  ASSERT_TRUE(own);
  EXPECT_EQ(own->owner, &reader);
  EXPECT_FALSE(own->through_payload);
  TextBuffer out;
  const formats::DumpOutcome o = formats::write_dump(reader, *own, d3d9, {}, out);
  ASSERT_TRUE(o.ok) << (o.error ? o.error->to_string() : o.missing);
  EXPECT_EQ(out.str(), "    ps_2_0\n\n// approximately 0 instruction slots used\n");

  const auto hosted = formats::route_dump(*formats::find("dxcontainer"), "fxc");
  ASSERT_TRUE(hosted);
  EXPECT_EQ(hosted->owner->name, "fxc");
  EXPECT_TRUE(hosted->through_payload);
}

// Where the name alone picks the format (format_offering_dump: the peer output marker
// of `conform --impl`, an input no probe recognises), the formats sharing a
// dump name must mean one output by it.
TEST(Registry, FormatsSharingADumpNameAgreeOnItsPeerMarker) {
  size_t shared = 0;
  for (const formats::Format* f : formats::all())
    for (const formats::Dump& d : f->dumps)
      for (const formats::Format* g : formats::all()) {
        const formats::Dump* other = formats::offered_dump(*g, d.name);
        if (g == f || other == nullptr) continue;
        EXPECT_EQ(d.peer_output_ends_at, other->peer_output_ends_at) << f->name << " and " << g->name << ": " << d.name;
        ++shared;
      }
  EXPECT_GE(shared, 2u);  // fxc's and d3d9's `fxc`, each seen from the other
}

TEST(Registry, EveryFuzzTargetBelongsToARegisteredFormat) {
  ASSERT_FALSE(formats::fuzz_targets().empty());
  std::set<std::string_view> names;
  for (const formats::FuzzTarget& t : formats::fuzz_targets()) {
    EXPECT_TRUE(names.insert(t.name).second) << "two fuzz targets named " << t.name;
    const formats::Format* f = formats::find(t.format);
    ASSERT_NE(f, nullptr) << t.name << " names an unknown format " << t.format;
    EXPECT_TRUE(f->supported()) << t.name;
    EXPECT_FALSE(t.corpus.empty()) << t.name;
  }
}

TEST(Registry, ProfilesAreLenientEachReaderAndStrict) {
  const std::vector<std::string_view> names = formats::profiles().names();
  ASSERT_GE(names.size(), 2u);
  EXPECT_EQ(names.front(), kLenientProfile);
  EXPECT_EQ(names.back(), kStrictProfile);
  EXPECT_FALSE(formats::profiles().rejects(kLenientProfile, Code::digest_mismatch));
  EXPECT_TRUE(formats::profiles().rejects(kStrictProfile, Code::digest_mismatch));
  EXPECT_TRUE(formats::profiles().rejects("vkd3d", Code::digest_mismatch));
  EXPECT_FALSE(formats::profiles().rejects("llvm", Code::digest_mismatch));
  EXPECT_FALSE(formats::profiles().known("nonsense"));
}

TEST(Registry, ADumpOfAnEmbeddedFormatGoesThroughItsHost) {
  const formats::Format& container = *formats::find("dxcontainer");
  const auto route = formats::route_dump(container, "bcanalyzer");
  ASSERT_TRUE(route);
  EXPECT_TRUE(route->through_payload);
  EXPECT_EQ(route->owner->name, "bitcode");
  TextBuffer out;
  const auto with_dxil =
      test::container_of({{"SFI0", test::u32s({0, 0})}, {"DXIL", dxc::build::valid_program(5)}});
  const formats::DumpOutcome o = formats::write_dump(container, *route, with_dxil, {}, out);
  ASSERT_TRUE(o.ok) << (o.error ? o.error->to_string() : o.missing);
  EXPECT_NE(out.str().find("<MODULE_BLOCK"), std::string::npos) << out.str();

  TextBuffer none;
  // An ILDB program alone is no DXIL part: the dump takes the first tag only.
  const auto without = test::container_of({{"SFI0", test::u32s({0, 0})}, {"ILDB", dxc::build::valid_program(5)}});
  const formats::DumpOutcome missing = formats::write_dump(container, *route, without, {}, none);
  EXPECT_FALSE(missing.ok);
  EXPECT_EQ(missing.missing, "the dxcontainer has no DXIL part to dump as bitcode");
  EXPECT_FALSE(formats::route_dump(*formats::find("bitcode"), "obj2yaml"));
}

}  // namespace
}  // namespace sp
