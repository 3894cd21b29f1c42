"""Parses what a sanitizer or libFuzzer printed into one CrashReport.

Reads ASan (memory errors, SEGV, ABRT), LeakSanitizer, UBSan (with
runtime options as sptriage.runner sets them, or without), libFuzzer's own
reports (timeout, out-of-memory by malloc limit or rss limit, deadly
signal) and the project's `invariant broken:` line, with a round trip's
first differing byte (fuzzers/support/fuzz_check.cpp); `unreported` names
an AFL++ target's crash that printed none of these. Crash types are
spelled as ClusterFuzz spells them ("Heap-buffer-overflow READ 4",
"Null-dereference WRITE", "Timeout"), UBSan's as "UBSan: <check>".
"""
from __future__ import annotations

import dataclasses
import re
import signal

from .crash_state import Frame, parse_stack, state_frames

# Addresses below this are a null pointer plus a small offset (ClusterFuzz's
# NULL_DEREFERENCE_BOUNDARY).
NULL_DEREFERENCE_BOUNDARY = 0x1000

_ASAN = re.compile(r"==\d+==\s*ERROR: AddressSanitizer: (?P<kind>[\w-]+)(?P<rest>.*)$")
_LSAN = re.compile(r"==\d+==\s*ERROR: LeakSanitizer: detected memory leaks")
_LEAK_KIND = re.compile(r"^(?P<kind>Direct|Indirect) leak of \d+ byte")
_LIBFUZZER = re.compile(r"==\d+==\s*ERROR: libFuzzer: (?P<kind>[\w -]+?)(?: after \d+ seconds| \((?P<detail>.*)\))?\s*$")
_UBSAN = re.compile(r"^(?P<file>[^\s:]+):(?P<line>\d+):(?P<column>\d+): runtime error: (?P<message>.*)$")
_UBSAN_CHECK = re.compile(r"^SUMMARY: UndefinedBehaviorSanitizer: (?P<check>[\w-]+)")
_INVARIANT = re.compile(r"^invariant broken: (?P<what>.*)$")
# fuzz_check.cpp's check_same_bytes, between the headline and the abort.
_DIFFERENCE = re.compile(r"^invariant: (?P<what>.*) differs at byte (?P<offset>\d+)(?:, in (?P<field>.+))?$")
# The state's line for it.
DIFFERENCE_PREFIX = "differs at byte "
_ACCESS = re.compile(r"^(?P<access>READ|WRITE) of size (?P<size>\d+) at (?P<address>0x[0-9a-fA-F]+)")
_SIGNAL_ACCESS = re.compile(r"The signal is caused by a (?P<access>READ|WRITE) memory access")
_ADDRESS = re.compile(r"(?:address|on) (?P<address>0x[0-9a-fA-F]+)")

# Crash types of a process killed by a signal with no report, as
# ClusterFuzz spells them.
_SIGNAL_TYPES = {signal.SIGABRT: "Abrt", signal.SIGSEGV: "Segv on unknown address", signal.SIGBUS: "Bus-error",
                 signal.SIGFPE: "Floating-point-exception", signal.SIGILL: "Ill", signal.SIGTRAP: "Trap"}

# UBSan checks named from the message when the report does not name them
# (report_error_type=0, the default): the SUMMARY names then only
# "undefined-behavior". Order matters: the first match wins.
_UBSAN_MESSAGES = (
    ("signed integer overflow", "signed-integer-overflow"),
    ("unsigned integer overflow", "unsigned-integer-overflow"),
    ("negation of", "signed-integer-overflow"),
    ("misaligned address", "misaligned-pointer-use"),
    ("shift exponent", "invalid-shift-exponent"),
    ("left shift of", "invalid-shift-base"),
    ("is not a valid value for type", "invalid-enum-load"),
    ("out of bounds for type", "out-of-bounds-index"),
    ("null pointer", "null-pointer-use"),
    ("division by zero", "integer-divide-by-zero"),
    ("pointer overflow", "pointer-overflow"),
    ("applying non-zero offset", "pointer-overflow"),
    ("is outside the range of representable values", "float-cast-overflow"),
    ("implicit conversion", "implicit-conversion"),
)


@dataclasses.dataclass(frozen=True)
class CrashReport:
    sanitizer: str            # AddressSanitizer, LeakSanitizer, UndefinedBehaviorSanitizer, libFuzzer, fuzz_check
    kind: str                 # the tool's own name: heap-buffer-overflow, signed-integer-overflow, timeout, ...
    crash_type: str           # ClusterFuzz's spelling, with access kind and size
    address: str | None
    access: str | None        # READ or WRITE
    access_size: int | None
    message: str              # the report's headline
    frames: tuple[Frame, ...]  # the crash stack, top first
    state: tuple[str, ...]    # see crash_state

    @property
    def location(self) -> Frame | None:
        """The crashing frame that the state names first (a project frame
        when there is one)."""
        picked = state_frames(list(self.frames), 1)
        return picked[0] if picked else None


class NoReport(ValueError):
    """The output holds no sanitizer or libFuzzer report."""


def parse(output: str) -> CrashReport:
    lines = output.splitlines()
    for parse_at in (_invariant, _asan, _lsan, _ubsan, _libfuzzer):
        for i, line in enumerate(lines):
            report = parse_at(lines, i, line)
            if report is not None:
                return report
    raise NoReport("no sanitizer or libFuzzer report in the output")


def _report(sanitizer: str, kind: str, crash_type: str, message: str, frames: list[Frame],
            address: str | None = None, access: str | None = None, size: int | None = None,
            state_prefix: tuple[str, ...] = ()) -> CrashReport:
    names = tuple(f.name for f in state_frames(frames, 3 - len(state_prefix)))
    return CrashReport(sanitizer, kind, crash_type, address, access, size, message.strip(), tuple(frames),
                       state_prefix + names)


def _invariant(lines: list[str], i: int, line: str) -> CrashReport | None:
    # The checker prints its line, then aborts: the stack is the abort's
    # (libFuzzer's deadly signal, or ASan's ABRT), whichever follows. That
    # stack is the check's, the same for every bug a round trip catches, so
    # a round trip's first differing byte stands in for all but the frame
    # that ran the check: bugs of one writer in different fields stay apart.
    m = _INVARIANT.match(line)
    if not m:
        return None
    frames = parse_stack(lines, i + 1)
    what = m.group("what").strip()
    prefix: tuple[str, ...] = (what,)
    for follow in lines[i + 1:]:
        if follow.lstrip().startswith("#"):
            break
        d = _DIFFERENCE.match(follow.strip())
        if d and d.group("what") == what:
            field = d.group("field")
            prefix += (DIFFERENCE_PREFIX + d.group("offset") + (f", in {field}" if field else ""),)
            break
    return _report("fuzz_check", "invariant-broken", "Invariant broken", line, frames, state_prefix=prefix)


def _asan(lines: list[str], i: int, line: str) -> CrashReport | None:
    m = _ASAN.search(line)
    if not m:
        return None
    kind, rest = m.group("kind"), m.group("rest")
    frames = parse_stack(lines, i + 1)
    address_match = _ADDRESS.search(rest)
    address = address_match.group("address") if address_match else None
    access, size = None, None
    for follow in lines[i + 1:i + 4]:
        if a := _ACCESS.match(follow.strip()):
            access, size = a.group("access"), int(a.group("size"))
            break
        if a := _SIGNAL_ACCESS.search(follow):
            access = a.group("access")
            break
    if kind == "out" and rest.startswith(" of memory"):  # "out of memory: allocator is trying to allocate ..."
        kind = "out-of-memory"
    if kind == "attempting":  # "attempting double-free on 0x..." / "attempting free on address ..."
        kind = "double-free" if "double-free" in rest else "bad-free"
    return _report("AddressSanitizer", kind, _asan_type(kind, address, access, size), line, frames,
                   address, access, size)


def _asan_type(kind: str, address: str | None, access: str | None, size: int | None) -> str:
    if kind == "SEGV":
        null = address is not None and int(address, 16) < NULL_DEREFERENCE_BOUNDARY
        base = "Null-dereference" if null else "Segv on unknown address"
    elif kind == "ABRT":
        base = "Abrt"
    elif kind in ("out-of-memory", "allocation-size-too-big"):
        base = "Out-of-memory"
    elif kind == "double-free":
        base = "Heap-double-free"
    elif kind == "bad-free":
        base = "Bad-free"
    else:
        base = kind[:1].upper() + kind[1:]
    return " ".join(str(p) for p in (base, access, size) if p is not None)


def _lsan(lines: list[str], i: int, line: str) -> CrashReport | None:
    if not _LSAN.search(line):
        return None
    kind = "Direct"
    for follow in lines[i + 1:]:
        if m := _LEAK_KIND.match(follow.strip()):
            kind = m.group("kind")
            break
    frames = parse_stack(lines, i + 1)
    return _report("LeakSanitizer", "memory-leak", f"{kind}-leak", line, frames)


def _ubsan(lines: list[str], i: int, line: str) -> CrashReport | None:
    m = _UBSAN.match(line)
    if not m:
        return None
    message = m.group("message")
    check = None
    for follow in lines[i + 1:]:
        if c := _UBSAN_CHECK.match(follow):
            check = c.group("check")
            break
    if check in (None, "undefined-behavior"):
        check = next((name for text, name in _UBSAN_MESSAGES if text in message), "undefined-behavior")
    address_match = re.search(r"address (0x[0-9a-fA-F]+)", message)
    frames = parse_stack(lines, i + 1)
    if not frames:  # print_stacktrace=0: the report's own location is all there is
        frames = [Frame(0, None, m.group("file"), int(m.group("line")), int(m.group("column")), None)]
    return _report("UndefinedBehaviorSanitizer", check, f"UBSan: {check}", line, frames,
                   address_match.group(1) if address_match else None)


def _libfuzzer(lines: list[str], i: int, line: str) -> CrashReport | None:
    m = _LIBFUZZER.search(line)
    if not m:
        return None
    kind = m.group("kind").strip()
    frames = parse_stack(lines, i + 1)
    if kind == "timeout":
        crash_type = "Timeout"
    elif kind == "out-of-memory":
        crash_type = "Out-of-memory"
    elif kind == "deadly signal":
        crash_type = "Abrt" if any(f.name in ("abort", "raise") for f in frames) else "Deadly signal"
    else:
        crash_type = kind[:1].upper() + kind[1:]
    return _report("libFuzzer", kind.replace(" ", "-"), crash_type, line, frames)


def unreported(signal_number: int | None) -> CrashReport:
    """An AFL++ target's crash that printed no report (a build without
    sanitizers, a trap): killed by `signal_number`, or by triage at the
    timeout when None. With no stack, the state is empty, so such crashes of
    one target cluster by type alone."""
    if signal_number is None:
        return CrashReport("signal", "timeout", "Timeout", None, None, None, "killed at the timeout", (), ())
    try:
        name = signal.Signals(signal_number).name
    except ValueError:  # a real-time signal has no name
        name = f"SIG{signal_number}"
    crash_type = _SIGNAL_TYPES.get(signal_number, f"Signal {name}")
    return CrashReport("signal", name.lower(), crash_type, None, None, None, f"killed by {name}", (), ())
