# shellcheck shell=bash
# Shared by ci/slurm/submit and ci/slurm/ladder (sourced): the run directory of a sharded arbiter run
# and its submission as a job array of shards (gauntlet.sbatch) plus one job after them.
#
# RUN_DIR holds `shards` (N), `command` (the arbiter subcommand: match or ladder), `args` (its
# arguments, one per line), `arbiter` (the binary's absolute path), and per shard K `shard-K.db`,
# `shard-K.status` and `logs/shard-K.out`; `jobs` lists the submitted job ids, one submission a line.
# Each script defines fail() (message, exit 2) before sourcing this file.

slurm_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"

# The shard indexes of RUN_DIR still to play: those without a zero status file.
pending_shards() {
  local run_dir="$1" shards k
  shards="$(cat "$run_dir/shards")"
  for ((k = 1; k <= shards; k++)); do
    [ "$(cat "$run_dir/shard-$k.status" 2>/dev/null)" = "0" ] || echo "$k"
  done
}

# The arbiter binary to record: ARBITER=path, default the build beside this checkout.
arbiter_path() {
  local arbiter="${ARBITER:-$slurm_dir/../../build/bin/arbiter}"
  [ -x "$arbiter" ] || fail "arbiter not found at $arbiter (set ARBITER=path)"
  echo "$(cd "$(dirname "$arbiter")" && pwd)/$(basename "$arbiter")"
}

# Refuses arguments that each shard sets itself, and newlines (the args file holds one per line).
check_shard_args() {
  local word
  for word in "$@"; do
    case "$word" in
      --db|--shard|--pairs|-concurrency|--concurrency) fail "$word is set per shard; leave it out" ;;
    esac
    [[ "$word" != *$'\n'* ]] || fail "arguments must not contain newlines"
  done
}

# write_run_dir RUN_DIR SHARDS COMMAND ARGS...: records a new run; refuses a directory holding one.
write_run_dir() {
  local run_dir="$1" shards="$2" command="$3"
  shift 3
  [[ "$shards" =~ ^[1-9][0-9]*$ ]] || fail "--shards expects a positive integer, got '$shards'"
  local arbiter
  arbiter="$(arbiter_path)" || exit 2
  mkdir -p "$run_dir/logs" || fail "cannot create $run_dir"
  [ ! -e "$run_dir/args" ] || fail "$run_dir already holds a run; use --resubmit or another --dir"
  echo "$shards" >"$run_dir/shards"
  echo "$command" >"$run_dir/command"
  printf '%s\n' "$@" >"$run_dir/args"
  echo "$arbiter" >"$run_dir/arbiter"
}

# The ids of the given jobs still in the queue. squeue forgets finished jobs (and errors for unknown
# ids): an empty or failed answer means they are done.
queued_jobs() {
  squeue -h -j "$1" -o %i 2>/dev/null
}

# Polls until the given comma-separated jobs have left the queue (sbatch --wait backs off too slowly).
wait_for_jobs() {
  while [ -n "$(queued_jobs "$1")" ]; do sleep 2; done
}

# Refuses to submit again while a job of RUN_DIR's earlier submissions is still queued or running:
# its shards would be played twice into the same database.
check_nothing_queued() {
  local run_dir="$1" ids still
  [ -f "$run_dir/jobs" ] || return 0
  ids="$(tr ' ' '\n' <"$run_dir/jobs" | grep -v '^$' | paste -sd, -)"
  [ -n "$ids" ] || return 0
  still="$(queued_jobs "$ids" | paste -sd' ' -)"
  [ -z "$still" ] || fail "jobs $still of $run_dir are still queued or running; wait for them (or scancel) first"
}

# submit_shards RUN_DIR INDEXES CPUS [SBATCH-ARG...]: the given shards as one job array; prints its id.
submit_shards() {
  local run_dir="$1" indexes="$2" cpus="$3" job
  shift 3
  job="$(sbatch --parsable "$@" --array="$indexes" --cpus-per-task="$cpus" \
    --output="$run_dir/logs/shard-%a.out" "$slurm_dir/gauntlet.sbatch" "$run_dir")" || fail "sbatch of the shards failed"
  echo "${job%%;*}"
}

# submit_after RUN_DIR AFTER_JOB NAME SCRIPT [SBATCH-ARG...] -- [SCRIPT-ARG...]: SCRIPT as one job
# once AFTER_JOB (an array) succeeded, or at once when AFTER_JOB is empty; its log is logs/NAME.out.
# Prints its id.
submit_after() {
  local run_dir="$1" after="$2" name="$3" script="$4" job
  shift 4
  local sbatch_args=()
  while [ $# -gt 0 ] && [ "$1" != "--" ]; do sbatch_args+=("$1"); shift; done
  [ $# -gt 0 ] && shift
  [ -z "$after" ] || sbatch_args+=(--dependency="afterok:$after" --kill-on-invalid-dep=yes)
  job="$(sbatch --parsable "${sbatch_args[@]}" --output="$run_dir/logs/$name.out" "$script" "$run_dir" "$@")" ||
    fail "sbatch of $name failed"
  echo "${job%%;*}"
}
