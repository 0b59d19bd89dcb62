#!/usr/bin/env bash
# Grades a batch from make-grade-batch.py, checks every verdict against its manifest and prints
# the throughput. Usage: scripts/bench-grade.sh JUDGE_BINARY BATCH_DIR [judge grade options...]
# e.g. scripts/bench-grade.sh build/bin/judge /tmp/batch --gpus 0
# Writes BATCH_DIR/../grade-report.json. Exit 0 when every submission got its expected verdict.
# Cold by default: a fresh cache (compiled artifacts and test data), removed afterwards.
# BENCH_GRADE_CACHE=DIR uses and keeps DIR instead: cold the first time, warm when run again.
set -euo pipefail
if [[ $# -lt 2 ]]; then
  echo "usage: $0 JUDGE_BINARY BATCH_DIR [judge grade options...]" >&2
  exit 2
fi
judge=$1
batch=${2%/}
shift 2
report="$(dirname "$batch")/grade-report.json"
if [[ -n "${BENCH_GRADE_CACHE:-}" ]]; then
  mkdir -p "$BENCH_GRADE_CACHE"
  JUDGE_CACHE_DIR=$BENCH_GRADE_CACHE
  export JUDGE_CACHE_DIR
else
  JUDGE_CACHE_DIR=$(mktemp -d)
  export JUDGE_CACHE_DIR
  trap 'rm -rf "$JUDGE_CACHE_DIR"' EXIT
fi
# The compile bomb is stopped by the timeout; 30 s keeps the run short and its memory bounded.
start=$(date +%s.%N)
"$judge" grade "$batch" --json "$report" --exit-zero --compile-timeout 30 "$@" >"$report.table.txt"
end=$(date +%s.%N)
cat "$report.table.txt"
python3 - "$report" "$batch/manifest.csv" "$start" "$end" <<'PY'
import csv, json, sys

report, manifest, start, end = sys.argv[1], sys.argv[2], float(sys.argv[3]), float(sys.argv[4])
doc = json.load(open(report))
got = {s["id"]: s for s in doc["submissions"]}
bad = 0
for row in csv.DictReader(open(manifest)):
    s = got.get(row["file"])
    if s is None:
        print(f"MISSING   {row['file']}: not in the report")
        bad += 1
        continue
    text = "\n".join([s["summary"], s.get("compile_log", "")] +
                     [t["summary"] + "\n" + "\n".join(t["details"] if isinstance(t["details"], list) else [t["details"]])
                      for t in s["tests"]])
    if s["verdict"] != row["expected"]:
        print(f"MISMATCH  {row['file']}: expected {row['expected']}, got {s['verdict']} ({s['summary']})")
        bad += 1
    elif row.get("message") and row["message"] not in text:
        print(f"MISMATCH  {row['file']}: {s['verdict']} as expected, but without '{row['message']}'")
        bad += 1
n = len(doc["submissions"])
wall = end - start
gpus = ", ".join(f"[{g['index']}] {g['name']}" for g in doc["gpus"]) or "none"
by_gpu = {}
for s in doc["submissions"]:
    if s["gpu"] is not None:
        by_gpu[s["gpu"]] = by_gpu.get(s["gpu"], 0) + 1
print(f"\n{n} submissions, {n - bad} with the expected verdict, {bad} not")
print(f"wall time {wall:.1f} s (judge's own: {doc['wall_seconds']:.1f} s); throughput {n / wall * 60:.1f} submissions/minute")
print(f"GPUs used: {gpus}; judged per GPU: {by_gpu}")
print(f"by verdict: {doc['totals']['by_verdict']}")
sys.exit(1 if bad else 0)
PY
