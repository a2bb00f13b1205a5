#!/usr/bin/env bash
# Stands up a single-node Slurm on localhost (single_node_slurm.sh), runs a 4-shard gauntlet through
# ci/slurm/submit with one shard made to fail, resubmits only that shard, and checks the merged
# database equals the unsharded run game for game.
#
# Usage: slurm_gauntlet_test.sh ARBITER SAME_GAMES REPO_ROOT     (exit 77: skipped)
set -uo pipefail

arbiter="$1"
same_games="$2"
repo_root="$3"
# shellcheck source=tests/slurm/scaleout_common.sh
source "$(dirname "$0")/scaleout_common.sh"

[ -x /usr/games/stockfish ] || skip "stockfish missing"
# shellcheck source=tests/slurm/single_node_slurm.sh
source "$(dirname "$0")/single_node_slurm.sh"

# --- the reference: the same gauntlet, unsharded.
book="$repo_root/openings/noob_2moves.epd"
play_reference "$arbiter" "$work/full.db" "$book"

# --- the sharded run; shard 3's database path is a directory, so that shard fails.
mapfile -t args < <(gauntlet_args "$book")
mkdir -p "$work/run/shard-3.db"
ARBITER="$arbiter" "$repo_root/ci/slurm/submit" --shards 4 --dir "$work/run" --wait -- "${args[@]}" \
  >"$work/submit1.log" 2>&1
status=$?
cat "$work/submit1.log"
[ "$status" -eq 1 ] || fail "the run with a broken shard should report failure (exit $status)"
grep -q "shard(s) 3 failed" "$work/submit1.log" || fail "shard 3 was not reported as failed"
[ ! -e "$work/run/merged.db" ] || fail "the merge ran although a shard failed"
for k in 1 2 4; do [ "$(cat "$work/run/shard-$k.status")" = "0" ] || fail "shard $k did not succeed"; done

rmdir "$work/run/shard-3.db"
before="$(stat -c %Y "$work/run/shard-1.db")"
ARBITER="$arbiter" "$repo_root/ci/slurm/submit" --resubmit --dir "$work/run" --wait >"$work/submit2.log" 2>&1 ||
  { cat "$work/submit2.log"; fail "the resubmission failed"; }
cat "$work/submit2.log"
grep -q "shards \[3\] of 4" "$work/submit2.log" || fail "the resubmission did not submit shard 3 alone"
[ "$(stat -c %Y "$work/run/shard-1.db")" = "$before" ] || fail "shard 1 was played again"

"$same_games" "$work/full.db" "$work/run/merged.db" || fail "the merged shards differ from the unsharded run"
echo "PASS: 4 Slurm shards, one resubmitted, merged equal the unsharded run game for game"
