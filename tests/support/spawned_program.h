#pragma once
// A program started in the background with its stdout and stderr in one log file: for tests that
// kill a run part way (SIGKILL) and then check what it stored and printed.

#include <string>
#include <vector>

#include <fcntl.h>
#include <sys/types.h>
#include <unistd.h>

namespace test_support {

// The child's pid (the caller waits for it or kills it); the child exits 127 when `program` cannot run.
inline pid_t spawn_logged(const std::string& program, const std::vector<std::string>& args, const std::string& log) {
    std::vector<std::string> words{program};
    words.insert(words.end(), args.begin(), args.end());
    std::vector<char*> argv;
    for (auto& word : words) argv.push_back(word.data());
    argv.push_back(nullptr);
    const pid_t pid = fork();
    if (pid == 0) {
        const int fd = open(log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
        dup2(fd, 1);
        dup2(fd, 2);
        execv(argv[0], argv.data());
        _exit(127);
    }
    return pid;
}

}  // namespace test_support
