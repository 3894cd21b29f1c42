"""scripts/nightly: fuzz, merge, replay, conformance, triage and coverage in
one timed run, with a report and trends over past nights."""
