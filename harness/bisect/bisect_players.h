#pragma once
// The engine names a bisection's games are stored under. Both are computed again from the stored
// bisection (its repository and the commits' hashes), so the pairs of a commit can be read back by
// name from its run, and a PGN reader sees which commit played.

#include <string>

namespace arbiter::bisect {

// "<repository directory name> <first 12 hex digits>": the commit under test.
std::string candidate_player(const std::string& repo, const std::string& sha);
// The same with " (good)": the good build every candidate plays.
std::string good_player(const std::string& repo, const std::string& sha);

}  // namespace arbiter::bisect
