#!/usr/bin/env bash
# A baseline recorded with --no-verify-bench is no trap (issue #38): the fixture engine's commit
# `mismatch` (bench 5000, message Bench: 4242) becomes the baseline of an unverified first run; the
# next commit announces Bench: 5000, so HEAD passes verification. The next plain nightly says the
# baseline was not verified, re-verifies it, compares it as it was accepted and passes (exit 0),
# recording HEAD as verified. `arbiter baseline record` resolves --commit in --repo, builds and
# checks it as the nightly does, and records a commit that has not played without the engine link.
# --cache DIR holds every build, the matches' too.
#
# Usage: nightly_baseline_trap_test.sh ARBITER REPO_ROOT     (exit 77: skipped)
source "$(dirname "$0")/fixture_engine_prelude.sh" trap "$1" "$2"
sha_of() { git -C "$work/engine" rev-parse "$1^{commit}"; }
git -C "$work/engine" commit -q --allow-empty -m "Announce the bench" -m "Bench: 5000" && git -C "$work/engine" tag fixed

nightly() {
  ARBITER_CACHE_DIR="$work/unused-cache" ARBITER="$arbiter" JOBS=2 "$repo_root/ci/nightly" --smoke --repo "$work/engine" \
    --db "$work/nightly.db" --out "$work/out" --cache "$work/cache" --concurrency 2 --opponents stockfish-1350 "$@" \
    >"$work/last.log" 2>&1
  local status=$?
  grep '^nightly: \|^== nightly' "$work/last.log"
  return "$status"
}
expect_status() {  # WHAT EXPECTED ACTUAL
  [ "$3" -eq "$2" ] || { tail -n 30 "$work/last.log"; fail "$1: exit $3, expected $2"; }
}
current() { "$arbiter" baseline current --db "$work/nightly.db" --verification; }

nightly --rev mismatch --no-verify-bench; expect_status "unverified first run" 0 $?
[ "$(current)" = "$(sha_of mismatch) none" ] || fail "the unverified baseline is not recorded as such: $(current)"

nightly --rev fixed; expect_status "verified run against an unverified baseline" 0 $?
grep -q "was recorded with bench verification 'none'; this run verifies benches" "$work/last.log" ||
  fail "the stricter run did not say the baseline was not verified"
grep -q "the baseline $(sha_of mismatch) does not pass the bench check" "$work/last.log" ||
  fail "the baseline was not re-verified"
grep -q "PASS: H1 accepted" "$work/last.log" || fail "HEAD did not pass"
[ "$(current)" = "$(sha_of fixed) bench" ] || fail "HEAD is not the verified baseline: $(current)"
[ ! -e "$work/unused-cache/builds" ] || fail "a build went past --cache into the default cache"
[ -z "$(git -C "$work/engine" status --porcelain)" ] || fail "the engine's repository was left with untracked files"

# baseline record takes what the nightly takes: HEAD resolved in --repo, built, its bench checked.
record() { "$arbiter" baseline record --db "$work/nightly.db" --cache "$work/cache" --repo "$work/engine" "$@" 2>&1; }
out="$(record --commit mismatch)" && fail "recorded a commit whose bench differs: $out"
grep -q "bench mismatch" <<<"$out" || fail "the refusal does not say why: $out"
out="$(record --commit mismatch --no-verify-bench --engine fixture-engine)" || fail "unverified record refused: $out"
grep -q "verified: none" <<<"$out" || fail "not recorded as unverified: $out"
out="$(record --commit neutral --engine engine)" || fail "record of a commit that never played refused: $out"
grep -q "no games of engine 'engine' at $(sha_of neutral)" <<<"$out" || fail "no note on the missing engine link: $out"
[ "$(current)" = "$(sha_of neutral) bench" ] || fail "neutral is not the verified baseline: $(current)"
out="$("$arbiter" baseline record --db "$work/nightly.db" --commit HEAD 2>&1)" && fail "HEAD recorded without --repo"
grep -q -- "--commit: 'HEAD' is not a full commit hash: give --repo DIR" <<<"$out" || fail "unclear refusal: $out"
echo "PASS: an unverified baseline is re-verified and compared as accepted; baseline record builds and checks"
