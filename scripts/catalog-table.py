#!/usr/bin/env python3
"""The fastest rung of each challenge from a GPU's shipped baselines, as a Markdown table: its
median at the ranking case (the performance case marked "rank", else the performance case), the
bandwidth and throughput that implies by the challenge's work formulas (work.bytes, work.flops),
and, given the device's limits, the share of the nearer one (speed-of-light). GPU-free: it reads
baselines/<gpu-key>/.

    scripts/catalog-table.py GPU_KEY [--copy-gbs G] [--fp32-tflops T] [SLUG...]
        (default: every challenge with baselines; G is the device-to-device copy bandwidth,
        bytes read and written, e.g. 2988 on an H100 80GB HBM3; T the FP32 peak, 66.9 there)
"""
import argparse
import json
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent


def evaluate(expr, scalars):
    # Work formulas are integer arithmetic over scalar names (docs/formats.md): / divides integers.
    py = re.sub(r"[A-Za-z_]\w*", lambda m: repr(scalars[m.group(0)]), expr).replace("/", "//")
    return eval(py, {"__builtins__": {}})


def ranking_case(slug):
    cases = json.loads((ROOT / "testcases" / f"{slug}.json").read_text())["cases"]
    perf = [c for c in cases if c["kind"] == "performance"]
    ranked = [c for c in perf if c.get("rank")]
    return (ranked or perf)[0]


def row(gpu, slug, copy_gbs, fp32_tflops):
    entries = json.loads((ROOT / "baselines" / gpu / f"{slug}.json").read_text())["entries"]
    if not entries:
        return None
    fastest = min(entries, key=lambda e: e["median_ms"])
    ms = fastest["median_ms"]
    spec = json.loads((ROOT / "challenges" / slug / "challenge.json").read_text())
    scalars = ranking_case(slug)["scalars"]
    work = spec.get("work", {})
    gbs = evaluate(work["bytes"], scalars) / ms / 1e6 if "bytes" in work else None
    tflops = evaluate(work["flops"], scalars) / ms / 1e9 if "flops" in work else None
    shares = []
    if gbs and copy_gbs:
        shares.append((gbs / copy_gbs, "copy"))
    if tflops and fp32_tflops:
        shares.append((tflops / fp32_tflops, "FP32"))
    sol = "-"
    if shares:
        share, bound = max(shares)
        sol = f"{100 * share:.0f}% ({bound})"
    size = ", ".join(f"{k} = {v:g}" for k, v in scalars.items())
    return (f"| {slug} | {size} | {fastest['label']} | {ms * 1000:.1f} us | {f'{gbs:.0f}' if gbs else '-'} | "
            f"{f'{tflops:.2f}' if tflops else '-'} | {sol} |")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("gpu")
    parser.add_argument("slugs", nargs="*")
    parser.add_argument("--copy-gbs", type=float, default=0)
    parser.add_argument("--fp32-tflops", type=float, default=0)
    args = parser.parse_intermixed_args()
    slugs = args.slugs or sorted(p.stem for p in (ROOT / "baselines" / args.gpu).glob("*.json"))
    print("| challenge | ranking size | fastest rung | median | GB/s (work.bytes) | TFLOP/s (work.flops) "
          "| of the nearer limit |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for slug in slugs:
        r = row(args.gpu, slug, args.copy_gbs, args.fp32_tflops)
        if r:
            print(r)
    return 0


if __name__ == "__main__":
    sys.exit(main())
