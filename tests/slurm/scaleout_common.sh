# Shared by the Slurm and GNU parallel tests (sourced): the reference gauntlet and its comparison.
# Stockfish is deterministic at fixed nodes with one thread, and openings depend only on the pair
# index and the run's seed, so every way of cutting the run into shards stores the same games.

skip() {
  echo "SKIP: $*"
  exit 77
}

# The gauntlet: three Stockfish configurations, 8 opening pairs (16 games), fixed nodes. The seed is
# fixed because the book's path (absolute here, a sent file's name over ssh) is part of the run's
# identity, from which the default seed comes.
gauntlet_args() {
  local book="$1"
  printf '%s\n' -tournament gauntlet -seed 7 \
    -engine conf=stockfish name=sf-a -engine conf=stockfish name=sf-b -engine conf=stockfish name=sf-c \
    -each nodes=1500 -rounds 4 -games 2 -repeat -maxmoves 60 -openings "file=$book" format=epd
}

# Plays the gauntlet unsharded into $2 with arbiter $1.
play_reference() {
  local arbiter="$1" db="$2" book="$3"
  mapfile -t args < <(gauntlet_args "$book")
  "$arbiter" match "${args[@]}" -concurrency 2 --db "$db" >"$db.log" 2>&1 || {
    cat "$db.log"
    echo "FAIL: the unsharded reference run failed"
    exit 1
  }
}
