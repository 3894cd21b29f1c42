"""Crash triage for shaderprobe's fuzz targets (scripts/triage).

Modules: runner (run a libFuzzer binary on one input), sanitizer_report
(parse its stderr), crash_state (frames -> the state that names a bug),
severity, clusters, minimize, targets (which fuzz target reads a file),
report_markdown / report_json / sarif (the three reports), cli.
"""
