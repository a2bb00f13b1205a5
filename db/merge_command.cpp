// `arbiter merge OUT.db IN.db...`: argument handling and messages around merge().
#include <exception>
#include <ostream>

#include "db/merge.h"

namespace arbiter::db {

namespace {

void print_usage(std::ostream& stream) {
  stream << "usage: arbiter merge OUT.db IN.db [IN.db...]\n"
            "Combines shard databases into OUT.db (kept and extended when it exists).\n"
            "Engines are deduplicated, runs with the same config key become one run, games are copied\n"
            "with their moves. A pair index stored in two inputs, or overlapping shard pair ranges, is an\n"
            "error that names the files and pairs; OUT.db is then left unchanged.\n";
}

}  // namespace

int run_merge_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  for (const std::string& arg : args) {
    if (arg == "-h" || arg == "--help") {
      print_usage(out);
      return 0;
    }
    if (arg.size() > 1 && arg[0] == '-') {
      err << "arbiter merge: unknown option '" << arg << "'\n";
      print_usage(err);
      return 2;
    }
  }
  if (args.size() < 2) {
    err << "arbiter merge: need an output database and at least one input database\n";
    print_usage(err);
    return 2;
  }
  const std::vector<std::string> inputs(args.begin() + 1, args.end());
  try {
    const MergeSummary summary = merge(args[0], inputs);
    out << "merged " << summary.inputs << " database(s) into " << args[0] << ": added " << summary.games
        << " game(s), " << summary.moves << " move(s), " << summary.epd_results << " EPD result(s), "
        << summary.ratings << " rating(s); it now holds " << summary.runs << " run(s)\n";
    return 0;
  } catch (const std::exception& error) {
    err << "arbiter merge: " << error.what() << "\n";
    return 1;
  }
}

}  // namespace arbiter::db
