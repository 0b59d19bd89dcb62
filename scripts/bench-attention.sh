#!/usr/bin/env bash
# GPU machine only: compares solutions/softmax-attention/best.cu and
# solutions/multi-head-attention/best.cu with a cuBLAS implementation of the same attention
# (bench/cublas_attention.cu: SGEMM for Q K^T and P V, a row softmax kernel in between) at each
# challenge's performance size, and writes the table to docs/bench/attention.md.
#   scripts/bench-attention.sh [--build-only] [path/to/judge]      (default build-gpu/bin/judge)
# --build-only compiles the cuBLAS program and stops (works without a GPU).
# Each best.cu is judged on its performance test only (judge run --json --tests performance);
# the ratio is cuBLAS time / best.cu time (1.0 = as fast as the cuBLAS version).
set -euo pipefail
cd "$(dirname "$0")/.."
build_only=0
if [ "${1:-}" = "--build-only" ]; then build_only=1; shift; fi
judge="${1:-build-gpu/bin/judge}"
export PATH="$PATH:/usr/local/cuda/bin"
out="build-gpu/out"  # gpu-check.sh packs this folder into $OUT
mkdir -p build-gpu "$out"

nvcc -O3 -arch=sm_90 bench/cublas_attention.cu -lcublas -o build-gpu/cublas_attention
if [ $build_only -eq 1 ]; then echo "built build-gpu/cublas_attention"; exit 0; fi
if [ ! -x "$judge" ]; then echo "no judge binary at $judge (build it first, e.g. scripts/gpu-check.sh)" >&2; exit 2; fi

# slug, cuBLAS program arguments, size shown in the table, flops (4 * queries * keys * row width)
rows=(
  "softmax-attention|softmax-attention 8192 2048 128|M=8192, N=2048, d=128|$((4 * 8192 * 2048 * 128))"
  "multi-head-attention|multi-head-attention 1024 1024 16|N=1024, d_model=1024, h=16|$((4 * 1024 * 1024 * 1024))"
)
table=""
for row in "${rows[@]}"; do
  IFS='|' read -r slug cublas_args size flops <<<"$row"
  # shellcheck disable=SC2086  # the arguments are meant to split
  cublas_line=$(build-gpu/cublas_attention $cublas_args)
  echo "$slug: $cublas_line"
  cublas_ms=$(awk '$1 == "cublas_attention_ms" {print $2}' <<<"$cublas_line")

  json="$out/bench-attention-$slug.json"
  set +e
  "$judge" run --json --tests performance "$slug" "solutions/$slug/best.cu" >"$json"
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
  echo "$slug: best.cu median ${best_ms} ms"
  table+=$(python3 - "$slug" "$size" "$flops" "$cublas_ms" "$best_ms" <<'PY'
import sys
slug, size, flops, cublas, best = sys.argv[1], sys.argv[2], float(sys.argv[3]), float(sys.argv[4]), float(sys.argv[5])
print(f"| {slug} | {size} | {cublas:.3f} ms ({flops / cublas / 1e9:.2f} TFLOP/s) "
      f"| {best:.3f} ms ({flops / best / 1e9:.2f} TFLOP/s) | {cublas / best:.3f} |")
PY
  )$'\n'
done

gpu=$(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>/dev/null | head -1 || echo "unknown GPU")
doc="docs/bench/attention.md"
cat >"$doc" <<MD
# Attention against cuBLAS

Written by \`scripts/bench-attention.sh\` on $(date -u +%Y-%m-%d) ($gpu). The cuBLAS side
(\`bench/cublas_attention.cu\`) is the textbook three steps: S = Q K^T / sqrt(d_k) with
\`cublasSgemmStridedBatched\` (one batch entry per head), a row softmax kernel in place, then
P V with the same call; FP32 math (\`CUBLAS_DEFAULT_MATH\`, no TF32), its scratch allocated
outside the timed calls, median of 30 calls after an L2 flush. The best.cu column is the judge's
median for \`solutions/<slug>/best.cu\` on the challenge's performance test (\`judge run --json
--tests performance\`, default engine). Work counted as 4 x queries x keys x row width.

| challenge | size | cuBLAS + softmax kernel | best.cu | cuBLAS time / best.cu time |
| --- | --- | --- | --- | --- |
${table}
Command: \`scripts/bench-attention.sh $judge\`
MD
echo
cat "$doc"
