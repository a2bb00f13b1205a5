#pragma once
// Combining shard databases (`arbiter merge OUT.db IN.db...`, cli/merge_command.cpp).

#include <string>
#include <vector>

#include "db/errors.h"
#include "db/records.h"

namespace arbiter::db {

// Merges every input into out_path. An existing out_path is kept and counts as one more input.
//  - a file given twice, or the output given as an input (under any spelling: a symlink, "./", a hard
//    link), is a DbError(ErrorKind::invalid_argument) naming it, before anything is opened;
//  - an input whose tables lack a column or table of the current schema is a
//    DbError(ErrorKind::not_a_database) naming the input and what it lacks, before anything is written;
//  - engines are deduplicated by identity (all fields), runs with the same config key become one run;
//  - games are copied with their moves, EPD results and rating snapshots with them;
//  - a bisection (`arbiter bisect`) is copied with its commits, which then name the merged runs, unless
//    the output already holds one of the same identity: that one keeps its rows (the first input's);
//  - SPSA runs are not copied (an SPSA run lives on one host);
//  - a run's pair index appearing in two inputs, or two shards of a run declaring overlapping pair
//    ranges, is a DbError(ErrorKind::merge_conflict) that lists the files and pair indexes, thrown
//    before anything is written;
//  - the result is built in a temporary file beside out_path and renamed over it at the end, so a
//    failure leaves out_path exactly as it was;
//  - with check_pages, every page of every input and of an existing out_path is read first (PRAGMA
//    quick_check): a damaged file is a DbError(ErrorKind::corrupt) naming it, before anything is written.
//    Errors SQLite meets while reading an input name that input, never the temporary file.
MergeSummary merge(const std::string& out_path, const std::vector<std::string>& in_paths, bool check_pages = true);

}  // namespace arbiter::db
