#!/usr/bin/env bash
# Engine parity: the performance median of every shipped best.cu built by nvcc and by NVRTC,
# side by side on this machine's GPU (each pair measured back to back), as a Markdown table.
#   scripts/bench-engines.sh [JUDGE_BINARY] [SLUG...] > table.md
# The NVRTC row uses --time-with same, so the NVRTC build itself is timed (by default `judge run`
# times an nvcc build of NVRTC-compiled files: judging/timing_build.hpp, docs/fidelity.md).
set -uo pipefail
cd "$(dirname "$0")/.."
judge="${1:-build/bin/judge}"
shift || true
slugs=("$@")
if [ ${#slugs[@]} -eq 0 ]; then
  for m in solutions/*/best.cu; do slugs+=("$(basename "$(dirname "$m")")"); done
fi
median() {  # slug engine extra-args...: the performance median in us, or "failed"
  local slug=$1 engine=$2
  shift 2
  "$judge" run "$slug" "solutions/$slug/best.cu" --tests performance --compiler "$engine" --json "$@" 2>/dev/null |
    python3 -c "import json,sys
d=json.load(sys.stdin)
t=[x['timing'] for x in d['tests'] if x.get('timing')]
print(f\"{t[0]['events']['median_ms']*1000:.2f}\" if t and d['verdict']=='AC' else 'failed')" 2>/dev/null || echo failed
}
gpu=$(nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null | head -1)
echo "Engine parity on ${gpu:-an unknown GPU}, $(date -u +%F): \`scripts/bench-engines.sh\`"
echo
echo "| challenge | nvcc (us) | NVRTC (us) | NVRTC / nvcc |"
echo "| --- | --- | --- | --- |"
for slug in "${slugs[@]}"; do
  a=$(median "$slug" nvcc)
  b=$(median "$slug" nvrtc --time-with same)
  ratio=$(python3 -c "print(f'{$b/$a:.3f}')" 2>/dev/null || echo "-")
  echo "| $slug | $a | $b | $ratio |"
done
