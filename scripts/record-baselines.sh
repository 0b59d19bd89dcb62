#!/usr/bin/env bash
# Re-measures every accepted solution in solutions/ on this machine's GPU and writes the shipped
# baselines: baselines/<gpu-key>/<slug>.json (one entry per solution, labelled by file name).
# Only the performance case is run: every test of these files is verified by
# scripts/check-solutions.py (scripts/gpu-check.sh runs both).
#   scripts/record-baselines.sh [JUDGE_BINARY] [SLUG...]
set -uo pipefail
cd "$(dirname "$0")/.."
judge="${1:-build/bin/judge}"
shift || true
slugs=("$@")
if [ ${#slugs[@]} -eq 0 ]; then
  for m in solutions/*/expected.json; do slugs+=("$(basename "$(dirname "$m")")"); done
fi
failed=0
for slug in "${slugs[@]}"; do
  # Only the files the manifest says are accepted.
  files=$(python3 -c "import json,sys; print('\n'.join(s['file'] for s in json.load(open('solutions/$slug/expected.json'))['solutions'] if s['verdict']=='AC'))")
  for f in $files; do
    label="${f%.cu}"
    if "$judge" baseline add "$slug" "solutions/$slug/$f" --label "$label" --store baselines --tests performance >/tmp/record-baseline.log 2>&1; then
      tail -1 /tmp/record-baseline.log
    else
      echo "FAILED: $slug/$f"; tail -5 /tmp/record-baseline.log; failed=1
    fi
  done
done
exit $failed
