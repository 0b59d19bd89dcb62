#!/usr/bin/env bash
# Installs those of the named Debian/Ubuntu packages that are missing (apt-get, with sudo unless
# root); installs nothing, and needs no network, when all are there. Used by setup.sh and test.sh.
#   scripts/install-packages.sh [--no-recommends] PACKAGE...
set -euo pipefail
apt_options=()
if [ "${1:-}" = "--no-recommends" ]; then
  apt_options+=(--no-install-recommends)
  shift
fi
missing=()
for p in "$@"; do dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p"); done
((${#missing[@]})) || exit 0
echo "installing: ${missing[*]}" >&2
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${apt_options[@]}" "${missing[@]}"
