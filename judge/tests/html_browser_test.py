#!/usr/bin/env python3
"""The HTML class report in a real browser: headless Chromium renders `judge report html` pages and
the test reads the rendered DOM (--dump-dom).

    html_browser_test.py JUDGE SOURCE_ROOT

1. The crafted sample class (scripts/make-sample-grade-report.py: 37 submissions, 5 challenges,
   every verdict of a judged run) opened at a submission's anchor, with a probe script appended
   that clicks the leaderboard's headers: every chart drew (page.js marks each canvas after
   checking its pixels, and counts the bars Chart.js laid out), the matrix has one cell per
   student and challenge with the expected verdicts, the anchor unfolded its details, and sorting
   by time orders the rows fastest first, then slowest first, untimed rows last both ways.
2. A compile-only report (verdicts compiled and CE) whose student, file, test and compile log
   try to inject markup and script: nothing ran, no element was injected, and the attributes read
   back exactly as written.

Exits 77 (CTest: skipped) saying why when Chromium is missing or the judge was built without
Chart.js.
"""
import html.parser
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

SKIP = 77
PROBE = """
<script>
// Test probe, appended by html_browser_test.py (not part of the report): sorts the leaderboard
// by time, ascending then descending, and records the row order each time.
(function () {
  const table = document.querySelector("table.leaderboard");
  const header = (name) => Array.from(table.tHead.rows[0].cells).find((th) => th.textContent.trim() === name);
  const order = () => Array.from(table.tBodies).map((b) => b.id).join(" ");
  document.body.dataset.probeInitial = order();
  header("time").querySelector("button").click();
  document.body.dataset.probeTimeAscending = order();
  header("time").querySelector("button").click();
  document.body.dataset.probeTimeDescending = order();
})();
</script>
"""
EVIL_STUDENT = "<img src=x onerror=\"document.body.dataset.pwned='student'\">"
EVIL_SCRIPT = "</script><script>document.body.dataset.pwned='script'</script><!--"


def fail(message):
    print(f"FAIL: {message}")
    sys.exit(1)


def find_chromium():
    for name in [os.environ.get("JUDGE_CHROMIUM", ""), "chromium", "chromium-browser", "google-chrome"]:
        if name and shutil.which(name):
            return shutil.which(name)
    return None


class Dom(html.parser.HTMLParser):
    """What the checks read from the rendered DOM: elements by tag with their attributes (and the
    text of <script> elements), in document order."""

    def __init__(self, text):
        super().__init__()
        self.elements = []
        self.scripts = []
        self._in_script = None
        self.feed(text)

    def handle_starttag(self, tag, attrs):
        self.elements.append((tag, dict(attrs)))
        if tag == "script":
            self._in_script = dict(attrs)
            self.scripts.append([dict(attrs), ""])

    def handle_endtag(self, tag):
        if tag == "script":
            self._in_script = None

    def handle_data(self, data):
        if self._in_script is not None:
            self.scripts[-1][1] += data

    def all(self, tag, **where):
        return [a for t, a in self.elements if t == tag and all(a.get(k.replace("_", "-")) == v
                                                               for k, v in where.items())]


def render(judge, root, report, page, work):
    r = subprocess.run([judge, "--root", root, "report", "html", str(report), "-o", str(page)],
                       capture_output=True, text=True, timeout=60)
    if r.returncode != 0:
        if "libjs-chart.js" in r.stderr:
            print(f"SKIP: {r.stderr.strip()}")
            sys.exit(SKIP)
        fail(f"judge report html exited {r.returncode}: {r.stderr}")


def dump_dom(chromium, url, work):
    r = subprocess.run([chromium, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                        "--disable-extensions", f"--user-data-dir={work / 'profile'}", "--window-size=1280,900",
                        "--virtual-time-budget=10000", "--dump-dom", url],
                       capture_output=True, text=True, timeout=90)
    if r.returncode != 0 or "<body" not in r.stdout:
        fail(f"chromium exited {r.returncode}: {r.stderr[-2000:]}")
    return Dom(r.stdout)


def check_sample(judge, root, chromium, work):
    sample = work / "sample.json"
    subprocess.run([sys.executable, str(Path(root) / "scripts/make-sample-grade-report.py"), str(sample),
                    "--root", root], check=True)
    report = json.loads(sample.read_text())
    subs = report["submissions"]
    page = work / "sample.html"
    render(judge, root, sample, page, work)
    probe = work / "sample-probe.html"
    text = page.read_text()
    probe.write_text(text.replace("</body>", PROBE + "</body>"))
    # Opened at the first rejected submission's anchor: its details must unfold.
    target = next(i for i, s in enumerate(subs) if s["verdict"] == "WA")
    dom = dump_dom(chromium, probe.as_uri() + f"#sub-{target}", work)
    body = dom.all("body")[0]

    specs = json.loads(next(t for a, t in dom.scripts if a.get("id") == "judge-charts"))
    challenges = sorted({s["challenge"] for s in subs})
    if [s["challenge"] for s in specs] != challenges:
        fail(f"one chart per challenge expected: {challenges}, got {[s['challenge'] for s in specs]}")
    if body.get("data-charts-error"):
        fail(body["data-charts-error"])
    if body.get("data-charts") != str(len(specs)) or body.get("data-charts-drawn") != str(len(specs)):
        fail(f"charts drawn: {body.get('data-charts-drawn')} of {body.get('data-charts')}, expected {len(specs)}")
    for spec in specs:
        canvas = dom.all("canvas", id=spec["canvas"])
        if not canvas or canvas[0].get("data-drawn") != "yes":
            fail(f"{spec['canvas']} ({spec['challenge']}): not drawn ({canvas})")
        if canvas[0].get("data-bars") != str(len(spec["points"])):
            fail(f"{spec['canvas']}: {canvas[0].get('data-bars')} bars drawn for {len(spec['points'])} points")
        kinds = {p["kind"] for p in spec["points"]}
        if kinds != {"class", "shipped"}:
            fail(f"{spec['challenge']}: expected class and shipped runtimes, got {kinds}")

    cells = {(c["data-student"], c["data-challenge"]): c["data-verdicts"] for c in dom.all("td")
             if "data-student" in c}
    students = sorted({s["student"] for s in subs})
    if len(cells) != len(students) * len(challenges):
        fail(f"{len(cells)} matrix cells, expected {len(students)} x {len(challenges)}")
    expected = {(s["student"], s["challenge"]): s["verdict"] for s in subs}
    for key, verdicts in cells.items():
        if verdicts != expected.get(key, ""):
            fail(f"matrix cell {key}: '{verdicts}', expected '{expected.get(key, '')}'")
    shown = set(cells.values()) - {""}
    if shown != {"AC", "WA", "TLE", "RTE", "CE", "OLE", "MLE", "JE"}:
        fail(f"the sample should show every verdict of a judged run, got {sorted(shown)}")

    tbodies = dom.all("tbody")
    if sum(1 for t in tbodies if t.get("id", "").startswith("sub-")) != len(subs):
        fail("one leaderboard <tbody> per submission expected")
    opened = [i for i, (tag, a) in enumerate(dom.elements) if tag == "tbody" and a.get("id") == f"sub-{target}"]
    after = dom.elements[opened[0] + 1:]
    details = next(a for tag, a in after if tag == "details")
    if "open" not in details:
        fail(f"opening the page at #sub-{target} did not unfold its details")

    timed = sorted((s["median_ms"], i) for i, s in enumerate(subs) if s["median_ms"] is not None)
    untimed = {f"sub-{i}" for i, s in enumerate(subs) if s["median_ms"] is None}
    for attr, order in (("data-probe-time-ascending", timed), ("data-probe-time-descending", timed[::-1])):
        rows = body.get(attr, "").split()
        if rows[:len(order)] != [f"sub-{i}" for _, i in order] or set(rows[len(order):]) != untimed:
            fail(f"{attr}: {rows}")
    print(f"ok: {len(specs)} charts drawn, {len(cells)} matrix cells, {len(subs)} rows sorted both ways")


def check_hostile(judge, root, chromium, work):
    subs = []
    for student, verdict in ((EVIL_STUDENT, "compiled"), ("bob", "CE")):
        sid = f"{student}/relu/{EVIL_SCRIPT}.cu"
        subs.append({"id": sid, "file": sid, "student": student, "challenge": "relu", "verdict": verdict,
                     "summary": EVIL_SCRIPT, "engine": "nvrtc", "note": EVIL_STUDENT, "gpu": None,
                     "compile_ms": 10.0, "judge_seconds": 0, "median_ms": None, "percentile": None,
                     "tests": [{"name": EVIL_SCRIPT, "kind": "example", "verdict": "AC", "summary": EVIL_STUDENT,
                                "details": [EVIL_SCRIPT], "output": EVIL_STUDENT}],
                     "compile_log": EVIL_SCRIPT + "\n" + EVIL_STUDENT})
    report = {"format": "judge-grade/1", "judge_version": "0.1.0", "created": EVIL_SCRIPT, "root": EVIL_STUDENT,
              "shard": None, "compile_only": True, "tests": "all", "gpus": [], "wall_seconds": 1.0,
              "submissions": subs, "totals": {"submissions": 2, "by_verdict": {"compiled": 1, "CE": 1}}}
    path = work / "hostile.json"
    path.write_text(json.dumps(report))
    page = work / "hostile.html"
    render(judge, root, path, page, work)
    dom = dump_dom(chromium, page.as_uri(), work)
    body = dom.all("body")[0]
    if "data-pwned" in body:
        fail(f"injected script ran: data-pwned={body['data-pwned']}")
    if dom.all("img"):
        fail("an <img> element was injected")
    if len(dom.scripts) != 3:
        fail(f"{len(dom.scripts)} <script> elements, expected the page's own 3")
    cells = {(c["data-student"], c["data-challenge"]): c["data-verdicts"] for c in dom.all("td")
             if "data-student" in c}
    if cells != {(EVIL_STUDENT, "relu"): "compiled", ("bob", "relu"): "CE"}:
        fail(f"matrix cells of the hostile report: {cells}")
    print("ok: hostile names, files, tests and logs stay text")


def main():
    judge, root = sys.argv[1], sys.argv[2]
    chromium = find_chromium()
    if not chromium:
        print("SKIP: Chromium is not installed (apt-get install chromium; scripts/test.sh does)")
        return SKIP
    with tempfile.TemporaryDirectory(prefix="judge-html-") as tmp:
        work = Path(tmp)
        check_sample(judge, root, chromium, work)
        check_hostile(judge, root, chromium, work)
    return 0


if __name__ == "__main__":
    sys.exit(main())
