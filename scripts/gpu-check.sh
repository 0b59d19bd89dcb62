#!/usr/bin/env bash
# The one command for the GPU machine: build, run every test (unit + GPU), judge every shipped
# solution and construct-corpus file under each compile engine, judge the hostile corpus
# (scripts/check-hostile.py), validate every challenge (judge validate), and print a short summary last.
# Logs and JSON go to $OUT (or build-gpu/out).
#   scripts/gpu-check.sh [--only SLUG,...] [--engines nvcc,nvrtc,auto] [--skip-tests] [--record-baselines]
#                        [--repeatability RUNS] [--bench-matmul] [--jobs N] [--min-time S] [--calibrate]
#                        [--skip-e2e] [--skip-hostile] [--untimed] [--part I/N] [--gpu-ring]
# Before calling the device tool: scripts/gpu-deps.sh here, and carry [".gpu-deps"] (pugixml and
#   Chart.js, which the GPU image lacks).
# A device call lasts at most 10 minutes, and the whole catalog end to end under three engines
#   takes longer: --part I/N checks the I-th of N equal slices of the challenges (in name order)
#   end to end, validation and ladders included; the unit+GPU tests and the hostile corpus run
#   with part 1 only, so N calls with parts 1/N .. N/N cover everything once.
# To check only what changed: --only SLUG,... (the challenges whose files changed; the corpus
#   files of those challenges too), --skip-tests, --skip-e2e, --skip-hostile leave whole parts out,
#   --untimed judges accepted files without their performance case (verdicts only). The summary's
#   first line says which parts ran. --gpu-ring runs the GPU ring alone of the tests (no unit,
#   compile or catalog ring), so only the judge and judge_gpu_tests are built: a check after a
#   change to the runner or its protocol that fits one device call with --only beside it.
# --engines: one verdict column per engine (default all three; the first also runs the performance
#   case, the others example and functional tests, see scripts/check-solutions.py);
# --jobs N: end-to-end runs that time nothing go N at a time on the GPU (default 6); timed runs and
#   a re-run of any mismatch then go one at a time (check-solutions.py --jobs; 1 = all alone);
# --min-time S: the timed end-to-end runs accumulate S seconds of timed calls (default 0.1: they
#   check verdicts; baselines and repeatability use the judge's default, 0.5);
# GPU tests: the construct-corpus ones (functional tests only) run 6 at a time, the others alone;
# --record-baselines re-measures every accepted solution (of the --only challenges, if given) into
#   baselines/, skipping rungs this GPU already timed (and packs baselines/ into $OUT/baselines.tar);
# --repeatability judges each best solution RUNS times ($OUT/repeatability.md);
# --bench-matmul compares the best matrix multiplication with cuBLAS ($OUT/matmul.txt);
# --calibrate times every rung into a fresh store (`judge baseline calibrate --store`), then runs
#   the ladder check of this GPU on it: every rung measured, 3% apart, and the shipped order kept
#   ($OUT/calibrate.log, $OUT/ladder-check.txt). Without it the ladder check still runs on the
#   shipped baselines (GPU-free).
set -uo pipefail
only=(); engines=nvcc,nvrtc,auto; record=0; calibrate=0; repeat=0; matmul=0; tests=1; e2e_jobs=6; min_time=0.1
e2e=1; hostile=1; untimed=(); part=""
while [ $# -gt 0 ]; do
  case "$1" in
    --only) only=(--only "$2"); shift 2 ;;
    --engines) engines="$2"; shift 2 ;;
    --record-baselines) record=1; shift ;;
    --calibrate) calibrate=1; shift ;;
    --repeatability) repeat="$2"; shift 2 ;;
    --bench-matmul) matmul=1; shift ;;
    --skip-tests) tests=0; shift ;;
    --gpu-ring) tests=2; shift ;;
    --skip-e2e) e2e=0; shift ;;
    --skip-hostile) hostile=0; shift ;;
    --untimed) untimed=(--accepted-quick); shift ;;
    --jobs) e2e_jobs="$2"; shift 2 ;;
    --min-time) min_time="$2"; shift 2 ;;
    --part) part="$2"; shift 2 ;;
    *) echo "gpu-check: unknown option $1" >&2; exit 2 ;;
  esac
done
cd "$(dirname "$0")/.."
root=$(pwd)
if [ -n "$part" ]; then
  if ! [[ "$part" =~ ^([0-9]+)/([0-9]+)$ ]] || [ "${BASH_REMATCH[1]}" -lt 1 ] ||
     [ "${BASH_REMATCH[1]}" -gt "${BASH_REMATCH[2]}" ]; then
    echo "gpu-check: --part takes I/N with 1 <= I <= N, e.g. 2/3 (got '$part')" >&2; exit 2
  fi
  [ ${#only[@]} -gt 0 ] && { echo "gpu-check: --part and --only exclude each other" >&2; exit 2; }
  mapfile -t all_slugs < <(ls solutions | sort)
  i=${BASH_REMATCH[1]}; n=${BASH_REMATCH[2]}; count=${#all_slugs[@]}
  from=$(( (i - 1) * count / n )); to=$(( i * count / n ))
  slice=$(IFS=,; echo "${all_slugs[*]:$from:$((to - from))}")
  only=(--only "$slice")
  echo "gpu-check: part $part: challenges $((from + 1))-$to of $count: $slice"
  if [ "$i" -gt 1 ]; then tests=0; hostile=0; fi
fi
build="$root/build-gpu"
# Logs stay in build-gpu/out; on the device machine everything is also packed into one tarball
# in $OUT (which returns only a few files), next to the summary tables.
out="$build/out"
rm -rf "$out"
mkdir -p "$out"
export PATH="$PATH:/usr/local/cuda/bin"
# One cache for the tests' sm_90 builds and the judge: solutions compile once, in parallel. It is the
# compile ring's cache (judge/tests/CMakeLists.txt), which the first ctest run empties.
export JUDGE_CACHE_DIR="$build/test-compile-cache"
jobs=$(nproc)

step() { echo "== $* ($(date +%T))"; }

step configure and build
# The GPU image lacks pugixml and Chart.js: scripts/gpu-build.sh unpacks them from .gpu-deps/.
# Only what the parts asked for is built: the unit tests take most of a full build.
targets=()
[ $tests -eq 0 ] && targets=(judge)
[ $tests -eq 2 ] && targets=(judge judge_gpu_tests)
build_env=$(scripts/gpu-build.sh "${targets[@]}") || { echo "BUILD FAILED"; exit 1; }
eval "$build_env"
cp "$build/cmake.log" "$out/cmake.log"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv >"$out/gpu.txt" 2>&1
"$build/bin/judge" doctor >>"$out/gpu.txt" 2>&1

unit_rc=0; gpu_rc=0
if [ $tests -eq 1 ]; then
  step "GPU-free tests: unit, compile (every shipped solution for sm_90), catalog, script rings"
  ctest --test-dir "$build" -LE gpu -j"$jobs" --output-on-failure --no-tests=error >"$out/ctest-unit.log" 2>&1
  unit_rc=$?
  # -FS: the compile ring's cache is kept, not emptied again, so its builds are reused.
  step "GPU tests"
  ctest --test-dir "$build" -L gpu -E ConstructCorpusGpu -FS judge_compile_cache --timeout 150 --output-on-failure \
    >"$out/ctest-gpu.log" 2>&1
  gpu_rc=$?
  step "GPU tests: construct corpus under each engine, 6 at a time"
  ctest --test-dir "$build" -R ConstructCorpusGpu -FS judge_compile_cache -j6 --output-on-failure \
    >"$out/ctest-corpus.log" 2>&1 || gpu_rc=1
fi

if [ $tests -eq 2 ]; then
  # The GPU ring without ctest (whose test discovery would want every test binary): the corpus
  # tests in 6 gtest shards at once, the others alone.
  step "GPU tests (the GPU ring alone)"
  "$build/bin/judge_gpu_tests" --gtest_filter='-*ConstructCorpusGpu*' >"$out/ctest-gpu.log" 2>&1
  gpu_rc=$?
  step "GPU tests: construct corpus under each engine, 6 shards at a time"
  for shard in 0 1 2 3 4 5; do
    GTEST_TOTAL_SHARDS=6 GTEST_SHARD_INDEX=$shard "$build/bin/judge_gpu_tests" --gtest_filter='*ConstructCorpusGpu*' \
      >"$out/ctest-corpus-$shard.log" 2>&1 &
  done
  for shard in 0 1 2 3 4 5; do wait -n || gpu_rc=1; done
  cat "$out"/ctest-corpus-?.log >"$out/ctest-corpus.log"
fi

e2e_rc=0
if [ $e2e -eq 1 ]; then
  step "end-to-end: every file in solutions/ and the construct corpus, engines $engines, $e2e_jobs at a time"
  python3 scripts/check-solutions.py "$build/bin/judge" --engines "$engines" --jobs "$e2e_jobs" --min-time "$min_time" \
    --out "$out/solutions.json" "${only[@]}" "${untimed[@]}" >"$out/solutions.txt" 2>"$out/solutions-progress.log"
  e2e_rc=$?
  cat "$out/solutions.txt"
  # Phase-1 mismatches judged again alone, and the wall time of each phase.
  grep -E "\[phase 2, re-run|whole run alone" "$out/solutions-progress.log"
  grep "^wall time" "$out/solutions-progress.log"
fi

if [ $record -eq 1 ]; then
  step "recording baselines"
  record_slugs=()
  [ ${#only[@]} -gt 0 ] && IFS=, read -r -a record_slugs <<<"${only[1]}"
  scripts/record-baselines.sh "$build/bin/judge" "${record_slugs[@]}" >"$out/record-baselines.log" 2>&1 || e2e_rc=1
  tar -cf "$out/baselines.tar" baselines
fi
# The ladders: rungs, labels and notes in expected.json, the shipped baselines of this GPU, and
# with --calibrate a fresh calibration here against them (its wall time in the summary).
slugs_validate=()
[ ${#only[@]} -gt 0 ] && IFS=, read -r -a slugs_validate <<<"${only[1]}"
gpu_name=$(nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null | head -1)
check_args=()
[ -n "$gpu_name" ] && check_args=(--gpu "$gpu_name")
if [ $calibrate -eq 1 ]; then
  step "calibrate: every rung timed into a fresh store"
  rm -rf "$build/calibrated"
  slugs=()
  [ ${#only[@]} -gt 0 ] && IFS=, read -r -a slugs <<<"${only[1]}"
  "$build/bin/judge" baseline calibrate --store "$build/calibrated" "${slugs[@]}" >"$out/calibrate.log" 2>&1 || e2e_rc=1
  check_args+=(--store "$build/calibrated")
fi
step "challenge validation (judge validate: statements, tests, references, ladders, baselines of every GPU model)"
"$build/bin/judge" validate "${slugs_validate[@]}" >"$out/validate.txt" 2>&1
step "ladder check"
slugs=()
[ ${#only[@]} -gt 0 ] && IFS=, read -r -a slugs <<<"${only[1]}"
"$build/bin/judge" baseline check "${check_args[@]}" "${slugs[@]}" >"$out/ladder-check.txt" 2>&1
ladder_rc=$?

if [ "$repeat" -gt 0 ]; then
  step "repeatability: best solutions judged $repeat times"
  scripts/bench-repeatability.sh "$build/bin/judge" "$repeat" >"$out/repeatability.md" 2>"$out/repeatability.log"
fi
if [ $matmul -eq 1 ] && [ -x scripts/bench-matmul.sh ]; then
  step "matrix multiplication vs cuBLAS"
  scripts/bench-matmul.sh "$build/bin/judge" >"$out/matmul.txt" 2>&1
fi

hostile_rc=0
if [ $hostile -eq 1 ]; then
  step "hostile corpus (judge/tests/hostile): verdict, leftover processes, files outside scratch, per case"
  python3 scripts/check-hostile.py "$build/bin/judge" --out "$out/hostile.json" >"$out/hostile.txt" 2>"$out/hostile-progress.log"
  hostile_rc=$?
  cat "$out/hostile.txt"
fi

step "example output"
j="$build/bin/judge"
"$j" run vector-addition solutions/vector-addition/best.cu >"$out/example-ac.txt" 2>&1
"$j" run vector-addition solutions/vector-addition/wrong/one-past-end.cu >"$out/example-rte.txt" 2>&1
"$j" run softmax solutions/softmax/wrong/skips-tail.cu >"$out/example-wa.txt" 2>&1
cat "$out/example-ac.txt" | tail -4
cat "$out/example-rte.txt" "$out/example-wa.txt"

echo
echo "== summary"
echo "parts run: build$([ $tests -eq 1 ] && echo ", unit+GPU tests")$([ $tests -eq 2 ] && echo ", GPU ring")$([ $e2e -eq 1 ] && echo ", end-to-end ($engines${only[1]:+; only ${only[1]}}${untimed[0]:+; untimed})")$([ $hostile -eq 1 ] && echo ", hostile corpus")$([ $calibrate -eq 1 ] && echo ", calibrate")$([ $record -eq 1 ] && echo ", record baselines"), ladder check"
cat "$out/gpu.txt" | head -2
grep -E "^  (gpu|driver)" "$out/gpu.txt"
if [ $tests -eq 1 ]; then
  grep -E "tests passed|tests failed" "$out/ctest-unit.log" | sed 's/^/unit: /'
  grep -E "tests passed|tests failed" "$out/ctest-gpu.log" | sed 's/^/gpu:  /'
  grep -E "tests passed|tests failed" "$out/ctest-corpus.log" | sed 's/^/gpu (construct corpus):  /'
  grep -E "^\s+[0-9]+ - .*(Failed|Skipped|Timeout)" "$out/ctest-unit.log" "$out/ctest-gpu.log" "$out/ctest-corpus.log" | head -20
fi
if [ $tests -eq 2 ]; then
  grep -E "^\[  (PASSED|FAILED|SKIPPED) +\] [0-9]+ test" "$out/ctest-gpu.log" | sed 's/^/gpu:  /'
  grep -hE "^\[  (PASSED|FAILED|SKIPPED) +\] [0-9]+ test" "$out"/ctest-corpus-?.log | sed 's/^/gpu (construct corpus shard):  /'
  grep -hE "^\[  FAILED  \] [A-Za-z]" "$out/ctest-gpu.log" "$out/ctest-corpus.log" | sort -u | head -20
fi
[ -f "$out/repeatability.md" ] && cat "$out/repeatability.md"
[ -f "$out/matmul.txt" ] && tail -5 "$out/matmul.txt"
[ -f "$out/record-baselines.log" ] && grep "^timed " "$out/record-baselines.log" | sed 's/^/baselines recorded: /'
[ -f "$out/calibrate.log" ] && grep -E "^(timed |FAILED|nothing to time)" "$out/calibrate.log" | sed 's/^/calibrate: /'
grep -E "^(FAIL|ladder check:)" "$out/ladder-check.txt" | sed 's/^/ladders: /'
tail -1 "$out/validate.txt" | sed 's/^/content: /'
# The full table is printed above; the summary keeps its header, the files where an engine
# disagrees (column "same" = NO) and the count line.
if [ $e2e -eq 1 ]; then
  head -1 "$out/solutions.txt"
  grep -E "  NO$" "$out/solutions.txt"
  tail -1 "$out/solutions.txt"
fi
if [ $hostile -eq 1 ]; then
  grep -E "NOT AS EXPECTED" "$out/hostile.txt"
  tail -1 "$out/hostile.txt"
fi
if [ -n "${OUT:-}" ] && [ "$OUT" != "$out" ]; then
  tar -C "$build" -cf "$OUT/gpu-check-logs.tar" out
  cp "$out/solutions.txt" "$out/hostile.txt" "$OUT/" 2>/dev/null
  cp "$out/repeatability.md" "$out/baselines.tar" "$out/matmul.txt" "$out/ladder-check.txt" "$out/validate.txt" "$OUT/" 2>/dev/null
fi
[ $unit_rc -eq 0 ] && [ $gpu_rc -eq 0 ] && [ $e2e_rc -eq 0 ] && [ $hostile_rc -eq 0 ] && [ $ladder_rc -eq 0 ]
