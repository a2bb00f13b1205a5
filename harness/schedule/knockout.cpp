#include "harness/schedule/knockout.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <stdexcept>

namespace arbiter::schedule {
namespace {

// Bracket position of the engine ranked `rank` (1-based) in a bracket of `size`: the odd ranks
// go to the upper half, the even ones to the lower half, recursively, so that seeds meet late.
std::uint64_t bracket_position(std::uint64_t rank, std::uint64_t size) {
    if (rank <= 1) return 0;
    if (rank % 2 == 0) return size / 2 + bracket_position(rank / 2, size / 2);
    return bracket_position(rank / 2 + 1, size / 2);
}

// The engines in seeding order: the seeds in their order, then the others shuffled by `seed`.
std::vector<int> seeding_order(std::size_t engines, int seeds, std::uint64_t seed) {
    std::vector<int> order;
    const auto seeded = static_cast<std::size_t>(std::clamp(seeds, 0, static_cast<int>(engines)));
    for (std::size_t i = 0; i < seeded; ++i) order.push_back(static_cast<int>(i));
    std::vector<int> rest;
    for (std::size_t i = seeded; i < engines; ++i) rest.push_back(static_cast<int>(i));
    std::mt19937_64 random(seed);  // mt19937_64's output is fixed by the standard: same draw everywhere
    while (!rest.empty()) {
        const auto pick = static_cast<std::size_t>(random() % rest.size());
        order.push_back(rest[pick]);
        rest.erase(rest.begin() + static_cast<std::ptrdiff_t>(pick));
    }
    return order;
}

std::size_t pairing_index(std::size_t engines, std::size_t a, std::size_t b) {
    if (a > b) std::swap(a, b);
    return a * (2 * engines - a - 1) / 2 + (b - a - 1);
}

// A half-point score as cutechess writes it: "1", "1.5", "0.5".
std::string half_points(int score) {
    char text[32];
    std::snprintf(text, sizeof text, "%g", score / 2.0);
    return text;
}

}  // namespace

int KnockoutBracket::Encounter::started() const {
    return static_cast<int>(std::count(taken.begin(), taken.end(), true));
}

KnockoutBracket::KnockoutBracket(const Options& options) : options_(options) {
    if (options.engines < 2) throw std::invalid_argument("a knockout needs at least two engines");
    if (options.games < 1 || options.repeat < 1) throw std::invalid_argument("-games and -repeat must be 1 or more");
    while (bracket_ < options.engines) bracket_ *= 2;
    std::vector<int> places(bracket_, -1);
    std::vector<int> order = seeding_order(options.engines, options.seeds, options.seed);
    order.resize(bracket_, -1);  // byes last
    std::uint64_t byes = 0;
    for (std::uint64_t i = 0; i < order.size(); ++i) {
        const std::uint64_t place = bracket_position(i + 1, bracket_);
        if (order[i] >= 0) {
            places[place] = order[i];
            continue;
        }
        // A bye takes the place beside the best seed still without one.
        const std::uint64_t beside = bracket_position(++byes, bracket_) + 1;
        places[place] = places[beside];
        places[beside] = -1;
    }
    std::vector<Encounter> first_round;
    for (std::uint64_t i = 0; i < bracket_; i += 2) {
        Encounter encounter;
        encounter.slot = i / 2;
        encounter.first = places[i];
        encounter.second = places[i + 1];
        first_round.push_back(encounter);
    }
    rounds_.push_back(std::move(first_round));
}

bool KnockoutBracket::tie_breaks_spent(const Encounter& e) const {
    return e.started() >= options_.games + kMaxTieBreakGames;
}

bool KnockoutBracket::needs_games(const Encounter& e) const {
    if (!e.valid() || tie_breaks_spent(e)) return false;
    const int in_progress = e.in_progress();
    // The leader is given every game in progress; an encounter the leader still cannot have won
    // needs more games.
    if (std::max(e.first_score, e.second_score) + 2 * in_progress <= options_.games) return true;
    const int needed_lead = options_.games % 2 == 0 ? 3 : 1;
    const int best_lead = std::abs(e.first_score - e.second_score) + 2 * in_progress;
    if (best_lead >= needed_lead) return false;
    if (needed_lead == 1 || best_lead == 0) return true;
    // An even -games encounter that went on is decided after an even number of games.
    return e.started() % 2 != 0;
}

int KnockoutBracket::leader(const Encounter& e) const {
    if (e.first < 0) return e.second;
    if (e.second < 0) return e.first;
    if (e.first_score == e.second_score) {
        if (!tie_breaks_spent(e)) return -1;
        return std::min(e.first, e.second);  // the engine given earlier
    }
    return e.first_score > e.second_score ? e.first : e.second;
}

std::uint64_t KnockoutBracket::opening_of(std::uint64_t slot, std::uint64_t k) const {
    const auto repeat = static_cast<std::uint64_t>(options_.repeat);
    const std::uint64_t groups = (static_cast<std::uint64_t>(options_.games) + repeat - 1) / repeat;
    return slot * groups + k / repeat;
}

ScheduledGame KnockoutBracket::game_of(const Encounter& e, std::uint64_t k) const {
    const std::uint64_t swaps = (options_.swap ? k : 0) + (options_.reverse ? 1 : 0);
    ScheduledGame game;
    game.pair_index = e.slot * kSlotStride + k;
    game.game_index = 0;
    game.white = static_cast<std::size_t>(swaps % 2 == 0 ? e.first : e.second);
    game.black = static_cast<std::size_t>(swaps % 2 == 0 ? e.second : e.first);
    std::uint64_t round_first_slot = 0;
    for (std::uint64_t size = bracket_ / 2; e.slot >= round_first_slot + size; size /= 2) {
        round_first_slot += size;
        ++game.round;
    }
    game.number = started_;
    game.pairing = pairing_index(options_.engines, game.white, game.black);
    return game;
}

KnockoutBracket::Game KnockoutBracket::start_game(Encounter& e) {
    const auto k = static_cast<std::uint64_t>(std::find(e.taken.begin(), e.taken.end(), false) - e.taken.begin());
    if (k == e.taken.size()) e.taken.push_back(true);
    else e.taken[k] = true;
    ++started_;
    return Game{game_of(e, k), opening_of(e.slot, k)};
}

bool KnockoutBracket::round_decided() const {
    return std::none_of(rounds_.back().begin(), rounds_.back().end(),
                        [&](const Encounter& e) { return needs_games(e) || e.in_progress() > 0; });
}

void KnockoutBracket::start_next_round() {
    const std::vector<Encounter>& last = rounds_.back();
    const std::uint64_t first_slot = last.back().slot + 1;
    std::vector<Encounter> next;
    for (std::size_t i = 0; i + 1 < last.size(); i += 2) {
        Encounter encounter;
        encounter.slot = first_slot + i / 2;
        encounter.first = leader(last[i]);
        encounter.second = leader(last[i + 1]);
        next.push_back(encounter);
    }
    rounds_.push_back(std::move(next));
}

std::optional<KnockoutBracket::Game> KnockoutBracket::next_game() {
    for (;;) {
        for (Encounter& encounter : rounds_.back())
            if (needs_games(encounter)) return start_game(encounter);
        if (rounds_.back().size() <= 1 || !round_decided()) return std::nullopt;
        start_next_round();
    }
}

KnockoutBracket::Encounter& KnockoutBracket::encounter_of(std::uint64_t slot) {
    for (;;) {
        for (auto& round : rounds_)
            for (Encounter& encounter : round)
                if (encounter.slot == slot) return encounter;
        if (rounds_.back().size() <= 1 || !round_decided() || slot < rounds_.back().front().slot)
            throw std::runtime_error("game of bracket slot " + std::to_string(slot) + " does not fit the knockout");
        start_next_round();
    }
}

void KnockoutBracket::add_result(Encounter& e, std::size_t white, double white_score) {
    const int w = static_cast<int>(white);
    const int white_points = static_cast<int>(white_score * 2);
    (w == e.first ? e.first_score : e.second_score) += white_points;
    (w == e.first ? e.second_score : e.first_score) += 2 - white_points;
    ++e.finished;
}

std::optional<KnockoutBracket::TieDecided> KnockoutBracket::record(std::uint64_t pair_index, std::size_t white,
                                                                   double white_score) {
    Encounter& e = encounter_of(pair_index / kSlotStride);
    add_result(e, white, white_score);
    if (e.in_progress() > 0 || !tie_breaks_spent(e) || e.first_score != e.second_score) return std::nullopt;
    const auto through = static_cast<std::size_t>(leader(e));
    const auto out = static_cast<std::size_t>(through == static_cast<std::size_t>(e.first) ? e.second : e.first);
    return TieDecided{through, out, e.finished};
}

ScheduledGame KnockoutBracket::restore(std::uint64_t pair_index, double white_score) {
    Encounter& e = encounter_of(pair_index / kSlotStride);
    const std::uint64_t k = pair_index % kSlotStride;
    if (!e.valid()) throw std::runtime_error("stored game " + std::to_string(pair_index) + " is a bye's");
    if (e.taken.size() <= k) e.taken.resize(k + 1, false);
    if (e.taken[k]) throw std::runtime_error("knockout game " + std::to_string(pair_index) + " is stored twice");
    e.taken[k] = true;
    ++started_;
    const ScheduledGame game = game_of(e, k);
    add_result(e, game.white, white_score);
    return game;
}

bool KnockoutBracket::finished() const { return rounds_.back().size() == 1 && round_decided(); }

std::optional<std::size_t> KnockoutBracket::winner() const {
    if (!finished()) return std::nullopt;
    const int champion = leader(rounds_.back().front());
    if (champion < 0) return std::nullopt;
    return static_cast<std::size_t>(champion);
}

std::uint64_t KnockoutBracket::planned_games() const {
    return std::max<std::uint64_t>((options_.engines - 1) * static_cast<std::uint64_t>(options_.games), started_);
}

std::string KnockoutBracket::results(const std::vector<std::string>& names) const {
    std::vector<std::string> lines;
    for (const Encounter& e : rounds_.front()) {
        lines.push_back(e.first >= 0 ? names[static_cast<std::size_t>(e.first)] : "bye");
        lines.emplace_back();
        lines.push_back(e.second >= 0 ? names[static_cast<std::size_t>(e.second)] : "bye");
        lines.emplace_back();
    }
    lines.pop_back();
    for (std::size_t round = 1; round <= rounds_.size(); ++round) {
        const std::vector<Encounter>& encounters = rounds_[round - 1];
        for (std::size_t x = 0; x < encounters.size(); ++x) {
            const Encounter& e = encounters[x];
            const int ahead = leader(e);
            const bool open = needs_games(e) || e.in_progress() > 0 || ahead < 0;
            std::string text(2 * round, '\t');
            text += open ? "..." : names[static_cast<std::size_t>(ahead)];
            if (e.first_score + e.second_score > 0)
                text += " (" + half_points(e.first_score) + "-" + half_points(e.second_score) + ")";
            // The winner's line sits between the two lines it came from.
            const std::size_t line = ((std::size_t{2} << (round - 1)) - 1) + x * (std::size_t{2} << round);
            lines[line] += text;
        }
    }
    std::string text;
    for (std::size_t i = 0; i < lines.size(); ++i) text += (i ? "\n" : "") + lines[i];
    return text;
}

}  // namespace arbiter::schedule
