// Attack table initialisation. Everything here runs once, under std::call_once.
#include "engine/chess/bitboard.h"

#include <algorithm>
#include <mutex>
#include <vector>

namespace chess {

namespace detail {
Magic rook_magics[SQUARE_NB];
Magic bishop_magics[SQUARE_NB];
Bitboard pawn_attacks[COLOR_NB][SQUARE_NB];
Bitboard pseudo_attacks[PIECE_TYPE_NB][SQUARE_NB];
Bitboard between[SQUARE_NB][SQUARE_NB];
Bitboard line[SQUARE_NB][SQUARE_NB];
int square_distance[SQUARE_NB][SQUARE_NB];
}  // namespace detail

namespace {

// Sizes of the shared attack tables: sum over squares of 2^(relevant occupancy bits).
Bitboard rook_table[102400];
Bitboard bishop_table[5248];

// xorshift64* with a fixed seed: the magic search is deterministic across runs and machines.
class Prng {
public:
    explicit Prng(std::uint64_t seed) : s_(seed) {}
    std::uint64_t next() {
        s_ ^= s_ >> 12;
        s_ ^= s_ << 25;
        s_ ^= s_ >> 27;
        return s_ * 2685821657736338717ULL;
    }
    // Few set bits make good magic candidates.
    std::uint64_t sparse() { return next() & next() & next(); }

private:
    std::uint64_t s_;
};

bool on_board(int file, int rank) { return file >= 0 && file < 8 && rank >= 0 && rank < 8; }

// Attacks of a slider from s along the given (file, rank) steps, stopping at the first blocker.
Bitboard ray_attacks(Square s, Bitboard occupied, const int (*steps)[2]) {
    Bitboard attacks = 0;
    for (int d = 0; d < 4; ++d) {
        int f = file_of(s) + steps[d][0], r = rank_of(s) + steps[d][1];
        for (; on_board(f, r); f += steps[d][0], r += steps[d][1]) {
            const Bitboard b = square_bb(make_square(File(f), Rank(r)));
            attacks |= b;
            if (occupied & b) break;
        }
    }
    return attacks;
}

constexpr int kRookSteps[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
constexpr int kBishopSteps[4][2] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};

Bitboard slow_slider_attacks(PieceType pt, Square s, Bitboard occupied) {
    return ray_attacks(s, occupied, pt == ROOK ? kRookSteps : kBishopSteps);
}

// Relevant occupancy: the empty-board rays minus the board edges that cannot block anything.
Bitboard relevant_mask(PieceType pt, Square s) {
    const Bitboard edges =
        ((rank_bb(RANK_1) | rank_bb(RANK_8)) & ~rank_bb(s)) | ((file_bb(FILE_A) | file_bb(FILE_H)) & ~file_bb(s));
    return slow_slider_attacks(pt, s, 0) & ~edges;
}

#ifndef TEMPO_USE_PEXT
// Magics found once by find_magic() below with the fixed-seed Prng; hardcoding them avoids
// ~0.2 s of CPU at every start-up. Each one is re-verified while its table is filled, and a
// failing entry would simply be searched for again.
constexpr Bitboard kRookMagics[SQUARE_NB] = {
    0x8080006084400910ULL, 0x0440004010002002ULL, 0x2200082044820010ULL, 0x0d00041001010820ULL, 0x0600081c10200200ULL,
    0x22000e0041102408ULL, 0x0080010000800200ULL, 0x0300010000812442ULL, 0x0200802040008000ULL, 0x0100401000402000ULL,
    0x4202002043148200ULL, 0x0000800800100081ULL, 0x0041800800040181ULL, 0x0200800400020080ULL, 0x0a04000204100148ULL,
    0x2490800041000080ULL, 0x0280004000200058ULL, 0x0220004020401000ULL, 0x0108410020041104ULL, 0x01046b0010002100ULL,
    0x0703010008000510ULL, 0x8082008004008002ULL, 0x2001410100020004ULL, 0x8080020000804401ULL, 0x4011004100208003ULL,
    0x0140100020002801ULL, 0x0030048080102000ULL, 0x0050008080080010ULL, 0x0000080080800400ULL, 0x0094004040020100ULL,
    0x8208104400010248ULL, 0x40010c1200025a8bULL, 0x1080012000c0004dULL, 0x3030102000400044ULL, 0x4000801000802000ULL,
    0x000e100180800800ULL, 0x0000040080800800ULL, 0x2012800400800200ULL, 0x1c00010284000810ULL, 0x9041000081002042ULL,
    0x0520401080208000ULL, 0x1810004020014000ULL, 0x2020008010008022ULL, 0x0108080010008080ULL, 0x4002000408220010ULL,
    0x1004020004008080ULL, 0x8401000200010004ULL, 0x310800408d060004ULL, 0x2080002000400440ULL, 0x0240200440100240ULL,
    0x0020100080200080ULL, 0xa000082010010100ULL, 0x0108000489110100ULL, 0xc000020004008080ULL, 0x0008904208010400ULL,
    0x20042251008c0200ULL, 0x0001081040208001ULL, 0x000411002a400181ULL, 0x0000104008200501ULL, 0x0090080500201001ULL,
    0x0862000460508802ULL, 0x0002008450010802ULL, 0x04801002080100c4ULL, 0x0000884401108022ULL,
};
constexpr Bitboard kBishopMagics[SQUARE_NB] = {
    0x011208100c008520ULL, 0x4102104202104000ULL, 0x8008480040880100ULL, 0x08880a00200001a4ULL, 0x0841104002204408ULL,
    0x8202020220008000ULL, 0x0014040108085058ULL, 0x2042210802302203ULL, 0x0124042908051400ULL, 0x9440048c68820200ULL,
    0x000850a400404001ULL, 0x2000042400924482ULL, 0x0100440420000000ULL, 0x0101120124218700ULL, 0x00814080a4202004ULL,
    0x2000c28088481a00ULL, 0x0140201004012410ULL, 0x0008001010010048ULL, 0x0088441408020012ULL, 0x0008009c22082000ULL,
    0x9098840400a02040ULL, 0x0821000811009016ULL, 0x2100400111082008ULL, 0x0002000041240100ULL, 0x0008420098b04100ULL,
    0x10a8084060024080ULL, 0x4188820010002200ULL, 0x0c48410008010900ULL, 0x89c200200200804cULL, 0x100041000080a012ULL,
    0x7020808002021040ULL, 0x203442030d029200ULL, 0x4842104000104200ULL, 0x0414100200080220ULL, 0x800b080200010404ULL,
    0x0404202020080080ULL, 0x0104280200002008ULL, 0x0060880280011000ULL, 0x8401120600108840ULL, 0x2000a10200814600ULL,
    0x00c8229010424400ULL, 0x8484040413824401ULL, 0x824201015101a800ULL, 0x6003024200880800ULL, 0x0000012212014400ULL,
    0x0001010102001100ULL, 0x5810140819a00048ULL, 0x1014480480280308ULL, 0x1004040402881804ULL, 0x100210821110201aULL,
    0x0008004200906200ULL, 0x1200000284240000ULL, 0x00080012820a0201ULL, 0x0800082068208108ULL, 0x0020040480a40100ULL,
    0x10240800a11e0000ULL, 0x008205a19210100dULL, 0x2a40020082011004ULL, 0xa600004200940412ULL, 0x0041020208208800ULL,
    0x0800240809230400ULL, 0x140009402801410cULL, 0x0028101002009c10ULL, 0x00040400d2040100ULL,
};

// Fills the slots for m.magic; false on a destructive collision. epoch[] marks the slots
// written by the current attempt so they need no clearing between attempts.
bool try_magic(const detail::Magic& m, Bitboard* slots, const std::vector<Bitboard>& occupancy,
               const std::vector<Bitboard>& reference, std::vector<int>& epoch, int attempt) {
    for (std::size_t i = 0; i < occupancy.size(); ++i) {
        const unsigned idx = m.index(occupancy[i]);
        if (epoch[idx] < attempt) {
            epoch[idx] = attempt;
            slots[idx] = reference[i];
        } else if (slots[idx] != reference[i]) {
            return false;
        }
    }
    return true;
}

// Keeps `known` if it works, else tries sparse random candidates until one does
// (constructive collisions are fine).
void find_magic(detail::Magic& m, Bitboard known, Bitboard* slots, const std::vector<Bitboard>& occupancy,
                const std::vector<Bitboard>& reference, Prng& rng) {
    std::vector<int> epoch(occupancy.size(), 0);
    int attempt = 1;
    m.magic = known;
    while (!try_magic(m, slots, occupancy, reference, epoch, attempt)) {
        do m.magic = rng.sparse();
        while (popcount((m.magic * m.mask) >> 56) < 6);
        ++attempt;
    }
}
#endif

// Fills one slider's entries; occupancy subsets are enumerated with the carry-rippler trick.
void init_sliders(PieceType pt, Bitboard* table, detail::Magic* magics) {
    [[maybe_unused]] Prng rng(0x7E3A9D2C5B1F4E68ULL);
    std::vector<Bitboard> occupancy, reference;
    Bitboard* next_table = table;

    for (Square s = A1; s <= H8; ++s) {
        detail::Magic& m = magics[s];
        m.mask = relevant_mask(pt, s);
        m.shift = unsigned(64 - popcount(m.mask));
        m.attacks = next_table;
        occupancy.clear();
        reference.clear();
        Bitboard subset = 0;
        do {
            occupancy.push_back(subset);
            reference.push_back(slow_slider_attacks(pt, s, subset));
            subset = (subset - m.mask) & m.mask;
        } while (subset);

#ifdef TEMPO_USE_PEXT
        for (std::size_t i = 0; i < occupancy.size(); ++i) next_table[m.index(occupancy[i])] = reference[i];
#else
        find_magic(m, (pt == ROOK ? kRookMagics : kBishopMagics)[s], next_table, occupancy, reference, rng);
#endif
        next_table += occupancy.size();
    }
}

void init_leapers() {
    for (Square s = A1; s <= H8; ++s) {
        const Bitboard b = square_bb(s);
        detail::pawn_attacks[WHITE][s] = pawn_attacks_bb<WHITE>(b);
        detail::pawn_attacks[BLACK][s] = pawn_attacks_bb<BLACK>(b);
        constexpr int knight[8][2] = {{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
        constexpr int king[8][2] = {{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}};
        for (int i = 0; i < 8; ++i) {
            const int f = file_of(s), r = rank_of(s);
            if (on_board(f + knight[i][0], r + knight[i][1]))
                detail::pseudo_attacks[KNIGHT][s] |=
                    square_bb(make_square(File(f + knight[i][0]), Rank(r + knight[i][1])));
            if (on_board(f + king[i][0], r + king[i][1]))
                detail::pseudo_attacks[KING][s] |= square_bb(make_square(File(f + king[i][0]), Rank(r + king[i][1])));
        }
    }
}

void init_lines() {
    for (Square a = A1; a <= H8; ++a) {
        detail::pseudo_attacks[BISHOP][a] = attacks_bb<BISHOP>(a, 0);
        detail::pseudo_attacks[ROOK][a] = attacks_bb<ROOK>(a, 0);
        detail::pseudo_attacks[QUEEN][a] = detail::pseudo_attacks[BISHOP][a] | detail::pseudo_attacks[ROOK][a];
        for (Square b = A1; b <= H8; ++b) {
            const int df = file_of(a) - file_of(b), dr = rank_of(a) - rank_of(b);
            detail::square_distance[a][b] = std::max(df < 0 ? -df : df, dr < 0 ? -dr : dr);
            for (PieceType pt : {BISHOP, ROOK}) {
                if (!(detail::pseudo_attacks[pt][a] & square_bb(b))) continue;
                detail::line[a][b] = (attacks_bb(pt, a, 0) & attacks_bb(pt, b, 0)) | square_bb(a) | square_bb(b);
                detail::between[a][b] = attacks_bb(pt, a, square_bb(b)) & attacks_bb(pt, b, square_bb(a));
            }
            detail::between[a][b] |= square_bb(b);
        }
    }
}

std::once_flag init_flag;

void init_all() {
    init_leapers();
    init_sliders(ROOK, rook_table, detail::rook_magics);
    init_sliders(BISHOP, bishop_table, detail::bishop_magics);
    init_lines();
}

// Runs before main() in any program linking this file; bitboards_init() covers earlier users.
const bool static_init_done = (bitboards_init(), true);

}  // namespace

void bitboards_init() { std::call_once(init_flag, init_all); }

Bitboard attacks_bb(PieceType pt, Square s, Bitboard occupied) {
    switch (pt) {
        case BISHOP: return attacks_bb<BISHOP>(s, occupied);
        case ROOK: return attacks_bb<ROOK>(s, occupied);
        case QUEEN: return attacks_bb<QUEEN>(s, occupied);
        case KNIGHT: return attacks_bb<KNIGHT>(s);
        case KING: return attacks_bb<KING>(s);
        default: return 0;
    }
}

std::string pretty(Bitboard b) {
    std::string out;
    for (Rank r = RANK_8;; --r) {
        for (File f = FILE_A; f <= FILE_H; ++f) out += (b & square_bb(make_square(f, r))) ? 'X' : '.';
        out += '\n';
        if (r == RANK_1) break;
    }
    return out;
}

}  // namespace chess
