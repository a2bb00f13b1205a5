#pragma once
// A read-only mount for the tests of reading results on read-only media: a small tmpfs holding copies
// of some files, remounted read-only, unmounted at scope end. Mounting needs root, and in a container
// the right to mount; ready() says whether the mount stands, why_not() why it does not.

#include <sys/mount.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <string>
#include <utility>
#include <vector>

namespace test_support {

class ReadOnlyMount {
public:
    ReadOnlyMount(std::filesystem::path point, const std::vector<std::string>& files) : point_(std::move(point)) {
        if (::geteuid() != 0) {
            why_not_ = "mounting needs root";
            return;
        }
        std::filesystem::create_directories(point_);
        if (::mount("tmpfs", point_.c_str(), "tmpfs", 0, "size=64m") != 0) {
            why_not_ = std::string("mount -t tmpfs: ") + std::strerror(errno);
            return;
        }
        mounted_ = true;
        for (const std::string& file : files)
            std::filesystem::copy_file(file, point_ / std::filesystem::path(file).filename());
        if (::mount(nullptr, point_.c_str(), nullptr, MS_REMOUNT | MS_RDONLY, nullptr) != 0)
            why_not_ = std::string("mount -o remount,ro: ") + std::strerror(errno);
    }
    ~ReadOnlyMount() {
        if (mounted_) ::umount2(point_.c_str(), MNT_DETACH);
    }
    ReadOnlyMount(const ReadOnlyMount&) = delete;
    ReadOnlyMount& operator=(const ReadOnlyMount&) = delete;

    bool ready() const { return why_not_.empty(); }
    const std::string& why_not() const { return why_not_; }
    std::string file(const std::string& name) const { return (point_ / name).string(); }

private:
    std::filesystem::path point_;
    bool mounted_ = false;
    std::string why_not_;
};

}  // namespace test_support
