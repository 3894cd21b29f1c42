"""Which fuzz target reads a crash file, and where its binary is."""
from __future__ import annotations

import subprocess
from pathlib import Path

REPO = Path(__file__).resolve().parents[3]
DEFAULT_BIN_DIR = REPO / "build" / "fuzz" / "bin"
CONTAINER_MAGIC = b"DXBC"


def known_targets(repo: Path = REPO) -> list[str]:
    """Every fuzz target: one fuzzers/<name>.options each."""
    return sorted(p.stem for p in (repo / "fuzzers").glob("*.options"))


def detect_target(path: Path, targets: list[str]) -> str | None:
    """A whole container (it starts with 'DXBC') is fuzz_dxcontainer's
    input. Part-level inputs have no magic of their own, so they are told
    apart by where they were found: a folder named for a target, as in
    corpus/<target>/, corpus/regressions/<target>/ or scripts/fuzz's
    runs/<target>/artifacts/."""
    with path.open("rb") as f:
        if f.read(len(CONTAINER_MAGIC)) == CONTAINER_MAGIC:
            return "dxcontainer"
    for folder in path.resolve().parent.parts[::-1]:
        if folder in targets:
            return folder
    return None


def corpus_of(target: str, repo: Path = REPO) -> str:
    """The committed corpus folder a target reads (corpus/<name>), from the
    one list the shell scripts use, scripts/lib/fuzz-corpora.sh
    (bitstream_llvm reads corpus/bitstream, ...)."""
    return subprocess.run(["bash", "-c", 'source scripts/lib/fuzz-corpora.sh; corpus_of "$1"', "-", target],
                          cwd=repo, check=True, capture_output=True, text=True).stdout.strip()


def binary_of(target: str, bin_dir: Path = DEFAULT_BIN_DIR) -> Path:
    return bin_dir / f"fuzz_{target}"
