#!/usr/bin/env bash
# ci/nightly --repo on a repository that is not this one: the fixture engine's repository
# (make_fixture_engine_repo.sh; openbench recipe in its arbiter.json). A first run records the base
# commit (exit 0), a neutral commit passes the SPRT (exit 0), a commit capped at depth 1 is a
# regression (exit 1; --bisect then names it), a commit that does not compile and one whose bench differs from its Bench
# line are broken (exit 2, naming the build log and both counts). Smoke settings, node-limited games.
#
# Usage: nightly_any_engine_test.sh ARBITER REPO_ROOT     (exit 77: skipped)
source "$(dirname "$0")/fixture_engine_prelude.sh" nightly "$1" "$2"
sha_of() { git -C "$work/engine" rev-parse "$1^{commit}"; }

nightly() {
  ARBITER_CACHE_DIR="$work/arbiter-cache" ARBITER="$arbiter" JOBS=2 "$repo_root/ci/nightly" --smoke --repo "$work/engine" --db "$work/nightly.db" \
    --out "$work/out" --concurrency 2 --opponents stockfish-1350 "$@" >"$work/last.log" 2>&1
  local status=$?
  grep '^nightly: \|^== nightly' "$work/last.log"
  return "$status"
}
expect_status() {  # WHAT EXPECTED ACTUAL
  [ "$3" -eq "$2" ] || { tail -n 30 "$work/last.log"; fail "$1: exit $3, expected $2"; }
}

nightly --rev base; expect_status "first run" 0 $?
grep -q "first run" "$work/last.log" || fail "the first run did not record the first baseline"
[ "$("$arbiter" baseline current --db "$work/nightly.db")" = "$(sha_of base)" ] || fail "base is not the baseline"

nightly --rev neutral; expect_status "neutral commit" 0 $?
grep -q "PASS: H1 accepted" "$work/last.log" || fail "the neutral commit did not pass the SPRT"
[ "$("$arbiter" baseline current --db "$work/nightly.db")" = "$(sha_of neutral)" ] || fail "neutral is not the new baseline"
ls "$work"/out/nightly-*-commits.md >/dev/null || fail "no commits report written"

nightly --rev weak --bisect; expect_status "weakened commit" 1 $?
grep -q "REGRESSION: H0 accepted" "$work/last.log" || fail "the weakened commit was not reported as a regression"
grep -q "^nightly: bisect: first bad commit: $(sha_of weak) Cap every search at depth 1" "$work/last.log" ||
  fail "--bisect did not name the weakened commit: $(grep 'bisect' "$work/last.log")"
ls "$work"/out/nightly-*-bisect.html >/dev/null || fail "no bisect report written"
[ "$("$arbiter" baseline current --db "$work/nightly.db")" = "$(sha_of neutral)" ] || fail "a regression moved the baseline"

nightly --rev broken; expect_status "commit that does not compile" 2 $?
grep -q "build.log" "$work/last.log" || fail "the failed build did not name its log"

nightly --rev mismatch; expect_status "bench mismatch" 2 $?
grep -q "5000" "$work/last.log" && grep -q "4242" "$work/last.log" || fail "the bench mismatch did not name both counts"
[ "$("$arbiter" baseline current --db "$work/nightly.db")" = "$(sha_of neutral)" ] || fail "a broken commit moved the baseline"
# The same repository without arbiter.json: the recipe flags reach arbiter build and the matches.
"$repo_root/tests/build/make_fixture_engine_repo.sh" "$work/bare" --no-arbiter-json || fail "making the bare repository"
nightly --repo "$work/bare" --db "$work/bare.db"; expect_status "no recipe anywhere" 2 $?
nightly --repo "$work/bare" --db "$work/bare.db" --rev base --recipe openbench --dir src; expect_status "--recipe, first run" 0 $?
nightly --repo "$work/bare" --db "$work/bare.db" --rev weak --recipe openbench --dir src; expect_status "--recipe, weakened" 1 $?
echo "PASS: nightly on another repository: first run 0, neutral 0, weakened 1 (bisect names it), no build 2, bench mismatch 2;"
echo "  with --recipe and no arbiter.json: first run 0, weakened 1"
