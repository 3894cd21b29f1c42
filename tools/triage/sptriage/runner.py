"""Runs a fuzz target on one input the way triage needs it: a libFuzzer
binary given the file, or an AFL++ target given it as AFL++ does (on the
command line where its arguments say @@, else on stdin).

The sanitizer options are fixed here, in one place, because the parser in
sanitizer_report relies on them: UBSan prints a stack and names its check
(print_stacktrace, report_error_type), and every report ends the process
(halt_on_error) so one run is one report.
"""
from __future__ import annotations

import dataclasses
import os
import subprocess
from pathlib import Path

ENGINES = ("libfuzzer", "afl")
INPUT_PLACEHOLDER = "@@"

# libFuzzer's own limits for one run. A timeout or an rss overrun then ends
# in libFuzzer's report (which the parser reads) instead of being killed by
# us without one; `wall_seconds` is only the backstop.
DEFAULT_TIMEOUT_SECONDS = 10
DEFAULT_RSS_LIMIT_MB = 2560

SANITIZER_ENV = {
    "ASAN_OPTIONS": "abort_on_error=0:detect_leaks=1:symbolize=1:allocator_may_return_null=0"
                    ":print_summary=1",
    "UBSAN_OPTIONS": "print_stacktrace=1:report_error_type=1:halt_on_error=1:symbolize=1",
    "LSAN_OPTIONS": "print_suppressions=0",
}


@dataclasses.dataclass(frozen=True)
class Limits:
    timeout_seconds: int = DEFAULT_TIMEOUT_SECONDS
    rss_limit_mb: int = DEFAULT_RSS_LIMIT_MB
    malloc_limit_mb: int | None = None  # libFuzzer's default: the rss limit

    def flags(self) -> list[str]:
        out = [f"-timeout={self.timeout_seconds}", f"-rss_limit_mb={self.rss_limit_mb}"]
        if self.malloc_limit_mb is not None:
            out.append(f"-malloc_limit_mb={self.malloc_limit_mb}")
        return out


@dataclasses.dataclass(frozen=True)
class RunResult:
    returncode: int
    stderr: str
    timed_out: bool  # killed by our backstop, not by libFuzzer's -timeout

    engine: str = "libfuzzer"

    @property
    def ran_input(self) -> bool:
        """Whether the binary got as far as running the input: libFuzzer
        says "Running: <file>" before it does. A replay main (the dev and
        asan presets' targets) given libFuzzer's flags, a binary that cannot
        start or a file it cannot read never says it, and is no evidence
        that the input does not crash. An AFL++ target says nothing; one
        that started ran its input (one that cannot start raises CannotRun)."""
        return self.timed_out or self.engine != "libfuzzer" or "Running: " in self.stderr


class CannotRun(Exception):
    """The binary did not run the input: a usage error of triage, not a
    non-reproducing crash."""


def environment(overrides: dict[str, str] | None = None) -> dict[str, str]:
    env = dict(os.environ)
    env.update(SANITIZER_ENV)
    env.update(overrides or {})
    symbolizer = _symbolizer()
    if symbolizer:
        env.setdefault("ASAN_SYMBOLIZER_PATH", symbolizer)
    return env


def _symbolizer() -> str | None:
    for candidate in ("/usr/bin/llvm-symbolizer-22", "/usr/lib/llvm-22/bin/llvm-symbolizer"):
        if os.access(candidate, os.X_OK):
            return candidate
    return None


def run_input(binary: Path, data_file: Path, limits: Limits, extra: list[str] | None = None,
              env: dict[str, str] | None = None) -> RunResult:
    """One run of libFuzzer binary `binary` on the file `data_file` (a file,
    never a folder: libFuzzer treats a folder as a corpus and writes into
    it)."""
    if data_file.is_dir():
        raise ValueError(f"{data_file} is a folder; libFuzzer would fuzz into it")
    cmd = [str(binary), *limits.flags(), *(extra or []), str(data_file)]
    return _run(cmd, None, limits.timeout_seconds * 3 + 30, environment(env), "libfuzzer")


@dataclasses.dataclass(frozen=True)
class Harness:
    """How a target takes an input: the binary, its engine and, for AFL++,
    its arguments (INPUT_PLACEHOLDER, if any, stands for the input file)."""
    binary: Path
    engine: str = "libfuzzer"
    args: tuple[str, ...] = ()

    def command(self, data_file: Path) -> tuple[list[str], Path | None]:
        """An AFL++ target's command line, and the file for its stdin (None
        when the input is on the command line)."""
        args = [str(data_file) if a == INPUT_PLACEHOLDER else a for a in self.args]
        return [str(self.binary), *args], None if INPUT_PLACEHOLDER in self.args else data_file

    def run(self, data_file: Path, limits: Limits) -> RunResult:
        if self.engine == "libfuzzer":
            return run_input(self.binary, data_file, limits)
        # No engine in the process to enforce the limits: the timeout is
        # ours (a kill, reported as a timeout), the rss limit ASan's.
        cmd, stdin = self.command(data_file)
        env = environment({"ASAN_OPTIONS": f"{SANITIZER_ENV['ASAN_OPTIONS']}:hard_rss_limit_mb={limits.rss_limit_mb}"})
        return _run(cmd, stdin, limits.timeout_seconds, env, self.engine)


def _run(cmd: list[str], stdin: Path | None, wall: int, env: dict[str, str], engine: str) -> RunResult:
    try:
        with open(stdin, "rb") if stdin else open(os.devnull, "rb") as source:
            proc = subprocess.run(cmd, stdin=source, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env,
                                  timeout=wall, check=False)
    except subprocess.TimeoutExpired as e:
        stderr = e.stderr.decode("utf-8", "replace") if e.stderr else ""
        return RunResult(returncode=-9, stderr=stderr, timed_out=True, engine=engine)
    except OSError as e:
        raise CannotRun(f"{cmd[0]} cannot start: {e.strerror}") from None
    return RunResult(proc.returncode, proc.stderr.decode("utf-8", "replace"), timed_out=False, engine=engine)
