#!/usr/bin/env python3
"""Judges every shipped solution and checks it gets the verdict its manifest names.

Usage: check-solutions.py JUDGE_BINARY [--out FILE.json] [--only SLUG]
Reads solutions/<slug>/expected.json, runs `judge run --json` on each file, checks the verdict
and (when given) that the manifest's message appears in the diagnostics, and prints a table:
challenge, file, expected, actual, time (median of the performance case, else the solve call).
Exit status: 0 when every file got its expected verdict.
"""
import argparse
import json
import pathlib
import subprocess
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent


def judge(binary, slug, path):
    start = time.monotonic()
    proc = subprocess.run([binary, "run", "--json", slug, str(path)], capture_output=True, text=True, timeout=900)
    wall = time.monotonic() - start
    try:
        doc = json.loads(proc.stdout)
    except json.JSONDecodeError:
        doc = {"verdict": "??", "summary": (proc.stdout + proc.stderr)[-500:], "tests": []}
    return doc, proc.returncode, wall


def diagnostics_text(doc):
    parts = [doc.get("summary", "")]
    for t in doc.get("tests", []):
        parts.append(t.get("summary", ""))
        parts.extend(t.get("details", []))
    return "\n".join(parts)


def time_of(doc):
    """(median ms, GB/s, % of speed-of-light, percentile) of the performance case, or Nones."""
    for t in doc.get("tests", []):
        timing = t.get("timing")
        if timing:
            sol = (timing.get("speed_of_light") or {}).get("fraction")
            pct = (timing.get("ranking") or {}).get("percentile")
            return timing["events"]["median_ms"], timing.get("bandwidth_gbs"), sol, pct
    return None, None, None, None


def fmt_ms(ms):
    if ms is None:
        return "-"
    return f"{ms * 1000:.1f} us" if ms < 1 else f"{ms:.3f} ms"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("judge")
    ap.add_argument("--out")
    ap.add_argument("--only")
    args = ap.parse_args()
    rows, results = [], []
    for manifest in sorted(ROOT.glob("solutions/*/expected.json")):
        slug = manifest.parent.name
        if args.only and slug not in args.only.split(","):
            continue
        for entry in json.loads(manifest.read_text())["solutions"]:
            doc, rc, wall = judge(args.judge, slug, manifest.parent / entry["file"])
            actual = doc.get("verdict", "??")
            ok = actual == entry["verdict"]
            message = entry.get("message")
            if ok and message and message not in diagnostics_text(doc):
                ok = False
                actual += " (message missing)"
            median, gbs, sol, pct = time_of(doc)
            rows.append((slug, entry["file"], entry["verdict"], actual, fmt_ms(median),
                         f"{gbs:.0f}" if gbs else "-", f"{sol * 100:.0f}%" if sol else "-",
                         f"{pct:.0f}" if pct is not None else "-", f"{wall:.1f}", "ok" if ok else "MISMATCH"))
            results.append({"challenge": slug, "file": entry["file"], "expected": entry["verdict"], "ok": ok,
                            "exit_code": rc, "wall_s": wall, "report": doc})
            print(f"[{len(rows)}] {slug}/{entry['file']}: {actual} ({'ok' if ok else 'MISMATCH'})", file=sys.stderr, flush=True)
    if args.out:
        pathlib.Path(args.out).write_text(json.dumps(results, indent=1))
    header = ("challenge", "file", "expected", "actual", "median", "GB/s", "SoL", "pctl", "wall s", "")
    widths = [max(len(str(r[i])) for r in rows + [header]) for i in range(len(header))]
    line = lambda r: "  ".join(str(c).ljust(w) for c, w in zip(r, widths)).rstrip()
    print(line(header))
    for r in rows:
        print(line(r))
    bad = sum(1 for r in rows if r[-1] != "ok")
    print(f"solutions: {len(rows) - bad} passed, {bad} failed")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
