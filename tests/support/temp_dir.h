#pragma once
// The tests' one temporary directory, TempDir: fresh (mkdtemp, mode 0700) under the system temp
// directory and removed with everything in it when the object dies (unless kept), even after a
// test took its rights away. TempFile: one file in a TempDir of its own.

#include <stdlib.h>

#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <string>

namespace test_support {

class TempDir {
public:
    TempDir() {
        std::string pattern = (std::filesystem::temp_directory_path() / "arbiter-test-XXXXXX").string();
        if (::mkdtemp(pattern.data()) == nullptr) throw std::runtime_error("cannot create a directory like " + pattern);
        path_ = pattern;
    }
    ~TempDir() {
        namespace fs = std::filesystem;
        if (kept_) return;
        std::error_code ignored;
        fs::permissions(path_, fs::perms::owner_all, fs::perm_options::add, ignored);
        fs::remove_all(path_, ignored);
    }
    TempDir(const TempDir&) = delete;
    TempDir& operator=(const TempDir&) = delete;

    const std::string& path() const { return path_; }
    // Where `name` goes inside the directory; nothing is created.
    std::string file(const std::string& name) const { return (std::filesystem::path(path_) / name).string(); }
    // Writes `text` to `name` and returns its path; `executable` sets mode 0755.
    std::string write(const std::string& name, const std::string& text, bool executable = false) const {
        namespace fs = std::filesystem;
        const std::string target = file(name);
        std::ofstream(target, std::ios::binary) << text;
        if (executable)
            fs::permissions(target, fs::perms::owner_all | fs::perms::group_read | fs::perms::group_exec |
                                        fs::perms::others_read | fs::perms::others_exec);
        return target;
    }
    // Mode 0777, for a child that drops root to nobody and must still work in here.
    void open_to_everyone() const { std::filesystem::permissions(path_, std::filesystem::perms::all); }
    // Leaves the directory in place, for someone to look into after a failure.
    void keep() { kept_ = true; }

private:
    std::string path_;
    bool kept_ = false;
};

// One file in a TempDir of its own, for tests that need a single input file.
class TempFile {
public:
    // Writes `content` unless it is empty (the test may write the file itself, or not at all).
    explicit TempFile(const std::string& name, const std::string& content = {}) : name_(name), path_(dir_.file(name)) {
        if (!content.empty()) write(content);
    }

    void write(const std::string& content) const { dir_.write(name_, content); }
    const std::string& path() const { return path_; }
    // Another file beside this one.
    std::string sibling(const std::string& name) const { return dir_.file(name); }

private:
    TempDir dir_;
    std::string name_;
    std::string path_;
};

}  // namespace test_support
