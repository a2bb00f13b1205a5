#pragma once
// One HTTP GET as the site sees it, with no HTTP library in sight: the decoded path and query, and
// the reply it gets. serve/http_server.cpp converts to and from the library's types.

#include <map>
#include <optional>
#include <string>

namespace arbiter::serve {

struct PageRequest {
    std::string path;                          // decoded, without the query: "/run/12"
    std::map<std::string, std::string> query;  // decoded: {"format": "json"}
    std::optional<std::string> query_value(const std::string& key) const {
        const auto found = query.find(key);
        if (found == query.end()) return std::nullopt;
        return found->second;
    }
};

struct Reply {
    int status = 200;
    std::string content_type = "text/html; charset=utf-8";
    std::string body;
    std::string version;  // the data version the body was built from (header X-Arbiter-Version)
};

// What a page asks for by its query: the whole page, only its content (what the live script swaps
// in), or its numbers as JSON.
enum class PageForm { page, fragment, json };

PageForm page_form_of(const PageRequest& request);

}  // namespace arbiter::serve
