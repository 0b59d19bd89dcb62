#!/usr/bin/env bash
# Stamps the shipped baselines that still time today's performance case and rung files, and lists
# the others, to re-time on a GPU (scripts/record-baselines.sh). What a file timed is taken from
# history: the challenge, test cases and rungs as of the commit that last wrote
# baselines/<gpu>/<slug>.json. A scratch copy is stamped with that commit's case key and rung
# hashes (`judge baseline stamp` in a data root checked out from it); when every entry of the copy
# is current today (`judge baseline list`), the shipped file is stamped (`judge baseline stamp`).
# Files whose entries already say what they timed are left to `judge baseline check`.
# Run it after the test cases change and before re-timing; DRY_RUN=1 only reports.
#   scripts/stamp-unchanged-baselines.sh [JUDGE_BINARY] [SLUG...]
set -uo pipefail
cd "$(dirname "$0")/.."
judge="$(realpath "${1:-build/bin/judge}")"
shift || true
slugs=("$@")
[ ${#slugs[@]} -gt 0 ] || mapfile -t slugs < <(ls challenges)
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
stale=()
for slug in "${slugs[@]}"; do
  for file in baselines/*/"$slug".json; do
    [ -f "$file" ] || continue
    gpu=$(basename "$(dirname "$file")")
    if ! jq -e 'all(.entries[]; has("case_key") | not)' "$file" >/dev/null; then
      echo "$gpu/$slug: already stamped (see judge baseline check)"
      continue
    fi
    commit=$(git log -1 --format=%H -- "$file")
    then_root="$scratch/$slug-$gpu/root" store="$scratch/$slug-$gpu/store"
    mkdir -p "$then_root" "$store/$gpu"
    git archive "$commit" "challenges/$slug" "testcases/$slug.json" "solutions/$slug" | tar -x -C "$then_root"
    git show "$commit:$file" >"$store/$gpu/$slug.json"
    # The old sampled-checking key ("check": {"sample_above_flops", ...}) says how outputs were
    # compared, not what was timed (it is no part of the case key): drop it so the old data loads.
    spec="$then_root/challenges/$slug/challenge.json"
    if jq -e '.check.sample_above_flops' "$spec" >/dev/null 2>&1; then
      jq 'del(.check)' "$spec" >"$spec.tmp" && mv "$spec.tmp" "$spec"
    fi
    if ! why=$("$judge" --root "$then_root" baseline stamp "$slug" --gpu "$gpu" --store "$store" 2>&1); then
      # Data this judge no longer reads cannot say what was timed: re-time to be sure.
      echo "$gpu/$slug: STALE (the data of ${commit:0:12} does not stamp here: $(tail -1 <<<"$why" | sed "s|$scratch/||g"))"
      stale+=("$slug")
      continue
    fi
    not_current=$("$judge" --root . baseline list "$slug" --gpu "$gpu" --store "$store" --json |
      jq '[.gpus[].entries[] | select(.from == "store" and .status != "current")] | length')
    if [ "$not_current" != 0 ]; then
      echo "$gpu/$slug: STALE ($not_current entries timed another case or rung version than today's, as of ${commit:0:12})"
      stale+=("$slug")
    elif [ "${DRY_RUN:-0}" = 1 ]; then
      echo "$gpu/$slug: unchanged since ${commit:0:12}: would stamp"
    else
      "$judge" --root . baseline stamp "$slug" --gpu "$gpu" | head -1
    fi
  done
done
if [ ${#stale[@]} -gt 0 ]; then
  echo "re-time on each GPU model: scripts/record-baselines.sh build/bin/judge $(printf '%s\n' "${stale[@]}" | sort -u | tr '\n' ' ')"
  exit 1
fi
