#pragma once
// One `arbiter spsa` at a time plays a run: a second one on the same database and run would plan
// the same iteration and fail on storing it. The claim is an open-file-description lock
// (fcntl F_OFD_SETLK) on one byte, the run's id, of "DB.spsa-lock" beside the database: each run
// of the database has its own byte, and the kernel drops the lock when the process ends however it
// ends, so a killed run never blocks its resume. The file stays; it holds no data.

#include <cstdint>
#include <stdexcept>
#include <string>

namespace arbiter::spsa {

// Another process holds the run, or the lock file cannot be made; what() says which, naming the file.
class RunClaimError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

class RunLock {
public:
    // Claims run `run_id` of the database at `db_path` without waiting. Throws RunClaimError.
    RunLock(const std::string& db_path, std::int64_t run_id);
    ~RunLock();
    RunLock(const RunLock&) = delete;
    RunLock& operator=(const RunLock&) = delete;

private:
    int fd_ = -1;
};

}  // namespace arbiter::spsa
