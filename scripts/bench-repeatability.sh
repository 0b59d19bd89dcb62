#!/usr/bin/env bash
# Repeatability of the reported median: judges the same solution N times in a row (performance
# case only) and reports the spread of the medians, (max - min) / median, per challenge, and the
# same spread for the calls started on an idle device (which include the launch latency).
#   scripts/bench-repeatability.sh [JUDGE_BINARY] [RUNS] [SLUG...]
# Uses each challenge's best.cu (or its last accepted solution). Prints a Markdown table.
set -uo pipefail
cd "$(dirname "$0")/.."
judge="${1:-build/bin/judge}"
runs="${2:-10}"
shift 2 || true
python3 - "$judge" "$runs" "$@" <<'PY'
import json, pathlib, subprocess, sys, statistics
judge, runs, only = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
rows = []
for manifest in sorted(pathlib.Path("solutions").glob("*/expected.json")):
    slug = manifest.parent.name
    if only and slug not in only:
        continue
    accepted = [s["file"] for s in json.loads(manifest.read_text())["solutions"] if s["verdict"] == "AC"]
    if not accepted:
        continue
    file = "best.cu" if "best.cu" in accepted else accepted[-1]
    medians, noise, idle_medians = [], [], []
    for _ in range(runs):
        out = subprocess.run([judge, "run", "--json", "--tests", "performance", slug, str(manifest.parent / file)],
                             capture_output=True, text=True)
        doc = json.loads(out.stdout)
        t = next((t["timing"] for t in doc["tests"] if t.get("timing")), None)
        if t is None:
            print(f"{slug}: no timing ({doc.get('verdict')}: {doc['tests'][-1]['summary'] if doc['tests'] else doc['summary']})", file=sys.stderr)
            break
        medians.append(t["events"]["median_ms"])
        noise.append(t["events"]["noise"])
        sm = ((t.get("clocks") or {}).get("clocks_after") or {}).get("sm_mhz", "?")
        # The calls started on an idle device, for comparison: their median minus the result is
        # this process's launch latency (what the queued calls leave out).
        idle = (t.get("idle_start") or {}).get("median_ms")
        idle_medians.append(idle)
        lat = f"{t['launch_latency_ms']*1000:.1f} us" if t.get("launch_latency_ms") is not None else "-"
        print(f"  {slug} run {len(medians)}: {medians[-1]*1000:.2f} us (min {t['events']['min_ms']*1000:.2f}), "
              f"noise {noise[-1]*100:.2f}%, n={t['events']['n']}, timed from {t.get('timed_from', '?')}, "
              f"idle start {idle*1000 if idle else 0:.2f} us, launch latency {lat}, "
              f"drift {100 * (t.get('drift') or 0):+.2f}%, "
              f"sampling {t.get('sampling_ms', 0)/1000:.1f} s, SM {sm} MHz, "
              f"{t.get('speed_of_light') and round(100*t['speed_of_light'].get('fraction', 0))}% SoL",
              file=sys.stderr, flush=True)
    if not medians:
        continue
    m = statistics.median(medians)
    spread = (max(medians) - min(medians)) / m
    idle = [x for x in idle_medians if x]
    idle_spread = (max(idle) - min(idle)) / statistics.median(idle) if idle else None
    rows.append((slug, file, len(medians), m, min(medians), max(medians), spread, statistics.median(noise), idle_spread))
    print(f"{slug}: {m*1000:.1f} us, spread {spread*100:.2f}%", file=sys.stderr, flush=True)
print("| challenge | solution | runs | median of medians | min | max | spread (max-min)/median | typical noise | <= 1% | spread of idle-start medians |")
print("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
for slug, file, n, m, lo, hi, spread, nz, idle_spread in rows:
    ok = "yes" if spread <= 0.01 else ("n/a (< 50 us)" if m < 0.05 else "NO")
    idle_cell = f"{idle_spread*100:.2f}%" if idle_spread is not None else "-"
    print(f"| {slug} | {file} | {n} | {m*1000:.2f} us | {lo*1000:.2f} us | {hi*1000:.2f} us | {spread*100:.2f}% | {nz*100:.2f}% | {ok} | {idle_cell} |")
PY
