#pragma once
// The data arbiter ships (opening books, the WAC suite, the ladder files): found by a short name
// from any directory, for an installed arbiter (PREFIX/share/arbiter, cmake/Install.cmake) and for
// one in a build tree (BUILD/share/arbiter holds links into the checkout), both beside the
// executable. Names are resolved at the command line, once; the parts below get plain paths.
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace arbiter::config {

// PREFIX/share/arbiter for the executable at `exe` (bin/arbiter -> ../share/arbiter), when it exists.
std::optional<std::filesystem::path> data_dir_beside(const std::filesystem::path& exe);

// The running program's data directory (from /proc/self/exe), when it has one.
std::optional<std::filesystem::path> installed_data_dir();

// An opening book: `given` as it is when that file exists; else, when relative, the book of that
// name in DATA/openings ("noob_2moves.epd" and "openings/noob_2moves.epd" alike). Unresolved names
// come back unchanged, so the book reader reports the name the user gave.
std::string resolve_book(const std::string& given, const std::optional<std::filesystem::path>& data_dir);

// An EPD suite: `given` as it is when that file exists; else a suite shipped in DATA/suites by its
// name with or without .epd, case-insensitive ("wac", "WAC", "wac.epd"). Unresolved names come back
// unchanged.
std::string resolve_suite(const std::string& given, const std::optional<std::filesystem::path>& data_dir);

// The names of the suites shipped in DATA/suites (for error messages and --help).
std::vector<std::string> shipped_suites(const std::optional<std::filesystem::path>& data_dir);

}  // namespace arbiter::config
