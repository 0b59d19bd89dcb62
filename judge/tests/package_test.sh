#!/usr/bin/env bash
# The Debian package (cmake/package.cmake): cpack builds it, dpkg -x unpacks it into a scratch
# root, and its judge, run from outside the source tree with no --root, lists, shows and
# compiles from /usr/share/judge inside that root. Usage: package_test.sh BUILD_DIR
set -euo pipefail
build=$1
for tool in cpack dpkg-deb dpkg-shlibdeps; do
  command -v "$tool" >/dev/null || { echo "package_test: $tool is missing (scripts/test.sh installs dpkg-dev)"; exit 77; }
done
scratch=$(mktemp -d /tmp/judge-package-XXXXXX)
trap 'rm -rf "$scratch"' EXIT

fail() { echo "package_test: $*" >&2; exit 1; }
cpack -G DEB -B "$scratch/out" --config "$build/CPackConfig.cmake" >"$scratch/cpack.log" 2>&1 \
  || { cat "$scratch/cpack.log" >&2; fail "cpack -G DEB failed"; }
deb=$(ls "$scratch"/out/judge_*.deb)
echo "package_test: built $(basename "$deb")"

# Declared dependencies: the C++ runtime and the libraries it links (pugixml: the JUnit writer),
# and the CUDA toolkit.
info=$(dpkg-deb --info "$deb")
depends=$(sed -n 's/^ Depends: //p' <<<"$info")
for lib in libc6 libstdc++6 libfmt libpugixml; do
  grep -q "$lib" <<<"$depends" || fail "Depends lacks $lib: '$depends'"
done
grep -q '^ Recommends: cuda-toolkit' <<<"$info" || fail "the CUDA toolkit is not recommended"
files=$(dpkg-deb --contents "$deb")
for f in ./usr/bin/judge ./usr/share/judge/challenges/relu/challenge.json ./usr/share/judge/baselines/ \
         ./usr/share/bash-completion/completions/judge ./usr/share/zsh/vendor-completions/_judge; do
  grep -q " $f\$" <<<"$files" || grep -q " $f " <<<"$files" || fail "the package lacks $f"
done
if command -v help2man >/dev/null; then
  grep -q ' ./usr/share/man/man1/judge.1' <<<"$files" || fail "the package lacks the manual page"
fi

root=$scratch/root
dpkg -x "$deb" "$root"
mkdir -p "$scratch/elsewhere"
cd "$scratch/elsewhere"
unset JUDGE_ROOT
export CUDA_VISIBLE_DEVICES= NO_COLOR=1
judge=$root/usr/bin/judge
# Captured first: `judge list | grep -q` would let grep exit at the first match while the judge
# still writes, and the judge's SIGPIPE would fail the pipeline (pipefail) now and then.
listed=$("$judge" list)
shown=$("$judge" show relu)
grep -q '^relu ' <<<"$listed" || fail "'judge list' lacks relu"
grep -q 'void solve' <<<"$shown" || fail "'judge show relu' lacks the signature"
"$judge" compile relu "$root/usr/share/judge/solutions/relu/best.cu" --arch sm_90 >"$scratch/compile.log" 2>&1 \
  || { cat "$scratch/compile.log" >&2; fail "'judge compile relu best.cu --arch sm_90' failed"; }
echo "package_test: $judge lists, shows and compiles from $PWD"
