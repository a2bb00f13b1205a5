// Transposition table: buckets of three 10-byte entries in one 32-byte slot, replacement by
// depth and age, mate scores stored relative to the node (adjusted by ply on the way in/out).
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>

#include "engine/chess/types.h"

namespace tempo {

enum class Bound : std::uint8_t { None = 0, Upper = 1, Lower = 2, Exact = 3 };

struct TTEntry {
    std::uint16_t key16 = 0;  // low 16 bits of the Zobrist key; the high bits chose the bucket
    std::uint16_t move16 = 0;
    std::int16_t score = 0;
    std::int16_t static_eval = 0;
    std::uint8_t depth = 0;
    std::uint8_t generation_bound = 0;  // generation << 2 | Bound

    Bound bound() const { return Bound(generation_bound & 3); }
    std::uint8_t generation() const { return generation_bound >> 2; }
    chess::Move move() const { return chess::Move(move16); }
    bool empty() const { return generation_bound == 0 && key16 == 0 && move16 == 0; }
};

// What a probe hands back: a copy, so the search never holds pointers into the table.
struct TTHit {
    bool found = false;
    chess::Move move;
    int score = 0;  // already converted back to "mate from root" by ply
    int static_eval = 0;
    int depth = 0;
    Bound bound = Bound::None;
};

class TranspositionTable {
public:
    static constexpr std::size_t kEntriesPerBucket = 3;
    static constexpr std::size_t kDefaultMegabytes = 16;

    TranspositionTable() { resize(kDefaultMegabytes); }

    // Returns false when the memory could not be had and the old size was kept.
    bool resize(std::size_t megabytes);
    void clear();
    void new_search();  // ages the table: older entries become cheaper to replace

    TTHit probe(chess::Key key, int ply) const;
    void store(chess::Key key, int ply, chess::Move move, int score, int static_eval, int depth, Bound bound);
    void prefetch(chess::Key key) const { __builtin_prefetch(&bucket_for(key)); }

    int hashfull() const;  // per mille of sampled entries written in the current generation
    std::size_t bucket_count() const { return bucket_count_; }

private:
    struct alignas(32) Bucket {
        TTEntry entries[kEntriesPerBucket];
        std::uint8_t padding[2];
    };
    static_assert(sizeof(Bucket) == 32);

    Bucket& bucket_for(chess::Key key) const {
        // Multiply-high maps the key onto [0, bucket_count) without a modulo.
        auto index = static_cast<std::size_t>((unsigned __int128)key * bucket_count_ >> 64);
        return buckets_[index];
    }
    int age_of(const TTEntry& entry) const;

    std::unique_ptr<Bucket[]> buckets_;
    std::size_t bucket_count_ = 0;
    std::uint8_t generation_ = 1;  // 6 bits, never 0 so that a written entry is never "empty"
};

// Mate scores are stored as distance from the node, and converted back using the ply of the probe.
int score_to_tt(int score, int ply);
int score_from_tt(int score, int ply);

}  // namespace tempo
