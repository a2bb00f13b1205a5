#!/usr/bin/env bash
# ci/per-commit-wac --repo on a repository that is not this one and has no arbiter.json: the recipe
# comes from --recipe/--dir. Without them the build is refused (exit 2); with them base and neutral
# score alike and the commit capped at depth 1 loses positions (exit 1); a bench mismatch is
# broken (exit 2) unless --no-verify-bench. A commit that does not build or bench is marked and the
# next one scored; the closing table names each (issue #38). Without --cache the builds go to
# arbiter build's own default cache. Node-limited, the first 20 WAC positions.
#
# Usage: per_commit_wac_any_engine_test.sh ARBITER REPO_ROOT     (exit 77: skipped)
source "$(dirname "$0")/fixture_engine_prelude.sh" wac "$1" "$2" --no-arbiter-json

wac() {
  ARBITER_CACHE_DIR="$work/cache-base" ARBITER="$arbiter" JOBS=2 "$repo_root/ci/per-commit-wac" --repo "$work/engine" \
    --db "$work/wac.db" --nodes 2000 --first 20 "$@" >"$work/last.log" 2>&1
  local status=$?
  grep '^== \|^per-commit-wac: ' "$work/last.log"
  return "$status"
}
row_of() {  # the closing table's row of tag $1
  grep "^$(git -C "$work/engine" rev-parse --short=12 "$1")  " "$work/last.log"
}
expect_status() {  # WHAT EXPECTED ACTUAL
  [ "$3" -eq "$2" ] || { tail -n 30 "$work/last.log"; fail "$1: exit $3, expected $2"; }
}

wac base; expect_status "no recipe anywhere" 2 $?

wac --recipe openbench --dir src --cache "$work/cache" base neutral weak; expect_status "weakened commit" 1 $?
grep -q "3 commit(s), 3 scored, 0 broken, 1 regression(s)" "$work/last.log" || fail "expected exactly one regression (weak)"
[ "$(grep -c '^== ' "$work/last.log")" -eq 3 ] || fail "not every commit was scored"
[ -n "$(ls "$work/cache")" ] || fail "--cache was not used"
row_of weak | grep -Eq '  -[0-9]+$' || fail "the table does not show weak's drop"

# Broken commits in the middle: each is marked, the others scored, the table names them all; exit 2.
wac --recipe openbench --dir src base broken mismatch neutral; expect_status "broken commits on the way" 2 $?
[ "$(grep -c '^== ' "$work/last.log")" -eq 4 ] || fail "it stopped at a broken commit"
grep -q "4 commit(s), 2 scored, 2 broken" "$work/last.log" || fail "the summary does not count the broken commits"
grep -q '^commit  *build  *bench  *solved  *change' "$work/last.log" || fail "no per-commit table"
row_of broken | grep -q '  failed  ' || fail "the table does not mark the commit that does not build"
row_of mismatch | grep -q 'MISMATCH 5000 (Bench: 4242)' || fail "the table does not show the bench mismatch"
row_of neutral | grep -Eq ' [0-9]+/20  +[+-][0-9]+$' || fail "the table has no score and change for neutral"
row_of base | grep -q ' 4242 ' || fail "the table has no bench for base"
ls "$work/cache-base/builds" | grep -q "$(git -C "$work/engine" rev-parse base)" ||
  fail "without --cache the builds are not in arbiter build's default cache"

wac --recipe openbench --dir src --cache "$work/cache" mismatch; expect_status "bench mismatch" 2 $?
grep -q "5000" "$work/last.log" && grep -q "4242" "$work/last.log" || fail "the bench mismatch did not name both counts"

wac --recipe openbench --dir src --no-verify-bench mismatch; expect_status "bench mismatch, not verified" 0 $?
echo "PASS: per-commit WAC on another repository: no recipe 2, weakened 1, broken commits marked and passed 2, bench mismatch 2, unverified 0"
