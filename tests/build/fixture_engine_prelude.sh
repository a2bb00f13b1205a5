# Sourced by the tests that run the ci scripts on the fixture engine's repository:
#   source fixture_engine_prelude.sh LABEL ARBITER REPO_ROOT [make_fixture_engine_repo.sh flags]
# Sets arbiter, repo_root and work (a temporary directory, removed on exit), defines fail, and makes
# the fixture repository in $work/engine. Exits 77 (skipped) when the fixture cannot be built here.
set -uo pipefail

label="$1"
arbiter="$2"
repo_root="$3"
shift 3
for tool in /usr/games/stockfish cc make; do
  command -v "$tool" >/dev/null || { echo "SKIP: $tool missing (the fixture engine needs it)"; exit 77; }
done

work="$(mktemp -d "/tmp/arbiter-any-engine-$label-XXXXXX")"
[ -n "${KEEP_WORK:-}" ] || trap 'rm -rf "$work"' EXIT
fail() {
  echo "FAIL: $*"
  exit 1
}

"$repo_root/tests/build/make_fixture_engine_repo.sh" "$work/engine" "$@" || fail "making the fixture repository"
