# shellcheck shell=bash
# Sourced by scripts/gen-conformance: the SHBIN suite is built whole by
# gen_shbin_cases from the project's samples (samples.h), so it is given
# no inputs: the real file of ../shared/external/shbin is not ours to
# commit (licences).
