// One pipe's two ends, closed when it goes out of scope (or earlier, one end at a time).
#pragma once

#include <stdexcept>

#include <unistd.h>

namespace test_support {

struct PipePair {
    int read_end = -1;
    int write_end = -1;
    PipePair() {
        int fds[2];
        if (::pipe(fds) != 0) throw std::runtime_error("pipe failed");
        read_end = fds[0];
        write_end = fds[1];
    }
    ~PipePair() {
        close_read();
        close_write();
    }
    void close_read() {
        if (read_end >= 0) ::close(read_end);
        read_end = -1;
    }
    void close_write() {
        if (write_end >= 0) ::close(write_end);
        write_end = -1;
    }
    PipePair(const PipePair&) = delete;
    PipePair& operator=(const PipePair&) = delete;
};

}  // namespace test_support
