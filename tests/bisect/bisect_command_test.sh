#!/usr/bin/env bash
# arbiter bisect end to end on the fixture engine's bisect history (tests/build/
# make_fixture_engine_repo.sh --bisect-history): stockfish behind a filter, c0 good, c8 bad, every
# search capped at depth 1 from the regression on.
# Node-limited games, so each game is the same whenever it is played:
#   named    c6 is named (exit 0), c4 (no build) skipped on the way; the report prints the table;
#   resume   killed (SIGKILL) after its first batches, the same command continues and ends with the
#            same commit and the same games as the uninterrupted run;
#   range    the regression c5's bench differs from its Bench line: c5..c6 is the answer (exit 1);
#   edges    not confirmed and the budget (exit 1), bad input (exit 2), -sprt (exit 0), a merge
#            as one step of the path.
#
# Usage: bisect_command_test.sh ARBITER REPO_ROOT [named|resume|range|edges]   (exit 77: skipped)
case_name="${3:-named}"
history=named
[ "$case_name" = range ] && history=range
source "$(dirname "$0")/../build/fixture_engine_prelude.sh" "bisect-$case_name" "$1" "$2" --bisect-history "$history"
sha_of() { git -C "$work/engine" rev-parse "$1^{commit}"; }

# Match flags as small as they go: 2,000 nodes a move, adjudicated early, 4 pairs a batch.
bisect() {  # DB [flags...]; output in $work/${LOG:-last}.log and .err
  local db="$1" log="$work/${LOG:-last}"
  shift
  ARBITER_CACHE_DIR="$work/arbiter-cache" "$arbiter" bisect --repo "$work/engine" --good c0 --bad c8 --jobs 2 \
    --batch-pairs 4 --db "$db" -each proto=uci nodes=2000 option.Hash=8 -concurrency 2 \
    -openings file="$repo_root/openings/8moves_v3.pgn" format=pgn order=random -srand 41 \
    -draw movenumber=30 movecount=6 score=10 -resign movecount=3 score=500 twosided=true -maxmoves 120 \
    "$@" >"$log.log" 2>"$log.err"
}
expect_status() {  # WHAT EXPECTED ACTUAL
  [ "$3" -eq "$2" ] || { tail -n 30 "$work/last.log" "$work/last.err"; fail "$1: exit $3, expected $2"; }
}
games_of_bisection() {  # DB: games stored in the bisection's runs
  sqlite3 "$1" "SELECT count(*) FROM games WHERE run_id IN (SELECT run_id FROM bisection_commits WHERE run_id IS NOT NULL)"
}

case "$case_name" in
  named)
    bisect "$work/named.db"; expect_status "named" 0 $?
    head -n 1 "$work/last.log" | grep -q "9 commits on the first-parent path, 7 between good and bad" ||
      fail "the first line does not give the range: $(head -n 1 "$work/last.log")"
    grep -q "^first bad commit: $(sha_of c6) Cap every search at depth 1" "$work/last.log" ||
      fail "c6 was not named: $(tail -n 8 "$work/last.log")"
    grep -q "^  4/8 $(sha_of c4 | cut -c1-12): skipped, as git bisect skip: .*build.log" "$work/last.log" ||
      fail "c4 was not skipped naming its build log"
    grep -q "Elo against good: " "$work/last.log" || fail "no Elo against good"
    grep -q "^spent: [0-9]* games" "$work/last.log" || fail "no games spent"
    grep -q "first bad in" "$work/last.log" || fail "no live line with the range left"
    "$arbiter" report bisect --db "$work/named.db" >"$work/report.txt" 2>&1 || fail "report bisect failed"
    grep -q " 6  $(sha_of c6 | cut -c1-12)  Cap every search at depth 1 .* first bad$" "$work/report.txt" ||
      fail "the report does not call c6 first bad: $(cat "$work/report.txt")"
    grep -q " 4  $(sha_of c4 | cut -c1-12)  Half-written change .* skipped (" "$work/report.txt" ||
      fail "the report does not show c4 skipped"
    echo "PASS: c6 named, c4 skipped, $(grep '^spent' "$work/last.log")"
    ;;
  resume)
    bisect "$work/whole.db"; expect_status "uninterrupted" 0 $?
    whole_games=$(games_of_bisection "$work/whole.db")
    whole_named=$(grep '^first bad commit' "$work/last.log")
    # The same bisection killed inside its second batch (a whole pair of it stored and more, not all
    # eight games: a resume that did not finish the cut batch in place would shift its pairs), then run
    # again as it was.
    (LOG=killed bisect "$work/killed.db") &
    runner=$!
    for _ in $(seq 1 3000); do
      stored=$(sqlite3 "$work/killed.db" "SELECT count(*) FROM games" 2>/dev/null || echo 0)
      [ "${stored:-0}" -gt 10 ] && break
      sleep 0.01
    done
    pkill -KILL -f "arbiter bisect --repo $work/engine" || fail "no bisect to kill"
    { wait "$runner"; } 2>/dev/null
    before=$(games_of_bisection "$work/killed.db")
    bisect "$work/killed.db"; expect_status "resumed" 0 $?
    grep -q "bisection 1 in" "$work/last.log" || fail "the re-run started another bisection: $(head -n 1 "$work/last.log")"
    [ "$(grep '^first bad commit' "$work/last.log")" = "$whole_named" ] || fail "the resumed bisection named another commit"
    after=$(games_of_bisection "$work/killed.db")
    [ "$after" -eq "$whole_games" ] ||
      fail "the resumed bisection played $after games, the uninterrupted one $whole_games (killed at $before)"
    echo "PASS: killed at $before games, resumed to the same verdict in $after games, as the whole run's $whole_games"
    ;;
  range)
    bisect "$work/range.db"; expect_status "range" 1 $?
    grep -q "^first bad commit: one of 2 commits" "$work/last.log" || fail "no range of two: $(tail -n 8 "$work/last.log")"
    grep -q "$(sha_of c5) .*(skipped: .*4242.*5000\|$(sha_of c5) .*(skipped: .*5000.*4242" "$work/last.log" ||
      fail "c5 is not shown skipped for its bench: $(grep -A3 '^first bad' "$work/last.log")"
    grep -q "$(sha_of c6) Restore the bench" "$work/last.log" || fail "c6 is not in the range"
    echo "PASS: c5..c6 named as a range"
    ;;
  edges)
    # Good and bad the same strength: the SPRT accepts H1 (elo0 far below), nothing to bisect.
    ARBITER_CACHE_DIR="$work/arbiter-cache" "$arbiter" bisect --repo "$work/engine" --good c0 --bad c2 --jobs 2 \
      --batch-pairs 4 --db "$work/none.db" -each proto=uci nodes=2000 -concurrency 2 \
      -openings file="$repo_root/openings/8moves_v3.pgn" format=pgn order=random -srand 41 \
      -sprt elo0=-400 elo1=0 alpha=0.05 beta=0.05 model=logistic >"$work/last.log" 2>"$work/last.err"
    expect_status "not confirmed" 1 $?
    grep -q "^not confirmed" "$work/last.log" || fail "no 'not confirmed': $(tail -n 5 "$work/last.log")"
    bisect "$work/budget.db" --budget-games 16; expect_status "budget" 1 $?
    grep -q "^budget spent" "$work/last.log" || fail "no budget line: $(tail -n 5 "$work/last.log")"
    bisect "$work/bad.db" --good nosuchrev; expect_status "unknown revision" 2 $?
    grep -q "nosuchrev" "$work/last.err" || fail "the unknown revision is not named"
    bisect "$work/bad.db" -engine cmd=x; expect_status "-engine" 2 $?
    grep -q "decides this itself" "$work/last.err" || fail "-engine was not refused"
    ARBITER_CACHE_DIR="$work/arbiter-cache" "$arbiter" bisect --repo "$work/engine" --good c8 --bad c0 \
      -each nodes=2000 -openings file="$repo_root/openings/8moves_v3.pgn" --db "$work/bad.db" >"$work/last.log" 2>"$work/last.err"
    expect_status "good after bad" 2 $?
    grep -q "not an ancestor\|not on the first-parent" "$work/last.err" || fail "good after bad: $(cat "$work/last.err")"
    # With -sprt the levels are the bounds and the bad build plays that SPRT first.
    bisect "$work/sprt.db" -sprt elo0=-300 elo1=0 alpha=0.05 beta=0.05 model=logistic; expect_status "-sprt" 0 $?
    grep -q "^  8/8 [0-9a-f]* (bad): LLR " "$work/last.log" || fail "-sprt: no LLR line for the bad build"
    grep -q "^first bad commit: $(sha_of c6) " "$work/last.log" || fail "-sprt: c6 not named: $(tail -n 6 "$work/last.log")"
    # A merge is one step of the first-parent path; the side branch's commits are not on it.
    git -C "$work/engine" checkout -q -b side c8 && for n in 1 2; do
      echo "/* side $n */" >>"$work/engine/src/engine.c" && git -C "$work/engine" commit -qam "Side $n" -m "Bench: 4242"
    done
    git -C "$work/engine" checkout -q - && git -C "$work/engine" merge -q --no-ff side -m "Merge the side branch" -m "Bench: 4242"
    echo "/* after */" >>"$work/engine/src/engine.c" && git -C "$work/engine" commit -qam "After the merge" -m "Bench: 4242"
    bisect "$work/merge.db" --good c8 --bad HEAD --budget-games 8; expect_status "merge, budget" 1 $?
    head -n 1 "$work/last.log" | grep -q "3 commits on the first-parent path, 1 between good and bad" ||
      fail "the merge's side commits are on the path: $(head -n 1 "$work/last.log")"
    echo "PASS: not confirmed 1, budget 1, unknown revision 2, -engine 2, good after bad 2, -sprt 0, a merge one step"
    ;;
  *) fail "unknown case $case_name" ;;
esac
