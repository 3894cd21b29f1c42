# Sourced by scripts/gen-conformance: the legacy fxc suite is built whole by
# gen_fxc_cases (fxc/builder.h), so it is given no inputs: real fxc output
# is not ours to commit (../shared/external's licences).
