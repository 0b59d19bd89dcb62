#!/usr/bin/env bash
# Builds the libFuzzer targets with clang (build-fuzz/, -DJUDGE_FUZZ=ON) and runs each for
# SECONDS (default 300), one at a time, starting from the shipped files as seeds.
#   scripts/fuzz.sh [SECONDS] [TARGET...]      targets: challenge testcases csv_manifest json_manifest baseline source
# A crash, hang (> 10 s for one input), leak or out-of-memory leaves its input in
# build-fuzz/artifacts/<target>/; fix the loader, then copy the input to
# judge/tests/fuzz_regressions/<target>/ so the unit tests replay it. docs/security.md#fuzzing.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-300}"
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(challenge testcases csv_manifest json_manifest baseline source)

command -v clang++ >/dev/null || { echo "fuzz.sh: clang++ is needed (apt-get install clang)" >&2; exit 2; }
cmake -S . -B build-fuzz -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_COMPILER=clang++ \
  -DJUDGE_FUZZ=ON -DJUDGE_BUILD_TESTS=OFF >/dev/null
cmake --build build-fuzz --target judge_fuzz_seeds $(printf 'fuzz_%s ' "${targets[@]}")
./build-fuzz/bin/judge_fuzz_seeds . build-fuzz/seeds >/dev/null

for t in "${targets[@]}"; do
  mkdir -p "build-fuzz/corpus/$t" "build-fuzz/artifacts/$t"
  echo "== fuzz_$t for ${seconds}s"
  # Found inputs go to corpus/ (kept between runs); seeds/ is read only.
  ./build-fuzz/bin/fuzz_"$t" "build-fuzz/corpus/$t" "build-fuzz/seeds/$t" -max_total_time="$seconds" -timeout=10 \
    -rss_limit_mb=2048 -max_len=65536 -print_final_stats=1 -artifact_prefix="build-fuzz/artifacts/$t/" \
    2>&1 | tee "build-fuzz/$t.log" | grep -E '^(#[0-9]+ +DONE|stat::|==[0-9]+==ERROR|SUMMARY|artifact_prefix|Test unit written)' || true
done
echo "artifacts (crashes, hangs):"
find build-fuzz/artifacts -type f | sed 's/^/  /'
