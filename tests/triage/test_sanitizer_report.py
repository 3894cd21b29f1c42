"""The sanitizer-output parser on real reports (tests/data/triage/record
recorded them from programs/buggy_target.cpp; project_*.txt are crashes of
scripts/mutants' planted bugs in shaderprobe's own fuzz targets)."""
import shutil
import unittest

from sptriage import sanitizer_report, severity

from .support import report_text

PROGRAM = "tests/data/triage/programs/buggy_target.cpp"
FUZZ_ENTRY = "LLVMFuzzerTestOneInput"

# report -> (crash type, crash state, location line, has address, severity)
EXPECTED = {
    "heap_buffer_overflow_read": ("Heap-buffer-overflow READ 1", ["demo::heap_overflow_read", FUZZ_ENTRY], 26, True,
                                  "Medium"),
    "heap_buffer_overflow_write": ("Heap-buffer-overflow WRITE 4", ["demo::heap_overflow_write", FUZZ_ENTRY], 31,
                                   True, "High"),
    "stack_buffer_overflow_read": ("Stack-buffer-overflow READ 1", ["demo::stack_overflow_read", FUZZ_ENTRY], 39,
                                   True, "Medium"),
    "heap_use_after_free": ("Heap-use-after-free READ 1", ["demo::use_after_free", FUZZ_ENTRY], 46, True, "High"),
    # free() is a tail call in double_free, so the caller's frame is gone:
    # the state is what the real stack holds.
    "double_free": ("Heap-double-free", [FUZZ_ENTRY], 141, True, "High"),
    "segv_unknown_address": ("Segv on unknown address READ", ["demo::wild_read", FUZZ_ENTRY], 58, True, "Medium"),
    "null_dereference": ("Null-dereference READ", ["demo::null_read", FUZZ_ENTRY], 63, True, "None"),
    "ubsan_signed_integer_overflow": ("UBSan: signed-integer-overflow", ["demo::signed_overflow", FUZZ_ENTRY], 68,
                                      False, "None"),
    "ubsan_misaligned": ("UBSan: misaligned-pointer-use", ["demo::misaligned", FUZZ_ENTRY], 75, True, "None"),
    "ubsan_shift": ("UBSan: invalid-shift-exponent", ["demo::bad_shift", FUZZ_ENTRY], 79, False, "None"),
    "ubsan_invalid_enum": ("UBSan: invalid-enum-load", ["demo::invalid_enum", FUZZ_ENTRY], 85, False, "None"),
    "leak": ("Direct-leak", ["demo::leak", FUZZ_ENTRY], 89, False, "None"),
    "timeout": ("Timeout", ["demo::spin", "demo::dispatch", FUZZ_ENTRY], 94, False, "None"),
    "oom_malloc_limit": ("Out-of-memory", ["demo::huge_malloc", FUZZ_ENTRY], 98, False, "None"),
    "oom_rss_limit": ("Out-of-memory", ["demo::grow_rss", "demo::dispatch", FUZZ_ENTRY], 107, False, "None"),
    "deadly_signal_abort": ("Abrt", ["demo::fail_check", "demo::dispatch", FUZZ_ENTRY], 114, False, "None"),
    "asan_abrt": ("Abrt", ["demo::fail_check", "demo::dispatch", FUZZ_ENTRY], 114, True, "None"),
}


class RecordedReports(unittest.TestCase):
    def test_every_kind(self):
        for name, (crash_type, state, line, has_address, level) in EXPECTED.items():
            with self.subTest(report=name):
                report = sanitizer_report.parse(report_text(name))
                self.assertEqual(report.crash_type, crash_type)
                self.assertEqual(list(report.state), state)
                self.assertEqual(report.location.project_file, PROGRAM)
                self.assertEqual(report.location.line, line)
                self.assertEqual(report.address is not None, has_address)
                self.assertEqual(severity.severity(report), level)

    def test_access_and_address(self):
        report = sanitizer_report.parse(report_text("heap_buffer_overflow_write"))
        self.assertEqual((report.access, report.access_size), ("WRITE", 4))
        self.assertRegex(report.address, r"^0x[0-9a-f]+$")
        self.assertEqual(report.sanitizer, "AddressSanitizer")
        segv = sanitizer_report.parse(report_text("segv_unknown_address"))
        self.assertEqual((segv.access, segv.access_size, segv.address), ("READ", None, "0x00207fff8000"))

    def test_ubsan_check_from_the_message_when_the_summary_does_not_name_it(self):
        # report_error_type=0 prints "SUMMARY: UndefinedBehaviorSanitizer:
        # undefined-behavior"; the check then comes from the message.
        text = report_text("ubsan_shift").replace("invalid-shift-exponent", "undefined-behavior")
        self.assertEqual(sanitizer_report.parse(text).crash_type, "UBSan: invalid-shift-exponent")

    def test_ubsan_without_stack_uses_its_own_location(self):
        text = "\n".join(line for line in report_text("ubsan_signed_integer_overflow").splitlines()
                         if "#" not in line)
        report = sanitizer_report.parse(text)
        self.assertEqual((report.location.project_file, report.location.line), (PROGRAM, 68))

    def test_no_report(self):
        with self.assertRaises(sanitizer_report.NoReport):
            sanitizer_report.parse("INFO: Seed: 1\nDone 1 runs in 0 second(s)\n")


class ProjectReports(unittest.TestCase):
    def test_helper_frames_are_skipped(self):
        # The overflow is inside load_le (parsers/core/bytes.h); the state
        # names the parser that called it with a short input.
        report = sanitizer_report.parse(report_text("project_container_header_magic"))
        self.assertEqual(report.crash_type, "Heap-buffer-overflow READ 4")
        self.assertEqual(report.frames[0].project_file, "parsers/core/bytes.h")
        self.assertEqual(list(report.state), ["sp::dxc::(anonymous namespace)::fail_header",
                                              "sp::dxc::(anonymous namespace)::read_layer",
                                              "sp::dxc::(anonymous namespace)::parse_parts"])
        self.assertEqual(report.location.project_file, "parsers/dxcontainer/container.cpp")


if __name__ == "__main__":
    unittest.main()


class FunctionNames(unittest.TestCase):
    def test_symbolized_names_are_shortened(self):
        from sptriage.crash_state import short_function_name
        cases = {
            "void sp::fuzz::run_part<sp::dxc::Psv, X>(unsigned int, std::span<unsigned char const, 18446744073709551615ul>, X, bool)::'lambda'(std::span<unsigned char const, 18446744073709551615ul>, sp::dxc::Container&)::operator()[abi:cxx11](std::span<unsigned char const, 18446744073709551615ul>, sp::dxc::Container&) const":
                "sp::fuzz::run_part::'lambda'::operator()",
            "T sp::load_le<unsigned int>(unsigned char const*)": "sp::load_le",
            "sp::dxc::(anonymous namespace)::fail_header(std::span<unsigned char const, 18446744073709551615ul>, sp::Context&)":
                "sp::dxc::(anonymous namespace)::fail_header",
            "operator new(unsigned long)": "operator new",
        }
        for raw, short in cases.items():
            self.assertEqual(short_function_name(raw), short)

    @unittest.skipIf(shutil.which("c++filt") is None, "needs binutils' c++filt (scripts/install-deps installs g++)")
    def test_names_the_symbolizer_left_mangled_are_demangled(self):
        # llvm-symbolizer prints this frame of a mutant's crash (a generic
        # lambda in model_diff.cpp) mangled, as clang's "$_0" defeats it.
        from sptriage.crash_state import parse_frame
        frame = parse_frame("    #11 0x55a32b8177ab in _ZZN2sp3dxc12_GLOBAL__N_17compareERNS1_4DiffERKNS0_9ContainerES6_"
                            "ENK3$_0clINS0_7ProgramEEEDaRKT_ /w/parsers/dxcontainer/model_diff.cpp:331:7")
        self.assertEqual(frame.name, "sp::dxc::(anonymous namespace)::compare::$_0::operator()")
        self.assertEqual((frame.project_file, frame.line), ("parsers/dxcontainer/model_diff.cpp", 331))
