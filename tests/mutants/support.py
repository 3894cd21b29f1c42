"""Shared by the tests of scripts/mutants --random (tools/mutants)."""
import shutil
from pathlib import Path

SOURCE = Path(__file__).resolve().parents[2]
CLANG = shutil.which("clang++-22")
