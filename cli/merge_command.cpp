// `arbiter merge OUT.db IN.db...`: argument handling and messages around db::merge().
#include "cli/merge_command.h"

#include "cli/exit_status.h"
#include "cli/flag_reader.h"
#include "db/merge.h"

namespace arbiter::cli {
namespace {

constexpr const char* kUsage =
    "usage: arbiter merge [--no-db-check] OUT.db IN.db [IN.db...]\n"
    "Combines shard databases into OUT.db (kept and extended when it exists).\n"
    "Engines are deduplicated, runs with the same config key become one run, games are copied\n"
    "with their moves. A pair index stored in two inputs, or overlapping shard pair ranges, is an\n"
    "error that names the files and pairs; OUT.db is then left unchanged. A file given twice, OUT.db\n"
    "given as an input (under any spelling) and an input without the schema's tables and columns are\n"
    "refused before anything is written.\n"
    "Every page of every file is read first (PRAGMA quick_check, about 3 s per GiB) and a damaged\n"
    "file is refused; --no-db-check skips that.\n";

struct MergeRequest {
    std::string out_path;
    std::vector<std::string> in_paths;
    bool check_pages = true;
};

MergeRequest parse_args(const std::vector<std::string>& args) {
    MergeRequest request;
    std::vector<std::string> files;
    FlagReader flags(args);
    while (flags.next()) {
        if (flags.is_positional()) {
            files.push_back(flags.word());
        } else if (flags.name() == "no-db-check") {
            flags.no_value();
            request.check_pages = false;
        } else {
            flags.unknown("merge");
        }
    }
    if (files.size() < 2) throw UsageError("", "need an output database and at least one input database");
    request.out_path = files.front();
    request.in_paths.assign(files.begin() + 1, files.end());
    return request;
}

// A database not usable as given, or a file given twice (db::merge's invalid_argument), is bad input.
bool merge_input_error(db::ErrorKind kind) {
    return db::is_input_error(kind) || kind == db::ErrorKind::invalid_argument;
}

}  // namespace

int run_merge_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    if (asks_for_help(args)) {
        out << kUsage;
        return code(ExitStatus::ok);
    }
    try {
        const MergeRequest request = parse_args(args);
        const db::MergeSummary summary = db::merge(request.out_path, request.in_paths, request.check_pages);
        out << "merged " << summary.inputs << " database(s) into " << request.out_path << ": added " << summary.games
            << " game(s), " << summary.moves << " move(s), " << summary.epd_results << " EPD result(s), "
            << summary.ratings << " rating(s); it now holds " << summary.runs << " run(s)\n";
        return code(ExitStatus::ok);
    } catch (...) {
        // An input or output not usable as given is bad input; an overlap or a failed write fails.
        return report_failure("merge", err, BadInput{true, &merge_input_error}, kUsage);
    }
}

}  // namespace arbiter::cli
