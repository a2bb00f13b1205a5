// The SHA-256 that names a network in the build cache key, against FIPS 180-4's examples.
#include <catch2/catch.hpp>

#include <string>

#include "harness/build/sha256.h"

using arbiter::build::Sha256;
using arbiter::build::sha256_hex;

TEST_CASE("SHA-256 of the standard's messages, whole and fed in pieces", "[unit]") {
    CHECK(sha256_hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    CHECK(sha256_hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    const std::string two_blocks = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";
    CHECK(sha256_hex(two_blocks) == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
    Sha256 pieces;
    for (char c : two_blocks) pieces.update(std::string_view(&c, 1));
    CHECK(pieces.hex_digest() == sha256_hex(two_blocks));
    CHECK(sha256_hex(std::string(1000000, 'a')) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}
