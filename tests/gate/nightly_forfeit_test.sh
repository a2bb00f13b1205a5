#!/usr/bin/env bash
# ci/nightly --smoke with an opponent that plays an illegal move in every game (misbehave_engine,
# given to conf= through cutechess's engines.json in XDG_CONFIG_HOME), on the fixture engine's
# repository: the first run's sanity gauntlet and, after a good first run, the gauntlet that follows
# a passed SPRT are infrastructure failures naming the opponent (exit 2), and neither records a
# baseline. Before --fail-on-forfeits both said PASS.
#
# Usage: nightly_forfeit_test.sh ARBITER REPO_ROOT MISBEHAVE_ENGINE     (exit 77: skipped)
misbehave="$3"
source "$2/tests/build/fixture_engine_prelude.sh" forfeit "$1" "$2"
sha_of() { git -C "$work/engine" rev-parse "$1^{commit}"; }

mkdir -p "$work/config/cutechess"
cat >"$work/config/cutechess/engines.json" <<JSON
[{"name": "broken", "command": "$misbehave", "protocol": "uci",
  "options": [{"name": "Mode", "value": "illegal"}, {"name": "Ply", "value": "2"}]}]
JSON

nightly() {
  XDG_CONFIG_HOME="$work/config" ARBITER_CACHE_DIR="$work/arbiter-cache" ARBITER="$arbiter" JOBS=2 \
    "$repo_root/ci/nightly" --smoke --repo "$work/engine" --db "$work/nightly.db" --out "$work/out" \
    --concurrency 2 "$@" >"$work/last.log" 2>&1
  local status=$?
  grep '^nightly: \|^== nightly' "$work/last.log"
  return "$status"
}
expect_status() {  # WHAT EXPECTED ACTUAL
  [ "$3" -eq "$2" ] || { tail -n 30 "$work/last.log"; fail "$1: exit $3, expected $2"; }
}
expect_named() {  # WHAT
  grep -q '^nightly: infrastructure failure: opponent broken forfeited 2 of 2 games (illegal move 2)' "$work/last.log" ||
    fail "$1: the opponent that forfeited was not named"
  ! grep -q "PASS\|first run:" "$work/last.log" || fail "$1: said it passed"
}

nightly --rev base --opponents "stockfish-1350 broken"; expect_status "first run, broken opponent" 2 $?
expect_named "first run"
[ -z "$("$arbiter" baseline current --db "$work/nightly.db" 2>/dev/null)" ] || fail "the failed first run recorded a baseline"

nightly --rev base --opponents stockfish-1350; expect_status "first run, good opponent" 0 $?
nightly --rev neutral --opponents "broken"; expect_status "gauntlet after the SPRT, broken opponent" 2 $?
grep -q "^SPRT: H1 accepted" "$work"/out/sprt-*.log || fail "the SPRT did not pass before the gauntlet"
expect_named "gauntlet"
[ "$("$arbiter" baseline current --db "$work/nightly.db")" = "$(sha_of base)" ] || fail "the failed night moved the baseline"
echo "PASS: nightly with an opponent that forfeits every game: first run 2, gauntlet after the SPRT 2, named"
