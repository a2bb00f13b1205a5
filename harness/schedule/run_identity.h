#pragma once
// Which stored run a match plays into. A run's identity is its config (config::run_identity) plus a
// content hash of every engine's file, so a rebuilt engine never continues an old run. Among the runs
// of one identity a command resumes the latest one unless it finished, and starts a new one otherwise;
// config::ResumeMode asks for a given run, the latest whatever its status, or always a new one.

#include <cstdint>
#include <ostream>
#include <stdexcept>
#include <string>
#include <vector>

#include "db/database.h"
#include "harness/config/match_config.h"
#include "harness/schedule/file_hash_cache.h"

namespace arbiter::schedule {

// The run asked for by number cannot be resumed by this command: it does not exist, or it was
// played with another identity (the message names what differs, with both values).
class ResumeRefused : public std::runtime_error {
public:
    ResumeRefused(std::int64_t run_id, const std::string& message) : std::runtime_error(message), run_id_(run_id) {}
    std::int64_t run_id() const { return run_id_; }

private:
    std::int64_t run_id_;
};

// How an engine file's bytes are hashed for a run's identity. legacy_fnv1a: FNV-1a byte by byte,
// as 16 hex digits; every run stored before the versions has it. v2: four independent lanes over
// 8-byte words, "v2:" and 16 hex digits; a tenth of the CPU on a 47 MB engine with an embedded
// network, a cost every run pays at start.
enum class FileHash { legacy_fnv1a, v2 };
inline constexpr FileHash kCurrentFileHash = FileHash::v2;

// A wrapper script is hashed as the script. Throws config::ConfigError naming `where` when the
// file cannot be read. Current-version hashes are looked up in and added to `cache`
// (file_hash_cache.h); run_identity_with_engines uses the environment's.
std::string file_content_hash(const std::string& path, const std::string& where, FileHash version = kCurrentFileHash,
                              const FileHashCache& cache = FileHashCache());

// The identity stored with the run: `config_identity` with the file hashes of the engines'
// executables (each found as its resolved description names it) under "engine_files".
std::string run_identity_with_engines(const std::string& config_identity,
                                      const std::vector<config::EngineSpec>& engines,
                                      FileHash version = kCurrentFileHash);

// Opens the run `wanted` plays into as config.resume says; `selection_games` is the number of games
// of this command's pairs. Throws ResumeRefused for config.resume == run and a run it cannot continue.
// A run stored with legacy file hashes and otherwise the same identity is still continued:
// `engines` give the files to hash the old way, which is done only when the database holds such runs.
db::OpenedRun open_match_run(db::Database& database, const config::MatchConfig& config, const db::RunRecord& wanted,
                             const std::vector<config::EngineSpec>& engines, std::int64_t selection_games);

// "resuming run 4: 12 of 40 games played" or "new run 5".
void print_run_choice(std::ostream& out, const db::OpenedRun& opened, std::int64_t selection_games);

}  // namespace arbiter::schedule
