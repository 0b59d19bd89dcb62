#!/usr/bin/env bash
# Runs bench/placement.cu RUNS times as separate processes and prints, per mode, the median of the
# per-run medians and their spread (max - min) / median: the experiment behind docs/timing.md's
# section on run-to-run repeatability.
#   scripts/bench-placement.sh [RUNS] [N] [SAMPLES]
set -euo pipefail
cd "$(dirname "$0")/.."
runs="${1:-8}" n="${2:-25000000}" samples="${3:-300}"
nvcc="$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)"
exe="${TMPDIR:-/tmp}/judge-placement"
lines="${TMPDIR:-/tmp}/judge-placement.jsonl"
"$nvcc" -O3 -std=c++17 -arch=native bench/placement.cu -o "$exe"
: >"$lines"
for ((i = 0; i < runs; ++i)); do "$exe" "$n" "$samples" | tee -a "$lines" >&2; done
python3 - "$lines" <<'PY'
import json, statistics, sys
rows = [json.loads(line) for line in open(sys.argv[1]) if line.startswith("{")]
first = rows[0]
print(f"{len(rows)} processes, N = {first['n']}, {first['samples']} samples per mode")
print("| mode | median of run medians | min | max | spread (max-min)/median |")
print("| --- | --- | --- | --- | --- |")
for key, label in [("judge_layout_us", "judge's layout (guard zones, saved copies), read flush"),
                   ("fixed_write_us", "one allocation, write flush (judge until now)"),
                   ("fixed_read_us", "one allocation, read flush"),
                   ("rotated_read_us", "8 allocations in turn, read flush"),
                   ("pooled_read_us", "random offsets in a pool per sample, read flush")]:
    v = [r[key] for r in rows]
    m = statistics.median(v)
    print(f"| {label} | {m:.2f} us | {min(v):.2f} | {max(v):.2f} | {100 * (max(v) - min(v)) / m:.2f}% |")
within = [(max(r["per_set_us"]) - min(r["per_set_us"])) / statistics.median(r["per_set_us"]) for r in rows]
print(f"spread of the 8 per-allocation medians within one process: "
      f"median {100 * statistics.median(within):.2f}%, max {100 * max(within):.2f}%")
PY
