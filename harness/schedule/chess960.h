#pragma once
// Start positions for Chess960 games played without an opening book (cutechess picks a random
// one per game; we pick one per pair slot from the run's seed, so resumes and shards agree).

#include <cstdint>
#include <string>

namespace arbiter::schedule {

// The FEN of Chess960 start position `number` (0..959) in the standard numbering (518 is the
// classical setup), castling rights as Shredder file letters.
std::string chess960_start_fen(int number);

// The position number for a slot: a seeded draw, stable for a given (seed, slot).
int chess960_number_for_slot(std::uint64_t seed, std::uint64_t slot);

}  // namespace arbiter::schedule
