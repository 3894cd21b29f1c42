"""tools/pyproject.toml describes what `pip install tools` would install:
the Python tools, one project. Checked here without pip and without
network."""
import ast
import importlib
import importlib.metadata
import importlib.util
import re
import shutil
import subprocess
import sys
import tempfile
import tomllib
import unittest
import zipfile
from pathlib import Path

TOOLS = Path(__file__).resolve().parents[2] / "tools"
PROJECT = tomllib.loads((TOOLS / "pyproject.toml").read_text())
PACKAGES = PROJECT["tool"]["setuptools"]["packages"]
# Each package's folder, relative to tools/.
FOLDERS = {package: Path(PROJECT["tool"]["setuptools"]["package-dir"][package]) for package in PACKAGES}

# Runs in the project's folder, where setuptools reads pyproject.toml; asks the
# backend what else it needs (setuptools before 70.1 wants `wheel`), as pip would.
BUILD_WHEEL = """
import importlib.util, re, sys
import setuptools.build_meta as backend
wheel_directory = sys.argv[1]  # the backend's setup() runs overwrite sys.argv
missing = [r for r in backend.get_requires_for_build_wheel()
           if not importlib.util.find_spec(re.match(r"[A-Za-z0-9_.-]+", r)[0])]
if missing:
    print(*missing)
    sys.exit(3)
print(backend.build_wheel(wheel_directory))
"""
MISSING_BUILD_REQUIREMENT = 3


def setUpModule():
    # Installed, every package sits at the top level, as each does in its
    # folder's parent here.
    sys.path[:0] = [str((TOOLS / folder).parent) for folder in FOLDERS.values()]


def requirement_name(requirement: str) -> str:
    return re.match(r"[A-Za-z0-9_.-]+", requirement)[0]


def sources(package: str) -> list:
    return sorted((TOOLS / FOLDERS[package]).rglob("*.py"))


def imported_names() -> set:
    """The top-level names the packages' sources import."""
    imported = set()
    for package in PACKAGES:
        for source in sources(package):
            for node in ast.walk(ast.parse(source.read_text())):
                if isinstance(node, ast.Import):
                    imported |= {alias.name.split(".")[0] for alias in node.names}
                elif isinstance(node, ast.ImportFrom) and node.level == 0:
                    imported.add(node.module.split(".")[0])
    return imported


class Pyproject(unittest.TestCase):
    def test_it_holds_every_python_package_of_tools(self):
        self.assertEqual({init.parent.relative_to(TOOLS) for init in TOOLS.glob("*/*/__init__.py")},
                         set(FOLDERS.values()))

    def test_packages_are_folders_named_for_them_with_init(self):
        for package, folder in FOLDERS.items():
            with self.subTest(package=package):
                self.assertEqual(folder.name, package)
                self.assertTrue((TOOLS / folder / "__init__.py").is_file())

    def test_entry_points_are_callables_of_its_packages(self):
        for script, target in PROJECT["project"]["scripts"].items():
            with self.subTest(script=script):
                module, _, attribute = target.partition(":")
                self.assertIn(module.split(".")[0], PACKAGES)
                self.assertTrue(callable(getattr(importlib.import_module(module), attribute)))

    def test_it_needs_nothing_beyond_the_standard_library(self):
        # The packages import one another; a dependency on one by name would
        # be looked up on a public index, where another project may hold it.
        self.assertEqual(PROJECT["project"]["dependencies"], [])
        self.assertLessEqual(imported_names() - set(PACKAGES), set(sys.stdlib_module_names) | {"__future__"})


@unittest.skipUnless(importlib.util.find_spec("setuptools"), "no setuptools (Debian: python3-setuptools)")
class Wheel(unittest.TestCase):
    def test_builds_with_setuptools_alone(self):
        with tempfile.TemporaryDirectory() as scratch:
            # A copy of the project's files, so the build's egg-info and
            # build/ stay out of the tree.
            source = Path(scratch) / "tools"
            source.mkdir()
            shutil.copy(TOOLS / "pyproject.toml", source)
            for folder in FOLDERS.values():
                shutil.copytree(TOOLS / folder, source / folder, ignore=shutil.ignore_patterns("__pycache__"))
            built = subprocess.run([sys.executable, "-c", BUILD_WHEEL, scratch], cwd=source,
                                   capture_output=True, text=True)
            if built.returncode == MISSING_BUILD_REQUIREMENT:
                self.skipTest(f"setuptools needs {built.stdout.strip()} to build wheels")
            self.assertEqual(built.returncode, 0, built.stderr)
            self.check_wheel(Path(scratch) / built.stdout.splitlines()[-1])

    def check_wheel(self, wheel: Path):
        with zipfile.ZipFile(wheel) as archive:
            modules = {name for name in archive.namelist() if name.endswith(".py")}
            info = next(name for name in archive.namelist() if name.endswith(".dist-info/METADATA"))
            dist = importlib.metadata.PathDistribution(zipfile.Path(archive, info.rpartition("/")[0] + "/"))
            self.assertEqual(modules, {f"{package}/{source.relative_to(TOOLS / FOLDERS[package]).as_posix()}"
                                       for package in PACKAGES for source in sources(package)})
            self.assertEqual({(ep.name, ep.value) for ep in dist.entry_points if ep.group == "console_scripts"},
                             set(PROJECT["project"]["scripts"].items()))
            self.assertEqual({requirement_name(r) for r in dist.requires or [] if ";" not in r}, set())


if __name__ == "__main__":
    unittest.main()
