#!/usr/bin/env bash
# Grading a batch on a Slurm cluster: a job array with one task per shard, each on one GPU, and a
# merge job that runs when every task has ended (whatever their outcome; a lost shard becomes a
# note in the merged report instead of no report at all).
#
# On the login node, from a checkout with judge built (cmake ... && cmake --build build):
#
#   docs/ci/slurm-grade.sh SUBMISSIONS [SHARDS] [OUTDIR]
#
#   SUBMISSIONS  folder or manifest for `judge grade` (on a file system every node sees)
#   SHARDS       number of array tasks (default 4)
#   OUTDIR       where shard-N.json, merged.json and merged.xml go (default grade-<date>)
#
# Environment: JUDGE (the judge binary, default build/bin/judge of this checkout), and any
# sbatch option through SBATCH_* variables (e.g. SBATCH_PARTITION=gpu, SBATCH_ACCOUNT=class).
# Each task grades `--shard $((SLURM_ARRAY_TASK_ID+1))/$SLURM_ARRAY_TASK_COUNT`: shards are a
# stable partition by submission id, so every task picks its share without talking to the others.
#
# The #SBATCH lines apply to the array tasks (this file is their job script).
#SBATCH --job-name=judge-grade
#SBATCH --gpus=1
#SBATCH --cpus-per-task=8
#SBATCH --mem=32G
#SBATCH --time=02:00:00
#SBATCH --output=judge-grade-%A_%a.out
set -euo pipefail

# One array task: grade this task's shard on the GPU Slurm gave it (CUDA_VISIBLE_DEVICES).
run_task() {
  local submissions=$1 outdir=$2 judge=$3
  local index=$((SLURM_ARRAY_TASK_ID + 1))
  # A cache per task on node-local disk: tasks on one node never write the same entries at once.
  export JUDGE_CACHE_DIR="${TMPDIR:-/tmp}/judge-cache-${SLURM_ARRAY_JOB_ID}-${SLURM_ARRAY_TASK_ID}"
  # --exit-zero: a rejected submission is a result, not a failed task; exit 3 (judge error) still
  # fails the task, and the merge job then reports the shard as missing.
  "$judge" grade "$submissions" --shard "${index}/${SLURM_ARRAY_TASK_COUNT}" \
    --json "$outdir/shard-${index}.json" --junit "$outdir/shard-${index}.xml" --exit-zero
}

submit() {
  local submissions=${1:?usage: slurm-grade.sh SUBMISSIONS [SHARDS] [OUTDIR]}
  local shards=${2:-4}
  local outdir=${3:-grade-$(date +%Y%m%d-%H%M%S)}
  local here judge
  here=$(cd "$(dirname "$0")/../.." && pwd)
  judge=$(readlink -f "${JUDGE:-$here/build/bin/judge}")
  [[ -x $judge ]] || { echo "slurm-grade: no judge binary at $judge (build it, or set JUDGE)" >&2; exit 2; }
  [[ -e $submissions ]] || { echo "slurm-grade: $submissions does not exist" >&2; exit 2; }
  ((shards >= 1)) || { echo "slurm-grade: SHARDS must be at least 1" >&2; exit 2; }
  mkdir -p "$outdir"
  submissions=$(readlink -f "$submissions")
  outdir=$(readlink -f "$outdir")

  local array merge
  array=$(sbatch --parsable --array="0-$((shards - 1))" --chdir="$outdir" \
    "$0" --task "$submissions" "$outdir" "$judge")
  array=${array%%;*}  # "jobid;cluster" on federated clusters
  # afterany: merge whatever the tasks produced, even if one failed; no GPU needed for merging.
  merge=$(sbatch --parsable --dependency="afterany:${array}" --job-name=judge-merge \
    --cpus-per-task=1 --time=00:15:00 --chdir="$outdir" --output=judge-merge-%j.out \
    --wrap="'$judge' report merge '$outdir'/shard-*.json -o '$outdir/merged.json' --junit '$outdir/merged.xml'")
  echo "slurm-grade: array job ${array} (${shards} shards), merge job ${merge%%;*}; results in ${outdir}"
}

if [[ ${1:-} == --task ]]; then
  shift
  run_task "$@"
else
  submit "$@"
fi
