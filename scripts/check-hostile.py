#!/usr/bin/env python3
"""Judges the hostile corpus (judge/tests/hostile, docs/security.md) and checks that the judge held.

Usage: check-hostile.py JUDGE_BINARY [--only NAME,...] [--out FILE.json] [--no-grade]

For each file of judge/tests/hostile/manifest.json, runs `judge run <challenge> FILE --json`
(the example and functional tests, or the tests the case names), then prints one row:

  case, expected verdict ('A|B': either), verdict, leftover processes, files written outside the
  scratch folder, whether the judge survived (it printed a report and exited 0 or 1), and whether
  the next run is healthy (a correct solution judged right after is AC).

Leftover processes: processes whose name or command line carries the corpus's markers
(judge-hostile, sleep 7777) or a runner's (`judge __runner`), after the judge has returned.
Files outside scratch: files named judge-hostile-* under /tmp, /var/tmp, /dev/shm, $HOME,
$JUDGE_CACHE_DIR and the data root, plus scratch folders (judge-scratch-*) left behind; each is
removed once counted, so the next case starts clean.

Last, unless --no-grade: a `judge grade` batch of three (a correct solution, kill-parent.cu, a
correct solution) must finish and report all three.
Exit status: 0 when every row is as expected, 1 otherwise, 2 on a usage error.
"""
import argparse
import json
import os
import pathlib
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
CORPUS = ROOT / "judge" / "tests" / "hostile"
HEALTHY = ROOT / "solutions" / "vector-addition" / "naive.cu"
RUN_TIMEOUT_S = 300


def leftover_processes():
    """Processes of the corpus or of a runner still alive (zombies included: they hold a pid)."""
    found = []
    for entry in pathlib.Path("/proc").iterdir():
        if not entry.name.isdigit() or int(entry.name) == os.getpid():
            continue
        try:
            comm = (entry / "comm").read_text().strip()
            cmd = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
        except OSError:
            continue
        if comm == "judge-hostile" or "__runner" in cmd or cmd.startswith("sleep 7777"):
            found.append(f"{entry.name} {comm} {cmd[:60]}")
    return found


def escaped_files(roots, since=None):
    """Files the corpus wrote outside its scratch folder, and scratch folders made after `since`
    and left behind (older ones may belong to another judge); removes them."""
    found = []
    for root in roots:
        if not root or not root.is_dir():
            continue
        for dirpath, dirnames, filenames in os.walk(root):
            depth = pathlib.Path(dirpath).relative_to(root).parts
            if len(depth) >= 3:  # the markers sit at the top of each root; do not walk whole trees
                dirnames[:] = []
            for name in filenames + dirnames:
                path = pathlib.Path(dirpath) / name
                scratch = (name.startswith("judge-scratch-") and since is not None and path.is_dir()
                           and path.stat().st_ctime >= since)
                if name.startswith("judge-hostile-") or scratch:
                    found.append(str(path))
                    if path.is_dir() and not path.is_symlink():
                        shutil.rmtree(path, ignore_errors=True)
                    else:
                        path.unlink(missing_ok=True)
    return found


def judge_run(judge, challenge, file, tests):
    cmd = [judge, "run", challenge, str(file), "--json", "--tests", tests, "--keep-going"]
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=RUN_TIMEOUT_S)
    except subprocess.TimeoutExpired:
        return None, "timed out", -1
    try:
        return json.loads(p.stdout), p.stderr, p.returncode
    except json.JSONDecodeError:
        return None, p.stderr[-400:], p.returncode


def messages(report):
    text = [report.get("summary", "")]
    for t in report.get("tests", []):
        text.append(t.get("summary", ""))
        text.extend(t.get("details", []))
    return "\n".join(x for x in text if x)


def check_case(judge, challenge, case, roots):
    tests = case.get("tests", "example,functional")
    start = time.time()
    report, err, rc = judge_run(judge, challenge, CORPUS / case["file"], tests)
    time.sleep(0.2)  # let the kernel finish reaping
    left = leftover_processes()
    files = escaped_files(roots, start)
    verdict = report.get("verdict", "?") if report else "none"
    expected = case["verdict"].split("|")
    message_ok = not case.get("message") or (report is not None and case["message"] in messages(report))
    survived = report is not None and rc in (0, 1)
    healthy_report, _, _ = judge_run(judge, challenge, HEALTHY, "example")
    healthy = healthy_report is not None and healthy_report.get("verdict") == "AC"
    ok = verdict in expected and message_ok and not left and not files and survived and healthy
    return {
        "file": case["file"], "expected": case["verdict"], "verdict": verdict, "message_ok": message_ok,
        "summary": messages(report).split("\n")[0] if report else err.strip()[-200:],
        "leftover_processes": len(left), "leftover": left[:5], "files_outside_scratch": len(files),
        "files": files[:5], "judge_survived": survived, "judge_exit": rc, "next_run_healthy": healthy,
        "wall_s": round(time.time() - start, 1), "ok": ok,
    }


def check_grade(judge, challenge):
    """A batch with the kill-parent case in the middle finishes and reports every submission."""
    with tempfile.TemporaryDirectory() as d:
        folder = pathlib.Path(d) / challenge
        folder.mkdir()
        shutil.copy(HEALTHY, folder / "a-first.cu")
        shutil.copy(CORPUS / "kill-parent.cu", folder / "b-kill-parent.cu")
        shutil.copy(HEALTHY, folder / "c-last.cu")
        out = pathlib.Path(d) / "grade.json"
        p = subprocess.run([judge, "grade", d, "--json", str(out), "--tests", "example,functional", "--exit-zero"],
                           capture_output=True, text=True, timeout=RUN_TIMEOUT_S)
        graded = []
        if out.exists():
            doc = json.loads(out.read_text())
            graded = [(s.get("file", "?"), s.get("verdict", "?")) for s in doc.get("submissions", [])]
        ok = p.returncode == 0 and len(graded) == 3 and all(v == "AC" for _, v in graded)
        return {"exit": p.returncode, "graded": graded, "ok": ok, "stderr": p.stderr[-400:]}


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("judge")
    ap.add_argument("--only", default="")
    ap.add_argument("--out")
    ap.add_argument("--no-grade", action="store_true")
    a = ap.parse_args()
    manifest = json.loads((CORPUS / "manifest.json").read_text())
    challenge = manifest["challenge"]
    only = {x if x.endswith(".cu") else x + ".cu" for x in a.only.split(",") if x}
    cases = [c for c in manifest["cases"] if not only or c["file"] in only]
    if not cases:
        print("check-hostile: no case matches --only", file=sys.stderr)
        return 2
    home = pathlib.Path(os.environ.get("HOME", "/root"))
    cache = pathlib.Path(os.environ["JUDGE_CACHE_DIR"]) if os.environ.get("JUDGE_CACHE_DIR") else home / ".cache" / "judge"
    tmp = pathlib.Path(os.environ.get("TMPDIR", "/tmp"))
    roots = sorted({pathlib.Path("/tmp"), pathlib.Path("/var/tmp"), pathlib.Path("/dev/shm"), tmp, home, cache, ROOT})
    escaped_files(roots)  # leftovers of an earlier, interrupted check
    rows = []
    print(f"{'case':<30} {'expected':<8} {'verdict':<7} {'procs':>5} {'files':>5} {'survived':>8} {'next':>5}  summary")
    for case in cases:
        r = check_case(a.judge, challenge, case, roots)
        rows.append(r)
        mark = "" if r["ok"] else "  <-- NOT AS EXPECTED"
        msg = "" if r["message_ok"] else " [expected message missing: " + case.get("message", "") + "]"
        print(f"{r['file'][:-3]:<30} {r['expected']:<8} {r['verdict']:<7} {r['leftover_processes']:>5} "
              f"{r['files_outside_scratch']:>5} {'yes' if r['judge_survived'] else 'NO':>8} "
              f"{'yes' if r['next_run_healthy'] else 'NO':>5}  {r['summary'][:70]}{msg}{mark}", flush=True)
    grade = None if a.no_grade else check_grade(a.judge, challenge)
    bad = [r for r in rows if not r["ok"]]
    if grade:
        print(f"grade batch (correct, kill-parent, correct): exit {grade['exit']}, graded {grade['graded']}"
              f"{'' if grade['ok'] else '  <-- NOT AS EXPECTED'}")
    print(f"hostile corpus: {len(rows) - len(bad)} of {len(rows)} as expected; leftover processes "
          f"{sum(r['leftover_processes'] for r in rows)}, files outside scratch {sum(r['files_outside_scratch'] for r in rows)}"
          f"{'' if not grade else ', grade batch ' + ('ok' if grade['ok'] else 'FAILED')}")
    if a.out:
        pathlib.Path(a.out).write_text(json.dumps({"cases": rows, "grade": grade}, indent=2) + "\n")
    return 0 if not bad and (grade is None or grade["ok"]) else 1


if __name__ == "__main__":
    sys.exit(main())
