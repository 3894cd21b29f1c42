# Sourced by scripts/gen-conformance: the VSL suite is built whole by
# gen_vbc_cases from the models of builders.h around the SPIR-V of
# conformance/vbc/shaders, so it is given no inputs: no real .vbc file is
# ours to commit.
