#include "harness/config/json_file.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <set>
#include <vector>
#include <nlohmann/json.hpp>

#include "harness/config/match_config.h"

namespace arbiter::config {
namespace {

using nlohmann::json;

// Tracks where the parser is, from its callback events, so a repeated key can be named by its
// path. Objects remember the keys seen so far; arrays count their elements.
class DuplicateKeyCheck {
public:
    explicit DuplicateKeyCheck(std::string source) : source_(std::move(source)) {}

    bool operator()(int /*depth*/, json::parse_event_t event, json& parsed) {
        switch (event) {
            case json::parse_event_t::object_start:
            case json::parse_event_t::array_start:
                frames_.push_back({event == json::parse_event_t::object_start, child_path(), {}, {}, -1});
                break;
            case json::parse_event_t::key:
                on_key(parsed.get<std::string>());
                break;
            case json::parse_event_t::value:
                if (!frames_.empty() && !frames_.back().is_object) ++frames_.back().index;
                break;
            case json::parse_event_t::object_end:
            case json::parse_event_t::array_end:
                frames_.pop_back();
                break;
        }
        return true;
    }

private:
    struct Frame {
        bool is_object;
        std::string path;
        std::set<std::string> keys;
        std::string key;  // objects: the key whose value comes next
        long index;       // arrays: the element being read
    };

    // The path of a container that starts now, as a member or element of the current frame.
    std::string child_path() {
        if (frames_.empty()) return "";
        Frame& parent = frames_.back();
        if (parent.is_object) return parent.path + (parent.path.empty() ? "" : ".") + parent.key;
        return parent.path + "[" + std::to_string(++parent.index) + "]";
    }

    void on_key(const std::string& key) {
        Frame& object = frames_.back();
        const std::string path = object.path + (object.path.empty() ? "" : ".") + key;
        if (!object.keys.insert(key).second)
            throw ConfigError(source_ + (path[0] == '[' ? "" : ".") + path,
                              "key given twice in one object (only one value could count)");
        object.key = key;
    }

    std::string source_;
    std::vector<Frame> frames_;
};

std::size_t line_of(const std::string& text, std::size_t byte) {
    const auto end = text.begin() + static_cast<std::ptrdiff_t>(std::min(byte, text.size()));
    return 1 + static_cast<std::size_t>(std::count(text.begin(), end, '\n'));
}

}  // namespace

std::string read_config_file(const std::string& path, const std::string& what) {
    std::error_code error;
    if (std::filesystem::is_directory(path, error)) throw ConfigError(path, "is a directory, not a " + what);
    std::ifstream file(path, std::ios::binary);
    if (!file) throw ConfigError(path, "cannot open " + what + " (" + std::strerror(errno) + ")");
    try {
        return std::string(std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>());
    } catch (const std::exception& failure) {  // a special file the stream cannot read
        throw ConfigError(path, "cannot read " + what + " (" + failure.what() + ")");
    }
}

json parse_config_json(const std::string& text, const std::string& source) {
    try {
        return json::parse(text, DuplicateKeyCheck(source));
    } catch (const json::parse_error& error) {
        // nlohmann reports a byte offset; the line number is what users look for.
        throw ConfigError(source + ":" + std::to_string(line_of(text, error.byte)),
                          std::string("invalid JSON: ") + error.what());
    }
}

}  // namespace arbiter::config
