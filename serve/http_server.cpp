#include "serve/http_server.h"

#include <httplib.h>

#include <stdexcept>

namespace arbiter::serve {
namespace {

// Threads answering at once. A poll closes its connection (keep-alive of one request), so many open
// tabs share these threads instead of each holding one while idle.
constexpr std::size_t kAnsweringThreads = 8;

constexpr const char* kContentSecurityPolicy =
    "default-src 'none'; script-src 'self'; connect-src 'self'; style-src 'unsafe-inline'; img-src 'self' data:; "
    "base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

PageRequest page_request_of(const httplib::Request& request) {
    PageRequest page;
    page.path = request.path;
    for (const auto& [key, value] : request.params) page.query.emplace(key, value);
    return page;
}

}  // namespace

struct HttpServer::Impl {
    httplib::Server server;
};

HttpServer::HttpServer(Site& site) : impl_(std::make_unique<Impl>()) {
    httplib::Server& server = impl_->server;
    server.new_task_queue = [] { return new httplib::ThreadPool(kAnsweringThreads); };
    server.set_keep_alive_max_count(1);
    server.set_default_headers({{"Content-Security-Policy", kContentSecurityPolicy},
                                {"X-Content-Type-Options", "nosniff"},
                                {"Cache-Control", "no-store"}});
    server.Get(".*", [&site](const httplib::Request& request, httplib::Response& response) {
        const Reply reply = site.respond(page_request_of(request));
        response.status = reply.status;
        response.set_header("X-Arbiter-Version", reply.version);
        response.set_content(reply.body, reply.content_type.c_str());
    });
    const auto refuse = [](const httplib::Request&, httplib::Response& response) {
        response.status = 405;
        response.set_content("arbiter serve only reads: GET only\n", "text/plain; charset=utf-8");
    };
    server.Post(".*", refuse);
    server.Put(".*", refuse);
    server.Delete(".*", refuse);
    server.Patch(".*", refuse);
}

HttpServer::~HttpServer() = default;

int HttpServer::bind(const std::string& address, int port) {
    httplib::Server& server = impl_->server;
    const int bound = port == 0 ? server.bind_to_any_port(address) : (server.bind_to_port(address, port) ? port : -1);
    if (bound < 0)
        throw std::runtime_error("cannot listen on " + address + ":" + std::to_string(port) +
                                 " (address in use, or not an address of this machine)");
    return bound;
}

void HttpServer::listen() { impl_->server.listen_after_bind(); }

void HttpServer::stop() { impl_->server.stop(); }

}  // namespace arbiter::serve
