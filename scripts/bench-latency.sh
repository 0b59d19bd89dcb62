#!/usr/bin/env bash
# Latency of a full `judge run` (issue 13): for every shipped best.cu, the wall time of a run
# after `judge cache clear` (cold: compile and test data), after `judge cache clear --data` (cold
# data, warm compile) and warm (median of RUNS), the warm `--tests example,functional` run, and
# where a warm run's time went (`time_split` of its JSON). Prints a Markdown table
# (docs/bench/latency.md keeps it).
#   scripts/bench-latency.sh [JUDGE_BINARY] [RUNS] [SLUG...]
# The caches live in a folder of their own ($JUDGE_CACHE_DIR if set, else a temporary one), so the
# user's caches are left alone; one run before the table measures the device's peak bandwidth,
# which is cached once per device and would otherwise land in the first cold figure.
set -uo pipefail
cd "$(dirname "$0")/.."
judge="${1:-build/bin/judge}"
runs="${2:-5}"
shift 2 || true
if [[ -z "${JUDGE_CACHE_DIR:-}" ]]; then
  JUDGE_CACHE_DIR="$(mktemp -d /tmp/judge-latency-XXXXXX)"
  trap 'rm -rf "$JUDGE_CACHE_DIR"' EXIT
fi
export JUDGE_CACHE_DIR
python3 - "$judge" "$runs" "$@" <<'PY'
import json, pathlib, statistics, subprocess, sys, time
judge, runs, only = sys.argv[1], int(sys.argv[2]), sys.argv[3:]

def run(args):
    t0 = time.monotonic()
    out = subprocess.run([judge, *args], capture_output=True, text=True)
    return time.monotonic() - t0, out

def judged(slug, file, tests="all"):
    wall, out = run(["run", "--json", "--tests", tests, slug, file])
    try:
        doc = json.loads(out.stdout)
    except json.JSONDecodeError:
        sys.exit(f"{slug}: judge run printed no JSON (exit {out.returncode}): {out.stderr.strip()[-400:]}")
    if doc["verdict"] != "AC":
        print(f"{slug}: {doc['verdict']} ({doc.get('summary') or doc['tests'][-1]['summary']})", file=sys.stderr)
    return wall, doc

targets = []
for best in sorted(pathlib.Path("solutions").glob("*/best.cu")):
    slug = best.parent.name
    if not only or slug in only:
        targets.append((slug, str(best)))
if not targets:
    sys.exit("no solutions/*/best.cu matched")
judged(*targets[0])  # device peak bandwidth, once per device

def s(x):
    return f"{x:.2f} s"

print("| challenge | cold (cache clear) | cold data | warm (median) | example,functional warm | compile | data | functional | sampling | validation | total (JSON) | stop rule, n |")
print("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
for slug, file in targets:
    run(["cache", "clear"])
    cold, _ = judged(slug, file)
    run(["cache", "clear", "--data"])
    cold_data, _ = judged(slug, file)
    warm = []
    for _ in range(runs):
        wall, doc = judged(slug, file)
        warm.append((wall, doc))
    walls = sorted(w for w, _ in warm)
    wall_med = statistics.median(walls)
    # The split of the warm run closest to the median wall time.
    doc = min(warm, key=lambda w: abs(w[0] - wall_med))[1]
    split = doc.get("time_split", {})
    quick = statistics.median(judged(slug, file, "example,functional")[0] for _ in range(runs))
    timing = next((t["timing"] for t in doc["tests"] if t.get("timing")), None)
    rule = f"{timing['stop_reason']}, {timing['events']['n']}" if timing else "-"
    ms = lambda k: s(split.get(k, 0) / 1000)
    print(f"| {slug} | {s(cold)} | {s(cold_data)} | {s(wall_med)} | {s(quick)} | {ms('compile_ms')} | {ms('data_ms')} | "
          f"{ms('functional_ms')} | {ms('sampling_ms')} | {ms('validation_ms')} | {ms('total_ms')} | {rule} |", flush=True)
PY
