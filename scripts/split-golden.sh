#!/usr/bin/env bash
# Regenerates the splitter's golden files (judge/tests/golden/split, split_golden_test.cpp) from
# today's splitter: run it after an intended change of the split, then review
# `git diff judge/tests/golden/split`. A refactor must leave that diff empty.
#
#   scripts/split-golden.sh [--add-new] [BUILD_DIR]
#
# Without --add-new it rewrites the entries the folder holds (a fixed list) and drops those whose
# input is gone; --add-new also adds entries for construct-corpus files and solutions/**/*.cu
# that have none (a new challenge). BUILD_DIR defaults to build.
set -euo pipefail
cd "$(dirname "$0")/.."
mode=1
if [ "${1:-}" = "--add-new" ]; then
  mode=add
  shift
fi
build=${1:-build}
[ -f "$build/build.ninja" ] || { echo "split-golden: no build in $build (scripts/setup.sh makes one)" >&2; exit 2; }
cmake --build "$build" --target judge_tests
JUDGE_UPDATE_GOLDEN=$mode "$build/bin/judge_tests" --gtest_filter='SplitGolden.*' --gtest_brief=1
git status --short judge/tests/golden/split | sed -n '1,20p'
