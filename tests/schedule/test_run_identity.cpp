// A run's identity: the config plus a content hash of each engine file; --resume RUN and --new are
// read into MatchConfig and never change the identity.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>

#include <nlohmann/json.hpp>

#include "cli/match_flags.h"
#include "harness/schedule/run_identity.h"
#include "tests/support/match_run.h"
#include "tests/support/temp_dir.h"

using arbiter::config::ResumeMode;
using arbiter::schedule::file_content_hash;
using test_support::operator+;

namespace {

void write_file(const std::string& path, const std::string& bytes) {
    std::ofstream(path, std::ios::binary) << bytes;
    std::filesystem::permissions(path, std::filesystem::perms::owner_all);
}

std::vector<std::string> two_engines(const std::string& cmd) {
    return {"-engine", "cmd=" + cmd, "name=a", "-engine", "cmd=" + cmd, "name=b", "-each", "depth=1"};
}

}  // namespace

TEST_CASE("an engine file's hash follows its bytes, not its name or time", "[unit]") {
    test_support::TempDir dir;
    write_file(dir.file("one"), "#!/bin/sh\nexec engine\n");
    write_file(dir.file("two"), "#!/bin/sh\nexec engine\n");
    const std::string hash = file_content_hash(dir.file("one"), "-engine #1 cmd");
    CHECK(hash.size() == 3 + 16);  // "v2:" and 16 hex digits
    CHECK(hash == file_content_hash(dir.file("two"), "-engine #1 cmd"));
    std::ofstream(dir.file("two"), std::ios::binary | std::ios::app) << '\0';
    CHECK(hash != file_content_hash(dir.file("two"), "-engine #1 cmd"));
    CHECK_THROWS_AS(file_content_hash(dir.file("missing"), "-engine #1 cmd"), arbiter::config::ConfigError);
}

// Stored runs are found again by these values, so a faster implementation must give the same ones.
// Derived independently (a Python transcription of the algorithm described in run_identity.cpp)
// for the bytes (31 i + 7) mod 251: a file under one 32-byte block, an empty file, and one of
// 2 MiB + 77 bytes, past the 1 MiB buffers the hash was first read with and with a 13-byte tail.
TEST_CASE("engine file hashes keep their stored values (v2 and legacy)", "[unit]") {
    test_support::TempDir dir;
    const auto hashes_of = [&](std::size_t size) {
        std::string bytes(size, '\0');
        for (std::size_t i = 0; i < size; ++i) bytes[i] = static_cast<char>((i * 31 + 7) % 251);
        const std::string path = dir.file("bytes-" + std::to_string(size));
        write_file(path, bytes);
        using arbiter::schedule::FileHash;
        return std::pair{file_content_hash(path, "-engine #1 cmd", FileHash::v2),
                         file_content_hash(path, "-engine #1 cmd", FileHash::legacy_fnv1a)};
    };
    CHECK(hashes_of(45) == std::pair<std::string, std::string>{"v2:21f41c9582083d0e", "cca83c44bfba3934"});
    CHECK(hashes_of(0) == std::pair<std::string, std::string>{"v2:2d50b449cc41df9a", "cbf29ce484222325"});
    CHECK(hashes_of(2 * 1024 * 1024 + 77) ==
          std::pair<std::string, std::string>{"v2:02f8b6d8ab4e7492", "fecb290fb4991602"});
}

TEST_CASE("the stored identity lists each engine's file hash", "[unit]") {
    test_support::TempDir dir;
    write_file(dir.file("engine"), "#!/bin/sh\n");
    arbiter::config::EngineSpec engine;
    engine.cmd = dir.file("engine");
    const std::string identity = arbiter::schedule::run_identity_with_engines(R"({"games":2})", {engine, engine});
    const auto json = nlohmann::json::parse(identity);
    CHECK(json["games"] == 2);
    const std::string hash = file_content_hash(dir.file("engine"), "-engine #1 cmd");
    CHECK(json["engine_files"] == nlohmann::json::array({hash, hash}));
}

TEST_CASE("the flags --resume RUN and --new choose the run and leave the identity alone", "[unit]") {
    const auto plain = arbiter::cli::parse_match_flags(two_engines("/bin/true"));
    CHECK(plain.resume == ResumeMode::automatic);
    const auto resumed =
        arbiter::cli::parse_match_flags(two_engines("/bin/true") + std::vector<std::string>{"--resume", "4"});
    CHECK(resumed.resume == ResumeMode::run);
    CHECK(resumed.resume_run == 4);
    const auto fresh = arbiter::cli::parse_match_flags(two_engines("/bin/true") + std::vector<std::string>{"--new"});
    CHECK(fresh.resume == ResumeMode::fresh);
    CHECK(arbiter::config::run_identity(plain) == arbiter::config::run_identity(resumed));
    CHECK(arbiter::config::run_identity(plain) == arbiter::config::run_identity(fresh));
    for (const auto& bad :
         {std::vector<std::string>{"--resume", "0"}, std::vector<std::string>{"--resume", "x"},
          std::vector<std::string>{"--new", "--resume", "2"}, std::vector<std::string>{"--new", "3"}}) {
        CHECK_THROWS_AS(arbiter::cli::parse_match_flags(two_engines("/bin/true") + bad), arbiter::config::ConfigError);
    }
}
