#!/usr/bin/env bash
# Grading a batch on a Slurm cluster: a job array with one task per shard, each on one GPU, and a
# merge job that runs when every task has ended (whatever their outcome; a lost shard becomes a
# note in the merged report instead of no report at all).
#
# On the login node, from a checkout with judge built (cmake ... && cmake --build build):
#
#   docs/ci/slurm-grade.sh SUBMISSIONS [SHARDS] [OUTDIR] [-- GRADE_OPTIONS...]
#
#   SUBMISSIONS    folder or manifest for `judge grade` (on a file system every node sees)
#   SHARDS         number of array tasks (default 4)
#   OUTDIR         where shard-N.json, merged.json and merged.xml go (default grade-<date>)
#   GRADE_OPTIONS  more `judge grade` options for every task, e.g. `-- --tests example,functional`
#                  or, on nodes without GPUs, `-- --compile-only --arch sm_90`
#
# Environment:
#   JUDGE             the judge binary (default build/bin/judge of this checkout)
#   JUDGE_SLURM_GPUS  GPUs per array task (default 1, requested as --gpus=N); 0 requests none:
#                     for a compile-only batch on CPU nodes, or a test cluster without GPUs
#   JUDGE_SLURM_CPUS  CPUs per array task (default 8: the compile threads)
#   JUDGE_SLURM_MEM   memory per array task (default 32G)
#   JUDGE_SLURM_TIME  time limit per array task (default 02:00:00)
#   SBATCH_*          any other sbatch option (e.g. SBATCH_PARTITION=gpu, SBATCH_ACCOUNT=class)
# Each task grades `--shard $((SLURM_ARRAY_TASK_ID+1))/$SLURM_ARRAY_TASK_COUNT`: shards are a
# stable partition by submission id, so every task picks its share without talking to the others.
# judge/tests/slurm_test.sh runs this recipe on a single-node Slurm it starts (compile-only, no GPU).
set -euo pipefail

# One array task: grade this task's shard on the GPU Slurm gave it (CUDA_VISIBLE_DEVICES).
run_task() {
  local submissions=$1 outdir=$2 judge=$3
  shift 3
  local index=$((SLURM_ARRAY_TASK_ID + 1))
  local json="$outdir/shard-${index}.json" junit="$outdir/shard-${index}.xml"
  # A cache per task on node-local disk: tasks on one node never write the same entries at once.
  export JUDGE_CACHE_DIR="${TMPDIR:-/tmp}/judge-cache-${SLURM_ARRAY_JOB_ID}-${SLURM_ARRAY_TASK_ID}"
  # --exit-zero: a rejected submission is a result, not a failed task; exit 3 (judge error) still
  # fails the task. The reports are written under temporary names and take their real ones only
  # when the judge succeeded, so a failed or killed task leaves no shard (not half of one) and the
  # merge job reports it as missing.
  "$judge" grade "$submissions" --shard "${index}/${SLURM_ARRAY_TASK_COUNT}" \
    --json "$json.partial" --junit "$junit.partial" --exit-zero "$@"
  mv -f "$json.partial" "$json"
  mv -f "$junit.partial" "$junit"
}

submit() {
  local args=() extra=()
  while (($#)); do
    if [[ $1 == -- ]]; then
      shift
      extra=("$@")
      break
    fi
    args+=("$1")
    shift
  done
  local submissions=${args[0]:?usage: slurm-grade.sh SUBMISSIONS [SHARDS] [OUTDIR] [-- GRADE_OPTIONS...]}
  local shards=${args[1]:-4}
  local outdir=${args[2]:-grade-$(date +%Y%m%d-%H%M%S)}
  local here judge
  here=$(cd "$(dirname "$0")/../.." && pwd)
  judge=$(readlink -f "${JUDGE:-$here/build/bin/judge}")
  [[ -x $judge ]] || { echo "slurm-grade: no judge binary at $judge (build it, or set JUDGE)" >&2; exit 2; }
  [[ -e $submissions ]] || { echo "slurm-grade: $submissions does not exist" >&2; exit 2; }
  [[ $shards =~ ^[0-9]+$ ]] && ((shards >= 1)) || { echo "slurm-grade: SHARDS must be at least 1" >&2; exit 2; }
  local gpus=${JUDGE_SLURM_GPUS:-1}
  [[ $gpus =~ ^[0-9]+$ ]] || { echo "slurm-grade: JUDGE_SLURM_GPUS must be a number (0: no GPU)" >&2; exit 2; }
  mkdir -p "$outdir"
  submissions=$(readlink -f "$submissions")
  outdir=$(readlink -f "$outdir")

  # What each array task asks for; command-line options win over any #SBATCH line and SBATCH_*.
  local resources=(--cpus-per-task="${JUDGE_SLURM_CPUS:-8}" --mem="${JUDGE_SLURM_MEM:-32G}"
                   --time="${JUDGE_SLURM_TIME:-02:00:00}")
  ((gpus == 0)) || resources+=(--gpus="$gpus")
  local array merge
  array=$(sbatch --parsable --array="0-$((shards - 1))" --job-name=judge-grade "${resources[@]}" \
    --chdir="$outdir" --output=judge-grade-%A_%a.out "$0" --task "$submissions" "$outdir" "$judge" "${extra[@]}")
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
