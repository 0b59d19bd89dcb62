#!/usr/bin/env bash
# Writes the shipped baselines for this machine's GPU: baselines/<gpu-key>/<slug>.json, one entry
# per rung of solutions/<slug>/expected.json (accepted solutions not marked "rung": false),
# labelled by the rung's label. A thin wrapper over `judge baseline calibrate --store baselines`,
# so shipped baselines come from the same code as a user's calibration: performance case only
# (every test of these files is verified by scripts/check-solutions.py; gpu-check.sh runs both),
# and a rung already timed on this GPU by this judge version is skipped, so an interrupted
# recording resumes, unless its baseline is stale (another performance case, an edited rung, or
# recorded before baselines named their case). FORCE=1 times every rung again.
#   scripts/record-baselines.sh [JUDGE_BINARY] [SLUG...]
set -uo pipefail
cd "$(dirname "$0")/.."
judge="${1:-build/bin/judge}"
shift || true
force=()
[ "${FORCE:-0}" = 1 ] && force=(--force)
exec "$judge" baseline calibrate --store baselines "${force[@]}" "$@"
