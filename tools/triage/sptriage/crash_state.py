"""Stack frames, and the crash state: the frames that name a bug.

A crash state is the top three frames in the project's own code, after
ClusterFuzz. Frames in the core helpers (the byte cursor, checked
arithmetic, the invariant checker) are skipped, because a read past the
end *inside* SpanReader is a bug of the parser that handed it a bad
length: the state must name that parser, or every overflow in every part
would land in one cluster.
"""
from __future__ import annotations

import dataclasses
import functools
import re
import shutil
import subprocess

STATE_FRAMES = 3

# Top-level folders of the source tree. A frame's file is the project's when
# its path holds one of them; the path is then cut to start there, so the
# same code built in another checkout (a mutant's scratch tree) gives the
# same frames.
PROJECT_DIRS = ("parsers", "fuzzers", "tools", "tests", "conformance", "bench")
_PROJECT_PATH = re.compile(r"(?:^|.*/)((?:%s)/[^:]+)$" % "|".join(PROJECT_DIRS))

# Helpers whose misuse is the caller's bug (see the module comment).
HELPER_FILES = frozenset({
    "parsers/core/bytes.h",
    "parsers/core/span_reader.h",
    "parsers/core/span_writer.h",
    "parsers/core/field_reader.h",
    "parsers/core/field_reader.cpp",
    "fuzzers/support/fuzz_check.h",
    "fuzzers/support/fuzz_check.cpp",
})

# Runtime frames that are never a state, even when no project frame is left.
_RUNTIME_PREFIXES = ("__sanitizer", "__asan", "__lsan", "__ubsan", "__interceptor", "__libc", "__pthread",
                     "fuzzer::", "_start", "main", "raise", "abort", "malloc", "calloc", "realloc", "free",
                     "operator new", "operator delete")

# "    #3 0x55d4c3 in func(args) /path/file.cpp:12:7"; "in func" and the
# location are each optional ("#3 0x7f.. (/lib/libc.so.6+0x3c04f)").
_FRAME = re.compile(r"^\s*#(?P<index>\d+)\s+0x[0-9a-fA-F]+(?:\s+in\s+(?P<rest>.*?))?(?:\s+\((?P<module>[^()]*)\))?"
                    r"(?:\s+\(BuildId: [0-9a-f]+\))?\s*$")
_LOCATION = re.compile(r"^(?P<function>.*?)\s+(?P<file>[^\s]+?):(?P<line>\d+)(?::(?P<column>\d+))?$")


@dataclasses.dataclass(frozen=True)
class Frame:
    index: int
    function: str | None
    file: str | None
    line: int | None
    column: int | None
    module: str | None

    @property
    def project_file(self) -> str | None:
        """The file relative to the source tree, or None outside it."""
        if not self.file:
            return None
        m = _PROJECT_PATH.match(self.file)
        return m.group(1) if m else None

    @property
    def is_helper(self) -> bool:
        return self.project_file in HELPER_FILES

    @property
    def name(self) -> str:
        return short_function_name(self.function or "")

    def to_json(self) -> dict:
        return {"function": self.name, "file": self.project_file or self.file, "line": self.line}


@functools.lru_cache(maxsize=None)
def demangle(name: str) -> str:
    """A function name the symbolizer left mangled, demangled by binutils'
    c++filt. llvm-symbolizer gives up on a whole name when it holds one of
    clang's local lambda names (`3$_0` is no Itanium mangling), and c++filt
    reads them. The name is kept as it is when c++filt is missing or cannot
    read it either."""
    if not name.startswith("_Z") or shutil.which("c++filt") is None:
        return name
    try:
        out = subprocess.run(["c++filt", name], capture_output=True, text=True, timeout=30, check=False).stdout
    except (OSError, subprocess.SubprocessError):
        return name
    return out.strip() or name


def parse_frame(line: str) -> Frame | None:
    m = _FRAME.match(line)
    if not m:
        return None
    rest = m.group("rest") or ""
    function, file, lineno, column = rest or None, None, None, None
    loc = _LOCATION.match(rest)
    if loc:
        function, file = loc.group("function"), loc.group("file")
        lineno = int(loc.group("line"))
        column = int(loc.group("column")) if loc.group("column") else None
    if function:
        function = demangle(function)
    return Frame(int(m.group("index")), function, file, lineno, column, m.group("module"))


def parse_stack(lines: list[str], start: int) -> list[Frame]:
    """The first stack at or after lines[start]: frames #0, #1, ... up to the
    first line that is not a frame."""
    frames: list[Frame] = []
    for line in lines[start:]:
        frame = parse_frame(line)
        if frame is None:
            if frames:
                break
            continue
        if frame.index == 0 and frames:
            break
        frames.append(frame)
    return frames


# Placeholders for the parentheses and angle brackets that belong to a name
# rather than to a parameter or template list.
_KEEP = {"(anonymous namespace)": "\x01", "operator()": "\x02", "operator<<": "\x03", "operator<": "\x04",
         "operator>>": "\x05", "operator>": "\x06", "operator->": "\x07"}


def short_function_name(function: str) -> str:
    """`sp::f<int>(Bytes) const` -> `sp::f`: no parameters, template
    arguments or qualifiers, so one function has one name in every build."""
    text = function
    for keep, mark in _KEEP.items():
        text = text.replace(keep, mark)
    out, depth = [], 0
    for ch in text:
        if ch in "(<":
            depth += 1
        elif ch in ")>":
            depth = max(0, depth - 1)
        elif depth == 0:
            out.append(ch)
    text = re.sub(r"\[abi:[^\]]*\]", "", "".join(out)).strip()
    # A leading return type ("void sp::f", "T sp::load_le", "decltype sp::g"):
    # symbolized templates carry one.
    first, _, rest = text.partition(" ")
    if rest and first != "operator" and "::" not in first:
        text = rest
    for suffix in (" const", " volatile", " &&", " &"):
        if text.endswith(suffix):
            text = text[: -len(suffix)]
    for keep, mark in _KEEP.items():
        text = text.replace(mark, keep)
    return text.strip()


def state_frames(frames: list[Frame], count: int = STATE_FRAMES) -> list[Frame]:
    """The frames that make the crash state: project frames, helpers
    skipped; when the stack holds none (a hang in libc, say), the top
    frames that are not sanitizer or libFuzzer runtime."""
    own = [f for f in frames if f.project_file and not f.is_helper]
    if own:
        return own[:count]
    named = [f for f in frames if f.function and not f.name.startswith(_RUNTIME_PREFIXES)]
    return named[:count]
