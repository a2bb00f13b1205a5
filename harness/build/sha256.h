#pragma once
// SHA-256 (FIPS 180-4), for the part of a build's cache key that names a network file by its bytes:
// a network is tens of megabytes of weights, and two of them must never share a cache entry, so the
// hash is a cryptographic one rather than the run identity's fast 64-bit file hash
// (harness/scheduler/run_identity.h).

#include <array>
#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>

namespace arbiter::build {

class Sha256 {
public:
    Sha256();
    void update(std::string_view bytes);
    std::string hex_digest();  // 64 lowercase hex digits; the object is spent afterwards

private:
    void compress(const unsigned char* block);

    std::array<std::uint32_t, 8> state_;
    std::array<unsigned char, 64> pending_{};
    std::size_t pending_size_ = 0;
    std::uint64_t total_bytes_ = 0;
};

std::string sha256_hex(std::string_view bytes);

// The hash of a file's bytes. Throws std::runtime_error naming the file when it cannot be read.
std::string sha256_file_hex(const std::filesystem::path& file);

}  // namespace arbiter::build
