#pragma once
// The words of -openings format=, order= and policy=, one spelling for the flag, the JSON config
// and the run identity (harness/config/config_json.cpp writes them back). A parse returns nullopt
// on any other word; the caller names the flag or key in its error.

#include <optional>
#include <string>
#include <string_view>

#include "harness/openings/book.h"

namespace arbiter::openings {

// "epd", "pgn", "bin"; Auto is "" (the file's extension decides).
std::string to_string(BookFormat format);
std::optional<BookFormat> parse_book_format(std::string_view text);

// "sequential", "random".
std::string to_string(BookOrder order);
std::optional<BookOrder> parse_book_order(std::string_view text);

// "default", "encounter", "round".
std::string to_string(OpeningPolicy policy);
std::optional<OpeningPolicy> parse_opening_policy(std::string_view text);

}  // namespace arbiter::openings
