#include "engine/tt.h"

#include <algorithm>
#include <cstring>
#include <new>

#include "engine/search_params.h"

namespace tempo {

namespace {
constexpr std::uint8_t kGenerationCycle = 64;  // generation uses six bits
std::uint16_t key16_of(chess::Key key) { return static_cast<std::uint16_t>(key); }
}  // namespace

bool TranspositionTable::resize(std::size_t megabytes) {
    megabytes = std::max<std::size_t>(megabytes, 1);
    std::size_t count = megabytes * 1024 * 1024 / sizeof(Bucket);
    if (count == bucket_count_) {
        clear();
        return true;
    }
    std::size_t old_count = bucket_count_;
    buckets_.reset();  // free the old table first so peak memory is one table
    bucket_count_ = 0;
    buckets_.reset(new (std::nothrow) Bucket[count]);
    if (!buckets_) {
        // Too big for this machine: fall back to the old size rather than running without a table.
        count = std::max<std::size_t>(old_count, 1);
        buckets_.reset(new Bucket[count]);
    }
    bucket_count_ = count;
    clear();
    return count * sizeof(Bucket) == megabytes * 1024 * 1024 / sizeof(Bucket) * sizeof(Bucket);
}

void TranspositionTable::clear() {
    std::memset(static_cast<void*>(buckets_.get()), 0, bucket_count_ * sizeof(Bucket));
    generation_ = 1;
}

void TranspositionTable::new_search() {
    generation_ = static_cast<std::uint8_t>(generation_ % (kGenerationCycle - 1) + 1);
}

int TranspositionTable::age_of(const TTEntry& entry) const {
    return (generation_ - entry.generation() + kGenerationCycle) % kGenerationCycle;
}

TTHit TranspositionTable::probe(chess::Key key, int ply) const {
    const Bucket& bucket = bucket_for(key);
    const std::uint16_t key16 = key16_of(key);
    for (const TTEntry& entry : bucket.entries) {
        if (entry.key16 != key16 || entry.bound() == Bound::None) continue;
        TTHit hit;
        hit.found = true;
        hit.move = entry.move();
        hit.score = score_from_tt(entry.score, ply);
        hit.static_eval = entry.static_eval;
        hit.depth = entry.depth;
        hit.bound = entry.bound();
        return hit;
    }
    return {};
}

void TranspositionTable::store(chess::Key key, int ply, chess::Move move, int score, int static_eval, int depth,
                               Bound bound) {
    Bucket& bucket = bucket_for(key);
    const std::uint16_t key16 = key16_of(key);
    TTEntry* target = &bucket.entries[0];
    int worst_worth = 1 << 30;
    for (TTEntry& entry : bucket.entries) {
        if (entry.key16 == key16 || entry.bound() == Bound::None) {
            target = &entry;
            break;
        }
        // Deep entries are worth keeping; each search since they were written costs them 8 plies.
        int worth = entry.depth - 8 * age_of(entry);
        if (worth < worst_worth) {
            worst_worth = worth;
            target = &entry;
        }
    }
    // Keep a deeper result for the same position unless the new one is exact or the old is stale.
    if (target->key16 == key16 && target->bound() != Bound::None && bound != Bound::Exact &&
        depth + 3 < target->depth && age_of(*target) == 0) {
        if (move && !target->move16) target->move16 = move.raw();
        return;
    }
    if (move || target->key16 != key16) target->move16 = move.raw();
    target->key16 = key16;
    target->score = static_cast<std::int16_t>(score_to_tt(score, ply));
    target->static_eval = static_cast<std::int16_t>(static_eval);
    target->depth = static_cast<std::uint8_t>(std::clamp(depth, 0, 255));
    target->generation_bound = static_cast<std::uint8_t>(generation_ << 2 | std::uint8_t(bound));
}

int TranspositionTable::hashfull() const {
    const std::size_t sample = std::min<std::size_t>(1000, bucket_count_);
    int used = 0;
    for (std::size_t i = 0; i < sample; ++i)
        for (const TTEntry& entry : buckets_[i].entries)
            if (entry.bound() != Bound::None && entry.generation() == generation_) ++used;
    return static_cast<int>(used * 1000 / (sample * kEntriesPerBucket));
}

int score_to_tt(int score, int ply) {
    if (score >= params::kMateBound) return score + ply;
    if (score <= -params::kMateBound) return score - ply;
    return score;
}

int score_from_tt(int score, int ply) {
    if (score >= params::kMateBound) return score - ply;
    if (score <= -params::kMateBound) return score + ply;
    return score;
}

}  // namespace tempo
