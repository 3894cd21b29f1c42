#!/bin/sh
# The worked example of a user adapter (conformance/adapters/example.json,
# docs/conformance.md, "Plugging in your own loader"): a wrapper that runs
# a loader on one input and reports in the terms of its adapter file. Here
# the loader is LLVM's obj2yaml-22: it prints the YAML of an accepted
# container on stdout (compared with `shaderprobe dump
# --format=obj2yaml`), and the wrapper turns its "Error reading file"
# rejection into exit status 3 (the adapter's reject_exit). A crash stays
# a crash: the signal is passed on.
out=$(obj2yaml-22 "$1" 2>/tmp/obj2yaml-wrapper.$$)
status=$?
err=$(cat /tmp/obj2yaml-wrapper.$$)
rm -f /tmp/obj2yaml-wrapper.$$
if [ $status -eq 0 ]; then
  printf '%s\n' "$out"
  exit 0
fi
printf '%s\n' "$err" >&2
if [ $status -gt 128 ]; then
  kill -s $((status - 128)) $$
fi
exit 3
