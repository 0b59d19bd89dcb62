#!/usr/bin/env python3
"""Writes a crafted judge-grade/1 report of a realistic class, for the HTML report's browser test
and the screenshot in docs/grading.md: no GPU needed.

    scripts/make-sample-grade-report.py OUT.json [--root DATA_ROOT] [--gpu nvidia-h200]

Eight students over five challenges (37 submissions). An accepted submission's performance median
is one of the shipped rungs' medians on that GPU (baselines/<gpu>/<slug>.json, measured by
`judge baseline calibrate`) scaled by a factor between 0.92 and 1.3, as if the student had
written a solution close to that rung; its percentile is computed against those rungs as the
judge does. Test names and kinds come from testcases/<slug>.json. Every verdict appears at least
once (WA, TLE, RTE, CE, OLE, MLE, JE) with summaries, details and diagnoses in the judge's words.
The output is the same on every run (a fixed seed), and it is a sample: nothing here was judged.
"""
import argparse
import json
import random
from pathlib import Path

CHALLENGES = ["vector-addition", "matrix-multiplication", "matrix-transpose", "reduction", "softmax"]
STUDENTS = ["amara", "bjorn", "chen", "dilnoza", "emeka", "farah", "goran", "hina"]
# (student, challenge) pairs nobody submitted: a class rarely finishes everything.
MISSING = {("goran", "softmax"), ("hina", "matrix-multiplication"), ("hina", "softmax")}
# The rejected submissions, each in the judge's own words: verdict, the failing test (a name, or
# the first test of a kind), summary, details, diagnosis code, what the solution printed.
REJECTED = {
    ("bjorn", "matrix-multiplication"): ("WA", "ragged-33x31x35", "columns 32 to 34 of C (33 x 35) were never written: 32 "
                                         "is a multiple of 32, the mark of a grid rounded down to whole tiles",
                                         ["C[0, 32]: got (never written), expected 8.0127",
                                          "C[0, 33]: got (never written), expected -3.2207"], "unwritten_edge", ""),
    ("chen", "softmax"): ("WA", "large-values-1025", "output[7] is inf where 0.24 was expected; input[7] is 100, and exp "
                          "overflows float above 88.7: subtract the maximum before exp",
                          ["output[7]: got inf, expected 0.2400"], "nan_or_inf", ""),
    ("emeka", "reduction"): ("WA", "ones-65537", "output changes from run to run: the same test run again gave a "
                             "different sum, so threads race (a missing __syncthreads)",
                             ["output[0]: got 65535, expected 65537"], "race", ""),
    ("farah", "vector-addition"): ("WA", "n-1023-normal", "the last 3 elements of C (from index 1020) were never "
                                   "written: 1020 is a multiple of 4, the mark of a vectorized loop without its "
                                   "remainder", ["C[1020]: got (never written), expected 0.7781"], "unwritten_tail", ""),
    ("dilnoza", "matrix-transpose"): ("TLE", "performance", "solve did not finish within 10.0 s", [], "timeout", ""),
    ("goran", "matrix-multiplication"): ("TLE", "performance", "the performance measurement did not finish in time",
                                         [], "timeout", ""),
    ("emeka", "matrix-transpose"): ("RTE", "functional", "CUDA error cudaErrorIllegalAddress (an illegal memory "
                                    "access was encountered)", [], "cuda_error", ""),
    ("hina", "reduction"): ("OLE", "example", "the solution printed 1048576 bytes; the limit is 1048576", [],
                            "output_limit", "block 0 partial 0.000000\nblock 1 partial 1.000000\n"),
    ("amara", "matrix-multiplication"): ("MLE", "performance", "cudaMalloc of 68719476736 bytes failed: out of "
                                         "device memory", [], "out_of_memory", ""),
    ("goran", "reduction"): ("JE", "functional", "the runner did not finish setting up the test in time", [], "", ""),
}
COMPILE_ERRORS = {
    ("chen", "matrix-transpose"): "solution.cu(14): error: identifier \"tid\" is undefined\n"
                                  "      output[col * rows + row] = input[tid];\n"
                                  "                                       ^\n\n"
                                  "1 error detected in the compilation of \"solution.cu\".\n",
    ("hina", "vector-addition"): "solution.cu(3): error: expected a \";\"\n"
                                 "  __global__ void add(const float* A, const float* B, float* C, int N)\n\n"
                                 "1 error detected in the compilation of \"solution.cu\".\n",
}


def percentile(ms, rungs):
    """Share of the rungs slower than ms, ties (within 1%) counting half, as `judge baseline rank`."""
    slower = sum(1 for r in rungs if r > ms * 1.01)
    ties = sum(1 for r in rungs if abs(r - ms) <= ms * 0.01)
    return round(100.0 * (slower + 0.5 * ties) / len(rungs), 1)


def test_entry(case, verdict="AC", summary="", details=(), diagnosis=None, solve_ms=None, output=""):
    return {"name": case["name"], "kind": case["kind"], "verdict": verdict, "summary": summary,
            "details": list(details), "diagnosis": diagnosis, "warnings": [], "seed": 0,
            "solve_ms": solve_ms, "sampled": "", "output": output, "output_truncated": bool(output)}


def timing(median_ms, rng):
    return {"median_ms": median_ms, "noise": round(rng.uniform(0.001, 0.006), 4), "n": rng.randint(200, 4000),
            "stop_reason": "noise of the median at most 0.5%"}


def accepted(cases, median_ms, rng):
    tests = []
    for c in cases:
        t = test_entry(c, solve_ms=round(rng.uniform(0.01, 0.2), 4))
        if c["kind"] == "performance":
            t["timing"] = timing(median_ms, rng)
        tests.append(t)
    return tests


def rejected(cases, spec, rng):
    verdict, which, summary, details, diagnosis, output = spec
    failing = next(c for c in cases if which in (c["name"], c["kind"]))
    tests = []
    for c in cases:
        if c is not failing:
            tests.append(test_entry(c, solve_ms=round(rng.uniform(0.01, 0.2), 4)))
            continue
        tests.append(test_entry(c, verdict, summary, details, diagnosis or None, output=output))
        return tests, f"{c['name']}: {summary}"
    raise SystemExit(f"no test {which} to fail")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("out")
    ap.add_argument("--root", default=str(Path(__file__).resolve().parent.parent))
    ap.add_argument("--gpu", default="nvidia-h200")
    a = ap.parse_args()
    root = Path(a.root)
    rng = random.Random(18)
    gpu_name = json.loads((root / "baselines" / a.gpu / f"{CHALLENGES[0]}.json").read_text())["gpu"]
    subs = []
    for student in STUDENTS:
        for slug in CHALLENGES:
            if (student, slug) in MISSING:
                continue
            cases = json.loads((root / "testcases" / f"{slug}.json").read_text())["cases"]
            rungs = [e["median_ms"] for e in json.loads((root / "baselines" / a.gpu / f"{slug}.json").read_text())
                     ["entries"]]
            sid = f"{student}/{slug}/solution.cu"
            s = {"id": sid, "file": sid, "student": student, "challenge": slug, "verdict": "AC", "summary": "",
                 "engine": "nvrtc", "note": "", "gpu": 0, "compile_ms": round(rng.uniform(300, 1400), 1),
                 "judge_seconds": round(rng.uniform(2, 9), 2), "median_ms": None, "percentile": None, "tests": [],
                 "compile_log": ""}
            if (student, slug) in COMPILE_ERRORS:
                log = COMPILE_ERRORS[(student, slug)]
                s.update(verdict="CE", summary=log.splitlines()[0], gpu=None, judge_seconds=0, compile_log=log)
            elif (student, slug) in REJECTED:
                spec = REJECTED[(student, slug)]
                s["tests"], s["summary"] = rejected(cases, spec, rng)
                s["verdict"] = spec[0]
            else:
                # Close to one rung, more often a slower one: most of a class is not at the top.
                rung = sorted(rungs)[min(len(rungs) - 1, int(rng.triangular(0, len(rungs), len(rungs) * 0.6)))]
                median = rung * rng.uniform(0.92, 1.3)
                s["tests"] = accepted(cases, median, rng)
                s["median_ms"], s["percentile"] = median, percentile(median, rungs)
                s["summary"] = f"{len(cases)} of {len(cases)} tests passed, median {median * 1000:.1f} us"
            subs.append(s)
    subs.sort(key=lambda s: s["id"])
    by = {}
    for s in subs:
        by[s["verdict"]] = by.get(s["verdict"], 0) + 1
    report = {
        "format": "judge-grade/1", "judge_version": "0.1.0", "created": "2026-11-25T12:00:00Z",
        "root": f"crafted sample (scripts/make-sample-grade-report.py; times from baselines/{a.gpu})",
        "shard": None, "compile_only": False, "tests": "all",
        "gpus": [{"index": 0, "name": gpu_name, "key": a.gpu, "arch": "sm_90"}],
        "wall_seconds": round(sum(s["judge_seconds"] for s in subs) + 30, 1), "submissions": subs,
        "totals": {"submissions": len(subs), "by_verdict": by},
    }
    Path(a.out).write_text(json.dumps(report, indent=2) + "\n")


if __name__ == "__main__":
    main()
