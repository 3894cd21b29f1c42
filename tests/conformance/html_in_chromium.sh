#!/usr/bin/env bash
# conform's HTML report in a real browser: headless Chromium renders it to a
# PNG (look at it: build/<preset>/html-in-chromium/report.png) and runs its
# filter script, given #filter=crash in the address, which must leave the
# crash's row and hide the others. Exit 77 (skipped) without Chromium.
#
#   html_in_chromium.sh SHADERPROBE SOURCE_DIR WORK
set -euo pipefail
shaderprobe=$1 source=$2 work=$3
browser=$(command -v chromium || command -v chromium-browser || command -v google-chrome || true)
if [ -z "$browser" ]; then
  echo "chromium not installed: skipped"
  exit 77
fi
rm -rf "$work"
mkdir -p "$work/inputs"
cases=$source/conformance/cases/dxcontainer
cp "$cases/y_writer_base" "$cases/i_parts_out_of_order" "$work/inputs/"
cp "$cases/n_part_offset_past_end" "$work/inputs/y_mislabelled"   # an unmet expectation
cp "$cases/y_dxil_shader_kind_0" "$work/inputs/crashes the peer"  # a crash, named with a space
# A peer that crashes on one file and rejects the others.
cat >"$work/peer.json" <<'EOF'
{"name": "picky", "command": ["sh", "-c", "case \"$1\" in *crashes*) kill -SEGV $$;; esac; exit 1", "sh", "{input}"]}
EOF
status=0
"$shaderprobe" conform -q --sweep truncate,misalign --adapter "$work/peer.json" --html "$work/report.html" \
  "$work/inputs" >/dev/null || status=$?
[ "$status" = 1 ] || { echo "conform exited $status, expected 1 (the unmet expectation)"; exit 1; }

run_browser() {
  # --no-sandbox: the tests run as root in CI; a fresh profile per run.
  timeout 120 "$browser" --headless --no-sandbox --disable-gpu --hide-scrollbars --user-data-dir="$work/profile" \
    "$@" 2>>"$work/chromium.log"
}
run_browser --window-size=1400,1800 --screenshot="$work/report.png" "file://$work/report.html" >/dev/null
[ "$(head -c 8 "$work/report.png" | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ] ||
  { echo "no PNG written"; cat "$work/chromium.log"; exit 1; }
[ "$(stat -c %s "$work/report.png")" -gt 20000 ] || { echo "the screenshot is nearly empty"; exit 1; }

run_browser --dump-dom "file://$work/report.html#filter=crash" >"$work/dom.html"
hidden=$(grep -c '<tr[^>]*style="display: none;"' "$work/dom.html" || true)
crash_rows=$(grep '<tr' "$work/dom.html" | grep 'crashes%20the%20peer' | grep -vc 'display: none' || true)
echo "filter 'crash': $hidden rows hidden, $crash_rows rows of the crashing file shown"
[ "$hidden" -gt 0 ] && [ "$crash_rows" -gt 0 ] || { echo "the filter did not apply"; exit 1; }
grep -q 'rejected; shaderprobe accepts' "$work/dom.html" || { echo "reasons are not in the page"; exit 1; }
echo "screenshot: $work/report.png"
