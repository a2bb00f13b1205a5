#!/usr/bin/env bash
# Stands up a single-node Slurm on localhost (single_node_slurm.sh) and runs a feature ladder at smoke
# scale through ci/slurm/ladder: 2 shards with --target-error, one shard made to fail, then the same
# command again resumes. Checks that only the failed shard was played again, that the merged database
# holds every step (games and WAC), that the report (Markdown and HTML) has every step's row, that a
# run with other arguments in the same place is refused and that the finished run submitted again
# plays nothing new.
#
# Usage: slurm_ladder_test.sh ARBITER TEMPO REPO_ROOT     (exit 77: skipped)
set -uo pipefail

arbiter="$1"
tempo="$2"
repo_root="$3"
# shellcheck source=tests/slurm/scaleout_common.sh
source "$(dirname "$0")/scaleout_common.sh"

[ -x /usr/games/stockfish ] || skip "stockfish missing"
command -v phalanx >/dev/null || [ -x /usr/games/phalanx ] || skip "phalanx missing"
# shellcheck source=tests/slurm/single_node_slurm.sh
source "$(dirname "$0")/single_node_slurm.sh"

config="$repo_root/ci/ladders/madchess-3.0.json"
mapfile -t features < <(sed -n 's/^ *"feature": "\(.*\)",$/\1/p' "$config")
[ "${#features[@]}" -ge 2 ] || fail "no steps read from $config"
out="$work/ladder"
# A wide target and a small budget keep the smoke short whether or not the first batches meet the
# target (the gauntlet alone ties the steps only through its two opponents); the report job still
# takes the completion path (an unsharded re-run on the merged file).
submit() {
  ARBITER="$arbiter" timeout 600 "$repo_root/ci/slurm/ladder" "$config" --shards 2 --out "$out" --wait \
    --smoke --target-error 1000 --max-games 60 --tempo "$tempo" >"$work/$1.log" 2>&1
  local status=$?
  cat "$work/$1.log"
  return "$status"
}

# --- the first submission: shard 2's database path is a directory, so that shard fails.
mkdir -p "$out/shards/shard-2.db"
submit first
status=$?
[ "$status" -eq 1 ] || fail "the run with a broken shard should report failure (exit $status)"
grep -q "shard(s) 2 failed" "$work/first.log" || fail "shard 2 was not reported as failed"
[ ! -e "$out/madchess-3.0.db" ] || fail "the merge ran although a shard failed"
[ "$(cat "$out/shards/shard-1.status")" = "0" ] || fail "shard 1 did not succeed"

# --- the same command again resumes: shard 2 alone, then the merge and the report.
rmdir "$out/shards/shard-2.db"
before="$(stat -c %Y "$out/shards/shard-1.db")"
submit second || fail "the resumed run failed"
grep -q "shards \[2\] of 2" "$work/second.log" || fail "the resumed run did not submit shard 2 alone"
[ "$(stat -c %Y "$out/shards/shard-1.db")" = "$before" ] || fail "shard 1 was played again"
grep -q "target met\|target NOT met" "$out/shards/logs/report.out" || fail "the report job did not complete the target"

# --- the merged database, read afresh: every step has games and its WAC score.
"$arbiter" report features --db "$out/madchess-3.0.db" --format csv >"$work/table.csv" ||
  fail "arbiter report on the merged database failed"
for feature in "${features[@]}"; do
  row="$(grep -F -m 1 "$feature" "$work/table.csv")"
  # WAC solved, then its average depth when the answers report one (a WAC at fixed nodes does), then the rating.
  [[ "$row" =~ ,[0-9]+/10,([0-9.]+,)?[0-9]+\ ±\ [0-9]+\ \(([0-9]+)\) ]] || fail "step '$feature' lacks WAC or rating: $row"
  [ "${BASH_REMATCH[2]}" -gt 0 ] || fail "step '$feature' has no games: $row"
done

# --- the report job's files: every step's row in both.
for format in md html; do
  report="$out/madchess-3.0.$format"
  [ -s "$report" ] || fail "no report $report"
  for feature in "${features[@]}"; do
    grep -qF "$feature" "$report" || fail "$report has no row for '$feature'"
  done
done
# --- another run in the same place is refused; the same run again plays nothing new.
ARBITER="$arbiter" "$repo_root/ci/slurm/ladder" "$config" --shards 3 --out "$out" --smoke >"$work/other.log" 2>&1
status=$?
[ "$status" -eq 2 ] || { cat "$work/other.log"; fail "a run with other arguments in $out was not refused (exit $status)"; }
submit third || fail "submitting the finished run again failed"
grep -q "every shard succeeded already" "$work/third.log" || fail "the finished run's shards were submitted again"
"$arbiter" report features --db "$out/madchess-3.0.db" --format csv >"$work/again.csv" || fail "arbiter report failed"
cmp -s "$work/table.csv" "$work/again.csv" || fail "submitting the finished run again changed its games"
echo "PASS: ladder of ${#features[@]} steps as 2 Slurm shards, one resumed, merged, completed and reported"
