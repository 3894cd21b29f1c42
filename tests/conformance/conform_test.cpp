// The conformance runner's own guarantees: a crash, hang or OOM of an
// implementation is recorded, never fatal; adapter files are checked; the
// worked example adapter (conformance/adapters/example.json) agrees with
// the built-in obj2yaml-22 adapter; the CLI's exit status and reports.
#include <gtest/gtest.h>

#include <csignal>
#include <filesystem>
#include <fstream>
#include <map>

#include "conformance/adapters.h"
#include "conformance/report.h"
#include "conformance/runner.h"
#include "conformance/subprocess.h"
#include "conformance/sweeps.h"
#include "support/test_files.h"

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

TEST(Conform, AdapterEndingsMapToVerdicts) {
  const fs::path input = kCases / "y_writer_base";
  EXPECT_EQ(run_adapter(shell_adapter("exit 0"), input).verdict, Verdict::accept);
  EXPECT_EQ(run_adapter(shell_adapter("exit 1"), input).verdict, Verdict::reject);
  EXPECT_EQ(run_adapter(shell_adapter("exit 7"), input).verdict, Verdict::crash);  // in neither list
  EXPECT_EQ(run_adapter(shell_adapter("kill -SEGV $$"), input).verdict, Verdict::crash);
  EXPECT_EQ(run_adapter(shell_adapter("echo '==1==ERROR: AddressSanitizer: heap-buffer-overflow' >&2; exit 1"), input).verdict,
            Verdict::crash);
  EXPECT_EQ(run_adapter(shell_adapter("echo 'std::bad_alloc' >&2; exit 1"), input).verdict, Verdict::oom);
  AdapterConfig slow = shell_adapter("sleep 10");
  slow.limits.timeout = std::chrono::milliseconds(200);
  const auto start = std::chrono::steady_clock::now();
  EXPECT_EQ(run_adapter(slow, input).verdict, Verdict::timeout);
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(5));
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
  // Sorted by name: i_writer_blockinfo, n_empty_setrecordname, n_stream_size_plus_1, y_writer_two_modules.
  EXPECT_EQ(report.results[2].verdict, Verdict::accept);  // a valid bitstream the IR layer rejects (no module)
  EXPECT_EQ(report.results[2].agrees, true);              // and its -dump is shaderprobe's, byte for byte
  EXPECT_EQ(report.results[5].verdict, Verdict::crash);   // std::length_error abort
  EXPECT_EQ(report.results[8].verdict, Verdict::reject);  // not whole words
  EXPECT_EQ(report.results[11].verdict, Verdict::accept);
  EXPECT_EQ(report.results[11].agrees, true);
  // Every prefix of the two modules is rejected or is a whole first module.
  EXPECT_EQ(report.results[10].mismatches, 0u);
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
  for (const Result& r : report.results) by[r.case_name + " " + r.impl] = &r;
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

TEST(Conform, TruncateLengthsSampleLargeInputs) {
  EXPECT_EQ(truncate_lengths(10).size(), 10u);
  EXPECT_EQ(truncate_lengths(kTruncateAllBelow).size(), kTruncateAllBelow);
  const auto big = truncate_lengths(1u << 20);
  EXPECT_EQ(big.size(), 4096u + 8192u + 4096u);
  EXPECT_TRUE(std::is_sorted(big.begin(), big.end()));
  EXPECT_EQ(big.back(), (1u << 20) - 1);
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
  EXPECT_EQ(plain["case"], "plain_input");
  EXPECT_TRUE(plain["met"].is_null());
  EXPECT_EQ(report["results"][2]["case"], "y_mislabelled");
  EXPECT_EQ(report["results"][2]["met"], false);
  EXPECT_EQ(report["results"][3]["sweep"], "truncate");
  EXPECT_EQ(report["summary"]["shaderprobe_failures"], 1);
  EXPECT_NE(r.out.find("FAILED"), std::string::npos);
  EXPECT_TRUE(fs::file_size(html) > 0);
  EXPECT_EQ(run_command({SP_CLI, "conform", "--sweep", "sideways", (dir / "cases").string()}).exit_code, 2);
  EXPECT_EQ(run_command({SP_CLI, "conform", "--impl", "nonesuch", (dir / "cases").string()}).exit_code, 2);
  fs::remove_all(dir);
}

}  // namespace
}  // namespace sp::conform
