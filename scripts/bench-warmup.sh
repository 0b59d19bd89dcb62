#!/usr/bin/env bash
# Does the device still speed up (or slow down) while the performance case is sampled? Judges each
# challenge's best solution RUNS times in two situations and prints, per run, the trend of the
# warm-up calls and of the timed calls (medians of 8 consecutive windows, as % of the run's
# median), the drift and the SM clock before and after sampling:
#   after-pause:   a cold compile (--no-cache) after PAUSE seconds of an idle GPU: what a learner's
#                  first run after an edit looks like;
#   back-to-back:  cached builds, one process right after the other (repeatability, baselines).
#   scripts/bench-warmup.sh [JUDGE_BINARY] [RUNS] [PAUSE_SECONDS] SLUG...
# Prints a Markdown table on stdout.
set -uo pipefail
cd "$(dirname "$0")/.."
judge="${1:-build/bin/judge}"
runs="${2:-3}"
pause="${3:-5}"
shift 3 || true
python3 - "$judge" "$runs" "$pause" "$@" <<'PY'
import json, pathlib, subprocess, sys, time
judge, runs, pause, slugs = sys.argv[1], int(sys.argv[2]), float(sys.argv[3]), sys.argv[4:]

def pct(xs, ref):
    return " ".join(f"{100 * (x - ref) / ref:+.2f}" for x in xs) if xs else "-"

print("| challenge | situation | run | median | drift | warm-up calls | warm-up trend (% vs median) "
      "| sampling trend (% vs median) | SM MHz before/after |")
print("| --- | --- | --- | --- | --- | --- | --- | --- | --- |")
for slug in slugs:
    file = pathlib.Path("solutions") / slug / "best.cu"
    for situation in ("after-pause", "back-to-back"):
        for run in range(1, runs + 1):
            cmd = [judge, "run", "--json", "--tests", "performance", slug, str(file)]
            if situation == "after-pause":
                time.sleep(pause)
                cmd.insert(2, "--no-cache")
            doc = json.loads(subprocess.run(cmd, capture_output=True, text=True).stdout)
            t = next((t["timing"] for t in doc["tests"] if t.get("timing")), None)
            if t is None:
                print(f"{slug}: no timing ({doc.get('verdict')})", file=sys.stderr)
                continue
            m = t["events"]["median_ms"]
            clocks = t.get("clocks") or {}
            sm = "/".join(str((clocks.get(k) or {}).get("sm_mhz", "?")) for k in ("clocks_before", "clocks_after"))
            shown = f"{m * 1000:.2f} us" if m < 1 else f"{m:.3f} ms"
            print(f"| {slug} | {situation} | {run} | {shown} | {100 * (t.get('drift') or 0):+.2f}% "
                  f"| {t['warmup_calls']} | {pct(t.get('warmup_trend_ms'), m)} | {pct(t.get('trend_ms'), m)} | {sm} |",
                  flush=True)
PY
