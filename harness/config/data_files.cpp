#include "harness/config/data_files.h"

#include <algorithm>
#include <cctype>
#include <system_error>

namespace arbiter::config {

namespace fs = std::filesystem;

namespace {

bool is_file(const fs::path& path) {
    std::error_code ec;
    return fs::is_regular_file(path, ec);
}

std::string lower(std::string text) {
    std::transform(text.begin(), text.end(), text.begin(), [](unsigned char c) { return std::tolower(c); });
    return text;
}

}  // namespace

std::optional<fs::path> data_dir_beside(const fs::path& exe) {
    const fs::path dir = exe.parent_path().parent_path() / "share" / "arbiter";
    std::error_code ec;
    if (fs::is_directory(dir, ec)) return dir;
    return std::nullopt;
}

std::optional<fs::path> installed_data_dir() {
    std::error_code ec;
    const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
    if (ec) return std::nullopt;
    return data_dir_beside(exe);
}

std::string resolve_book(const std::string& given, const std::optional<fs::path>& data_dir) {
    const fs::path path(given);
    if (given.empty() || is_file(path) || path.is_absolute() || !data_dir) return given;
    for (const fs::path& candidate : {*data_dir / path, *data_dir / "openings" / path.filename()})
        if (is_file(candidate)) return candidate.string();
    return given;
}

std::string resolve_suite(const std::string& given, const std::optional<fs::path>& data_dir) {
    const fs::path path(given);
    if (given.empty() || is_file(path) || path.is_absolute() || !data_dir || path.has_parent_path()) return given;
    const std::string wanted = lower(path.extension() == ".epd" ? path.stem().string() : given);
    for (const std::string& name : shipped_suites(data_dir))
        if (lower(name) == wanted) return (*data_dir / "suites" / (name + ".epd")).string();
    return given;
}

std::vector<std::string> shipped_suites(const std::optional<fs::path>& data_dir) {
    std::vector<std::string> names;
    if (!data_dir) return names;
    std::error_code ec;
    for (fs::directory_iterator it(*data_dir / "suites", ec), end; !ec && it != end; it.increment(ec))
        if (it->path().extension() == ".epd") names.push_back(it->path().stem().string());
    std::sort(names.begin(), names.end());
    return names;
}

}  // namespace arbiter::config
