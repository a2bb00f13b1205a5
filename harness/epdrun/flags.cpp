#include "epdrun/flags.h"

#include <charconv>
#include <functional>
#include <map>
#include <utility>

#include "config/plain_text.h"

namespace arbiter::epdrun {

std::string SearchLimit::describe() const {
    std::string text;
    auto add = [&text](const std::string& part) { text += (text.empty() ? "" : " ") + part; };
    if (movetime_ms) add("movetime=" + std::to_string(*movetime_ms));
    if (nodes) add("nodes=" + std::to_string(*nodes));
    if (depth) add("depth=" + std::to_string(*depth));
    return text;
}

namespace {

// Walks `--flag value` / `--flag=value` words; single-dash spellings are accepted too, as
// cutechess users type them.
class FlagCursor {
public:
    explicit FlagCursor(const std::vector<std::string>& args) : args_(args) {}

    bool next() {
        if (pos_ >= args_.size()) return false;
        std::string word = args_[pos_++];
        inline_value_.reset();
        if (word.rfind("--", 0) == 0) word.erase(0, 1);
        if (word.size() < 2 || word[0] != '-') throw UsageError(word, "unexpected argument (flags start with --)");
        if (auto eq = word.find('='); eq != std::string::npos) {
            inline_value_ = word.substr(eq + 1);
            word.resize(eq);
        }
        flag_ = "-" + word;  // shown as --name in messages
        return true;
    }
    const std::string& flag() const { return flag_; }

    std::string value() {
        if (inline_value_) return *std::exchange(inline_value_, std::nullopt);
        if (pos_ >= args_.size()) throw UsageError(flag_, "needs a value");
        return args_[pos_++];
    }
    void no_value() const {
        if (inline_value_) throw UsageError(flag_, "takes no value");
    }

    template <typename Int>
    Int positive() {
        const std::string text = value();
        Int parsed{};
        const char* end = text.data() + text.size();
        auto [ptr, ec] = std::from_chars(text.data(), end, parsed);
        if (text.empty() || ec != std::errc() || ptr != end || parsed <= 0) {
            throw UsageError(flag_, "expected a positive integer, got '" + text + "'");
        }
        return parsed;
    }
    int non_negative() {
        const std::string text = value();
        int parsed = 0;
        const char* end = text.data() + text.size();
        auto [ptr, ec] = std::from_chars(text.data(), end, parsed);
        if (text.empty() || ec != std::errc() || ptr != end || parsed < 0) {
            throw UsageError(flag_, "expected a non-negative integer, got '" + text + "'");
        }
        return parsed;
    }

private:
    const std::vector<std::string>& args_;
    std::size_t pos_ = 0;
    std::string flag_;
    std::optional<std::string> inline_value_;
};

using Handlers = std::map<std::string, std::function<void(FlagCursor&)>>;

void run_handlers(const std::vector<std::string>& args, const Handlers& handlers) {
    FlagCursor cursor(args);
    while (cursor.next()) {
        auto it = handlers.find(cursor.flag());
        if (it == handlers.end()) throw UsageError(cursor.flag(), "unknown flag");
        it->second(cursor);
    }
}

// Engine specs, names and paths reach the engine, the database and the report: one line each.
std::string text_value(FlagCursor& cursor) {
    std::string text = cursor.value();
    if (auto problem = config::control_character_problem(text)) throw UsageError(cursor.flag(), *problem);
    return text;
}

// Setting the same flag twice is almost always a pasted command line gone wrong.
void set_once(std::string& target, FlagCursor& cursor) {
    if (!target.empty()) throw UsageError(cursor.flag(), "given twice");
    target = text_value(cursor);
    if (target.empty()) throw UsageError(cursor.flag(), "needs a non-empty value");
}

}  // namespace

EpdOptions parse_epd_options(const std::vector<std::string>& args) {
    EpdOptions options;
    bool db_given = false;
    Handlers handlers{
        {"--engine", [&](FlagCursor& c) { set_once(options.engine, c); }},
        {"--suite", [&](FlagCursor& c) { set_once(options.suite, c); }},
        {"--movetime", [&](FlagCursor& c) { options.limit.movetime_ms = c.positive<std::int64_t>(); }},
        {"--nodes", [&](FlagCursor& c) { options.limit.nodes = c.positive<std::uint64_t>(); }},
        {"--depth", [&](FlagCursor& c) { options.limit.depth = c.positive<int>(); }},
        {"--concurrency", [&](FlagCursor& c) { options.concurrency = c.positive<int>(); }},
        {"--db", [&](FlagCursor& c) {
             if (db_given) throw UsageError(c.flag(), "given twice");
             db_given = true;
             options.db = text_value(c);
             if (options.db.empty()) throw UsageError(c.flag(), "needs a file name");
         }},
        {"--json", [&](FlagCursor& c) { c.no_value(); options.json = true; }},
        {"--first", [&](FlagCursor& c) { options.first = c.positive<std::size_t>(); }},
        {"--engine-name", [&](FlagCursor& c) { set_once(options.engine_name, c); }},
        {"--git-commit", [&](FlagCursor& c) { set_once(options.git_commit, c); }},
        {"--timeout", [&](FlagCursor& c) { options.timeout_ms = c.positive<std::int64_t>(); }},
        {"--compare-previous", [&](FlagCursor& c) { c.no_value(); options.compare_previous = true; }},
        {"--no-db-check", [&](FlagCursor& c) { c.no_value(); options.check_db_pages = false; }},
        {"--max-drop", [&](FlagCursor& c) {
             options.max_drop = c.non_negative();
             options.compare_previous = true;
         }},
    };
    run_handlers(args, handlers);
    if (options.engine.empty()) throw UsageError("--engine", "required (a key=value spec or a catalogue name)");
    if (options.concurrency > 64) throw UsageError("--concurrency", "at most 64 engine processes");
    if (options.compare_previous && options.git_commit.empty()) {
        throw UsageError("--compare-previous", "needs --git-commit (results are compared per commit)");
    }
    return options;
}

TtdOptions parse_ttd_options(const std::vector<std::string>& args) {
    TtdOptions options;
    Handlers handlers{
        {"--engine", [&](FlagCursor& c) {
             options.engines.push_back(text_value(c));
             if (options.engines.back().empty()) throw UsageError(c.flag(), "needs a non-empty value");
         }},
        {"--positions", [&](FlagCursor& c) { set_once(options.positions, c); }},
        {"--depth", [&](FlagCursor& c) { options.depth = c.positive<int>(); }},
        {"--json", [&](FlagCursor& c) { c.no_value(); options.json = true; }},
        {"--timeout", [&](FlagCursor& c) { options.timeout_ms = c.positive<std::int64_t>(); }},
    };
    run_handlers(args, handlers);
    if (options.engines.size() < 2) throw UsageError("--engine", "give at least two engine configurations to compare");
    if (options.positions.empty()) throw UsageError("--positions", "required (an EPD or FEN file)");
    if (options.depth == 0) throw UsageError("--depth", "required");
    return options;
}

}  // namespace arbiter::epdrun
