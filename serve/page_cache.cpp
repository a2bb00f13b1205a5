#include "serve/page_cache.h"

namespace arbiter::serve {

Reply PageCache::get_or_build(const std::string& address, const std::string& version,
                              const std::function<Reply()>& build) {
    std::unique_lock<std::mutex> lock(mutex_);
    for (;;) {
        const auto found = replies_.find(address);
        if (found != replies_.end() && found->second.version == version) return found->second;
        if (building_.count(address) == 0) break;
        built_.wait(lock);
    }
    building_.insert(address);
    lock.unlock();
    Reply reply;
    try {
        reply = build();
    } catch (...) {
        lock.lock();
        building_.erase(address);
        built_.notify_all();
        throw;
    }
    lock.lock();
    building_.erase(address);
    if (reply.status == 200) store(address, reply);
    built_.notify_all();
    return reply;
}

void PageCache::store(const std::string& address, const Reply& reply) {
    if (replies_.size() >= kMaxReplies && replies_.find(address) == replies_.end()) replies_.clear();
    replies_[address] = reply;
}

std::string PageCache::address_of(const PageRequest& request) {
    std::string address = request.path;
    for (const auto& [key, value] : request.query) address += '\n' + key + '=' + value;
    return address;
}

}  // namespace arbiter::serve
