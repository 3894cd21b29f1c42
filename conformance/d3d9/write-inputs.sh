# shellcheck shell=bash
# Sourced by scripts/gen-conformance: the Direct3D 9 suite is built whole by
# gen_d3d9_cases from the project's samples (samples.h), so it is given no
# inputs: the real files of ../shared/external/fxc-hlslcc are not ours to
# commit (licences).
