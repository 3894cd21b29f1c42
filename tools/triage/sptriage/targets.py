"""The fuzz target table, as the Python tools read it, and which target
reads a crash file.

The table is what fuzzers/<format>.cmake declare with sp_fuzzer(), together
with the format registry. It is read from `shaderprobe formats --json` of
the bin folder a tool uses (build/fuzz/bin by default), which also gives
each format's peers and lets `identify` tell a file's format. Without that
binary, from the fuzz_targets.json a configure step wrote into
build/<preset>/ (any preset: every build lists every target): targets
only, no formats."""
from __future__ import annotations

import dataclasses
import functools
import json
import subprocess
from pathlib import Path

REPO = Path(__file__).resolve().parents[3]
DEFAULT_BIN_DIR = REPO / "build" / "fuzz" / "bin"


class UsageError(Exception):
    """What the tools report and exit 2 for: a missing build, a file whose
    target cannot be told."""


@dataclasses.dataclass(frozen=True)
class Target:
    name: str
    format: str
    corpus: str        # the folder of corpus/ it reads
    baseline: bool     # an A/B baseline, not worth fuzzing time
    needs: str         # the peer library a differential links ("llvm", "vkd3d"), "" for none
    # "printers" or "container": fuzzed after a change to any format
    # (changes.py); "" for none. Only fuzz_targets.json has it, not the
    # registry's copy (`shaderprobe formats --json`).
    role: str = ""


class Table:
    def __init__(self, targets: list[dict], formats: list[dict], shaderprobe: Path | None):
        self.targets = [Target(**t) for t in targets]
        self.formats = formats
        self.shaderprobe = shaderprobe  # None when read from fuzz_targets.json

    def target(self, name: str) -> Target:
        for t in self.targets:
            if t.name == name:
                return t
        raise KeyError(f"no fuzz target {name!r} in the table")

    def corpus_of(self, name: str) -> str:
        return self.target(name).corpus

    def peers(self) -> list[dict]:
        """Every format's other implementations ({name, command, ...}), which
        `shaderprobe conform --impl` knows by name: one per name (a program
        reading two formats, such as vkd3d-compiler, is listed by each)."""
        seen: dict[str, dict] = {}
        for f in self.formats:
            for p in f["peers"]:
                seen.setdefault(p["name"], p)
        return list(seen.values())

    def detect_target(self, path: Path) -> str | None:
        """The target that reads crash file `path`. A folder on its path named
        for a target (scripts/fuzz's runs/<target>/artifacts/) or for a
        corpus (corpus/regressions/<corpus>/: a target reading it) tells,
        since part-level inputs have no magic of their own; else the format
        `shaderprobe identify` gives it: that format's target whose corpus is
        named like the format, or its first target. None when neither tells."""
        for folder in path.resolve().parent.parts[::-1]:
            readers = [t.name for t in self.targets if folder in (t.name, t.corpus)]
            if readers:
                return folder if folder in readers else readers[0]
        if self.shaderprobe is None:
            return None
        fmt = identify(self.shaderprobe, path)
        candidates = [t for t in self.targets if t.format == fmt]
        for t in candidates:
            if t.corpus == fmt:
                return t.name
        return candidates[0].name if candidates else None


UNKNOWN_FORMAT = "unknown"


def find_shaderprobe(bin_dir: Path = DEFAULT_BIN_DIR, repo: Path = REPO) -> Path | None:
    """bin_dir/shaderprobe, else any preset's (the registry and identify are
    the same in every build: a fuzz build with only its targets built still
    tells a file's format by its magic); None when no build has one."""
    candidates = [bin_dir / "shaderprobe", *sorted(repo.glob("build/*/bin/shaderprobe"))]
    return next((c for c in candidates if c.exists()), None)


def identify(shaderprobe: Path | None, path: Path) -> str:
    """The format `shaderprobe identify` names for the file, UNKNOWN_FORMAT
    when it names none or there is no shaderprobe to ask."""
    if shaderprobe is None:
        return UNKNOWN_FORMAT
    # identify exits non-zero for an unknown file; its JSON says so too.
    out = subprocess.run([str(shaderprobe), "identify", "--json", str(path)], capture_output=True, text=True,
                         check=False).stdout
    return json.loads(out)[0]["format"] or UNKNOWN_FORMAT


@functools.cache
def load(bin_dir: Path = DEFAULT_BIN_DIR, repo: Path = REPO) -> Table:
    """The table from the shaderprobe find_shaderprobe finds, else from
    repo/build/*/fuzz_targets.json (read once per process: a build does not
    change under a tool's feet)."""
    shaderprobe = find_shaderprobe(bin_dir, repo) or bin_dir / "shaderprobe"
    if shaderprobe.exists():
        data = json.loads(subprocess.run([str(shaderprobe), "formats", "--json"], capture_output=True, text=True,
                                         check=True).stdout)
        return Table(data["fuzz_targets"], data["formats"], shaderprobe)
    for path in sorted(repo.glob("build/*/fuzz_targets.json")):
        return Table(json.loads(path.read_text()), [], None)
    raise UsageError(f"no fuzz target table: neither {shaderprobe} nor {repo}/build/<preset>/fuzz_targets.json "
                     "exists (cmake --preset fuzz writes one)")


def binary_of(target: str, bin_dir: Path = DEFAULT_BIN_DIR) -> Path:
    return bin_dir / f"fuzz_{target}"
