#!/usr/bin/env bash
# The screenshot of the HTML class report in docs/grading.md: a saved judge-grade/1 report, or
# without one the crafted sample class (scripts/make-sample-grade-report.py; its times come from
# the shipped baselines, nothing was judged), rendered by `judge report html` and photographed by
# headless Chromium.
#
#   scripts/grade-report-screenshot.sh [JUDGE] [OUT.png] [REPORT.json]
#   (defaults: build/bin/judge, docs/grading-report.png, the crafted sample)
set -euo pipefail
cd "$(dirname "$0")/.."
judge=${1:-build/bin/judge}
out=${2:-docs/grading-report.png}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
if [ -n "${3:-}" ]; then
  cp "$3" "$work/sample.json"
else
  python3 scripts/make-sample-grade-report.py "$work/sample.json"
fi
"$judge" --root . report html "$work/sample.json" -o "$work/sample.html"
chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --no-first-run --user-data-dir="$work/profile" \
  --virtual-time-budget=10000 --window-size=1280,1800 --screenshot="$work/shot.png" "file://$work/sample.html" 2>/dev/null
# pngquant (a 256-colour palette), where installed, makes the PNG about a third of its size.
if command -v pngquant >/dev/null; then
  pngquant --quality 70-95 --speed 1 --force --output "$out" "$work/shot.png"
else
  cp "$work/shot.png" "$out"
fi
echo "wrote $out"
