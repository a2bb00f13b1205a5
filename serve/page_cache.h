#pragma once
// The replies of one data version, by address: every open tab on a page asks for it after each
// stored game, and only the first of them builds it; the others wait for that build rather than
// start their own. A reply is good while the data version it was built under is the current one; a
// newer version misses, so nothing stale is ever served.

#include <condition_variable>
#include <cstddef>
#include <functional>
#include <map>
#include <mutex>
#include <set>
#include <string>

#include "serve/page_request.h"

namespace arbiter::serve {

class PageCache {
public:
    // The stored reply to `address` if it was built under `version`; else the one another thread is
    // building for it, once built; else `build()`'s, kept when it is a 200. What build throws, throws.
    Reply get_or_build(const std::string& address, const std::string& version, const std::function<Reply()>& build);

    // The cache key of a request: its path and every query value, in order.
    static std::string address_of(const PageRequest& request);

private:
    // Pages of old versions are dropped wholesale when the map is full: a live run makes every entry
    // old after each game anyway.
    static constexpr std::size_t kMaxReplies = 256;

    void store(const std::string& address, const Reply& reply);  // under the lock

    std::mutex mutex_;
    std::condition_variable built_;
    std::map<std::string, Reply> replies_;
    std::set<std::string> building_;
};

}  // namespace arbiter::serve
