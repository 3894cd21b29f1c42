# Sourced by the fuzzing scripts and by scripts/mutants: the libFuzzer flags
# every run of a target gets, so a one-off measurement runs exactly as
# scripts/fuzz does.

# The limits of one run, as OSS-Fuzz sets them.
SP_FUZZ_LIMITS=(-timeout=25 -rss_limit_mb=2560)

# The `key = value` lines of the [libfuzzer] section of fuzzers/$1.options
# (OSS-Fuzz form) as -key=value flags, one per line; a dict path is relative
# to fuzzers/.
options_of() {
  awk -v dir="fuzzers" '
    /^\[/ { section = $0; next }
    section == "[libfuzzer]" && NF >= 3 && $2 == "=" {
      value = $3; if ($1 == "dict") value = dir "/" value
      printf "-%s=%s\n", $1, value
    }' "fuzzers/$1.options"
}
