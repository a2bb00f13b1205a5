#include "harness/schedule/run_identity.h"

#include <array>
#include <bit>
#include <cstdio>
#include <cstring>
#include <map>
#include <span>

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <nlohmann/json.hpp>

#include "harness/engines/engine_setup.h"
#include "harness/process/unique_fd.h"

namespace arbiter::schedule {
namespace {

using nlohmann::json;

std::string hex64(std::uint64_t value) {
    char text[17];
    std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(value));
    return text;
}

db::RunChoice::Mode choice_mode(config::ResumeMode mode) {
    switch (mode) {
        case config::ResumeMode::latest: return db::RunChoice::Mode::latest;
        case config::ResumeMode::run: return db::RunChoice::Mode::run_id;
        case config::ResumeMode::fresh: return db::RunChoice::Mode::fresh;
        default: return db::RunChoice::Mode::unless_done;
    }
}

// A value short enough for one line of an error message.
std::string shown(const json& value) {
    constexpr std::size_t kLongest = 120;
    const std::string text = value.is_null() ? std::string("(unset)") : value.dump();
    return text.size() <= kLongest ? text : text.substr(0, kLongest) + "...";
}

// "rounds: 2 in run 4, 3 in this command; ..." for every top-level setting that differs.
std::string differences(const db::RunRecord& stored, const db::RunRecord& wanted) {
    if (stored.kind != wanted.kind) {
        return "run " + std::to_string(stored.id) + " is a " + std::string(db::to_string(stored.kind)) +
               ", this command plays a " + std::string(db::to_string(wanted.kind));
    }
    const json before = json::parse(stored.config_json, nullptr, false);
    const json now = json::parse(wanted.config_json, nullptr, false);
    if (!before.is_object() || !now.is_object()) return "its stored settings cannot be read";
    std::string text;
    json keys = json::object();
    for (const auto& [key, value] : before.items()) keys[key] = true;
    for (const auto& [key, value] : now.items()) keys[key] = true;
    for (const auto& [key, ignored] : keys.items()) {
        const json old_value = before.value(key, json());
        const json new_value = now.value(key, json());
        if (old_value == new_value) continue;
        text += (text.empty() ? "" : "; ") + key + ": " + shown(old_value) + " in run " + std::to_string(stored.id) +
                ", " + shown(new_value) + " in this command";
    }
    return text;
}

bool same_identity(const db::RunRecord& stored, const db::RunRecord& wanted) {
    return db::run_identity_key(stored.config_key) == db::make_config_key(wanted.kind, wanted.config_json);
}

// `wanted` as a run stored before file hashes were versioned would hold it.
db::RunRecord with_legacy_hashes(const db::RunRecord& wanted, const std::vector<config::EngineSpec>& engines) {
    json identity = json::parse(wanted.config_json);
    identity.erase("engine_files");
    db::RunRecord legacy = wanted;
    legacy.config_json = run_identity_with_engines(identity.dump(), engines, FileHash::legacy_fnv1a);
    return legacy;
}

// The identity run `run_id` was stored with: `wanted`, or `legacy` (its unversioned hashes).
// Throws ResumeRefused when it is neither.
const db::RunRecord& resumable_identity(db::Database& database, std::int64_t run_id, const db::RunRecord& wanted,
                                        const std::optional<db::RunRecord>& legacy) {
    const std::optional<db::RunRecord> stored = database.run_by_id(run_id);
    if (!stored) {
        throw ResumeRefused(run_id, "database " + database.path() + " has no run " + std::to_string(run_id));
    }
    if (same_identity(*stored, wanted)) return wanted;
    if (legacy && same_identity(*stored, *legacy)) return *legacy;
    throw ResumeRefused(run_id, "run " + std::to_string(run_id) + " of " + database.path() +
                                    " was played with other settings than this command's (" +
                                    differences(*stored, wanted) + ")");
}

// FNV-1a: stable across builds and platforms; the input is not adversarial.
std::uint64_t fnv1a(std::uint64_t hash, const unsigned char* bytes, std::size_t count) {
    for (std::size_t i = 0; i < count; ++i) {
        hash ^= bytes[i];
        hash *= 0x100000001b3ULL;
    }
    return hash;
}

// An open file, read-only, mapped for as long as the object lives.
class MappedFile {
public:
    MappedFile(int fd, std::size_t size) : size_(size) {
        if (size_ == 0) return;
        data_ = ::mmap(nullptr, size_, PROT_READ, MAP_PRIVATE | MAP_POPULATE, fd, 0);
        if (data_ == MAP_FAILED) data_ = nullptr;
    }
    ~MappedFile() {
        if (data_ != nullptr) ::munmap(data_, size_);
    }
    MappedFile(const MappedFile&) = delete;
    MappedFile& operator=(const MappedFile&) = delete;

    bool readable() const { return size_ == 0 || data_ != nullptr; }
    std::span<const unsigned char> bytes() const {
        return {static_cast<const unsigned char*>(data_), data_ == nullptr ? 0 : size_};
    }

private:
    void* data_ = nullptr;
    std::size_t size_ = 0;
};

// Four lanes, each folding every fourth 8-byte word: the multiplications of different lanes do
// not wait for one another, which is where the speed over FNV-1a comes from. Words are read
// little-endian, so the hash is the same on every platform.
class LaneHash {
public:
    void add(const unsigned char* bytes, std::size_t count) {
        total_ += count;
        std::size_t i = 0;
        for (; i + kBlock <= count; i += kBlock)
            for (std::size_t lane = 0; lane < kLanes; ++lane)
                lanes_[lane] = mix(lanes_[lane], word(bytes + i + 8 * lane));
        tail_ = fnv1a(tail_, bytes + i, count - i);
    }
    std::uint64_t value() const {
        std::uint64_t hash = mix(kSeed, total_);
        for (const std::uint64_t lane : lanes_) hash = mix(hash, lane);
        return mix(hash, tail_);
    }
    static constexpr std::size_t kBlock = 32;

private:
    static constexpr std::size_t kLanes = 4;
    static constexpr std::uint64_t kSeed = 0x9e3779b97f4a7c15ULL;
    // One load on little-endian hosts, where the byte loop it replaces was not always folded.
    static std::uint64_t word(const unsigned char* bytes) {
        std::uint64_t value;
        std::memcpy(&value, bytes, sizeof value);
        if constexpr (std::endian::native == std::endian::big) value = __builtin_bswap64(value);
        return value;
    }
    static std::uint64_t mix(std::uint64_t hash, std::uint64_t value) {
        hash = (hash ^ value) * kSeed;
        return hash ^ (hash >> 29);
    }
    std::array<std::uint64_t, kLanes> lanes_ = {1, 2, 3, 4};
    std::uint64_t tail_ = 0xcbf29ce484222325ULL;
    std::uint64_t total_ = 0;
};

}  // namespace

// The file is mapped rather than read: the hash then reads the page cache in place, without
// copying tens of megabytes of engine binary into a buffer first. The stamp comes from the open
// descriptor, so it describes the bytes hashed even if the path is replaced meanwhile.
std::string file_content_hash(const std::string& path, const std::string& where, FileHash version,
                              const FileHashCache& cache) {
    const auto unreadable = [&] { return config::ConfigError(where, "cannot read '" + path + "' to hash it"); };
    const process::detail::UniqueFd file(::open(path.c_str(), O_RDONLY | O_CLOEXEC));
    struct stat status {};
    if (!file.valid() || ::fstat(file.get(), &status) != 0 || !S_ISREG(status.st_mode)) throw unreadable();
    const FileStamp stamp = stamp_of(status);
    const bool cached = version == kCurrentFileHash;  // earlier versions are only hashed to find old runs
    if (cached)
        if (auto known = cache.find(stamp)) return std::move(*known);
    const MappedFile mapped(file.get(), static_cast<std::size_t>(status.st_size));
    if (!mapped.readable()) throw unreadable();
    const std::span<const unsigned char> bytes = mapped.bytes();
    if (version == FileHash::legacy_fnv1a) return hex64(fnv1a(0xcbf29ce484222325ULL, bytes.data(), bytes.size()));
    LaneHash lanes;
    lanes.add(bytes.data(), bytes.size());
    std::string hash = "v2:" + hex64(lanes.value());
    if (cached) cache.remember(path, stamp, hash);
    return hash;
}

std::string run_identity_with_engines(const std::string& config_identity,
                                      const std::vector<config::EngineSpec>& engines, FileHash version) {
    json identity = json::parse(config_identity);
    json files = json::array();
    // Hashing reads the whole binary (tens of MB for an engine with an embedded network): once per
    // file, however many engines of the run share it, and not at all while the cache knows it.
    std::map<std::string, std::string> hash_of_path;
    const FileHashCache cache = FileHashCache::from_environment();
    for (std::size_t i = 0; i < engines.size(); ++i) {
        const std::string where = "-engine #" + std::to_string(i + 1) + " cmd";
        const auto path = engine_setup::resolve_executable(engines[i]);
        if (!path) throw config::ConfigError(where, "no executable '" + engines[i].cmd + "'");
        auto known = hash_of_path.find(path->string());
        if (known == hash_of_path.end())
            known =
                hash_of_path.emplace(path->string(), file_content_hash(path->string(), where, version, cache)).first;
        files.push_back(known->second);
    }
    identity["engine_files"] = files;
    return identity.dump();
}

db::OpenedRun open_match_run(db::Database& database, const config::MatchConfig& config, const db::RunRecord& wanted,
                             const std::vector<config::EngineSpec>& engines, std::int64_t selection_games) {
    db::RunChoice choice;
    choice.mode = choice_mode(config.resume);
    choice.run_id = config.resume_run;
    choice.selection_games = selection_games;
    std::optional<db::RunRecord> legacy;
    if (choice.mode != db::RunChoice::Mode::fresh && database.has_runs_with_unversioned_file_hashes())
        legacy = with_legacy_hashes(wanted, engines);
    if (choice.mode == db::RunChoice::Mode::run_id)
        return database.open_run(resumable_identity(database, config.resume_run, wanted, legacy), choice);
    // The old run goes on under its old identity, so that its later sessions find it the same way.
    const auto key_of = [](const db::RunRecord& run) { return db::make_config_key(run.kind, run.config_json); };
    if (legacy && !database.find_run(key_of(wanted)) && database.find_run(key_of(*legacy)))
        return database.open_run(*legacy, choice);
    return database.open_run(wanted, choice);
}

void print_run_choice(std::ostream& out, const db::OpenedRun& opened, std::int64_t selection_games) {
    if (opened.created) {
        out << "new run " << opened.run.id << '\n';
        return;
    }
    out << "resuming run " << opened.run.id << ": " << opened.games_stored << " of " << selection_games
        << " games played\n";
}

}  // namespace arbiter::schedule
