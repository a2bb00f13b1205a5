// `arbiter merge OUT.db IN.db...`: argument handling and messages around merge().
#include <exception>
#include <ostream>

#include "db/merge.h"

namespace arbiter::db {

namespace {

void print_usage(std::ostream& stream) {
  stream << "usage: arbiter merge [--no-db-check] OUT.db IN.db [IN.db...]\n"
            "Combines shard databases into OUT.db (kept and extended when it exists).\n"
            "Engines are deduplicated, runs with the same config key become one run, games are copied\n"
            "with their moves. A pair index stored in two inputs, or overlapping shard pair ranges, is an\n"
            "error that names the files and pairs; OUT.db is then left unchanged.\n"
            "Every page of every file is read first (PRAGMA quick_check, about 3 s per GiB) and a damaged\n"
            "file is refused; --no-db-check skips that.\n";
}

}  // namespace

int run_merge_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  std::vector<std::string> files;
  bool check_pages = true;
  for (const std::string& arg : args) {
    if (arg == "-h" || arg == "--help") {
      print_usage(out);
      return 0;
    }
    if (arg == "--no-db-check") {
      check_pages = false;
    } else if (arg.size() > 1 && arg[0] == '-') {
      err << "arbiter merge: unknown option '" << arg << "'\n";
      print_usage(err);
      return 2;
    } else {
      files.push_back(arg);
    }
  }
  if (files.size() < 2) {
    err << "arbiter merge: need an output database and at least one input database\n";
    print_usage(err);
    return 2;
  }
  const std::vector<std::string> inputs(files.begin() + 1, files.end());
  try {
    const MergeSummary summary = merge(files[0], inputs, check_pages);
    out << "merged " << summary.inputs << " database(s) into " << files[0] << ": added " << summary.games
        << " game(s), " << summary.moves << " move(s), " << summary.epd_results << " EPD result(s), "
        << summary.ratings << " rating(s); it now holds " << summary.runs << " run(s)\n";
    return 0;
  } catch (const DbError& error) {
    err << "arbiter merge: " << error.what() << "\n";
    return is_input_error(error.kind()) ? 2 : 1;
  } catch (const std::exception& error) {
    err << "arbiter merge: " << error.what() << "\n";
    return 1;
  }
}

}  // namespace arbiter::db
