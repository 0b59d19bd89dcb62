#!/usr/bin/env bash
# The test command (docs/testing.md). Installs the packages only the tests use, builds the judge
# and the tests, and runs them; GPU tests skip, and say why, when no GPU is present.
#   scripts/test.sh                 every ring but nvcc-all (CI: .ci/run)
#   scripts/test.sh --all           every ring, nvcc-all too (every shipped file through nvcc)
#   scripts/test.sh --quick         the unit ring only: logic tests, no compiler, about a minute
#   scripts/test.sh [--quick|--all] ARGS  ARGS go to ctest, e.g. -R Spec
set -euo pipefail
cd "$(dirname "$0")/.."
quick=0
rings=(-LE nvcc-all)
ctest_args=()
for a in "$@"; do
  case "$a" in
    --quick) quick=1 ;;
    --all) rings=() ;;
    *) ctest_args+=("$a") ;;
  esac
done

# The unit ring's tools: GoogleTest; python3 (scripts/check-solutions.py), python3-yaml (the CI
# recipes in docs/ci) and xmllint (the JUnit schema). The other rings' tools: zsh (completion),
# help2man and dpkg-dev (man page, Debian package), slurm-wlm and munge (a one-node Slurm),
# chromium (the HTML report in a browser), clang-format (the format check).
packages=(libgtest-dev python3 python3-yaml libxml2-utils)
((quick)) || packages+=(zsh help2man dpkg-dev slurm-wlm munge chromium clang-format)
scripts/install-packages.sh "${packages[@]}"

[ -f build/build.ninja ] || scripts/setup.sh
export PATH="$PATH:/usr/local/cuda/bin"
# Configure again so that the build finds what was just installed (GoogleTest, help2man).
cmake -S . -B build >/dev/null
if [ ! -f build/judge/tests/CTestTestfile.cmake ]; then
  echo "test: the tests were not configured (is libgtest-dev installed? JUDGE_BUILD_TESTS=OFF?)" >&2
  exit 1
fi
if ((quick)); then
  cmake --build build --target judge_tests judge_fuzz_tests
  ctest --test-dir build -L unit -j"$(nproc)" --output-on-failure --no-tests=error "${ctest_args[@]}"
else
  cmake --build build
  ctest --test-dir build "${rings[@]}" -j"$(nproc)" --output-on-failure --no-tests=error "${ctest_args[@]}"
fi
