// VSL compiled shaders (parsers/vbc) on whole files.
//
// Every input is read by the structural reader (ReadOptions::validate_spirv
// off: the header and records, every limit, and each stage's SPIR-V walked
// by spirv_module.cpp), at two alignments. Properties:
//  - the same error and warnings at another alignment;
//  - an error has a known code (never internal_error) and an offset inside
//    the input, and so has every warning;
//  - write(parse(x)) == x: the model keeps every byte (padding, the older
//    uniform layout, every stage).
//
// One input in kSampleEvery, picked by a hash of its bytes (so a crash
// reproduces, and the corpus merge keeps the inputs that reached this path
// for what they cover), is also read as `check` and `dump` read it: through
// the registry, each stage through SPIRV-Tools' validator, then described
// (dump --format=json, and the YAML renderer every dump uses) and dumped
// with every dump the format offers (spirv: SPIRV-Tools' disassembler).
// That path costs many times what the rest does: SPIRV-Tools'
// validator and the JSON tree allocate thousands of blocks, each several
// times costlier under ASan. Taken by every input it would slow the target
// down as much, and most inputs would gain nothing from it: their SPIR-V
// is a seed's (valid) or does not walk. kSampleEvery is the largest share
// that keeps the target's rate near that of the other whole-file targets
// while still validating many inputs a second (bench/README.md, "Fuzzing
// rates"). The sample keeps the differential, that the
// in-process validator only adds SPIR-V errors to what the structural
// reader finds:
//  - where the structural read fails, the validated read fails with the
//    same error, or with SPIRV-Tools' spirv_invalid or the friendly-name
//    limit_exceeded of a stage;
//  - where it succeeds, the validated read either gives the same warnings
//    or fails with one of those two errors;
//  - where every stage is one of conformance/vbc's SPIR-V samples, which
//    spirv-val accepts (VbcSpirv.*), the validated read accepts the file:
//    SPIRV-Tools rejecting a sample means it was not handed the stage's
//    words (the rule above alone lets any spirv_invalid through);
//  - identify prints a line; an accepted file describes, and every dump
//    ends in text.
// Under libFuzzer it mutates the decoded model (support/vbc_mutator.h).
#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include "conformance/vbc/spirv_samples.h"
#include "formats/read.h"
#include "formats/registry.h"
#include "support/fuzz_check.h"
#include "support/printer_checks.h"
#include "support/vbc_mutator.h"
#include "vbc/shader.h"

namespace {

constexpr uint64_t kSampleEvery = 64;

std::string text_of(const std::optional<sp::Diagnostic>& d) { return d ? d->to_string() : "(none)"; }

sp::vbc::ParseResult structural(sp::Bytes input) {
  return sp::vbc::parse_shader(input, sp::Limits{}, 0, {.validate_spirv = false});
}


// An error only SPIRV-Tools finds: its validation of a stage, or the
// friendly-name bound checked before it.
bool spirv_tools_error(const sp::Diagnostic& d) {
  return (d.code == sp::Code::spirv_invalid || d.code == sp::Code::limit_exceeded) && d.path.starts_with("stages.");
}

// Whether every present stage is byte for byte one of the SPIR-V samples
// (the mutator splices them in whole; the seeds are made of them).
bool stages_are_samples(const sp::vbc::Shader& shader) {
  const auto samples = sp::vbc::build::spirv_samples();
  return std::all_of(shader.stages.begin(), shader.stages.end(), [&](const sp::vbc::StageCode& stage) {
    return !stage.present() || std::any_of(samples.begin(), samples.end(), [&](const sp::vbc::build::SpirvSample& s) {
      return std::equal(stage.code.begin(), stage.code.end(), s.bytes.begin(), s.bytes.end());
    });
  });
}

void check_validated(sp::Bytes input, const sp::vbc::ParseResult& plain) {
  const sp::formats::Format& format = *sp::formats::find("vbc");
  sp::fuzz::check(!format.identify(input).empty(), "identify printed nothing");
  const sp::formats::FileRead r = sp::formats::read(format, input);
  if (r.error && r.error != plain.error)
    sp::fuzz::check(spirv_tools_error(*r.error), "the validated read fails otherwise than the structural read",
                    text_of(r.error) + "\nvs\n" + text_of(plain.error));
  if (plain.ok() && stages_are_samples(*plain.shader))
    sp::fuzz::check(r.ok(), "SPIRV-Tools rejects a stage that is a SPIR-V sample", text_of(r.error));
  if (!r.ok()) return;
  sp::fuzz::check(plain.ok(), "the validated read accepts what the structural read rejects", text_of(plain.error));
  sp::fuzz::check(r.warnings == plain.warnings, "the validated read gives other warnings");
  sp::fuzz::check_description(sp::formats::describe(r));
  // A dump of a file the read rejects ends in the read's error by
  // construction (it reads the file first); of one it accepts, in text.
  for (const sp::formats::DumpText& d : sp::formats::write_every_dump(format, input))
    sp::fuzz::check(d.ok && !d.text.empty(), "a dump of an accepted file failed",
                    std::string(d.name) + ": " + text_of(d.error));
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const sp::Bytes input(data, size);
  const sp::fuzz::MisalignedCopy copy(input);
  const sp::Bytes moved = copy.bytes();

  const sp::vbc::ParseResult a = structural(input);
  const sp::vbc::ParseResult b = structural(moved);
  sp::fuzz::check_same_diagnostics(a.error, a.warnings, b.error, b.warnings);
  sp::fuzz::check(a.ok() == a.shader.has_value(), "a parse must end in a model or in one error");
  if (a.error) sp::fuzz::check_diagnostic_shape(*a.error, size);
  for (const sp::Diagnostic& w : a.warnings) sp::fuzz::check_diagnostic_shape(w, size);

  if (a.ok()) {
    const std::vector<uint8_t> written = sp::vbc::write_shader(*a.shader);
    sp::fuzz::check_same_bytes(written, input, "write(parse(x)) is not x");
  }
  if (sp::fuzz::Sample(input).one_in(kSampleEvery)) check_validated(input, a);
  return 0;
}
