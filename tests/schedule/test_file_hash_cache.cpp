// The engine-file hash cache (harness/schedule/file_hash_cache.h): a stamp that matches is not
// hashed again, anything that changes the file is, and the cache never turns into an error.
#include <catch2/catch.hpp>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>

#include <fcntl.h>
#include <sys/stat.h>

#include "harness/schedule/file_hash_cache.h"
#include "harness/schedule/run_identity.h"
#include "tests/support/temp_dir.h"
#include "tests/support/text_file.h"

using arbiter::schedule::FileHash;
using arbiter::schedule::FileHashCache;
using arbiter::schedule::FileStamp;
using arbiter::schedule::file_content_hash;
using arbiter::schedule::stamp_of;
using test_support::TempDir;

namespace {

FileStamp stamp_of_path(const std::string& path) {
    struct stat status {};
    REQUIRE(::stat(path.c_str(), &status) == 0);
    return stamp_of(status);
}

using test_support::contains;
using test_support::read_text;

// Replaces every occurrence of `from` in the cache file by `to`.
void edit_cache(const FileHashCache& cache, const std::string& from, const std::string& to) {
    std::string text = read_text(*cache.file());
    for (auto at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size()))
        text.replace(at, from.size(), to);
    std::ofstream(*cache.file(), std::ios::trunc) << text;
}

// Sets an environment variable for one scope and puts the old value back.
class ScopedEnv {
public:
    ScopedEnv(const char* name, const char* value) : name_(name) {
        if (const char* old = std::getenv(name)) old_ = old;
        if (value) ::setenv(name, value, 1);
        else ::unsetenv(name);
    }
    ~ScopedEnv() {
        if (old_) ::setenv(name_, old_->c_str(), 1);
        else ::unsetenv(name_);
    }
    ScopedEnv(const ScopedEnv&) = delete;
    ScopedEnv& operator=(const ScopedEnv&) = delete;

private:
    const char* name_;
    std::optional<std::string> old_;
};

constexpr const char* kPlanted = "v2:feedfacefeedface";
constexpr const char* kOld = "v2:0123456789abcdef";
constexpr const char* kNew = "v2:fedcba9876543210";

std::string hash_numbered(std::uint64_t i) {
    char text[20];
    std::snprintf(text, sizeof text, "v2:%016llx", static_cast<unsigned long long>(i));
    return text;
}

}  // namespace

TEST_CASE("file hash cache: a file with a stored stamp is not read again", "[unit]") {
    TempDir dir;
    const FileHashCache cache(dir.file("cache"), std::chrono::seconds(0));
    const std::string engine = dir.write("engine", "some engine bytes");
    const std::string hashed = file_content_hash(engine, "x", FileHash::v2, cache);
    CHECK(hashed == file_content_hash(engine, "x"));  // the same value as without a cache
    REQUIRE(cache.find(stamp_of_path(engine)) == hashed);
    // Plant another value under the file's stamp: only a lookup can return it.
    edit_cache(cache, hashed, kPlanted);
    CHECK(file_content_hash(engine, "x", FileHash::v2, cache) == kPlanted);
    // Through another path to the same file (a symlink) too: the key is the file, not its name.
    std::filesystem::create_symlink(engine, dir.file("link"));
    CHECK(file_content_hash(dir.file("link"), "x", FileHash::v2, cache) == kPlanted);
    // Earlier hash versions are never taken from the cache.
    CHECK(file_content_hash(engine, "x", FileHash::legacy_fnv1a, cache).rfind("v2:", 0) == std::string::npos);
}

TEST_CASE("file hash cache: a changed file is hashed again", "[unit]") {
    TempDir dir;
    const FileHashCache cache(dir.file("cache"), std::chrono::seconds(0));
    const std::string engine = dir.write("engine", "version one");
    const std::string first = file_content_hash(engine, "x", FileHash::v2, cache);
    edit_cache(cache, first, kPlanted);
    SECTION("replaced by another file (a new build renamed into place)") {
        dir.write("engine.new", "version two");
        std::filesystem::rename(dir.file("engine.new"), engine);
    }
    SECTION("rewritten in place with another size") { dir.write("engine", "version two, longer"); }
    SECTION("only touched, even back in time (touch -d): the times move") {
        // Same bytes, so the hash is the same value, but it is computed, not the planted one. An
        // explicit modification time changes the stamp without waiting for the clock to tick.
        const FileStamp before = stamp_of_path(engine);
        const timespec times[2] = {{978307200, 0}, {978307200, 0}};  // 2001-01-01
        REQUIRE(::utimensat(AT_FDCWD, engine.c_str(), times, 0) == 0);
        REQUIRE_FALSE(stamp_of_path(engine) == before);
    }
    SECTION("only the status-change time differs (chmod, or touch -d back to the old time)") {
        // The stored stamp is made to differ from the file's in its ctime alone, so no clock has
        // to tick: every other field still matches.
        const auto ctime_ns = stamp_of_path(engine).ctime_ns;
        const std::string earlier = " " + std::to_string(ctime_ns - 1) + " " + kPlanted;
        edit_cache(cache, " " + std::to_string(ctime_ns) + " " + kPlanted, earlier);
        REQUIRE(contains(read_text(*cache.file()), earlier));
    }
    const std::string now = file_content_hash(engine, "x", FileHash::v2, cache);
    CHECK(now != kPlanted);
    CHECK(now == file_content_hash(engine, "x"));
}

TEST_CASE("file hash cache: a file written moments ago is not stored", "[unit]") {
    // Within the filesystem's timestamp granularity a second write could keep the stamp; only
    // files older than the settle time are remembered.
    TempDir dir;
    const FileHashCache cache(dir.file("cache"));  // default settle, 2 s
    const std::string engine = dir.write("engine", "fresh build");
    file_content_hash(engine, "x", FileHash::v2, cache);
    CHECK_FALSE(cache.find(stamp_of_path(engine)));
    CHECK_FALSE(std::filesystem::exists(*cache.file()));
}

TEST_CASE("file hash cache: damage and missing rights only cost a hash", "[unit]") {
    TempDir dir;
    const std::string engine = dir.write("engine", "bytes");
    const std::string expected = file_content_hash(engine, "x");
    SECTION("a directory that cannot be created") {
        const std::string blocker = dir.write("blocker", "a file where the directory should be");
        const FileHashCache cache(std::filesystem::path(blocker) / "arbiter", std::chrono::seconds(0));
        CHECK(file_content_hash(engine, "x", FileHash::v2, cache) == expected);
        CHECK_FALSE(cache.find(stamp_of_path(engine)));
    }
    SECTION("torn and foreign lines are skipped, good ones still found") {
        const FileHashCache cache(dir.file("cache"), std::chrono::seconds(0));
        file_content_hash(engine, "x", FileHash::v2, cache);
        const std::string good = read_text(*cache.file());
        std::ofstream(*cache.file(), std::ios::trunc) << "garbage\n1 2\n\n" << good << "12 x 3 4 5 v2:0 p\n";
        CHECK(cache.find(stamp_of_path(engine)) == expected);
    }
    SECTION("a damaged hash under the right stamp is not used") {
        const FileHashCache cache(dir.file("cache"), std::chrono::seconds(0));
        file_content_hash(engine, "x", FileHash::v2, cache);
        for (const char* damaged :
             {"v2:feedface", "v2:FEEDFACEFEEDFACE", "v3:feedfacefeedface", "v2:feedfacefeedfaceX"}) {
            edit_cache(cache, expected, damaged);
            INFO(damaged);
            CHECK_FALSE(cache.find(stamp_of_path(engine)));
            CHECK(file_content_hash(engine, "x", FileHash::v2, cache) == expected);
        }
    }
}

TEST_CASE("file hash cache: one entry per file, the newest first, at most kMaxEntries", "[unit]") {
    TempDir dir;
    const FileHashCache cache(dir.file("cache"), std::chrono::seconds(0));
    const std::string engine = dir.write("engine", "bytes");
    const FileStamp stamp = stamp_of_path(engine);
    for (std::uint64_t i = 0; i < FileHashCache::kMaxEntries + 5; ++i) {
        FileStamp other = stamp;
        other.inode = stamp.inode + 1 + i;
        cache.remember("other " + std::to_string(i), other, hash_numbered(i));
    }
    cache.remember(engine, stamp, kOld);
    cache.remember(engine, stamp, kNew);
    std::istringstream lines(read_text(*cache.file()));
    std::size_t entries = 0, of_engine = 0;
    for (std::string line; std::getline(lines, line);) {
        if (line.empty() || line.front() == '#') continue;
        ++entries;
        if (line.find(std::string(" ") + kNew + " " + engine) != std::string::npos ||
            line.find(std::string(" ") + kOld + " ") != std::string::npos)
            ++of_engine;
    }
    CHECK(entries == FileHashCache::kMaxEntries);
    CHECK(of_engine == 1);
    CHECK(cache.find(stamp) == kNew);
}

TEST_CASE("file hash cache: its place comes from the environment", "[unit]") {
    TempDir dir;
    SECTION("ARBITER_CACHE_DIR names it") {
        const ScopedEnv own("ARBITER_CACHE_DIR", dir.path().c_str());
        const auto cache = FileHashCache::from_environment();
        REQUIRE(cache.enabled());
        CHECK(*cache.file() == std::filesystem::path(dir.path()) / "file-hashes");
    }
    SECTION("set but empty, it turns the cache off") {
        const ScopedEnv own("ARBITER_CACHE_DIR", "");
        CHECK_FALSE(FileHashCache::from_environment().enabled());
    }
    SECTION("else XDG_CACHE_HOME, else HOME") {
        const ScopedEnv own("ARBITER_CACHE_DIR", nullptr);
        {
            const ScopedEnv xdg("XDG_CACHE_HOME", dir.path().c_str());
            CHECK(*FileHashCache::from_environment().file() ==
                  std::filesystem::path(dir.path()) / "arbiter" / "file-hashes");
        }
        const ScopedEnv xdg("XDG_CACHE_HOME", nullptr);
        const ScopedEnv home("HOME", dir.path().c_str());
        CHECK(*FileHashCache::from_environment().file() ==
              std::filesystem::path(dir.path()) / ".cache" / "arbiter" / "file-hashes");
    }
}
