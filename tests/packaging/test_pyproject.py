"""The tools' pyproject.toml files describe what `pip install tools/<tool>`
would install; checked here without pip and without network."""
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
PROJECTS = {path.parent: tomllib.loads(path.read_text()) for path in sorted(TOOLS.glob("*/pyproject.toml"))}
PROJECT_OF_PACKAGE = {package: data["project"]["name"]
                      for data in PROJECTS.values() for package in data["tool"]["setuptools"]["packages"]}

# Runs in the tool's folder, where setuptools reads pyproject.toml; asks the
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
    # Installed, every tool's packages sit at the top level, as they do here.
    sys.path[:0] = [str(folder) for folder in PROJECTS]


def requirement_name(requirement: str) -> str:
    return re.match(r"[A-Za-z0-9_.-]+", requirement)[0]


def imported_tools(folder: Path, packages: list) -> set:
    """The other tools' projects that the sources of `packages` import."""
    imported = set()
    for package in packages:
        for source in (folder / package).rglob("*.py"):
            for node in ast.walk(ast.parse(source.read_text())):
                if isinstance(node, ast.Import):
                    imported |= {alias.name.split(".")[0] for alias in node.names}
                elif isinstance(node, ast.ImportFrom) and node.level == 0:
                    imported.add(node.module.split(".")[0])
    return {PROJECT_OF_PACKAGE[name] for name in imported
            if name in PROJECT_OF_PACKAGE and name not in packages}


class Pyproject(unittest.TestCase):
    def test_every_python_tool_has_one(self):
        self.assertEqual({init.parent.parent for init in TOOLS.glob("*/*/__init__.py")}, set(PROJECTS))

    def test_packages_are_folders_with_init(self):
        for folder, data in PROJECTS.items():
            for package in data["tool"]["setuptools"]["packages"]:
                with self.subTest(package=package):
                    self.assertTrue((folder / package / "__init__.py").is_file())

    def test_entry_points_are_callables_of_the_tools_own_packages(self):
        for data in PROJECTS.values():
            for script, target in data["project"]["scripts"].items():
                with self.subTest(script=script):
                    module, _, attribute = target.partition(":")
                    self.assertIn(module.split(".")[0], data["tool"]["setuptools"]["packages"])
                    self.assertTrue(callable(getattr(importlib.import_module(module), attribute)))

    def test_dependencies_are_the_other_tools_it_imports(self):
        for folder, data in PROJECTS.items():
            name = data["project"]["name"]
            with self.subTest(project=name):
                dependencies = {requirement_name(r) for r in data["project"]["dependencies"]}
                self.assertLessEqual(dependencies, set(PROJECT_OF_PACKAGE.values()) - {name})
                self.assertEqual(dependencies, imported_tools(folder, data["tool"]["setuptools"]["packages"]))


@unittest.skipUnless(importlib.util.find_spec("setuptools"), "no setuptools (Debian: python3-setuptools)")
class Wheel(unittest.TestCase):
    def test_builds_with_setuptools_alone(self):
        for folder, data in PROJECTS.items():
            with self.subTest(project=data["project"]["name"]), tempfile.TemporaryDirectory() as scratch:
                # A copy, so the build's egg-info and build/ stay out of the tree.
                source = Path(scratch) / folder.name
                shutil.copytree(folder, source, ignore=shutil.ignore_patterns("__pycache__"))
                built = subprocess.run([sys.executable, "-c", BUILD_WHEEL, scratch], cwd=source,
                                       capture_output=True, text=True)
                if built.returncode == MISSING_BUILD_REQUIREMENT:
                    self.skipTest(f"setuptools needs {built.stdout.strip()} to build wheels")
                self.assertEqual(built.returncode, 0, built.stderr)
                self.check_wheel(folder, data, Path(scratch) / built.stdout.splitlines()[-1])

    def check_wheel(self, folder: Path, data: dict, wheel: Path):
        packages = data["tool"]["setuptools"]["packages"]
        with zipfile.ZipFile(wheel) as archive:
            modules = {name for name in archive.namelist() if name.endswith(".py")}
            info = next(name for name in archive.namelist() if name.endswith(".dist-info/METADATA"))
            dist = importlib.metadata.PathDistribution(zipfile.Path(archive, info.rpartition("/")[0] + "/"))
            self.assertEqual(modules, {source.relative_to(folder).as_posix()
                                       for package in packages for source in (folder / package).rglob("*.py")})
            self.assertEqual({(ep.name, ep.value) for ep in dist.entry_points if ep.group == "console_scripts"},
                             set(data["project"]["scripts"].items()))
            self.assertEqual({requirement_name(r) for r in dist.requires or [] if ";" not in r},
                             {requirement_name(r) for r in data["project"]["dependencies"]})


if __name__ == "__main__":
    unittest.main()
