#!/usr/bin/env python3
"""Builds a batch for `judge grade` acceptance runs: every shipped solution plus faulty ones.

Usage: make-grade-batch.py DIR [--students N] [--only SLUG,...]
Copies every file listed in solutions/<slug>/expected.json to DIR/<student>/<slug>/<name>.cu
(students assigned in turn), adds generated faulty submissions for vector-addition (hang, illegal
address, host abort and exit, output flood, syntax error, wrong signature, off-by-one, compile
bombs), tagged with `// judge: vector-addition` on their first line instead of living under a
challenge folder, and writes DIR/manifest.csv (file,challenge,student,expected,message) with the
verdict each one must get. DIR must not exist or be empty.
"""
import argparse
import csv
import json
import pathlib
import shutil
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent

SIGNATURE = 'extern "C" void solve(const float* A, const float* B, float* C, int N)'

KERNEL = """__global__ void add(const float* a, const float* b, float* c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) c[i] = a[i] + b[i];
}
"""

LAUNCH = "  add<<<(N + 255) / 256, 256>>>(A, B, C, N);\n"

# name -> (expected verdict, message that must appear in the diagnostics or "", source)
FAULTY = {
    "hang": ("TLE", "", """__global__ void spin(float* c) {
  // clock64() is never negative, so this never ends; it is not a loop the compiler may drop.
  while (clock64() >= 0) {
  }
  c[0] = 1;
}
""" + SIGNATURE + " {\n  spin<<<1, 1>>>(C);\n}\n"),
    "illegal-address": ("RTE", "", """__global__ void far_store(float* c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) c[i + (1ll << 36)] = 1.0f;  // 256 GiB past the buffer: no memory there
}
""" + SIGNATURE + " {\n  far_store<<<(N + 255) / 256, 256>>>(C, N);\n}\n"),
    "host-abort": ("RTE", "", "#include <cstdlib>\n" + KERNEL + SIGNATURE + " {\n  if (N > 0) abort();\n" + LAUNCH + "}\n"),
    "host-exit": ("RTE", "", "#include <cstdlib>\n" + KERNEL + SIGNATURE + " {\n  exit(0);\n}\n"),
    "output-flood": ("OLE", "", "#include <cstdio>\n" + KERNEL + SIGNATURE +
                     " {\n  for (int i = 0; i < 40000; ++i) std::printf(\"%s\\n\", \"all work and no play makes a dull kernel\");\n"
                     + LAUNCH + "}\n"),
    "syntax-error": ("CE", "", KERNEL + SIGNATURE + " {\n  int blocks = (N + 255) / 256\n" + LAUNCH + "}\n"),
    "wrong-signature": ("CE", "signature", KERNEL + 'extern "C" void solve(const float* A, float* C, int N) {}\n'),
    "off-by-one": ("WA", "never written", KERNEL.replace("if (i < n)", "if (i < n - 1)") + SIGNATURE + " {\n" + LAUNCH + "}\n"),
    # Exponentially many distinct instantiations: stopped by the compile timeout.
    "template-bomb": ("CE", "", """template <int D, unsigned long long K>
struct Grow {
  static constexpr unsigned long long value = Grow<D - 1, 2 * K>::value + Grow<D - 1, 2 * K + 1>::value;
};
template <unsigned long long K>
struct Grow<0, K> {
  static constexpr unsigned long long value = K;
};
static_assert(Grow<40, 1>::value != 0, "never reached");
""" + SIGNATURE + " {}\n"),
    # A constant expression that would run for hours: the compiler's own step limit stops it.
    "constexpr-spin": ("CE", "", """constexpr unsigned long long spin(unsigned long long n) {
  unsigned long long s = 0;
  for (unsigned long long i = 0; i < n; ++i) s += i ^ (s >> 3);
  return s;
}
static_assert(spin(1ull << 40) != 1, "never reached");
""" + SIGNATURE + " {}\n"),
}


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("dir")
    ap.add_argument("--students", type=int, default=40, help="how many student folders to spread the copies over")
    ap.add_argument("--only", default="", help="comma-separated challenges whose solutions are copied (default all); "
                    "the faulty submissions are always added")
    args = ap.parse_args()
    out = pathlib.Path(args.dir)
    if out.exists() and any(out.iterdir()):
        sys.exit(f"make-grade-batch.py: {out} is not empty; pick a new folder")
    only = {s for s in args.only.split(",") if s}
    unknown = only - {m.parent.name for m in ROOT.glob("solutions/*/expected.json")}
    if unknown:
        sys.exit(f"make-grade-batch.py: --only names no challenge with solutions: {', '.join(sorted(unknown))}")
    rows = []
    n = 0
    for manifest in sorted(ROOT.glob("solutions/*/expected.json")):
        slug = manifest.parent.name
        if only and slug not in only:
            continue
        for entry in json.loads(manifest.read_text())["solutions"]:
            student = f"student{n % args.students + 1:02d}"
            n += 1
            rel = pathlib.Path(student) / slug / entry["file"].replace("/", "-")
            (out / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(manifest.parent / entry["file"], out / rel)
            rows.append([rel.as_posix(), slug, student, entry["verdict"], entry.get("message", "")])
    for i, (name, (verdict, message, source)) in enumerate(sorted(FAULTY.items())):
        student = f"faulty{i + 1:02d}"
        rel = pathlib.Path(student) / f"{name}.cu"
        (out / rel).parent.mkdir(parents=True, exist_ok=True)
        (out / rel).write_text("// judge: vector-addition\n" + source)
        rows.append([rel.as_posix(), "vector-addition", student, verdict, message])
    with open(out / "manifest.csv", "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["file", "challenge", "student", "expected", "message"])
        w.writerows(sorted(rows))
    print(f"{len(rows)} submissions ({n} from solutions/, {len(FAULTY)} faulty) in {out}; expected verdicts in "
          f"{out / 'manifest.csv'}")


if __name__ == "__main__":
    main()
