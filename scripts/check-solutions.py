#!/usr/bin/env python3
"""Judges every shipped solution under each compile engine and checks the verdicts.

Usage: check-solutions.py JUDGE_BINARY [--engines nvcc,nvrtc,auto] [--out FILE.json] [--only SLUG,...]
                          [--all-tests-every-engine] [--no-corpus] [--dry-run]
       check-solutions.py --render FILE.json

Judges the files named by solutions/<slug>/expected.json and by the construct corpus
(judge/tests/corpus/constructs/expected.json; --no-corpus leaves it out) with `judge run --json
--compiler ENGINE`, once per engine. A file passes under an engine when it gets the verdict its
manifest names (and, when one is given, the manifest's message appears in the diagnostics).

To save GPU time only the first engine runs the performance case; the others run the example and
functional tests (`--tests example,functional`), unless --all-tests-every-engine is given. Files
expected to fail run every test under every engine: they stop at their first failing test anyway,
and a failure may only show in the performance case.

Prints a table: challenge, file, expected, one verdict column per engine (`auto` also says which
engine it picked), the performance timing of the first engine, the wall time over all engines,
and "same" (every engine got the expected verdict). --out writes every report as JSON; --render
prints the table again from such a file; --dry-run lists what would be judged and judges nothing.
Exit status: 0 when every file got its expected verdict under every engine, 1 otherwise, 2 on
a usage error.
"""
import argparse
import json
import pathlib
import subprocess
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
CORPUS = ROOT / "judge" / "tests" / "corpus" / "constructs"
KNOWN_ENGINES = ("nvcc", "nvrtc", "auto")
QUICK_TESTS = "example,functional"


def plan_files(only, corpus):
    """Every file to judge: dicts with challenge, file (as shown), path, expected, message."""
    files = []
    for manifest in sorted(ROOT.glob("solutions/*/expected.json")):
        slug = manifest.parent.name
        for entry in json.loads(manifest.read_text())["solutions"]:
            files.append({"challenge": slug, "file": entry["file"], "path": str(manifest.parent / entry["file"]),
                          "expected": entry["verdict"], "message": entry.get("message")})
    if corpus:
        for entry in json.loads((CORPUS / "expected.json").read_text())["solutions"]:
            files.append({"challenge": entry["challenge"], "file": "corpus/" + entry["file"],
                          "path": str(CORPUS / entry["file"]), "expected": entry["verdict"],
                          "message": entry.get("message")})
    if only:
        wanted = set(only.split(","))
        files = [f for f in files if f["challenge"] in wanted]
    return files


def tests_for(engine_index, expected, all_every_engine, accepted_quick=False):
    """The --tests value for one run; None means every test (the judge's default)."""
    if accepted_quick and expected == "AC":
        return QUICK_TESTS
    if engine_index == 0 or all_every_engine or expected != "AC":
        return None
    return QUICK_TESTS


def judge(binary, slug, path, engine, tests):
    cmd = [binary, "run", "--json", "--compiler", engine, slug, path]
    if tests:
        cmd[3:3] = ["--tests", tests]
    start = time.monotonic()
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=900)
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


def engine_result(f, engine, tests, doc, rc, wall):
    actual = doc.get("verdict", "??")
    ok = actual == f["expected"]
    message_missing = bool(ok and f["message"] and f["message"] not in diagnostics_text(doc))
    return {"verdict": actual, "used": (doc.get("compile") or {}).get("engine", ""), "tests": tests or "all",
            "ok": ok and not message_missing, "message_missing": message_missing, "exit_code": rc, "wall_s": wall,
            "report": doc}


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


def verdict_cell(engine, r):
    if r is None:
        return "-"
    cell = r["verdict"]
    if engine == "auto" and r.get("used"):
        cell += f" ({r['used']})"  # which engine auto picked
    if r.get("message_missing"):
        cell += " (message missing)"
    return cell


def render(engines, results):
    """The table and its summary line, as text; returns (text, number of files not all-ok)."""
    header = ("challenge", "file", "expected", *engines, "median", "GB/s", "SoL", "pctl", "wall s", "same")
    rows = []
    for res in results:
        per = res["engines"]
        first = per.get(engines[0]) or {}
        median, gbs, sol, pct = time_of(first.get("report", {}))
        wall = sum(r["wall_s"] for r in per.values())
        rows.append((res["challenge"], res["file"], res["expected"], *(verdict_cell(e, per.get(e)) for e in engines),
                     fmt_ms(median), f"{gbs:.0f}" if gbs else "-", f"{sol * 100:.0f}%" if sol else "-",
                     f"{pct:.0f}" if pct is not None else "-", f"{wall:.1f}", "yes" if res["ok"] else "NO"))
    widths = [max(len(str(r[i])) for r in rows + [header]) for i in range(len(header))]
    line = lambda r: "  ".join(str(c).ljust(w) for c, w in zip(r, widths)).rstrip()
    out = [line(header)] + [line(r) for r in rows]
    bad = sum(1 for res in results if not res["ok"])
    per_engine = ", ".join(
        f"{e} {sum(1 for res in results if not (res['engines'].get(e) or {}).get('ok', False))}" for e in engines)
    out.append(f"solutions: {len(results) - bad} of {len(results)} files got the expected verdict under "
               f"{', '.join(engines)}; mismatches per engine: {per_engine}")
    return "\n".join(out), bad


def parse_engines(text):
    engines = [e.strip() for e in text.split(",") if e.strip()]
    unknown = [e for e in engines if e not in KNOWN_ENGINES]
    if not engines or unknown or len(set(engines)) != len(engines):
        raise ValueError(f"--engines {text!r}: give distinct engines from {', '.join(KNOWN_ENGINES)}, comma-separated")
    return engines


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("judge", nargs="?", help="the judge binary")
    ap.add_argument("--engines", default="nvcc,nvrtc,auto", help="compile engines, comma-separated; the first "
                    "runs every test, the others example and functional tests (default: nvcc,nvrtc,auto)")
    ap.add_argument("--all-tests-every-engine", action="store_true", help="run the performance case under every engine")
    ap.add_argument("--no-corpus", action="store_true", help="leave out judge/tests/corpus/constructs")
    ap.add_argument("--only", help="challenges to judge, comma-separated")
    ap.add_argument("--corpus-only", action="store_true", help="judge only the construct corpus")
    ap.add_argument("--accepted-quick", action="store_true",
                    help="files expected AC run example and functional tests under every engine (their "
                    "performance case is measured by scripts/record-baselines.sh)")
    ap.add_argument("--out", help="write every report as JSON to this file")
    ap.add_argument("--dry-run", action="store_true", help="list what would be judged; judge nothing")
    ap.add_argument("--render", metavar="FILE", help="print the table of an earlier --out file; judge nothing")
    args = ap.parse_args()
    try:
        engines = parse_engines(args.engines)
    except ValueError as e:
        ap.error(str(e))

    if args.render:
        doc = json.loads(pathlib.Path(args.render).read_text())
        text, bad = render(doc["engines"], doc["results"])
        print(text)
        return 1 if bad else 0

    files = plan_files(args.only, not args.no_corpus)
    if args.corpus_only:
        files = [f for f in files if f["file"].startswith("corpus/")]
    if not files:
        ap.error(f"--only {args.only}: no solutions for these challenges")
    if args.dry_run:
        for f in files:
            for i, e in enumerate(engines):
                print(f"{f['challenge']}  {f['file']}  {f['expected']}  {e}  tests={tests_for(i, f['expected'], args.all_tests_every_engine, args.accepted_quick) or 'all'}")
        print(f"{len(files)} files x {len(engines)} engines = {len(files) * len(engines)} runs")
        return 0
    if not args.judge:
        ap.error("the judge binary is required (unless --dry-run or --render)")

    results = []
    for n, f in enumerate(files, 1):
        per = {}
        for i, e in enumerate(engines):
            tests = tests_for(i, f["expected"], args.all_tests_every_engine, args.accepted_quick)
            doc, rc, wall = judge(args.judge, f["challenge"], f["path"], e, tests)
            per[e] = engine_result(f, e, tests, doc, rc, wall)
        ok = all(r["ok"] for r in per.values())
        results.append({"challenge": f["challenge"], "file": f["file"], "expected": f["expected"], "ok": ok,
                        "engines": per})
        cells = ", ".join(f"{e} {verdict_cell(e, per[e])}" for e in engines)
        print(f"[{n}/{len(files)}] {f['challenge']}/{f['file']}: {cells} ({'ok' if ok else 'MISMATCH'})",
              file=sys.stderr, flush=True)
    if args.out:
        pathlib.Path(args.out).write_text(json.dumps({"engines": engines, "results": results}, indent=1))
    text, bad = render(engines, results)
    print(text)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
