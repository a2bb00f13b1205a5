#include "harness/config/json_file.h"

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <set>
#include <vector>
#include <nlohmann/json.hpp>

#include "harness/config/match_config.h"

namespace arbiter::config {
namespace {

using nlohmann::json;

// Tracks where the parser is, from its callback events, so a repeated key can be named by its
// path. Each open container keeps only its own step of the path (an object's current key, an
// array's current index) and the keys it has seen: memory stays linear in the input, where whole
// paths per container grew with the square of the depth. The depth itself is capped.
class StructureCheck {
public:
    explicit StructureCheck(std::string source) : source_(std::move(source)) {}

    bool operator()(int /*depth*/, json::parse_event_t event, json& parsed) {
        switch (event) {
            case json::parse_event_t::object_start:
            case json::parse_event_t::array_start:
                on_container_start(event == json::parse_event_t::object_start);
                break;
            case json::parse_event_t::key: on_key(parsed.get<std::string>()); break;
            case json::parse_event_t::value:
                if (!frames_.empty() && !frames_.back().is_object) ++frames_.back().index;
                break;
            case json::parse_event_t::object_end:
            case json::parse_event_t::array_end: frames_.pop_back(); break;
        }
        return true;
    }

private:
    struct Frame {
        bool is_object;
        std::set<std::string> keys;
        std::string key;  // objects: the key whose value comes next
        long index;       // arrays: the element being read
    };

    void on_container_start(bool is_object) {
        if (frames_.size() >= kMaxJsonNesting)
            throw ConfigError(source_, "JSON nested deeper than " + std::to_string(kMaxJsonNesting) +
                                           " levels (the nesting limit of configuration files)");
        if (!frames_.empty() && !frames_.back().is_object) ++frames_.back().index;
        frames_.push_back({is_object, {}, {}, -1});
    }

    void on_key(const std::string& key) {
        Frame& object = frames_.back();
        object.key = key;
        if (!object.keys.insert(key).second)
            throw ConfigError(source_ + path_to_here(), "key given twice in one object (only one value could count)");
    }

    // ".engines[1].options.Hash": built only for a message, from each open container's step.
    std::string path_to_here() const {
        std::string path;
        for (const Frame& frame : frames_)
            path += frame.is_object ? "." + frame.key : "[" + std::to_string(frame.index) + "]";
        return path;
    }

    std::string source_;
    std::vector<Frame> frames_;
};

// Accepts everything and keeps where the first error was. Used only after a number too large
// for a double stopped the parse, whose exception carries no position.
class ErrorLocator : public json::json_sax_t {
public:
    std::size_t position = 0;
    std::string token;  // the text of the number

    bool null() override { return true; }
    bool boolean(bool) override { return true; }
    bool number_integer(number_integer_t) override { return true; }
    bool number_unsigned(number_unsigned_t) override { return true; }
    bool number_float(number_float_t, const string_t&) override { return true; }
    bool string(string_t&) override { return true; }
    bool binary(binary_t&) override { return true; }
    bool start_object(std::size_t) override { return true; }
    bool key(string_t&) override { return true; }
    bool end_object() override { return true; }
    bool start_array(std::size_t) override { return true; }
    bool end_array() override { return true; }
    bool parse_error(std::size_t where, const std::string& last_token,
                     const nlohmann::detail::exception& /*error*/) override {
        position = where;
        token = last_token;
        return false;
    }
};

std::size_t line_of(const std::string& text, std::size_t byte) {
    const auto end = text.begin() + static_cast<std::ptrdiff_t>(std::min(byte, text.size()));
    return 1 + static_cast<std::size_t>(std::count(text.begin(), end, '\n'));
}

// A number of thousands of digits is shown by its start.
std::string shortened(const std::string& token) {
    constexpr std::size_t kShown = 40;
    return token.size() <= kShown ? token : token.substr(0, kShown) + "...";
}

std::string size_limit_text() { return std::to_string(kMaxConfigFileBytes / (1024 * 1024)) + " MiB"; }

}  // namespace

std::string read_config_file(const std::string& path, const std::string& what) {
    std::error_code error;
    if (std::filesystem::is_directory(path, error)) throw ConfigError(path, "is a directory, not a " + what);
    std::ifstream file(path, std::ios::binary);
    if (!file) throw ConfigError(path, "cannot open " + what + " (" + std::strerror(errno) + ")");
    // At most one byte past the limit, in blocks: /dev/zero, an endless pipe or a huge file is
    // refused after a few MiB instead of being read into memory whole.
    std::string text;
    std::array<char, 64 * 1024> block;
    while (text.size() <= kMaxConfigFileBytes) {
        const std::size_t wanted = std::min(block.size(), kMaxConfigFileBytes + 1 - text.size());
        file.read(block.data(), static_cast<std::streamsize>(wanted));
        text.append(block.data(), static_cast<std::size_t>(file.gcount()));
        if (file.bad()) throw ConfigError(path, "cannot read " + what + " (" + std::strerror(errno) + ")");
        if (!file) break;  // end of file
    }
    if (text.size() > kMaxConfigFileBytes)
        throw ConfigError(path,
                          what + " larger than " + size_limit_text() + " (the size limit of configuration files)");
    return text;
}

json parse_config_json(const std::string& text, const std::string& source) {
    StructureCheck check(source);
    try {
        return json::parse(text, std::ref(check));
    } catch (const json::parse_error& error) {
        // nlohmann reports a byte offset; the line number is what users look for.
        throw ConfigError(source + ":" + std::to_string(line_of(text, error.byte)),
                          std::string("invalid JSON: ") + error.what());
    } catch (const json::out_of_range&) {  // a number beyond a double's range, such as 1e400
        ErrorLocator locator;
        json::sax_parse(text, &locator);
        throw ConfigError(source + ":" + std::to_string(line_of(text, locator.position)),
                          "number out of range: " + shortened(locator.token) + " is beyond what a double can hold");
    }
}

}  // namespace arbiter::config
