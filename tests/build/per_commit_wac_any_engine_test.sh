#!/usr/bin/env bash
# ci/per-commit-wac --repo on a repository that is not this one and has no arbiter.json: the recipe
# comes from --recipe/--dir. Without them the build is refused (exit 2); with them base and neutral
# score alike and the commit capped at depth 1 loses positions (exit 1); a bench mismatch is
# broken (exit 2) unless --no-verify-bench. Node-limited, the first 20 WAC positions.
#
# Usage: per_commit_wac_any_engine_test.sh ARBITER REPO_ROOT     (exit 77: skipped)
source "$(dirname "$0")/fixture_engine_prelude.sh" wac "$1" "$2" --no-arbiter-json

wac() {
  ARBITER="$arbiter" JOBS=2 "$repo_root/ci/per-commit-wac" --repo "$work/engine" --cache "$work/cache" \
    --db "$work/wac.db" --nodes 2000 --first 20 "$@" >"$work/last.log" 2>&1
  local status=$?
  grep '^== \|^per-commit-wac: ' "$work/last.log"
  return "$status"
}
expect_status() {  # WHAT EXPECTED ACTUAL
  [ "$3" -eq "$2" ] || { tail -n 30 "$work/last.log"; fail "$1: exit $3, expected $2"; }
}

wac base; expect_status "no recipe anywhere" 2 $?

wac --recipe openbench --dir src base neutral weak; expect_status "weakened commit" 1 $?
grep -q "3 commit(s) scored, 1 regression(s)" "$work/last.log" || fail "expected exactly one regression (weak)"
[ "$(grep -c '^== ' "$work/last.log")" -eq 3 ] || fail "not every commit was scored"

wac --recipe openbench --dir src mismatch; expect_status "bench mismatch" 2 $?
grep -q "5000" "$work/last.log" && grep -q "4242" "$work/last.log" || fail "the bench mismatch did not name both counts"

wac --recipe openbench --dir src --no-verify-bench mismatch; expect_status "bench mismatch, not verified" 0 $?
echo "PASS: per-commit WAC on another repository: no recipe 2, weakened 1, bench mismatch 2, unverified 0"
