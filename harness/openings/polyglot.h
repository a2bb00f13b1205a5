#pragma once
// Polyglot opening books (.bin): 16-byte big-endian entries {key u64, move u16, weight u16,
// learn u32} sorted by key, where key is the Polyglot Zobrist key (the core's Position::key()).
// Move bits: to file 0-2, to rank 3-5, from file 6-8, from rank 9-11, promotion 12-14
// (0 none, 1 N, 2 B, 3 R, 4 Q); castling is written as the king taking its own rook (e1h1).

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/chess/position.h"
#include "engine/chess/types.h"
#include "harness/epd/source_error.h"
#include "harness/openings/seeded_random.h"

namespace arbiter::openings {

struct PolyglotEntry {
    std::uint64_t key = 0;
    std::uint16_t move = 0;
    std::uint16_t weight = 0;
    std::uint32_t learn = 0;
    bool operator==(const PolyglotEntry&) const = default;
};

// The legal move `raw` stands for in `pos`, or nullopt (a corrupt or colliding entry).
std::optional<chess::Move> decode_polyglot_move(const chess::Position& pos, std::uint16_t raw);
// Polyglot encoding of a legal move of `pos` (for writing books and for tests).
std::uint16_t encode_polyglot_move(const chess::Position& pos, chess::Move move);

class PolyglotBook {
public:
    // Reads the file. A size that is not a multiple of 16 is an io::SourceError naming the file
    // (line 0: a binary file has no lines). Unsorted files are sorted on load: lookups need it
    // and some book tools do not guarantee it.
    static PolyglotBook load(const std::string& path);
    explicit PolyglotBook(std::vector<PolyglotEntry> entries, std::string name = "<memory>");

    std::size_t size() const { return entries_.size(); }
    const std::string& name() const { return name_; }

    // All entries for `key`, in file order.
    std::vector<PolyglotEntry> entries_for(std::uint64_t key) const;

    // A legal book move for `pos`, drawn with probability proportional to weight (weight-0
    // entries are never played); nullopt when the book has nothing playable.
    std::optional<chess::Move> pick(const chess::Position& pos, SeededRandom& random) const;

private:
    std::vector<PolyglotEntry> entries_;
    std::string name_;
};

// Writes entries (sorted by key, then as given) in the binary format.
void save_polyglot_book(const std::string& path, std::vector<PolyglotEntry> entries);

}  // namespace arbiter::openings
