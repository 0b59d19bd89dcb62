#!/usr/bin/env bash
# The one command for the GPU machine: build, run every test (unit + GPU), judge every shipped
# solution, and print a short summary table last. Logs and JSON go to $OUT (or build-gpu/out).
#   scripts/gpu-check.sh [--only SLUG]
set -uo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
build="$root/build-gpu"
out="${OUT:-$build/out}"
mkdir -p "$out"
export PATH="$PATH:/usr/local/cuda/bin"
# One cache for the unit tests' sm_90 builds and the judge: solutions compile once, in parallel.
export JUDGE_CACHE_DIR="$build/cache"
jobs=$(nproc)

step() { echo "== $* ($(date +%T))"; }

step configure and build
cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo >"$out/cmake.log" 2>&1 &&
  cmake --build "$build" >>"$out/cmake.log" 2>&1
build_rc=$?
if [ $build_rc -ne 0 ]; then tail -40 "$out/cmake.log"; echo "BUILD FAILED"; exit 1; fi
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv >"$out/gpu.txt" 2>&1
"$build/bin/judge" doctor >>"$out/gpu.txt" 2>&1

step "unit tests (compiling every shipped solution for sm_90)"
ctest --test-dir "$build" -L unit -j"$jobs" --output-on-failure >"$out/ctest-unit.log" 2>&1
unit_rc=$?
step "GPU tests"
ctest --test-dir "$build" -L gpu --output-on-failure >"$out/ctest-gpu.log" 2>&1
gpu_rc=$?

step "end-to-end: every file in solutions/"
python3 scripts/check-solutions.py "$build/bin/judge" --out "$out/solutions.json" "$@" >"$out/solutions.txt" 2>"$out/solutions-progress.log"
e2e_rc=$?

step "example output"
j="$build/bin/judge"
"$j" run vector-addition solutions/vector-addition/best.cu >"$out/example-ac.txt" 2>&1
"$j" run vector-addition solutions/vector-addition/wrong/one-past-end.cu >"$out/example-rte.txt" 2>&1
"$j" run softmax solutions/softmax/wrong/skips-tail.cu >"$out/example-wa.txt" 2>&1
cat "$out/example-ac.txt" | tail -4
cat "$out/example-rte.txt" "$out/example-wa.txt"

echo
echo "== summary"
cat "$out/gpu.txt" | head -2
grep -E "^  (gpu|driver)" "$out/gpu.txt"
grep -E "tests passed|tests failed" "$out/ctest-unit.log" | sed 's/^/unit: /'
grep -E "tests passed|tests failed" "$out/ctest-gpu.log" | sed 's/^/gpu:  /'
grep -E "^\s+[0-9]+ - .*(Failed|Skipped|Timeout)" "$out/ctest-unit.log" "$out/ctest-gpu.log" | head -20
cat "$out/solutions.txt"
[ $unit_rc -eq 0 ] && [ $gpu_rc -eq 0 ] && [ $e2e_rc -eq 0 ]
