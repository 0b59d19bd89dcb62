#!/usr/bin/env bash
# GPU machine only: compares solutions/matrix-multiplication/best.cu with cuBLAS SGEMM at the
# challenge's performance size (M=8192, N=6144, K=4096).
#   scripts/bench-matmul.sh [path/to/judge]      (default build-gpu/bin/judge)
# Builds bench/cublas_sgemm.cu, runs it, judges best.cu on the performance test only, and prints
# both medians and the ratio cuBLAS time / best.cu time (1.0 = as fast as cuBLAS).
set -euo pipefail
cd "$(dirname "$0")/.."
judge="${1:-build-gpu/bin/judge}"
export PATH="$PATH:/usr/local/cuda/bin"
out="build-gpu/out"  # gpu-check.sh packs this folder into $OUT
mkdir -p build-gpu "$out"

if [ ! -x "$judge" ]; then echo "no judge binary at $judge (build it first, e.g. scripts/gpu-check.sh)" >&2; exit 2; fi

nvcc -O3 -arch=sm_90 bench/cublas_sgemm.cu -lcublas -o build-gpu/cublas_sgemm
cublas_line=$(build-gpu/cublas_sgemm)
echo "$cublas_line"
cublas_ms=$(awk '$1 == "cublas_sgemm_ms" {print $2}' <<<"$cublas_line")

json="$out/bench-matmul-best.json"
set +e
"$judge" run --json --tests performance matrix-multiplication solutions/matrix-multiplication/best.cu >"$json"
rc=$?
set -e
best_ms=$(python3 - "$json" <<'PY'
import json, sys
doc = json.load(open(sys.argv[1]))
tests = [t for t in doc.get("tests", []) if t.get("kind") == "performance"]
if not tests or tests[0].get("verdict") != "AC" or not tests[0].get("timing"):
    sys.stderr.write("best.cu did not get a timed AC on the performance test: verdict %s, %s\n"
                     % (doc.get("verdict"), doc.get("summary") or (tests[0].get("summary") if tests else "no test ran")))
    sys.exit(1)
print(tests[0]["timing"]["events"]["median_ms"])
PY
) || { echo "judge exit code $rc; JSON in $json" >&2; exit 1; }

python3 - "$cublas_ms" "$best_ms" <<'PY'
import sys
cublas, best = float(sys.argv[1]), float(sys.argv[2])
flops = 2 * 8192 * 6144 * 4096
print()
print(f"{'':10} {'median ms':>10} {'TFLOP/s':>8}")
print(f"{'cuBLAS':10} {cublas:10.3f} {flops / cublas / 1e9:8.2f}")
print(f"{'best.cu':10} {best:10.3f} {flops / best / 1e9:8.2f}")
print(f"ratio (cuBLAS time / best.cu time): {cublas / best:.3f}")
PY
