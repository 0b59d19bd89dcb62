#!/usr/bin/env bash
# GPU machine only: compares solutions/general-matrix-multiplication-gemm/best.cu (and, with
# --all-rungs, every rung of its ladder) with cuBLAS at the challenge's performance size, and
# writes the table to docs/bench/gemm-half.md.
#   scripts/bench-gemm-half.sh [--all-rungs] [--dry-run] [path/to/judge]   (default build-gpu/bin/judge)
# Builds bench/cublas_hgemm.cu and runs it at the size of the performance case in
# testcases/general-matrix-multiplication-gemm.json (cublasGemmEx with float accumulation, the
# figure compared with, and cublasHgemm for reference), judges best.cu on the performance test
# only, and reports both medians, TFLOP/s and the ratio cuBLAS time / best.cu time (the issue's
# target: at least 0.5). --dry-run builds the cuBLAS program and prints the plan without a GPU.
set -euo pipefail
cd "$(dirname "$0")/.."
slug=general-matrix-multiplication-gemm
args="$*"  # quoted in the document
all_rungs=0
dry_run=0
judge=build-gpu/bin/judge
while [ $# -gt 0 ]; do
  case "$1" in
    --all-rungs) all_rungs=1; shift ;;
    --dry-run) dry_run=1; shift ;;
    -h|--help) sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) echo "unknown option $1 (see --help)" >&2; exit 2 ;;
    *) judge="$1"; shift ;;
  esac
done
export PATH="$PATH:/usr/local/cuda/bin"
out="build-gpu/out"  # gpu-check.sh packs this folder into $OUT
doc="docs/bench/gemm-half.md"
mkdir -p build-gpu "$out"

# The performance case's M N K, and the files to time (best.cu, or every AC rung in ladder order).
read -r M N K < <(python3 - "testcases/$slug.json" <<'PY'
import json, sys
cases = [c for c in json.load(open(sys.argv[1]))["cases"] if c["kind"] == "performance"]
s = cases[0]["scalars"]
print(s["M"], s["N"], s["K"])
PY
)
if [ $all_rungs -eq 1 ]; then
  mapfile -t rungs < <(python3 - "solutions/$slug/expected.json" <<'PY'
import json, sys
for e in json.load(open(sys.argv[1]))["solutions"]:
    if e["verdict"] == "AC" and e.get("rung", True):
        print(e["file"])
PY
)
else
  rungs=(best.cu)
fi

nvcc -O3 -arch=sm_90 bench/cublas_hgemm.cu -lcublas -o build-gpu/cublas_hgemm
if [ $dry_run -eq 1 ]; then
  echo "built build-gpu/cublas_hgemm; would run: build-gpu/cublas_hgemm $M $N $K"
  for f in "${rungs[@]}"; do echo "would run: $judge run --json --tests performance $slug solutions/$slug/$f"; done
  echo "would write $doc"
  exit 0
fi
if [ ! -x "$judge" ]; then echo "no judge binary at $judge (build it first, e.g. scripts/gpu-check.sh)" >&2; exit 2; fi

build-gpu/cublas_hgemm "$M" "$N" "$K" | tee "$out/gemm-half-cublas.txt"
results="$out/gemm-half-results.tsv"
: >"$results"
for f in "${rungs[@]}"; do
  json="$out/gemm-half-${f%.cu}.json"
  set +e
  "$judge" run --json --tests performance "$slug" "solutions/$slug/$f" >"$json"
  rc=$?
  set -e
  python3 - "$json" "$f" >>"$results" <<'PY' || { echo "judge exit code $rc for $f; JSON in $json" >&2; exit 1; }
import json, sys
doc = json.load(open(sys.argv[1]))
tests = [t for t in doc.get("tests", []) if t.get("kind") == "performance"]
if not tests or tests[0].get("verdict") != "AC" or not tests[0].get("timing"):
    sys.stderr.write("%s did not get a timed AC on the performance test: verdict %s, %s\n"
                     % (sys.argv[2], doc.get("verdict"),
                        doc.get("summary") or (tests[0].get("summary") if tests else "no test ran")))
    sys.exit(1)
timing = tests[0]["timing"]
print("%s\t%s\t%s" % (sys.argv[2], timing["events"]["median_ms"], timing.get("engine", "")))
PY
done

gpu=$(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>/dev/null | head -1 |
  sed 's/, \(.*\)/ (driver \1)/' || true)
python3 - "$out/gemm-half-cublas.txt" "$results" "$M" "$N" "$K" "${gpu:-an unknown GPU}" "$args" >"$doc" <<'PY'
import datetime, sys
cublas_file, results_file, M, N, K, gpu, args = sys.argv[1:8]
M, N, K = int(M), int(N), int(K)
flops = 2.0 * M * N * K
cublas = {}
for line in open(cublas_file):
    f = line.split()
    if len(f) >= 2 and f[0].endswith("_ms"):
        cublas[f[0]] = float(f[1])
ex, hg = cublas["cublas_gemmex_ms"], cublas["cublas_hgemm_ms"]
rows = [l.rstrip("\n").split("\t") for l in open(results_file) if l.strip()]
tf = lambda ms: flops / (ms * 1e-3) / 1e12
print("# Half-precision GEMM against cuBLAS")
print()
print(f"Measured on {gpu}, {datetime.date.today().isoformat()}, with `scripts/bench-gemm-half.sh{(' ' + args) if args else ''}`:")
print(f"general-matrix-multiplication-gemm at its performance size M = {M}, N = {N}, K = {K}")
print("(alpha = beta = 1). cuBLAS: median of 30 calls after an L2 flush (bench/cublas_hgemm.cu);")
print("solutions: the judge's median of the performance case (`judge run --tests performance`).")
print("The ratio is cuBLAS GemmEx time / this time (1 = as fast as cuBLAS); the target is >= 0.5.")
print()
print("| | median (ms) | TFLOP/s | cuBLAS GemmEx time / this time |")
print("| --- | --- | --- | --- |")
print(f"| cuBLAS GemmEx (half in, float accumulation) | {ex:.4f} | {tf(ex):.1f} | 1 |")
print(f"| cuBLAS Hgemm (half accumulation, reference only) | {hg:.4f} | {tf(hg):.1f} | {ex / hg:.3f} |")
for name, ms, engine in rows:
    ms = float(ms)
    label = f"{name} ({engine})" if engine else name
    print(f"| {label} | {ms:.4f} | {tf(ms):.1f} | {ex / ms:.3f} |")
best = [float(ms) for name, ms, _ in rows if name == "best.cu"]
if best:
    ratio = ex / best[0]
    print()
    print(f"best.cu reaches {100 * ratio:.0f}% of cuBLAS GemmEx: {'meets' if ratio >= 0.5 else 'misses'} the 50% target.")
PY
cat "$doc"
