#!/usr/bin/env bash
# Makes a throwaway git repository of a small engine that follows the OpenBench convention (a makefile
# in src/ building `make EXE=<out>`, `<engine> bench` printing a node count, `Bench: N` in each commit
# message), for the tests of `arbiter build`, ci/nightly and ci/per-commit-wac on a repository that
# is not this one. The engine is tests/data/fixture_engine/ (stockfish behind a filter); each commit
# sets its knobs. One tag per commit, oldest first:
#   base      full strength, bench 4242
#   neutral   a comment changes, same play, same bench
#   weak      every search capped at depth 1 (a deliberate regression), same bench
#   broken    does not compile
#   mismatch  bench prints 5000 while the message still says Bench: 4242
#
# With --bisect-history named|range, the history `arbiter bisect` is tested on instead: tags c0 (good,
# full strength) to c8 (bad), every search capped at depth 1 from the regression on, and:
#   named   c4 does not compile (fixed at c5), the regression is c6: c4 is skipped, c6 is named;
#   range   the regression c5's bench differs from its Bench line (restored at c6): c5 is skipped
#           and cannot be told from c6.
#
# Usage: make_fixture_engine_repo.sh DIR [--no-arbiter-json | --bisect-history named|range]
#   DIR must not exist. --no-arbiter-json leaves the recipe out, so callers must give --recipe.
set -euo pipefail

dir="$1"
with_recipe=1
history=features
case "${2:-}" in
  --no-arbiter-json) with_recipe=0 ;;
  --bisect-history) history="bisect-${3:?--bisect-history needs named or range}" ;;
esac
source_dir="$(cd "$(dirname "$0")/../data/fixture_engine" && pwd)"

[ ! -e "$dir" ] || { echo "make_fixture_engine_repo: $dir exists" >&2; exit 2; }
mkdir -p "$dir/src"
cd "$dir"
git init -q
git config user.name "Fixture Author"
git config user.email "fixture@example.invalid"
git config commit.gpgsign false
cp "$source_dir/Makefile" src/Makefile
printf 'fixture-engine\n.cache/\n' >.gitignore
if [ "$with_recipe" -eq 1 ]; then
  printf '{"build": {"recipe": "openbench", "dir": "src"}, "bench": {"args": "bench", "verify": true}}\n' >arbiter.json
fi

# commit TAG MAX_DEPTH BENCH_NODES MESSAGE_BENCH SUBJECT [EXTRA_LINE]
commit() {
  local tag="$1" depth="$2" bench="$3" message_bench="$4" subject="$5" extra="${6:-}"
  sed -e "s/^#define MAX_DEPTH .*/#define MAX_DEPTH $depth/" \
      -e "s/^#define BENCH_NODES .*/#define BENCH_NODES $bench/" "$source_dir/engine.c" >src/engine.c
  [ -z "$extra" ] || printf '%s\n' "$extra" >>src/engine.c
  git add -A
  git commit -q -m "$subject" -m "Bench: $message_bench"
  git tag "$tag"
}

case "$history" in
  features)
    commit base 0 4242 4242 "Fixture engine: stockfish behind a filter"
    commit neutral 0 4242 4242 "Say why the filter flushes" "/* flushed per line: the harness waits for each answer */"
    commit weak 1 4242 4242 "Cap every search at depth 1"
    commit broken 0 4242 4242 "Half-written change" "int broken = ;"
    commit mismatch 0 5000 4242 "Change the bench without updating the Bench line"
    ;;
  bisect-named)
    commit c0 0 4242 4242 "Fixture engine: stockfish behind a filter"
    commit c1 0 4242 4242 "Say why the filter flushes" "/* flushed per line: the harness waits for each answer */"
    commit c2 0 4242 4242 "Name the knobs" "/* MAX_DEPTH and BENCH_NODES: see the top of the file */"
    commit c3 0 4242 4242 "Say what stdin carries" "/* stdin: the harness's UCI lines */"
    commit c4 0 4242 4242 "Half-written change" "int broken = ;"
    commit c5 0 4242 4242 "Finish the change" "/* the change is finished */"
    commit c6 1 4242 4242 "Cap every search at depth 1"
    commit c7 1 4242 4242 "Say what the cap is for" "/* the cap keeps searches short */"
    commit c8 1 4242 4242 "Name the cap" "/* MAX_DEPTH: the cap */"
    ;;
  bisect-range)
    commit c0 0 4242 4242 "Fixture engine: stockfish behind a filter"
    commit c1 0 4242 4242 "Say why the filter flushes" "/* flushed per line: the harness waits for each answer */"
    commit c2 0 4242 4242 "Name the knobs" "/* MAX_DEPTH and BENCH_NODES: see the top of the file */"
    commit c3 0 4242 4242 "Say what stdin carries" "/* stdin: the harness's UCI lines */"
    commit c4 0 4242 4242 "Say what stdout carries" "/* stdout: stockfish's answers */"
    commit c5 1 5000 4242 "Cap every search at depth 1, the bench changed without its Bench line"
    commit c6 1 4242 4242 "Restore the bench"
    commit c7 1 4242 4242 "Say what the cap is for" "/* the cap keeps searches short */"
    commit c8 1 4242 4242 "Name the cap" "/* MAX_DEPTH: the cap */"
    ;;
  *) echo "make_fixture_engine_repo: unknown history ${history#bisect-}" >&2; exit 2 ;;
esac
