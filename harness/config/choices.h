#pragma once
// Settings that take one of a few words or a bounded number, checked the same way for a flag and
// a JSON key.

#include <cstdint>
#include <string>

#include "harness/config/match_config.h"
#include "harness/openings/book_words.h"

namespace arbiter::config {

// The lower bound of a count (-games, -rounds, -concurrency 1; -ratinginterval, -maxmoves 0), the
// same for a flag, a JSON key and a key of fastchess's config.json.
inline void check_at_least(std::int64_t value, std::int64_t least, const std::string& where) {
    if (value < least)
        throw ConfigError(where, "must be " + std::to_string(least) + " or more, got " + std::to_string(value));
}

inline void check_variant(const std::string& value, const std::string& where) {
    if (value != "standard" && value != "fischerandom")
        throw ConfigError(where, "must be standard or fischerandom, got '" + value + "'");
}

inline stats::EloModel sprt_model(const std::string& text, const std::string& where) {
    stats::EloModel model = stats::EloModel::normalized;
    if (!stats::parse_model(text, model))
        throw ConfigError(where + " model", "must be normalized, logistic or bayesian, got '" + text + "'");
    return model;
}

// One check for -sprt and the JSON key, after sprt_model. elo0 = elo1 is accepted as cutechess-cli
// accepts it (scripts use `elo0=0 elo1=0` for a soak test): the log-likelihood ratio then stays 0
// and only the game count ends the match.
inline void check_sprt(const stats::SprtParameters& sprt, const std::string& where) {
    if (sprt.alpha <= 0 || sprt.alpha >= 1 || sprt.beta <= 0 || sprt.beta >= 1)
        throw ConfigError(where, "alpha and beta must lie strictly between 0 and 1");
    // The test's bounds cross otherwise, which the SPRT itself would refuse only after the games.
    if (sprt.alpha + sprt.beta >= 1) throw ConfigError(where, "alpha + beta must be below 1");
    if (sprt.elo1 < sprt.elo0) throw ConfigError(where, "elo1 must not be below elo0");
}

// -openings order=, format= and policy= (and the JSON config's "openings" keys) into the book's own
// types; anything else is an error naming `where`.
inline openings::BookOrder book_order(const std::string& text, const std::string& where) {
    if (const auto order = openings::parse_book_order(text)) return *order;
    throw ConfigError(where, "must be random or sequential, got '" + text + "'");
}

inline openings::BookFormat book_format(const std::string& text, const std::string& where) {
    if (const auto format = openings::parse_book_format(text)) return *format;
    throw ConfigError(where, "must be epd, pgn or bin, got '" + text + "'");
}

inline openings::OpeningPolicy opening_policy(const std::string& text, const std::string& where) {
    if (const auto policy = openings::parse_opening_policy(text)) return *policy;
    throw ConfigError(where, "must be default, encounter or round, got '" + text + "'");
}

// About 31 years, as the longest time control: more is a typo, and far more overflows the clock.
inline constexpr std::int64_t kMaxPingMs = 1'000'000'000'000;

inline void check_ping_ms(std::int64_t value, const std::string& where) {
    if (value < 1 || value > kMaxPingMs)
        throw ConfigError(where, "must be between 1 and " + std::to_string(kMaxPingMs) + " (milliseconds), got " +
                                     std::to_string(value));
}

inline void check_bookmode(const std::string& value, const std::string& where) {
    if (value != "ram" && value != "disk") throw ConfigError(where, "must be ram or disk, got '" + value + "'");
}

// -startup-ms, -ucinewgame-ms: a limit of 0 would fail every engine, and the bound is -ping-ms's.
inline void check_timeout_ms(std::int64_t value, const std::string& where) { check_ping_ms(value, where); }

}  // namespace arbiter::config
