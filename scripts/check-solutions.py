#!/usr/bin/env python3
"""Judges every shipped solution under each compile engine and checks the verdicts.

Usage: check-solutions.py JUDGE_BINARY [--engines nvcc,nvrtc,auto] [--out FILE.json] [--only SLUG,...]
                          [--all-tests-every-engine] [--no-corpus] [--wrong-only] [--jobs N] [--min-time S]
                          [--dry-run]
       check-solutions.py --render FILE.json

Judges the files named by solutions/<slug>/expected.json and by the construct corpus
(judge/tests/corpus/constructs/expected.json; --no-corpus leaves it out) with `judge run --json
--compiler ENGINE`, once per engine. A file passes under an engine when it gets the verdict its
manifest names (and, when one is given, the manifest's message appears in the diagnostics).

To save GPU time only the first engine runs the performance case; the others run the example and
functional tests (`--tests example,functional`), unless --all-tests-every-engine is given. Files
expected to fail run every test under every engine: they stop at their first failing test anyway,
and a failure may only show in the performance case. Accepted construct-corpus files run the
example and functional tests under every engine: they test building, not speed. A corpus file
marked "fallback" (a construct the splitter cannot express) must be refused under a forced nvrtc
(JE, "use --compiler auto or nvcc") and compiled by nvcc under auto.

--jobs N with N > 1 judges in two phases (the default, 1, judges every run alone, in file order):
  phase 1: every run except the timed ones, N `judge run` processes at a time sharing the GPU;
  phase 2: one run at a time, nothing else on the GPU: first the timed runs (files expected AC,
           run with every test; their example and functional tests already ran in phase 1, so here
           only `--tests performance`, unless that part went wrong, then the whole run), then a
           re-run of every phase-1 run whose verdict did not match or whose expected message was
           missing. The re-run's
           result replaces the phase-1 one (JSON: each engine's "phase" is 1 or 2; a re-run's has
           "rerun": true and "phase1_verdict").
Why this is sound: every timing the table or the JSON shows comes from a run made alone on the
GPU. Verdicts do not depend on timing, with one exception: a test that runs past its time limit
is TLE, and a run slowed by its neighbours could reach that limit. So a phase-1 mismatch is never
reported as is; it is judged again alone, and only that verdict counts. (The reverse, a file
expected TLE passing only because of contention, needs a borderline file; the shipped TLE files
all hang forever.) Most runs time nothing, so most of the work overlaps.

Prints a table: challenge, file, expected, one verdict column per engine (`auto` also says which
engine it picked), the performance timing of the first engine, the wall time over all engines
(the sum of each run's own wall time; a phase-1 run's is measured while others run beside it),
and "same" (every engine got the expected verdict). Progress goes to stderr, one line per file
(--jobs 1) or per run (phase-prefixed), and a last line with the wall time of each phase.
--out writes every report as JSON; --render prints the table again from such a file; --dry-run
lists what would be judged (and, with --jobs > 1, in which phase) and judges nothing.
Exit status: 0 when every file got its expected verdict under every engine, 1 otherwise, 2 on
a usage error.
"""
import argparse
import concurrent.futures
import json
import pathlib
import subprocess
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
CORPUS = ROOT / "judge" / "tests" / "corpus" / "constructs"
KNOWN_ENGINES = ("nvcc", "nvrtc", "auto")
QUICK_TESTS = "example,functional"
RUN_TIMEOUT_S = 900


def plan_files(only, corpus, wrong_only=False):
    """Every file to judge: dicts with challenge, file (as shown), path, expected, message."""
    files = []
    for manifest in sorted(ROOT.glob("solutions/*/expected.json")):
        slug = manifest.parent.name
        for entry in json.loads(manifest.read_text())["solutions"]:
            files.append({"challenge": slug, "file": entry["file"], "path": str(manifest.parent / entry["file"]),
                          "expected": entry["verdict"], "message": entry.get("message"),
                          "diagnosis": entry.get("diagnosis")})
    if corpus:
        for entry in json.loads((CORPUS / "expected.json").read_text())["solutions"]:
            files.append({"challenge": entry["challenge"], "file": "corpus/" + entry["file"],
                          "path": str(CORPUS / entry["file"]), "expected": entry["verdict"],
                          "message": entry.get("message"), "fallback": entry.get("fallback", False),
                          "diagnosis": entry.get("diagnosis")})
    if only:
        wanted = set(only.split(","))
        files = [f for f in files if f["challenge"] in wanted]
    if wrong_only:  # the files expected to fail: their verdicts, messages and diagnosis codes
        files = [f for f in files if f["expected"] != "AC"]
    return files


def tests_for(engine_index, expected, all_every_engine, accepted_quick=False, corpus=False):
    """The --tests value for one run; None means every test (the judge's default). Accepted
    corpus files are about building, not speed: example and functional tests only."""
    if (accepted_quick or corpus) and expected == "AC":
        return QUICK_TESTS
    if engine_index == 0 or all_every_engine or expected != "AC":
        return None
    return QUICK_TESTS


MIN_TIME = []  # ["--min-time", S] when --min-time is given


def judge(binary, slug, path, engine, tests):
    cmd = [binary, "run", "--json", "--compiler", engine, *MIN_TIME, slug, path]
    if tests:
        cmd[3:3] = ["--tests", tests]
    start = time.monotonic()
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=RUN_TIMEOUT_S)
    except subprocess.TimeoutExpired:
        # A value, not an exception: in phase 1 one stuck run must not lose every other result.
        summary = f"`{' '.join(cmd)}` did not finish in {RUN_TIMEOUT_S} s and was killed"
        return {"verdict": "??", "summary": summary, "tests": []}, None, time.monotonic() - start
    wall = time.monotonic() - start
    try:
        doc = json.loads(proc.stdout)
    except json.JSONDecodeError:
        doc = {"verdict": "??", "summary": (proc.stdout + proc.stderr)[-500:], "tests": []}
    return doc, proc.returncode, wall


def diagnostics_text(doc):
    parts = [doc.get("summary", ""), (doc.get("compile") or {}).get("log", "")]
    for t in doc.get("tests", []):
        parts.append(t.get("summary", ""))
        parts.extend(t.get("details", []))
    return "\n".join(parts)


# A corpus file marked "fallback" uses a construct the splitter cannot express: forced onto the
# nvrtc engine it must be a clear judge error naming the way out, and auto must pick nvcc.
FALLBACK_NVRTC = ("JE", "use --compiler auto or nvcc")


def expected_for(f, engine):
    """(verdict, message) this file must get under this engine."""
    if f.get("fallback") and engine == "nvrtc":
        return FALLBACK_NVRTC
    return f["expected"], f["message"]


def first_diagnosis(doc):
    """The first test's diagnosis code (judging/diagnose.hpp), or None."""
    for t in doc.get("tests", []):
        if t.get("diagnosis"):
            return t["diagnosis"]
    return None


def engine_result(f, engine, tests, doc, rc, wall):
    actual = doc.get("verdict", "??")
    want, message = expected_for(f, engine)
    ok = actual == want
    if ok and f.get("fallback") and engine == "auto":
        ok = (doc.get("compile") or {}).get("engine") == "nvcc"
    message_missing = bool(ok and message and message not in diagnostics_text(doc))
    wrong_diagnosis = None
    if ok and f.get("diagnosis") and want == f["expected"] and first_diagnosis(doc) != f["diagnosis"]:
        wrong_diagnosis = first_diagnosis(doc) or "none"
    return {"verdict": actual, "used": (doc.get("compile") or {}).get("engine", ""), "tests": tests or "all",
            "ok": ok and not message_missing and not wrong_diagnosis, "message_missing": message_missing,
            "wrong_diagnosis": wrong_diagnosis,
            "diagnosis": first_diagnosis(doc) if f.get("diagnosis") else None, "exit_code": rc, "wall_s": wall,
            "rerun": False, "want": want, "report": doc}


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
    if r.get("want") == FALLBACK_NVRTC[0] and r["verdict"] == r["want"]:
        cell += " (refused, as expected)"  # a fallback file forced onto nvrtc
    if r.get("message_missing"):
        cell += " (message missing)"
    if r.get("wrong_diagnosis"):
        cell += f" (diagnosis {r['wrong_diagnosis']})"
    elif r.get("diagnosis") and r["verdict"] == r.get("want"):
        cell += f" [{r['diagnosis']}]"
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


def plan_runs(files, engines, all_every_engine, accepted_quick):
    """Every `judge run`, files in order, engines in order. A run is timed when its performance
    case is measured for a file expected AC: that timing is reported, so it runs alone."""
    runs = []
    for index, f in enumerate(files):
        for i, e in enumerate(engines):
            tests = tests_for(i, f["expected"], all_every_engine, accepted_quick, f["file"].startswith("corpus/"))
            runs.append({"file": index, "engine": e, "tests": tests, "timed": f["expected"] == "AC" and tests is None})
    return runs


def run_one(binary, f, run):
    doc, rc, wall = judge(binary, f["challenge"], f["path"], run["engine"], run["tests"])
    return engine_result(f, run["engine"], run["tests"], doc, rc, wall)


def count(n, noun):
    return f"{n} {noun}" + ("" if n == 1 else "s")


def progress(prefix, f, run, r, extra=""):
    print(f"{prefix} {f['challenge']}/{f['file']} {run['engine']}: {verdict_cell(run['engine'], r)} "
          f"({'ok' if r['ok'] else 'MISMATCH'}{extra})", file=sys.stderr, flush=True)


def judge_serial(binary, files, engines, runs):
    """--jobs 1: every run alone, in plan order, one progress line per file. Returns
    {(file index, engine): engine result}."""
    grid = {}
    start = time.monotonic()
    for run in runs:
        f = files[run["file"]]
        grid[run["file"], run["engine"]] = run_one(binary, f, run)
        if run["engine"] == engines[-1]:
            per = {e: grid[run["file"], e] for e in engines}
            ok = all(r["ok"] for r in per.values())
            cells = ", ".join(f"{e} {verdict_cell(e, per[e])}" for e in engines)
            print(f"[{run['file'] + 1}/{len(files)}] {f['challenge']}/{f['file']}: {cells} ({'ok' if ok else 'MISMATCH'})",
                  file=sys.stderr, flush=True)
    print(f"wall time: {time.monotonic() - start:.1f} s for {count(len(runs), 'run')}, one at a time",
          file=sys.stderr, flush=True)
    return grid


def split_timed(run):
    """A timed run in two parts: its example and functional tests can share the GPU in phase 1;
    only the performance case has to wait for phase 2."""
    return dict(run, tests=QUICK_TESTS, timed=False, part="functional"), dict(run, tests="performance")


def judge_phased(binary, files, runs, jobs):
    """--jobs > 1: phase 1 runs the untimed runs (and the functional part of the timed ones) `jobs`
    at a time; phase 2 runs the performance case of the timed ones alone, then re-runs alone every
    phase-1 run that did not get what its manifest expects."""
    grid, functional = {}, {}
    timed = [run for run in runs if run["timed"]]
    shared = [run for run in runs if not run["timed"]] + [split_timed(run)[0] for run in timed]
    start = time.monotonic()
    pool = concurrent.futures.ThreadPoolExecutor(max_workers=jobs)
    try:
        futures = {pool.submit(run_one, binary, files[run["file"]], run): run for run in shared}
        for n, done in enumerate(concurrent.futures.as_completed(futures), 1):
            run = futures[done]
            r = done.result() | {"phase": 1}
            (functional if run.get("part") else grid)[run["file"], run["engine"]] = r
            progress(f"[phase 1, {n}/{len(shared)}]", files[run["file"]], run, r,
                     (" (functional part)" if run.get("part") else "") +
                     ("" if r["ok"] else "; judged again alone in phase 2"))
    finally:
        # On Ctrl-C or an internal fault, start nothing more; the runs under way finish.
        pool.shutdown(wait=True, cancel_futures=True)
    phase1_s = time.monotonic() - start

    start = time.monotonic()
    for n, run in enumerate(timed, 1):
        key = run["file"], run["engine"]
        first = functional[key]
        if first["ok"]:
            r = run_one(binary, files[run["file"]], split_timed(run)[1]) | {
                "phase": 2, "tests": "all (example,functional in phase 1)", "functional_report": first["report"]}
        else:  # the functional part went wrong beside other runs: the whole run again, alone
            r = run_one(binary, files[run["file"]], run) | {"phase": 2, "rerun": True,
                                                             "phase1_verdict": first["verdict"]}
        grid[key] = r
        progress(f"[phase 2, timed {n}/{len(timed)}]", files[run["file"]], run, r,
                 f"; median {fmt_ms(time_of(r['report'])[0])}" +
                 ("" if first["ok"] else f"; whole run alone, its functional part got {first['verdict']} in phase 1"))
    again = [run for run in shared if not run.get("part") and not grid[run["file"], run["engine"]]["ok"]]
    for n, run in enumerate(again, 1):
        first = grid[run["file"], run["engine"]]
        r = run_one(binary, files[run["file"]], run) | {"phase": 2, "rerun": True, "phase1_verdict": first["verdict"]}
        grid[run["file"], run["engine"]] = r
        progress(f"[phase 2, re-run {n}/{len(again)}]", files[run["file"]], run, r,
                 f"; phase 1 got {verdict_cell(run['engine'], first)}, alone "
                 f"{'the expected verdict' if r['ok'] else 'still a mismatch'}")
    phase2_s = time.monotonic() - start
    print(f"wall time: phase 1 {phase1_s:.1f} s ({count(len(shared), 'run')}, {jobs} at a time), phase 2 "
          f"{phase2_s:.1f} s ({count(len(timed), 'timed run')} and {count(len(again), 're-run')}, one at a time)",
          file=sys.stderr, flush=True)
    return grid


def collect(files, engines, grid):
    """The per-file results in file order, whatever order the runs finished in."""
    results = []
    for index, f in enumerate(files):
        per = {e: grid[index, e] for e in engines}
        results.append({"challenge": f["challenge"], "file": f["file"], "expected": f["expected"],
                        "ok": all(r["ok"] for r in per.values()), "engines": per})
    return results


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
    ap.add_argument("--wrong-only", action="store_true",
                    help="judge only the files expected to fail (verdicts, messages and diagnosis codes)")
    ap.add_argument("--accepted-quick", action="store_true",
                    help="files expected AC run example and functional tests under every engine (their "
                    "performance case is measured by scripts/record-baselines.sh)")
    ap.add_argument("--jobs", type=int, default=1, metavar="N",
                    help="judge the untimed runs N at a time on the shared GPU, then the timed runs and a "
                    "re-run of every mismatch alone (default 1: every run alone)")
    ap.add_argument("--min-time", type=float, metavar="S",
                    help="passed to `judge run`: seconds of timed calls the performance case accumulates "
                    "(default: the judge's, 0.5)")
    ap.add_argument("--out", help="write every report as JSON to this file")
    ap.add_argument("--dry-run", action="store_true", help="list what would be judged; judge nothing")
    ap.add_argument("--render", metavar="FILE", help="print the table of an earlier --out file; judge nothing")
    args = ap.parse_args()
    try:
        engines = parse_engines(args.engines)
    except ValueError as e:
        ap.error(str(e))
    if args.jobs < 1:
        ap.error(f"--jobs {args.jobs}: give 1 (every run alone) or more (runs at a time in phase 1)")

    if args.min_time is not None:
        MIN_TIME[:] = ["--min-time", str(args.min_time)]

    if args.render:
        doc = json.loads(pathlib.Path(args.render).read_text())
        text, bad = render(doc["engines"], doc["results"])
        print(text)
        return 1 if bad else 0

    files = plan_files(args.only, not args.no_corpus, args.wrong_only)
    if args.corpus_only:
        files = [f for f in files if f["file"].startswith("corpus/")]
    if not files:
        ap.error(f"--only {args.only}: no solutions for these challenges")
    runs = plan_runs(files, engines, args.all_tests_every_engine, args.accepted_quick)
    if args.dry_run:
        for run in runs:
            f = files[run["file"]]
            phase = ""
            if args.jobs > 1:
                phase = ("  phase=1 example,functional + phase=2 performance (timed, alone)" if run["timed"]
                         else "  phase=1")
            print(f"{f['challenge']}  {f['file']}  {f['expected']}  {run['engine']}  tests={run['tests'] or 'all'}{phase}")
        print(f"{len(files)} files x {len(engines)} engines = {len(runs)} runs")
        if args.jobs > 1:
            timed = sum(1 for run in runs if run["timed"])
            print(f"phase 1: {count(len(runs), 'run')} (with the functional part of the timed ones), "
                  f"{args.jobs} at a time; phase 2: the performance case of {count(timed, 'timed run')} "
                  f"one at a time, then a re-run of each phase-1 mismatch")
        return 0
    if not args.judge:
        ap.error("the judge binary is required (unless --dry-run or --render)")

    if args.jobs == 1:
        grid = judge_serial(args.judge, files, engines, runs)
    else:
        grid = judge_phased(args.judge, files, runs, args.jobs)
    results = collect(files, engines, grid)
    if args.out:
        pathlib.Path(args.out).write_text(json.dumps({"engines": engines, "results": results}, indent=1))
    text, bad = render(engines, results)
    print(text)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
