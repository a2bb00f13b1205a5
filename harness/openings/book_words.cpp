#include "harness/openings/book_words.h"

namespace arbiter::openings {

std::string to_string(BookFormat format) {
    switch (format) {
        case BookFormat::Epd: return "epd";
        case BookFormat::Pgn: return "pgn";
        case BookFormat::Bin: return "bin";
        case BookFormat::Auto: break;
    }
    return "";
}

std::optional<BookFormat> parse_book_format(std::string_view text) {
    if (text.empty()) return BookFormat::Auto;
    if (text == "epd") return BookFormat::Epd;
    if (text == "pgn") return BookFormat::Pgn;
    if (text == "bin") return BookFormat::Bin;
    return std::nullopt;
}

std::string to_string(BookOrder order) { return order == BookOrder::Sequential ? "sequential" : "random"; }

std::optional<BookOrder> parse_book_order(std::string_view text) {
    if (text == "sequential") return BookOrder::Sequential;
    if (text == "random") return BookOrder::Random;
    return std::nullopt;
}

std::string to_string(OpeningPolicy policy) {
    switch (policy) {
        case OpeningPolicy::encounter: return "encounter";
        case OpeningPolicy::round: return "round";
        case OpeningPolicy::by_default: break;
    }
    return "default";
}

std::optional<OpeningPolicy> parse_opening_policy(std::string_view text) {
    if (text == "default") return OpeningPolicy::by_default;
    if (text == "encounter") return OpeningPolicy::encounter;
    if (text == "round") return OpeningPolicy::round;
    return std::nullopt;
}

}  // namespace arbiter::openings
