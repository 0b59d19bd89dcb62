#!/usr/bin/env python3
"""The best rung of each challenge from a GPU's shipped baselines, as a Markdown table: its
median at the performance case, and the bandwidth and throughput that implies by the
challenge's work formulas (work.bytes, work.flops). GPU-free: it reads baselines/<gpu-key>/.

    scripts/catalog-table.py nvidia-h200 [SLUG...]     (default: every challenge with baselines)
"""
import json
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent


def evaluate(expr, scalars):
    # Work formulas are integer arithmetic over scalar names (docs/formats.md).
    return eval(re.sub(r"[A-Za-z_]\w*", lambda m: repr(scalars[m.group(0)]), expr), {"__builtins__": {}})


def row(gpu, slug):
    store = ROOT / "baselines" / gpu / f"{slug}.json"
    entries = json.loads(store.read_text())["entries"]
    best = [e for e in entries if e["label"] == "best"]
    if not best:
        return None
    ms = best[0]["median_ms"]
    spec = json.loads((ROOT / "challenges" / slug / "challenge.json").read_text())
    cases = json.loads((ROOT / "testcases" / f"{slug}.json").read_text())["cases"]
    scalars = [c for c in cases if c["kind"] == "performance"][0]["scalars"]
    work = spec.get("work", {})
    gbs = evaluate(work["bytes"], scalars) / ms / 1e6 if "bytes" in work else None
    tflops = evaluate(work["flops"], scalars) / ms / 1e9 if "flops" in work else None
    size = ", ".join(f"{k} = {v:g}" for k, v in scalars.items())
    return (f"| {slug} | {size} | {ms * 1000:.1f} us | {f'{gbs:.0f}' if gbs else '-'} | "
            f"{f'{tflops:.2f}' if tflops else '-'} |")


def main():
    if len(sys.argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    gpu, slugs = sys.argv[1], sys.argv[2:]
    if not slugs:
        slugs = sorted(p.stem for p in (ROOT / "baselines" / gpu).glob("*.json"))
    print("| challenge | performance size | best.cu median | GB/s (work.bytes) | TFLOP/s (work.flops) |")
    print("| --- | --- | --- | --- | --- |")
    for slug in slugs:
        r = row(gpu, slug)
        if r:
            print(r)
    return 0


if __name__ == "__main__":
    sys.exit(main())
