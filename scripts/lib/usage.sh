# Sourced first by each shell script of scripts/, with the script's
# arguments: its usage is its header comment (from the second line to the
# first line that is not a comment), which `usage` prints; `-h` or `--help`
# as the first argument prints it and exits 0, as every subcommand of
# shaderprobe does.
SP_SCRIPT=$(realpath "$0")
usage() { sed -n '2,/^[^#]/{/^#/s/^# \{0,1\}//p}' "$SP_SCRIPT"; }
case "${1:-}" in -h | --help) usage; exit 0 ;; esac
