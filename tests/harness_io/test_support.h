#pragma once
// Helpers shared by the harness_io tests: temporary files and data paths.

#include <filesystem>
#include <fstream>
#include <random>
#include <string>

namespace io_test {

inline std::string data_path(const std::string& name) { return std::string(TEST_DATA_DIR) + "/" + name; }
inline std::string openings_path(const std::string& name) { return std::string(REPO_ROOT_DIR) + "/openings/" + name; }

// A file in a fresh temporary directory, removed with the directory when the object dies.
class TempFile {
public:
    explicit TempFile(const std::string& name, const std::string& content = {}) {
        std::random_device entropy;
        dir_ = std::filesystem::temp_directory_path() / ("arbiter_io_" + std::to_string(entropy()));
        std::filesystem::create_directories(dir_);
        path_ = (dir_ / name).string();
        if (!content.empty()) write(content);
    }
    ~TempFile() {
        std::error_code ignored;
        std::filesystem::remove_all(dir_, ignored);
    }
    TempFile(const TempFile&) = delete;
    TempFile& operator=(const TempFile&) = delete;

    void write(const std::string& content) const {
        std::ofstream out(path_, std::ios::binary | std::ios::trunc);
        out << content;
    }
    const std::string& path() const { return path_; }
    std::string sibling(const std::string& name) const { return (dir_ / name).string(); }

private:
    std::filesystem::path dir_;
    std::string path_;
};

inline std::string read_file(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

}  // namespace io_test
