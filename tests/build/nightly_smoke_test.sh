#!/usr/bin/env bash
# ci/nightly --smoke end to end on a throwaway clone: the first run records HEAD as the baseline
# (exit 0), the second plays HEAD against that baseline and passes (exit 0, a second baseline row),
# demanding +100..+200 Elo of an equal build is a regression (exit 1), an unknown revision an
# infrastructure failure (exit 2). The tempo build comes from the cache shared with test_build.
#
# Usage: nightly_smoke_test.sh ARBITER REPO_ROOT SHARED_BUILD_CACHE     (exit 77: skipped)
set -uo pipefail

arbiter="$1"
repo_root="$2"
shared_cache="$3"
[ -x /usr/games/stockfish ] || { echo "SKIP: /usr/games/stockfish missing (the smoke opponents)"; exit 77; }

work="$(mktemp -d /tmp/arbiter-nightly-test-XXXXXX)"
trap 'rm -rf "$work"' EXIT
fail() {
  echo "FAIL: $*"
  exit 1
}

git clone -q --local "$repo_root" "$work/clone" || fail "git clone"
mkdir -p "$shared_cache" || fail "mkdir $shared_cache"
head="$(git -C "$work/clone" rev-parse HEAD)"

nightly() {
  ARBITER="$arbiter" JOBS=2 "$repo_root/ci/nightly" --smoke --repo "$work/clone" --db "$work/nightly.db" \
    --out "$work/out" --cache "$shared_cache" --concurrency 2 "$@" >"$work/last.log" 2>&1
  local status=$?
  grep '^nightly: \|^== nightly' "$work/last.log"
  return "$status"
}

nightly; status=$?
[ "$status" -eq 0 ] || { tail -n 30 "$work/last.log"; fail "first run: exit $status, expected 0"; }
grep -q "first run" "$work/last.log" || fail "the first run did not say it recorded the first baseline"
[ "$("$arbiter" baseline current --db "$work/nightly.db")" = "$head" ] || fail "HEAD is not the baseline"

nightly; status=$?
[ "$status" -eq 0 ] || { tail -n 30 "$work/last.log"; fail "second run: exit $status, expected 0"; }
grep -q "PASS: H1 accepted" "$work/last.log" || fail "the second run did not pass the SPRT"
[ "$("$arbiter" baseline list --db "$work/nightly.db" | wc -l)" -eq 2 ] || fail "the pass did not record a baseline"
ls "$work"/out/nightly-*-run*.md "$work"/out/nightly-*-commits.html >/dev/null || fail "no reports written"

nightly --elo0 100 --elo1 200; status=$?
[ "$status" -eq 1 ] || { tail -n 30 "$work/last.log"; fail "regression run: exit $status, expected 1"; }
grep -q "REGRESSION: H0 accepted" "$work/last.log" || fail "the regression was not reported"
[ "$("$arbiter" baseline list --db "$work/nightly.db" | wc -l)" -eq 2 ] || fail "a regression recorded a baseline"

nightly --rev no-such-revision; status=$?
[ "$status" -eq 2 ] || fail "unknown revision: exit $status, expected 2"
echo "PASS: nightly smoke: first run, pass, regression and infrastructure failure exit 0, 0, 1, 2"
