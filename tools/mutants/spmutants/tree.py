"""The scratch copy of the source tree that mutants are planted in. The
working tree is never written: files are copied (only those that changed,
with their times, so the scratch build stays incremental between runs), and
a mutant is applied to the copy and reverted there."""
from __future__ import annotations

import contextlib
import shutil
import subprocess
from pathlib import Path

from .catalog import Mutant


def source_files(repo: Path) -> list[str]:
    """Tracked and untracked-but-not-ignored files: what a commit would hold."""
    out = subprocess.run(["git", "ls-files", "-co", "--exclude-standard", "-z"], cwd=repo, check=True,
                         capture_output=True).stdout.decode()
    return [f for f in out.split("\0") if f and (repo / f).is_file()]


def sync(repo: Path, scratch: Path, overrides: dict[str, str] | None = None) -> None:
    """Makes the scratch tree's files the repository's, but for `overrides`
    (path -> text: the mutant schemata), touching only what differs."""
    overrides = overrides or {}
    for name in source_files(repo):
        src, dst = repo / name, scratch / name
        if name in overrides:
            if not dst.exists() or dst.read_text() != overrides[name]:
                dst.parent.mkdir(parents=True, exist_ok=True)
                dst.write_text(overrides[name])
            continue
        if dst.exists() and dst.stat().st_size == src.stat().st_size and dst.read_bytes() == src.read_bytes():
            continue
        dst.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(src, dst)


def line_of(text: str, find: str) -> int:
    return text[: text.index(find)].count("\n") + 1


def check(mutant: Mutant, text: str) -> None:
    count = text.count(mutant.find)
    if count != 1:
        raise ValueError(f"mutant {mutant.id}: its text occurs {count} times in {mutant.file} (must be once)")


@contextlib.contextmanager
def planted(scratch: Path, mutant: Mutant):
    """The scratch tree with `mutant` applied; reverted on exit. The revert
    gets a new mtime, so the next build recompiles the file."""
    path = scratch / mutant.file
    original = path.read_text()
    check(mutant, original)
    path.write_text(original.replace(mutant.find, mutant.replace))
    try:
        yield line_of(original, mutant.find)
    finally:
        path.write_text(original)
