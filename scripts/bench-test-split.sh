#!/usr/bin/env bash
# Where each test's time goes: runs `judge run SLUG solutions/SLUG/best.cu --json` (once to warm
# the caches, once measured) and prints every test's time_split (data, upload, solve, download,
# check, total) as a Markdown table, then the run's own split.
#   scripts/bench-test-split.sh JUDGE SLUG... [-- RUN_OPTIONS]
set -euo pipefail
judge="$1"; shift
slugs=(); opts=()
while [ $# -gt 0 ]; do
  if [ "$1" = "--" ]; then shift; opts=("$@"); break; fi
  slugs+=("$1"); shift
done
cd "$(dirname "$0")/.."
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
for slug in "${slugs[@]}"; do
  "$judge" run "$slug" "solutions/$slug/best.cu" --json "${opts[@]}" >/dev/null 2>&1 || true
  start=$(date +%s.%N)
  "$judge" run "$slug" "solutions/$slug/best.cu" --json "${opts[@]}" >"$tmp/$slug.json" 2>"$tmp/$slug.err" || true
  end=$(date +%s.%N)
  python3 - "$tmp/$slug.json" "$slug" "$start" "$end" <<'PY'
import json, sys
path, slug, start, end = sys.argv[1], sys.argv[2], float(sys.argv[3]), float(sys.argv[4])
try:
    r = json.load(open(path))
except ValueError:
    print(f"{slug}: no JSON (see its stderr)"); sys.exit(0)
print(f"\n### {slug}: {r['verdict']}, wall {end - start:.2f} s\n")
print("| test | verdict | data | upload | solve | download | check | timing | total |")
print("| --- | --- | --- | --- | --- | --- | --- | --- | --- |")
ms = lambda v: "" if v is None else f"{v:.0f}"
for t in r["tests"]:
    s = t.get("time_split", {})
    timing = t["timing"]["timing_ms"] if t.get("timing") else None
    print(f"| {t['name']} | {t['verdict']} | {ms(s.get('data_ms'))} | {ms(s.get('upload_ms'))} | {ms(t.get('solve_ms'))} "
          f"| {ms(s.get('download_ms'))} | {ms(s.get('check_ms'))} | {ms(timing)} | {ms(s.get('total_ms'))} |")
s = r["time_split"]
print("\nrun (ms): " + ", ".join(f"{k[:-3]} {v:.0f}" for k, v in s.items()))
PY
done
