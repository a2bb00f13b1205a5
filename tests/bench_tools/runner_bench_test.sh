#!/usr/bin/env bash
# ci/runner-bench with arbiter (as itself and with history=since-irreversible) as the only runner: 4 games (2 colour-reversed pairs) must be played,
# stored and counted, with a whole number of plies per game above zero. Usage: SCRIPT ARBITER TEMPO
set -euo pipefail
script=$1 arbiter=$2 tempo=$3
out=$("$script" --runners arbiter,arbiter-short --arbiter "$arbiter" --engine "$tempo" --games 4 --repeats 1) || {
  echo "runner-bench failed:"; echo "$out"; exit 1; }
echo "$out"
# The per-run line: exit 0, the 4 games, and the plies counted from the database. grep reads a
# here-string, not a pipe: grep -q stops at its first match, and under pipefail the echo that then
# wrote into a closed pipe (SIGPIPE) failed the check at random.
grep -Eq '^  arbiter +run 1: exit 0, 4 games, [1-9][0-9]* plies' <<<"$out" || { echo "no run line with 4 games"; exit 1; }
# The table row: runner, games (exactly 4, no "of 4"), then five figures.
for runner in arbiter arbiter-short; do
  grep -Eq "^\\| $runner \\| 4 \\|( [^|]+ \\|){5}\$" <<<"$out" || { echo "no table row for $runner with 4 games"; exit 1; }
done
