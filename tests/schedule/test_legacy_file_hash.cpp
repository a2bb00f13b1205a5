// Engine file hashes in a run's identity are versioned ("v2:..."): runs stored with the unversioned
// FNV-1a hashes of earlier releases are still found and continued by the same command.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>

#include "cli/match_flags.h"
#include "harness/config/match_config.h"
#include "harness/schedule/run_identity.h"
#include "tests/support/match_test_support.h"

using namespace match_test;
using arbiter::schedule::FileHash;
using arbiter::schedule::file_content_hash;

namespace {

void write_file(const std::string& path, const std::string& bytes) { std::ofstream(path, std::ios::binary) << bytes; }

// A run as an earlier release stored it for `args`: the same identity with unversioned hashes.
std::int64_t store_legacy_run(const std::string& db_path, const std::vector<std::string>& args) {
    const auto config = arbiter::cli::parse_match_flags(args);
    arbiter::config::EngineSpec engine;
    engine.cmd = MISBEHAVE_BIN;
    arbiter::db::RunRecord legacy;
    legacy.kind = arbiter::db::RunKind::match;
    legacy.config_json = arbiter::schedule::run_identity_with_engines(arbiter::config::run_identity(config),
                                                                      {engine, engine}, FileHash::legacy_fnv1a);
    arbiter::db::Database database(db_path);
    return database.open_run(legacy, {}).run.id;
}

}  // namespace

TEST_CASE("legacy file hash: FNV-1a of the bytes, as earlier releases stored it", "[unit]") {
    TempDir dir;
    // Published FNV-1a 64-bit test vectors.
    write_file(dir.file("empty"), "");
    write_file(dir.file("a"), "a");
    write_file(dir.file("foobar"), "foobar");
    CHECK(file_content_hash(dir.file("empty"), "x", FileHash::legacy_fnv1a) == "cbf29ce484222325");
    CHECK(file_content_hash(dir.file("a"), "x", FileHash::legacy_fnv1a) == "af63dc4c8601ec8c");
    CHECK(file_content_hash(dir.file("foobar"), "x", FileHash::legacy_fnv1a) == "85944171f73967e8");
}

TEST_CASE("legacy file hash: the versioned hash sees every byte, in lanes, tail and across buffers", "[unit]") {
    TempDir dir;
    // Longer than one 1 MiB read, not a multiple of the 32-byte block: every path of the hash.
    std::string bytes(3 * (1 << 20) / 2 + 13, '\0');
    for (std::size_t i = 0; i < bytes.size(); ++i) bytes[i] = static_cast<char>((i * 131) % 251);
    write_file(dir.file("base"), bytes);
    const std::string base = file_content_hash(dir.file("base"), "x");
    CHECK(base.rfind("v2:", 0) == 0);
    CHECK(base.size() == 3 + 16);
    write_file(dir.file("copy"), bytes);
    CHECK(file_content_hash(dir.file("copy"), "x") == base);
    // One byte changed in each of the four lanes of a block, in the second buffer and in the tail.
    for (const std::size_t at : {std::size_t{0}, std::size_t{9}, std::size_t{18}, std::size_t{31},
                                 std::size_t{(1 << 20) + 40}, bytes.size() - 1}) {
        std::string changed = bytes;
        changed[at] = static_cast<char>(changed[at] ^ 1);
        write_file(dir.file("changed"), changed);
        INFO("byte " << at);
        CHECK(file_content_hash(dir.file("changed"), "x") != base);
    }
    // Words swapped between lanes, and a trailing zero byte, change it too.
    std::string swapped = bytes;
    std::swap_ranges(swapped.begin(), swapped.begin() + 8, swapped.begin() + 8);
    write_file(dir.file("swapped"), swapped);
    CHECK(file_content_hash(dir.file("swapped"), "x") != base);
    write_file(dir.file("longer"), bytes + std::string(1, '\0'));
    CHECK(file_content_hash(dir.file("longer"), "x") != base);
}

TEST_CASE("legacy file hash: a run stored with unversioned hashes is resumed, not started again", "[integration]") {
    TempDir dir;
    const std::string db = dir.file("legacy.db");
    const std::vector<std::string> args =
        misbehave_engine("a") + misbehave_engine("b") +
        std::vector<std::string>{"-each", "nodes=1", "-games", "2", "-maxmoves", "4", "-concurrency", "1", "--db", db};
    const std::int64_t legacy_run = store_legacy_run(db, args);
    SECTION("by the same command") {
        const auto result = run_match(args);
        INFO(result.out << result.err);
        REQUIRE(result.code == 0);
        CHECK(result.out.find("resuming run " + std::to_string(legacy_run) + ": 0 of 2 games played") !=
              std::string::npos);
    }
    SECTION("by --resume RUN") {
        const auto result = run_match(args + std::vector<std::string>{"--resume", std::to_string(legacy_run)});
        INFO(result.out << result.err);
        REQUIRE(result.code == 0);
        CHECK(result.out.find("resuming run " + std::to_string(legacy_run)) != std::string::npos);
    }
    SECTION("but not by another command") {
        const auto result = run_match(args + std::vector<std::string>{"-games", "4"});
        INFO(result.out << result.err);
        REQUIRE(result.code == 0);
        CHECK(result.out.find("new run " + std::to_string(legacy_run + 1)) != std::string::npos);
    }
    SECTION("and a new run of the same command is stored with versioned hashes") {
        REQUIRE(run_match(args).code == 0);
        const auto result = run_match(args + std::vector<std::string>{"--new"});
        REQUIRE(result.code == 0);
        arbiter::db::Database database(db);
        const auto runs = database.list_runs();
        REQUIRE(runs.size() == 2);
        CHECK(runs[1].config_json.find("\"engine_files\":[\"v2:") != std::string::npos);
        CHECK(runs[0].config_json.find("\"engine_files\":[\"v2:") == std::string::npos);
    }
}
