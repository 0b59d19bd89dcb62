#!/usr/bin/env bash
# Cold compile latency of the compile engines, per file, and the cached re-run.
#   scripts/bench-compile.sh JUDGE [--arch sm_90] [--engines nvcc,nvrtc] [--only SLUG,...]
#                            [--no-corpus | --no-solutions] [--sample N] [--out FILE.json]
# For every solutions/<slug>/**/*.cu (files expected to be CE are left out) and every
# construct-corpus file, under each engine: `judge compile <slug> <file> --compiler E --arch A
# --json` with JUDGE_CACHE_DIR set to a fresh folder without artifacts (cold: compile_ms from
# the JSON), then the same command again with that cache (cached: the whole command's wall time,
# since a cache hit reports no compile time). The nvrtc engine's precompiled host prelude is
# built once per toolkit and host compiler, like a toolkit install, not per file: it is built
# first (that one-time cost is reported) and copied into each fresh cache. Prints a Markdown
# table: per engine the median, p90 and max cold time, the cached median, and the median over
# files of the nvcc/nvrtc ratio, plus a note on the machine. Needs no GPU when --arch is given
# (default sm_90).
# --sample N measures N files spread evenly over the sorted list (quick runs on small machines).
# An engine the judge does not offer is reported as unavailable, not measured.
set -euo pipefail
if [ $# -lt 1 ] || [ "${1#-}" != "$1" ]; then
  sed -n '2,16p' "$0" | sed 's/^# \{0,1\}//' >&2
  exit 2
fi
judge=$1
shift
cd "$(dirname "$0")/.."
exec python3 - "$judge" "$@" <<'PY'
import argparse, json, os, pathlib, platform, shutil, statistics, subprocess, sys, tempfile, time

ap = argparse.ArgumentParser(prog="bench-compile.sh")
ap.add_argument("judge")
ap.add_argument("--arch", default="sm_90")
ap.add_argument("--engines", default="nvcc,nvrtc")
ap.add_argument("--only", help="challenges, comma-separated")
ap.add_argument("--no-corpus", action="store_true")
ap.add_argument("--no-solutions", action="store_true")
ap.add_argument("--sample", type=int, default=0, help="measure N files spread evenly over the list")
ap.add_argument("--out", help="write every measurement as JSON")
args = ap.parse_args()
root = pathlib.Path.cwd()
engines = [e for e in args.engines.split(",") if e]
if not engines or any(e not in ("nvcc", "nvrtc", "auto") for e in engines):
    ap.error(f"--engines {args.engines!r}: use nvcc, nvrtc and/or auto, comma-separated")
if not os.access(args.judge, os.X_OK):
    ap.error(f"{args.judge}: not an executable judge binary (build it first)")

files = []  # (slug, path)
for manifest in [] if args.no_solutions else sorted(root.glob("solutions/*/expected.json")):
    for e in json.loads(manifest.read_text())["solutions"]:
        if e["verdict"] != "CE":
            files.append((manifest.parent.name, manifest.parent / e["file"]))
if not args.no_corpus:
    corpus = root / "judge/tests/corpus/constructs"
    for e in json.loads((corpus / "expected.json").read_text())["solutions"]:
        files.append((e["challenge"], corpus / e["file"]))
if args.only:
    files = [f for f in files if f[0] in args.only.split(",")]
if args.sample and args.sample < len(files):
    step = len(files) / args.sample
    files = [files[int(i * step)] for i in range(args.sample)]
if not files:
    ap.error("no files to measure")


def compile_once(slug, path, engine, cache):
    env = dict(os.environ, JUDGE_CACHE_DIR=cache)
    cmd = [args.judge, "compile", slug, str(path), "--compiler", engine, "--arch", args.arch, "--json"]
    start = time.monotonic()
    proc = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=600)
    wall_ms = (time.monotonic() - start) * 1000
    try:
        doc = json.loads(proc.stdout)
    except json.JSONDecodeError:
        doc = {"status": "judge error", "log": (proc.stdout + proc.stderr)[-300:]}
    return proc.returncode, doc, wall_ms


# The precompiled prelude of the nvrtc engine (and auto), built once: its folder is copied into
# every cold cache, its one-time build time is reported.
prelude = tempfile.TemporaryDirectory(prefix="bench-compile-prelude-")
prelude_ms = None
if any(e in ("nvrtc", "auto") for e in engines):
    rc, doc, _ = compile_once(files[0][0], files[0][1], "nvrtc", prelude.name)
    prelude_ms = doc.get("compile_ms") if rc == 0 else None
    shutil.rmtree(pathlib.Path(prelude.name) / "artifacts", ignore_errors=True)

rows = []  # one per (file, engine)
unavailable = {}
for engine in engines:
    for n, (slug, path) in enumerate(files, 1):
        with tempfile.TemporaryDirectory(prefix="bench-compile-") as cache:
            if engine != "nvcc" and (pathlib.Path(prelude.name) / "pch").is_dir():
                shutil.copytree(pathlib.Path(prelude.name) / "pch", pathlib.Path(cache) / "pch")
            rc, cold, cold_wall = compile_once(slug, path, engine, cache)
            _, warm, warm_wall = compile_once(slug, path, engine, cache) if rc == 0 else (rc, {}, None)
        if rc == 2:  # usage error: this judge does not offer the engine (or the file is gone)
            why = cold.get("log", "").strip()
            unavailable[engine] = why.splitlines()[0] if why else "rejected by the judge"
            break
        rel = str(path.relative_to(root))
        row = {"engine": engine, "challenge": slug, "file": rel, "status": cold.get("status"),
               "used": cold.get("engine"), "cold_ms": cold.get("compile_ms") if rc == 0 else None,
               "cold_wall_ms": cold_wall, "cached_wall_ms": warm_wall, "cached": warm.get("cached")}
        rows.append(row)
        shown = f"{row['cold_ms']:.0f} ms" if row["cold_ms"] is not None else row["status"]
        print(f"[{engine} {n}/{len(files)}] {rel}: {shown}", file=sys.stderr, flush=True)


def p90(xs):
    xs = sorted(xs)
    return xs[max(0, -(-9 * len(xs) // 10) - 1)]  # nearest rank


def fmt(ms):
    return "-" if ms is None else (f"{ms / 1000:.2f} s" if ms >= 1000 else f"{ms:.0f} ms")


print(f"Compile latency, `judge compile --arch {args.arch}`, cold = no compiled artifact in JUDGE_CACHE_DIR "
      f"(nvrtc: with the precompiled host prelude, built once).\n")
print("| engine | files | compiled | failed | cold median | cold p90 | cold max | cached median |")
print("| --- | --- | --- | --- | --- | --- | --- | --- |")
cold_by = {}
for engine in engines:
    if engine in unavailable:
        print(f"| {engine} | - | - | - | unavailable: {unavailable[engine]} | | | |")
        continue
    mine = [r for r in rows if r["engine"] == engine]
    cold = [r["cold_ms"] for r in mine if r["cold_ms"] is not None]
    cached = [r["cached_wall_ms"] for r in mine if r["cached_wall_ms"] is not None]
    cold_by[engine] = {r["file"]: r["cold_ms"] for r in mine if r["cold_ms"] is not None}
    print(f"| {engine} | {len(mine)} | {len(cold)} | {len(mine) - len(cold)} | "
          f"{fmt(statistics.median(cold) if cold else None)} | {fmt(p90(cold) if cold else None)} | "
          f"{fmt(max(cold) if cold else None)} | {fmt(statistics.median(cached) if cached else None)} |")
if "nvcc" in cold_by and "nvrtc" in cold_by:
    both = [f for f in cold_by["nvcc"] if f in cold_by["nvrtc"] and cold_by["nvrtc"][f] > 0]
    if both:
        ratio = statistics.median(cold_by["nvcc"][f] / cold_by["nvrtc"][f] for f in both)
        print(f"\nMedian over {len(both)} files of cold nvcc / cold nvrtc: {ratio:.2f}x")
if prelude_ms is not None:
    print(f"\nOne-time cost of the nvrtc engine on a new machine (first compile, precompiled prelude built "
          f"then): {fmt(prelude_ms)}")
failed = [r for r in rows if r["cold_ms"] is None]
if failed:
    print("\nNot compiled (counted as failed, left out of the times):")
    for r in failed:
        print(f"- {r['engine']}: {r['file']} ({r['status']})")
cpu = next((l.split(":", 1)[1].strip() for l in open("/proc/cpuinfo") if l.startswith("model name")), platform.machine())
gpu = "none"
if shutil.which("nvidia-smi"):
    q = subprocess.run(["nvidia-smi", "--query-gpu=name", "--format=csv,noheader"], capture_output=True, text=True)
    gpu = q.stdout.strip().replace("\n", ", ") or "none"
load = os.getloadavg()[0]
print(f"\nMachine: {os.cpu_count()} CPU cores ({cpu}), load average {load:.1f} at the end, GPU: {gpu}; "
      f"cached = wall time of the whole second `judge compile` (process start, hashing, cache lookup).")
if args.out:
    pathlib.Path(args.out).write_text(json.dumps({"arch": args.arch, "prelude_first_compile_ms": prelude_ms, "rows": rows,
                                                  "unavailable": unavailable}, indent=1))
PY
