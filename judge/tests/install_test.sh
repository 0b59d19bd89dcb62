#!/usr/bin/env bash
# `cmake --install` into a temporary prefix, then the installed judge, run from a folder outside
# the source tree with no --root and no JUDGE_ROOT, finds its data under PREFIX/share/judge.
# Usage: install_test.sh BUILD_DIR
set -euo pipefail
build=$1
scratch=$(mktemp -d /tmp/judge-install-XXXXXX)
trap 'rm -rf "$scratch"' EXIT
prefix=$scratch/prefix
mkdir -p "$scratch/elsewhere"

cmake --install "$build" --prefix "$prefix" >/dev/null
for f in bin/judge share/judge/challenges/relu/challenge.json share/judge/testcases/relu.json \
         share/judge/solutions/relu/best.cu share/judge/baselines; do
  [ -e "$prefix/$f" ] || { echo "install_test: $prefix/$f was not installed" >&2; exit 1; }
done

cd "$scratch/elsewhere"
unset JUDGE_ROOT
export CUDA_VISIBLE_DEVICES= NO_COLOR=1
# Captured first: `judge list | grep -q` would let grep exit at the first match while the judge
# still writes, and the judge's SIGPIPE would fail the pipeline (pipefail) now and then.
listed=$("$prefix/bin/judge" list)
shown=$("$prefix/bin/judge" show relu)
grep -q '^relu ' <<<"$listed" || { echo "install_test: 'judge list' lacks relu" >&2; exit 1; }
grep -q 'void solve' <<<"$shown" || { echo "install_test: 'judge show relu' lacks the signature" >&2; exit 1; }
# doctor exits 3 without a GPU; what matters here is where it found the data.
doctor=$("$prefix/bin/judge" doctor --json || true)
root=$(python3 -c 'import json,sys; j=json.load(sys.stdin); print(j["data_root"] + "|" + j["data_root_found_by"])' <<<"$doctor")
expected="$prefix/share/judge|the executable's location"
if [ "$root" != "$expected" ]; then
  echo "install_test: doctor found the data at '$root', expected '$expected'" >&2
  exit 1
fi
text=$("$prefix/bin/judge" doctor || true)
grep -qF "data root  $prefix/share/judge (from the executable's location)" <<<"$text" \
  || { echo "install_test: 'judge doctor' does not say where it found the data: $text" >&2; exit 1; }
echo "install_test: $prefix/bin/judge works from $PWD"
