# Sourced by the scripts that run the Python tools from the tree: puts the
# packages of tools/pyproject.toml on PYTHONPATH, as installing that
# project would. Sets `root` to the repository.
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
export PYTHONPATH="$root/tools/triage:$root/tools/mutants:$root/tools/nightly${PYTHONPATH:+:$PYTHONPATH}"
