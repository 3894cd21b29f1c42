// The conformance runner's own guarantees: a crash, hang or OOM of an
// implementation is recorded, never fatal; adapter files are checked; the
// worked example adapter (conformance/adapters/example.json) agrees with
// the built-in obj2yaml-22 adapter; the CLI's exit status and reports.
#include <gtest/gtest.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <numeric>

#include "conformance/adapters.h"
#include "conformance/peer_cache.h"
#include "conformance/report.h"
#include "conformance/runner.h"
#include "conformance/shaderprobe_run.h"
#include "conformance/subprocess.h"
#include "conformance/sweeps.h"
#include "core/bytes.h"
#include "formats/read.h"
#include "formats/registry.h"
#include "support/containers.h"
#include "support/test_files.h"
#include "tests/conformance/ci_validation.h"

namespace sp::conform {
namespace {

namespace fs = std::filesystem;

const fs::path kCases = fs::path(SP_SOURCE_DIR) / "conformance/cases/dxcontainer";

AdapterConfig shell_adapter(const std::string& script) {
  AdapterConfig a;
  a.name = "sh";
  a.command = {"sh", "-c", script, "sh", "{input}"};
  a.limits.timeout = std::chrono::milliseconds(2000);
  a.reject_exit = {1};
  return a;
}

TEST(Conform, ForkedWorkCrashingIsRecorded) {
  // A signal, or under ASan its SEGV report and exit status 1.
  const RunResult r = run_forked([] { std::raise(SIGSEGV); });
  EXPECT_EQ(abnormal_end(r), Verdict::crash) << r.err;
  const RunResult fine = run_forked([] { std::fputs("hello", stdout); });
  EXPECT_TRUE(fine.ok());
  EXPECT_EQ(fine.out, "hello");
}

// A forked worker is in a process group of its own (so that its timeout
// kills what it started), out of reach of whatever kills its parent's
// group, so it must end with its parent: a hung worker would otherwise
// outlive the run. Here a worker kills its parent and then waits forever;
// a process made the reaper of its orphaned descendants, whose child the
// worker then becomes, waits for it and keeps how it ended. The reaper's
// timeout only bounds the wait when the worker lives on.
TEST(Conform, AForkedWorkerEndsWithItsParent) {
  Shared<pid_t> worker;
  Shared<int> status;
  RunLimits bound;
  bound.timeout = std::chrono::seconds(60);
  const RunResult reaper = run_forked(
      [&] {
        prctl(PR_SET_CHILD_SUBREAPER, 1);
        (void)run_forked([&] {
          (void)run_forked([&] {
            *worker = getpid();
            kill(getppid(), SIGKILL);
            for (;;) pause();
          });
        });
        if (*worker != 0) waitpid(*worker, &*status, 0);
      },
      bound);
  ASSERT_NE(*worker, 0);
  EXPECT_FALSE(reaper.timed_out) << "the worker outlived its parent";
  EXPECT_TRUE(WIFSIGNALED(*status) && WTERMSIG(*status) == SIGKILL) << *status;
}

// The plain read's worker runs every printer of an accepted input and, when
// one fails or throws, says so on stderr before it aborts: that line is
// the crash's detail, and the line alone makes it a crash.
TEST(Conform, APrinterThatFailsInTheWorkerIsACrashNamedByItsLine) {
  const std::string line = std::string(kPrinterFailed) + " a printer threw: invalid UTF-8 byte at index 1: 0x52";
  const RunResult r = run_forked([&] {
    std::fprintf(stderr, "%s\n", line.c_str());
    std::fflush(stderr);
  });
  EXPECT_EQ(abnormal_end(r), Verdict::crash) << r.err;
  EXPECT_EQ(end_summary(r), line);
  // The nightly's file: accepted, its printers run (its JSON holds the
  // name escaped), and without them too.
  const std::vector<uint8_t> file =
      test::read_file(SP_SOURCE_DIR "/corpus/regressions/dxcontainer/json-ifce-class-name-not-utf8");
  for (const bool printers : {true, false}) {
    Observation what;
    what.printers = printers;
    what.outputs = {"json"};
    const ShaderprobeOutcome o = run_shaderprobe(file, {}, what);
    EXPECT_EQ(o.verdict, Verdict::accept) << o.detail;
    EXPECT_NE(shaderprobe_output(o, "json").value_or("").find("\\\\xE8Red"), std::string::npos);
  }
}

TEST(Conform, AdapterEndingsMapToVerdicts) {
  const fs::path input = kCases / "y_writer_base";
  EXPECT_EQ(run_adapter(shell_adapter("exit 0"), input).verdict, Verdict::accept);
  EXPECT_EQ(run_adapter(shell_adapter("exit 1"), input).verdict, Verdict::reject);
  EXPECT_EQ(run_adapter(shell_adapter("exit 7"), input).verdict, Verdict::crash);  // in neither list
  EXPECT_EQ(run_adapter(shell_adapter("kill -SEGV $$"), input).verdict, Verdict::crash);
  EXPECT_EQ(run_adapter(shell_adapter("echo '==1==ERROR: AddressSanitizer: heap-buffer-overflow' >&2; exit 1"), input).verdict,
            Verdict::crash);
  EXPECT_EQ(run_adapter(shell_adapter("echo 'std::bad_alloc' >&2; exit 1"), input).verdict, Verdict::oom);
  // A hung adapter is ended by its own timeout, and that is its verdict.
  AdapterConfig slow = shell_adapter("sleep 10");
  slow.limits.timeout = std::chrono::milliseconds(200);
  EXPECT_EQ(run_adapter(slow, input).verdict, Verdict::timeout);
}

TEST(Conform, AdapterFilesAreChecked) {
  const fs::path dir = test::scratch_path("conform_adapter");
  fs::create_directories(dir);
  const fs::path file = dir / "a.json";
  for (const char* bad : {R"({"name": "x", "command": ["true"]})", R"({"name": "x", "command": ["true", "{input}"], "tiemout_ms": 1})",
                          R"({"name": "shaderprobe", "command": ["true", "{input}"]})", "not json"}) {
    std::ofstream(file) << bad;
    EXPECT_THROW((void)load_adapter(file), std::runtime_error) << bad;
  }
  std::ofstream(file) << R"({"name": "x", "command": ["./run.sh", "{input}"], "memory_mb": 64, "output": "json"})";
  const AdapterConfig a = load_adapter(file);
  EXPECT_EQ(a.command[0], (dir / "run.sh").string());
  EXPECT_EQ(a.limits.memory_bytes, 64u << 20);
  fs::remove_all(dir);
}

TEST(Conform, ExampleAdapterAgreesWithBuiltInObj2yaml) {
  const auto builtin = builtin_adapter("obj2yaml-22");
  if (!adapter_available(*builtin)) GTEST_SKIP() << "obj2yaml-22 not installed";
  RunnerOptions options;
  options.adapters = {load_adapter(fs::path(SP_SOURCE_DIR) / "conformance/adapters/example.json"), *builtin};
  const auto cases = collect_cases({kCases / "y_writer_base", kCases / "n_dxil_bitcode_offset_7ffffff0",
                                    kCases / "i_parts_out_of_order", kCases / "i_yaml2obj_psv0_v3_mesh"});
  const Report report = run_conformance(cases, options);
  ASSERT_EQ(report.results.size(), 3 * cases.size());
  for (size_t i = 0; i < report.results.size(); i += 3) {
    const Result& example = report.results[i + 1];
    const Result& reference = report.results[i + 2];
    EXPECT_EQ(example.verdict, reference.verdict) << example.case_name;
    EXPECT_EQ(example.agrees, reference.agrees) << example.case_name;
  }
  EXPECT_EQ(report.results[1].agrees, true);                 // y_writer_base: same YAML
  EXPECT_EQ(report.results[4].verdict, Verdict::crash);      // LLVM reads the bitcode out of bounds
  EXPECT_EQ(report.results[7].verdict, Verdict::reject);     // LLVM refuses offsets going backwards
  EXPECT_EQ(shaderprobe_failures(report), 0u);
}

TEST(Conform, BcanalyzerAdapterComparesDumpsAndRecordsItsCrashes) {
  const auto bcanalyzer = builtin_adapter("llvm-bcanalyzer-22");
  if (!adapter_available(*bcanalyzer)) GTEST_SKIP() << "llvm-bcanalyzer-22 not installed";
  const fs::path bitcode = fs::path(SP_SOURCE_DIR) / "conformance/cases/bitcode";
  RunnerOptions options;
  options.adapters = {*bcanalyzer};
  options.truncate = true;
  const auto cases = collect_cases({bitcode / "y_writer_two_modules.bc", bitcode / "n_empty_setrecordname",
                                    bitcode / "n_stream_size_plus_1", bitcode / "i_writer_blockinfo.bc"});
  const Report report = run_conformance(cases, options);
  ASSERT_EQ(report.results.size(), 3 * cases.size());  // plain, truncate, adapter
  // In the order given: y_writer_two_modules, n_empty_setrecordname, n_stream_size_plus_1, i_writer_blockinfo.
  EXPECT_EQ(report.results[2].verdict, Verdict::accept);
  EXPECT_EQ(report.results[2].agrees, true);  // its -dump is shaderprobe's, byte for byte
  EXPECT_EQ(report.results[5].verdict, Verdict::crash);   // std::length_error abort
  EXPECT_EQ(report.results[8].verdict, Verdict::reject);  // not whole words
  EXPECT_EQ(report.results[11].verdict, Verdict::accept);  // a valid bitstream the IR layer rejects (no module)
  EXPECT_EQ(report.results[11].agrees, true);              // and its -dump is shaderprobe's, byte for byte
  // Every prefix of the two modules is rejected or is a whole first module.
  EXPECT_EQ(report.results[1].mismatches, 0u);
  EXPECT_TRUE(report.results[1].every_prefix);
  EXPECT_EQ(shaderprobe_failures(report), 0u);
}

// An implementation is run only on what it reads: a case of another format
// is n/a, unless it carries a payload of one of its formats, which it gets
// on its own (a DXIL part's bitcode), or with whole_host the whole file.
TEST(Conform, AdaptersGetOnlyTheFormatsTheyRead) {
  // Each adapter prints the first four bytes of what it was given.
  AdapterConfig bitcode_reader = shell_adapter("head -c 4 \"$1\"");
  bitcode_reader.name = "bitcode-reader";
  bitcode_reader.formats = {"bitcode"};
  AdapterConfig dxbc_reader = bitcode_reader;
  dxbc_reader.name = "dxbc-reader";
  dxbc_reader.formats = {"fxc"};
  dxbc_reader.whole_host = true;
  RunnerOptions options;
  options.adapters = {bitcode_reader, dxbc_reader};
  const fs::path cases = fs::path(SP_SOURCE_DIR) / "conformance/cases";
  const auto all = collect_cases({kCases / "y_dxil_shader_kind_0", cases / "bitcode/y_writer_two_modules.bc",
                                  cases / "fxc/y_sm40_ps_float"});
  ASSERT_EQ(all.size(), 3u);
  const Report report = run_conformance(all, options);
  ASSERT_EQ(report.results.size(), 9u);  // per case: shaderprobe, then the two adapters
  std::map<std::string, const Result*> by;
  for (const Result& r : report.results) by[fs::path(r.case_name).filename().string() + " " + r.impl] = &r;
  // The container's DXIL bitcode, on its own; the container has no fxc program.
  const Result& payload = *by.at("y_dxil_shader_kind_0 bitcode-reader");
  EXPECT_EQ(payload.verdict, Verdict::accept);
  EXPECT_EQ(payload.met, std::nullopt);  // the expectation is the whole file's
  EXPECT_NE(payload.detail.find("given parts[0].DXIL (bitcode, "), std::string::npos) << payload.detail;
  EXPECT_EQ(by.at("y_dxil_shader_kind_0 dxbc-reader")->verdict, Verdict::not_applicable);
  // Bitcode is the bitcode reader's own format, and no container.
  EXPECT_EQ(by.at("y_writer_two_modules.bc bitcode-reader")->met, true);
  EXPECT_EQ(by.at("y_writer_two_modules.bc dxbc-reader")->verdict, Verdict::not_applicable);
  // The fxc program's container, whole.
  const Result& whole = *by.at("y_sm40_ps_float dxbc-reader");
  EXPECT_EQ(whole.met, true);
  EXPECT_NE(whole.detail.find("carries parts["), std::string::npos) << whole.detail;
  EXPECT_EQ(by.at("y_sm40_ps_float bitcode-reader")->verdict, Verdict::not_applicable);
  const auto summary = summarize(report);
  EXPECT_EQ(summary["impls"]["dxbc-reader"]["n/a"], 2);
  EXPECT_EQ(summary["impls"]["bitcode-reader"]["n/a"], 1);
}

TEST(Conform, TruncatePlanReadsEveryPrefixOfSmallInputs) {
  const TruncatePlan small = plan_truncate(10, {4, 10});
  EXPECT_EQ(small.lengths, (std::vector<uint64_t>{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}));
  EXPECT_TRUE(small.every_prefix);
  EXPECT_EQ(small.boundaries, 2u);
  EXPECT_EQ(small.boundaries_cut, 2u);
  EXPECT_EQ(plan_truncate(kTruncateAllBelow, {}).lengths.size(), kTruncateAllBelow);
}

// Above kTruncateAllBelow: the head, the last byte, around each boundary
// while the budget lasts, samples between, and never more than the budget.
TEST(Conform, TruncatePlanCutsAroundBoundariesWithinItsBudget) {
  const uint64_t size = 1u << 20;
  const TruncatePlan few = plan_truncate(size, {100, 70000, 500000, size});
  EXPECT_FALSE(few.every_prefix);
  EXPECT_EQ(few.boundaries_cut, 4u);
  for (const uint64_t n : {uint64_t{0}, kTruncateHead - 1, uint64_t{69999}, uint64_t{70000}, uint64_t{70001},
                           uint64_t{500001}, size - 1})
    EXPECT_TRUE(std::binary_search(few.lengths.begin(), few.lengths.end(), n)) << n;
  EXPECT_TRUE(std::is_sorted(few.lengths.begin(), few.lengths.end()));
  uint64_t read_few = 0;
  for (const uint64_t n : few.lengths) read_few += n >= kTruncateHead ? n : 0;
  EXPECT_LE(read_few, kTruncateBudget * size);
  EXPECT_GT(few.lengths.size(), kTruncateHead + 1 + 7 + 64);  // samples between, as many as the budget allows

  // A 24 MB file with a boundary every 100 bytes: far more than the budget.
  const uint64_t large = 24'000'000;
  std::vector<uint64_t> dense;
  for (uint64_t b = 100; b < large; b += 100) dense.push_back(b);
  const TruncatePlan plan = plan_truncate(large, dense);
  EXPECT_EQ(plan.boundaries, dense.size());
  EXPECT_GT(plan.boundaries_cut, 40u);
  EXPECT_LT(plan.boundaries_cut, dense.size());
  uint64_t read = 0;
  for (const uint64_t n : plan.lengths) read += n >= kTruncateHead ? n : 0;
  EXPECT_LE(read, kTruncateBudget * large);
  // The cut boundaries spread over the file, its last tenth included.
  EXPECT_TRUE(std::any_of(plan.lengths.begin(), plan.lengths.end(),
                          [&](uint64_t n) { return n > large / 10 * 9 && n % 100 == 1; }));
}

TEST(Conform, MisalignTakesEveryOffsetOfSmallInputs) {
  EXPECT_EQ(misalign_offsets(100).size(), 16u);  // the aligned read, then 1..15
  EXPECT_EQ(misalign_offsets(kMisalignAllBelow + 1), (std::vector<uint64_t>{0, 1, 2, 4, 8}));
}

// Copies are compared with the aligned read (offset 0) once every slice is
// in; without it (its worker crashed) nothing is compared.
TEST(Conform, MisalignComparesCopiesWithTheAlignedRead) {
  SweepCounts counts;
  counts.digests = {{1, 7}, {0, 7}, {2, 9}, {3, 9}};
  counts.compare_copies();
  EXPECT_EQ(counts.mismatches, 2u);
  EXPECT_EQ(counts.detail, "first mismatch: copy at offset 2");
  SweepCounts orphan;
  orphan.digests = {{1, 7}, {2, 9}};
  orphan.compare_copies();
  EXPECT_EQ(orphan.mismatches, 0u);
}

// A worker that dies is followed by one that resumes after the item it
// died on, in the same unit or the next: here every worker's time is up
// after 1 ms (about the time a worker takes to start), and still each
// item is counted once, as read or as the timeout that ended it.
TEST(Conform, SweepWorkersThatDieAreResumedAfterTheirItem) {
  const auto input = test::read_file(kCases / "y_yaml2obj_sig_name_quoting");
  std::vector<uint64_t> lengths(input.size());
  std::iota(lengths.begin(), lengths.end(), uint64_t{0});
  const std::vector<uint64_t> offsets = misalign_offsets(input.size());
  const std::span<const uint64_t> all(lengths);
  const std::vector<SweepUnit> units = {{SweepKind::truncate, input, all.first(48)},
                                        {SweepKind::misalign, input, offsets},
                                        {SweepKind::truncate, input, all.subspan(all.size() - 48)}};
  Shared<std::atomic<uint64_t>> done;
  const std::vector<SweepCounts> counts = run_sweeps(units, {std::chrono::milliseconds(1), 0}, &*done);
  ASSERT_EQ(counts.size(), units.size());
  uint64_t items = 0, timeouts = 0;
  for (size_t k = 0; k < units.size(); ++k) {
    EXPECT_EQ(counts[k].runs, units[k].items.size()) << k;
    EXPECT_EQ(counts[k].crashes, 0u) << k;
    EXPECT_EQ(counts[k].mismatches, 0u) << k;
    items += units[k].items.size();
    timeouts += counts[k].timeouts;
  }
  EXPECT_GT(timeouts, 0u);
  EXPECT_EQ(done->load(), items);
  // The copies read before their workers' time was up agree.
  SweepCounts copies = counts[1];
  copies.compare_copies();
  EXPECT_EQ(copies.mismatches, 0u);
}

// The plain runs of several inputs share a worker and come back one
// outcome each: all of them as their own runs give them, and, when every
// worker's time is up after 1 ms, each either that or the timeout that
// ended it, never another run's.
TEST(Conform, PlainRunsInOneWorkerEachGetTheirOwnOutcome) {
  const std::vector<std::string> names = {"y_writer_base", "n_rts0_aliased_tables", "y_yaml2obj_sig_name_quoting",
                                          "y_dxil_shader_kind_0"};
  std::vector<std::vector<uint8_t>> inputs;
  for (const std::string& name : names) inputs.push_back(test::read_file(kCases / name));
  Observation what;
  what.outputs = {"json"};
  std::vector<PlainRun> runs;
  std::vector<ShaderprobeOutcome> alone;
  for (const auto& input : inputs) {
    runs.push_back({&input, what});
    alone.push_back(run_shaderprobe(input, {}, what));
  }
  const std::vector<ShaderprobeOutcome> together = run_shaderprobe(runs, {});
  const std::vector<ShaderprobeOutcome> cut_short = run_shaderprobe(runs, {std::chrono::milliseconds(1), 0});
  ASSERT_EQ(together.size(), runs.size());
  ASSERT_EQ(cut_short.size(), runs.size());
  size_t timeouts = 0;
  for (size_t k = 0; k < runs.size(); ++k) {
    EXPECT_EQ(together[k].verdict, alone[k].verdict) << names[k];
    EXPECT_EQ(together[k].detail, alone[k].detail) << names[k];
    EXPECT_EQ(together[k].outputs, alone[k].outputs) << names[k];
    if (cut_short[k].verdict == Verdict::timeout) {
      ++timeouts;
    } else {
      EXPECT_EQ(cut_short[k].verdict, alone[k].verdict) << names[k];
      EXPECT_EQ(cut_short[k].outputs, alone[k].outputs) << names[k];
    }
  }
  EXPECT_EQ(alone[1].verdict, Verdict::reject);
  EXPECT_GT(timeouts, 0u);
}

// The formats report where their structures begin and end: the
// container's header, table and parts, with the DXIL bitcode's blocks
// moved to where the part holds them; a bitcode file's blocks to its end.
TEST(Conform, FormatsReportTheirStructureBoundaries) {
  const auto container = test::read_file(kCases / "y_dxil_shader_kind_0");
  const formats::FileRead r = formats::read(formats::reader_for(container), container);
  ASSERT_TRUE(r.ok());
  const std::vector<uint64_t> b = formats::boundaries(r, container);
  const auto has = [&](uint64_t n) { return std::binary_search(b.begin(), b.end(), n); };
  const uint64_t first_part = load_le<uint32_t>(container.data() + 32);
  EXPECT_TRUE(has(32));
  EXPECT_TRUE(has(first_part));
  EXPECT_TRUE(has(first_part + 8));
  ASSERT_EQ(r.embedded.size(), 1u);
  const uint64_t bitcode = r.embedded[0].payload.offset;
  EXPECT_TRUE(has(bitcode));
  EXPECT_TRUE(std::any_of(b.begin(), b.end(), [&](uint64_t n) { return n > bitcode + 4; }));  // its blocks

  const auto two = test::read_file(fs::path(SP_SOURCE_DIR) / "conformance/cases/bitcode/y_writer_two_modules.bc");
  const std::vector<uint64_t> blocks = formats::boundaries(formats::read(formats::reader_for(two), two), two);
  EXPECT_GT(blocks.size(), 4u);
  EXPECT_EQ(blocks.back(), two.size());  // the last block ends the file
}

// A part with no data ends the input with its header: its fourcc, size
// and (empty) data still begin there, and the input's end is its end.
TEST(Conform, AnEmptyLastPartHasItsBoundaries) {
  const std::vector<uint8_t> container = test::container_of({{"PRIV", {}}});
  ASSERT_EQ(container.size(), 44u);  // header 32, one offset, the part's header
  const formats::FileRead r = formats::read(formats::reader_for(container), container);
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(formats::boundaries(r, container), (std::vector<uint64_t>{32, 36, 40, 44}));
}

TEST(ConformCli, UnmetExpectationExitsOneAndReportsIt) {
  const fs::path dir = test::scratch_path("conform_cli");
  fs::create_directories(dir / "cases");
  fs::copy_file(kCases / "n_part_offset_past_end", dir / "cases" / "y_mislabelled", fs::copy_options::overwrite_existing);
  fs::copy_file(kCases / "y_writer_base", dir / "cases" / "plain_input", fs::copy_options::overwrite_existing);
  const std::string json = (dir / "r.json").string(), html = (dir / "r.html").string();
  const RunResult r = run_command({SP_CLI, "conform", "-q", "--sweep", "truncate", "--json", json, "--html", html,
                                   (dir / "cases").string()});
  EXPECT_EQ(r.exit_code, 1) << r.err;
  const auto report = nlohmann::json::parse(std::ifstream(json));
  ASSERT_EQ(report["results"].size(), 4u);
  const auto& plain = report["results"][0];  // plain_input sorts first
  EXPECT_EQ(plain["case"], (dir / "cases/plain_input").string());
  EXPECT_TRUE(plain["met"].is_null());
  EXPECT_GT(plain["seconds"], 0.0);
  EXPECT_GT(plain["max_rss_bytes"], 1u << 20);  // the worker's peak RSS, at least a MiB
  const auto& sweep = report["results"][1];
  EXPECT_EQ(sweep["sweep"], "truncate");
  EXPECT_EQ(sweep["every_prefix"], true);
  EXPECT_EQ(sweep["runs"], fs::file_size(dir / "cases/plain_input"));
  EXPECT_GT(sweep["boundaries"], 3u);
  EXPECT_EQ(sweep["boundaries_cut"], sweep["boundaries"]);
  EXPECT_EQ(report["results"][2]["met"], false);
  EXPECT_EQ(report["summary"]["shaderprobe_failures"], 1);
  EXPECT_EQ(report["summary"]["fail_on"], nlohmann::json({"crash", "unmet"}));
  ASSERT_EQ(report["findings"].size(), 1u);
  EXPECT_EQ(report["findings"][0]["case"], (dir / "cases/y_mislabelled").string());
  EXPECT_EQ(report["findings"][0]["kind"], "unmet");
  EXPECT_EQ(report["run"]["versions"]["shaderprobe"], SP_VERSION);
  EXPECT_NE(report["run"]["command_line"].get<std::string>().find("conform -q --sweep truncate"), std::string::npos);
  EXPECT_NE(r.out.find("FAILED"), std::string::npos);
  EXPECT_NE(r.out.find("`" + (dir / "cases/y_mislabelled").string() + "` shaderprobe: unmet"), std::string::npos) << r.out;
  EXPECT_TRUE(fs::file_size(html) > 0);
  EXPECT_EQ(run_command({SP_CLI, "conform", "--sweep", "sideways", (dir / "cases").string()}).exit_code, 2);
  EXPECT_EQ(run_command({SP_CLI, "conform", "--impl", "nonesuch", (dir / "cases").string()}).exit_code, 2);
  EXPECT_EQ(run_command({SP_CLI, "conform", "--fail-on", "everything", (dir / "cases").string()}).exit_code, 2);
  // --fail-on none: the unmet expectation is reported, not fatal.
  const RunResult lenient = run_command({SP_CLI, "conform", "-q", "--fail-on", "none", (dir / "cases").string()});
  EXPECT_EQ(lenient.exit_code, 0) << lenient.err;
  EXPECT_NE(lenient.out.find("### Reported, not fatal (1)"), std::string::npos) << lenient.out;
  fs::remove_all(dir);
}

// Names are the paths as given: two folders' x.bin stay two cases, a
// symlink keeps its own name, the same file given twice is one case; no
// input at all is a usage error.
TEST(ConformCli, CasesAreNamedByThePathsAsGiven) {
  const fs::path dir = test::scratch_path("conform_names");
  fs::remove_all(dir);
  fs::create_directories(dir / "a");
  fs::create_directories(dir / "b");
  fs::create_directories(dir / "empty");
  fs::copy_file(kCases / "y_writer_base", dir / "a/x.bin");
  fs::copy_file(kCases / "n_part_offset_past_end", dir / "b/x.bin");
  fs::create_symlink(dir / "a/x.bin", dir / "link");
  const std::string json = (dir / "r.json").string();
  const RunResult r = run_command({SP_CLI, "conform", "-q", "--json", json, (dir / "a/").string(), (dir / "b").string(),
                                   (dir / "link").string(), (dir / "a/x.bin").string()});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  const auto report = nlohmann::json::parse(std::ifstream(json));
  std::vector<std::string> names;
  for (const auto& c : report["cases"]) names.push_back(c["case"]);
  EXPECT_EQ(names, (std::vector<std::string>{(dir / "a/x.bin").string(), (dir / "b/x.bin").string(),
                                             (dir / "link").string()}));
  EXPECT_EQ(report["results"][1]["verdict"], "reject");  // b's x.bin is its own case
  const RunResult none = run_command({SP_CLI, "conform", (dir / "empty").string()});
  EXPECT_EQ(none.exit_code, 2);
  EXPECT_NE(none.err.find("no inputs found"), std::string::npos) << none.err;
  EXPECT_EQ(run_command({SP_CLI, "conform"}).exit_code, 2);
  fs::remove_all(dir);
}

// A folder of inputs with no y_/n_/i_ names: another implementation's
// crash and disagreement are named by file in every report, and
// --fail-on decides whether they fail the run.
class ConformFindings : public ::testing::Test {
 protected:
  void SetUp() override {
    fs::remove_all(dir_);
    fs::create_directories(dir_ / "inputs");
    fs::copy_file(kCases / "y_writer_base", dir_ / "inputs/good.dxbc");
    fs::copy_file(kCases / "y_dxil_shader_kind_0", dir_ / "inputs/crashes peer.dxbc");
    // Crashes on one file, rejects every other (shaderprobe accepts both).
    std::ofstream(dir_ / "peer.json") << R"({"name": "picky", "command": ["sh", "-c", )"
                                         R"("case \"$1\" in *crashes*) kill -SEGV $$;; esac; exit 1", "sh", "{input}"]})";
  }
  void TearDown() override { fs::remove_all(dir_); }
  RunResult conform(std::vector<std::string> extra) {
    std::vector<std::string> argv = {SP_CLI, "conform", "-q", "--adapter", (dir_ / "peer.json").string()};
    argv.insert(argv.end(), extra.begin(), extra.end());
    argv.push_back((dir_ / "inputs").string());
    return run_command(argv);
  }
  const fs::path dir_ = test::scratch_path("conform_findings");
};

TEST_F(ConformFindings, EveryReportNamesThemByFile) {
  const std::string json = (dir_ / "r.json").string(), html = (dir_ / "r.html").string();
  const std::string sarif = (dir_ / "r.sarif").string(), junit = (dir_ / "r.xml").string();
  const RunResult r = conform({"--json", json, "--html", html, "--sarif", sarif, "--junit", junit});
  EXPECT_EQ(r.exit_code, 0) << r.err;  // another implementation's findings are reported only
  const std::string crashed = (dir_ / "inputs/crashes peer.dxbc").string(), good = (dir_ / "inputs/good.dxbc").string();
  EXPECT_NE(r.out.find("- `" + crashed + "` picky: crash"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("- `" + good + "` picky: disagree — rejected; shaderprobe accepts"), std::string::npos) << r.out;
  const auto report = nlohmann::json::parse(std::ifstream(json));
  ASSERT_EQ(report["findings"].size(), 2u);
  EXPECT_EQ(report["findings"][0]["case"], crashed);
  EXPECT_EQ(report["findings"][0]["kind"], "crash");
  EXPECT_EQ(report["findings"][0]["fails"], false);
  EXPECT_EQ(report["summary"]["impls"]["picky"]["disagrees"], 1);
  EXPECT_EQ(report["run"]["versions"]["picky"], "unknown");  // `sh --version` fails
  std::ifstream page(html);
  const std::string text{std::istreambuf_iterator<char>(page), std::istreambuf_iterator<char>()};
  EXPECT_NE(text.find("rejected; shaderprobe accepts"), std::string::npos);  // in the page, not a tooltip
  EXPECT_NE(text.find("href=\"inputs/crashes%20peer.dxbc\""), std::string::npos);
  EXPECT_NE(text.find("<input id=\"filter\""), std::string::npos);
  const auto log = nlohmann::json::parse(std::ifstream(sarif));
  ASSERT_EQ(log["runs"][0]["results"].size(), 2u);
  EXPECT_EQ(log["runs"][0]["results"][0]["level"], "warning");
  EXPECT_EQ(log["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["artifactLocation"]["uri"],
            ci::uri_reference(crashed));
  const auto sarif_problems = test::ci_output_problems("sarif", sarif);
  const auto junit_problems = test::ci_output_problems("junit", junit);
  if (!sarif_problems || !junit_problems) GTEST_SKIP() << "no python3 with jsonschema";
  EXPECT_EQ(*sarif_problems, "");
  EXPECT_EQ(*junit_problems, "");
}

TEST_F(ConformFindings, FailOnChoosesWhatFails) {
  EXPECT_EQ(conform({"--fail-on", "disagree"}).exit_code, 1);
  EXPECT_EQ(conform({"--fail-on", "peer-crash"}).exit_code, 1);
  EXPECT_EQ(conform({"--fail-on", "crash,unmet,peer-unmet"}).exit_code, 0);  // no expectations to miss
  const RunResult junit = conform({"--fail-on", "peer-crash", "--format", "junit"});
  EXPECT_NE(junit.out.find("<testsuite name=\"conform picky\" tests=\"2\" failures=\"1\""), std::string::npos)
      << junit.out;
}

// -j: the same results whatever the number of workers.
TEST(Conform, WorkersAtOnceGiveTheSameResults) {
  RunnerOptions options;
  options.truncate = options.misalign = true;
  AdapterConfig peer = shell_adapter("head -c 1 \"$1\" | grep -q D");
  options.adapters = {peer};
  const auto cases = collect_cases({kCases / "y_writer_base", kCases / "n_part_offset_past_end",
                                    fs::path(SP_SOURCE_DIR) / "conformance/cases/bitcode/y_writer_two_modules.bc"});
  const Report one = run_conformance(cases, options);
  options.jobs = 3;
  const Report three = run_conformance(cases, options);
  auto same = [](const Report& r) {
    nlohmann::ordered_json j = report_json(r);
    for (auto& res : j["results"]) res.erase("seconds"), res.erase("max_rss_bytes");
    return j["results"];
  };
  EXPECT_EQ(same(one), same(three));
  EXPECT_EQ(shaderprobe_failures(three), 0u);
}

// A peer's run is kept by adapter and input: asked again, the folder
// answers, not the peer, and the run is read again by the adapter asking.
// Other bytes, another command or limit, or a kept input that differs run
// the peer again, and a crash is never kept.
TEST(Conform, PeerCacheAnswersForTheSameAdapterAndBytes) {
  const fs::path dir = test::scratch_path("conform_peer_cache");
  fs::remove_all(dir);
  fs::create_directories(dir);
  const fs::path runs = dir / "runs", input = dir / "input";
  const auto peer_runs = [&] {
    std::ifstream in(runs);
    return std::count(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>(), '\n');
  };
  const auto given = [&](std::string_view bytes) {
    std::ofstream(input, std::ios::binary) << bytes;
    return test::read_file(input);
  };
  // Prints the input's first four bytes; rejects inputs starting with x.
  const AdapterConfig a = shell_adapter("echo >> '" + runs.string() + "'; head -c 4 \"$1\"; ! grep -q '^x' \"$1\"");
  const PeerCache cache(dir / "cache");
  const std::vector<uint8_t> abc = given("abcdef");
  for (int k = 0; k < 2; ++k) {
    const AdapterOutcome o = cache.run(a, input, abc);
    EXPECT_EQ(o.verdict, Verdict::accept);
    EXPECT_EQ(o.out, "abcd");
  }
  EXPECT_EQ(peer_runs(), 1);
  const std::vector<uint8_t> xyz = given("xyz");
  EXPECT_EQ(cache.run(a, input, xyz).verdict, Verdict::reject);
  EXPECT_EQ(cache.run(a, input, xyz).verdict, Verdict::reject);
  EXPECT_EQ(peer_runs(), 2);
  // The kept run is read again: exit 0 means what this adapter says.
  AdapterConfig zero_rejects = a;
  zero_rejects.accept_exit = {1};
  zero_rejects.reject_exit = {};
  EXPECT_EQ(cache.run(zero_rejects, input, abc).verdict, Verdict::reject);
  EXPECT_EQ(cache.run(zero_rejects, input, xyz).verdict, Verdict::accept);
  EXPECT_EQ(peer_runs(), 2);
  AdapterConfig slower = a;
  slower.limits.timeout = std::chrono::milliseconds(3000);
  EXPECT_EQ(cache.run(slower, input, xyz).verdict, Verdict::reject);
  EXPECT_EQ(peer_runs(), 3);
  const AdapterConfig crashing = shell_adapter("echo >> '" + runs.string() + "'; exit 7");
  EXPECT_EQ(cache.run(crashing, input, xyz).verdict, Verdict::crash);
  EXPECT_EQ(cache.run(crashing, input, xyz).verdict, Verdict::crash);
  EXPECT_EQ(peer_runs(), 5);
  // An entry holds its input whole: one whose bytes differ answers nothing.
  for (const auto& e : fs::directory_iterator(dir / "cache")) {
    std::fstream f(e.path(), std::ios::in | std::ios::out | std::ios::binary);
    std::string head;
    std::getline(f, head);
    f.seekp(static_cast<std::streamoff>(head.size() + 1));
    f.put('!');
  }
  EXPECT_FALSE(cache.find(a, abc).has_value());
  EXPECT_FALSE(cache.find(a, xyz).has_value());
  // Through the runner: a second run gives the same results, the peer unasked.
  RunnerOptions options;
  options.adapters = {a};
  options.peer_cache = dir / "runner-cache";
  const auto cases = collect_cases({kCases / "y_writer_base", kCases / "n_part_offset_past_end"});
  const auto results = [](const Report& r) {
    nlohmann::ordered_json j = report_json(r);
    for (auto& res : j["results"]) res.erase("seconds"), res.erase("max_rss_bytes");
    return j["results"];
  };
  const auto before = peer_runs();
  const Report first = run_conformance(cases, options);
  EXPECT_EQ(peer_runs(), before + 2);
  EXPECT_EQ(results(run_conformance(cases, options)), results(first));
  EXPECT_EQ(peer_runs(), before + 2);
  fs::remove_all(dir);
}

}  // namespace
}  // namespace sp::conform
