#include "harness/openings/polyglot.h"

#include <algorithm>
#include <fstream>
#include <iterator>

#include "engine/chess/san.h"
#include "harness/epd/source_error.h"

namespace arbiter::openings {
namespace {

constexpr std::size_t kEntryBytes = 16;

std::uint64_t read_big_endian(const unsigned char* bytes, int count) {
    std::uint64_t value = 0;
    for (int i = 0; i < count; ++i) value = (value << 8) | bytes[i];
    return value;
}

void write_big_endian(std::string& out, std::uint64_t value, int count) {
    for (int i = count - 1; i >= 0; --i) out += static_cast<char>((value >> (8 * i)) & 0xFF);
}

PolyglotEntry decode_entry(const unsigned char* bytes) {
    PolyglotEntry entry;
    entry.key = read_big_endian(bytes, 8);
    entry.move = static_cast<std::uint16_t>(read_big_endian(bytes + 8, 2));
    entry.weight = static_cast<std::uint16_t>(read_big_endian(bytes + 10, 2));
    entry.learn = static_cast<std::uint32_t>(read_big_endian(bytes + 12, 4));
    return entry;
}

bool key_less(const PolyglotEntry& a, const PolyglotEntry& b) { return a.key < b.key; }

}  // namespace

std::optional<chess::Move> decode_polyglot_move(const chess::Position& pos, std::uint16_t raw) {
    static constexpr char kPromotion[] = {'\0', 'n', 'b', 'r', 'q'};
    const int to_file = raw & 7, to_rank = (raw >> 3) & 7;
    const int from_file = (raw >> 6) & 7, from_rank = (raw >> 9) & 7;
    const int promotion = (raw >> 12) & 7;
    if (promotion > 4) return std::nullopt;
    std::string uci = chess::square_name(chess::make_square(chess::File(from_file), chess::Rank(from_rank))) +
                      chess::square_name(chess::make_square(chess::File(to_file), chess::Rank(to_rank)));
    if (promotion) uci += kPromotion[promotion];
    // parse_uci accepts king-takes-rook castling in standard chess too, which is exactly the
    // Polyglot castling encoding, and rejects anything illegal (hash collisions).
    try {
        return chess::parse_uci(pos, uci);
    } catch (const chess::MoveParseError&) {
        return std::nullopt;
    }
}

std::uint16_t encode_polyglot_move(const chess::Position& pos, chess::Move move) {
    (void)pos;  // castling is already king-takes-rook in the core's encoding
    const chess::Square from = move.from(), to = move.to();
    int raw =
        chess::file_of(to) | (chess::rank_of(to) << 3) | (chess::file_of(from) << 6) | (chess::rank_of(from) << 9);
    if (move.kind() == chess::Move::PROMOTION) raw |= (move.promotion_type() - 1) << 12;
    return static_cast<std::uint16_t>(raw);
}

PolyglotBook PolyglotBook::load(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw io::SourceError(path, 0, "cannot open Polyglot book");
    const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (bytes.size() % kEntryBytes != 0)
        throw io::SourceError(path, 0,
                              "size " + std::to_string(bytes.size()) + " is not a whole number of 16-byte entries");
    std::vector<PolyglotEntry> entries;
    entries.reserve(bytes.size() / kEntryBytes);
    for (std::size_t offset = 0; offset < bytes.size(); offset += kEntryBytes)
        entries.push_back(decode_entry(reinterpret_cast<const unsigned char*>(bytes.data() + offset)));
    return PolyglotBook(std::move(entries), path);
}

PolyglotBook::PolyglotBook(std::vector<PolyglotEntry> entries, std::string name)
    : entries_(std::move(entries)), name_(std::move(name)) {
    std::stable_sort(entries_.begin(), entries_.end(), key_less);
}

std::vector<PolyglotEntry> PolyglotBook::entries_for(std::uint64_t key) const {
    PolyglotEntry probe;
    probe.key = key;
    auto [first, last] = std::equal_range(entries_.begin(), entries_.end(), probe, key_less);
    return std::vector<PolyglotEntry>(first, last);
}

std::optional<chess::Move> PolyglotBook::pick(const chess::Position& pos, SeededRandom& random) const {
    std::vector<std::pair<chess::Move, std::uint64_t>> candidates;
    std::uint64_t total = 0;
    for (const PolyglotEntry& entry : entries_for(pos.key())) {
        if (entry.weight == 0) continue;
        if (auto move = decode_polyglot_move(pos, entry.move)) {
            candidates.emplace_back(*move, entry.weight);
            total += entry.weight;
        }
    }
    if (candidates.empty()) return std::nullopt;
    std::uint64_t ticket = random.below(total);
    for (const auto& [move, weight] : candidates) {
        if (ticket < weight) return move;
        ticket -= weight;
    }
    return candidates.back().first;
}

void save_polyglot_book(const std::string& path, std::vector<PolyglotEntry> entries) {
    std::stable_sort(entries.begin(), entries.end(), key_less);
    std::string bytes;
    for (const PolyglotEntry& entry : entries) {
        write_big_endian(bytes, entry.key, 8);
        write_big_endian(bytes, entry.move, 2);
        write_big_endian(bytes, entry.weight, 2);
        write_big_endian(bytes, entry.learn, 4);
    }
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    if (!out || !out.write(bytes.data(), static_cast<std::streamsize>(bytes.size())))
        throw io::SourceError(path, 0, "cannot write Polyglot book");
}

}  // namespace arbiter::openings
