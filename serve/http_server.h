#pragma once
// The site on a socket, through cpp-httplib (Debian's libcpp-httplib-dev; docs/serve.md says why).
// Only GET is answered. Every reply carries a Content-Security-Policy that allows no inline script and
// no other origin, so a page can load nothing from the internet and run nothing but /live.js.

#include <memory>
#include <string>

#include "serve/site.h"

namespace arbiter::serve {

class HttpServer {
public:
    explicit HttpServer(Site& site);
    ~HttpServer();
    HttpServer(const HttpServer&) = delete;
    HttpServer& operator=(const HttpServer&) = delete;

    // Binds `address`:`port` (0: any free port) and returns the port; throws std::runtime_error naming
    // the address when it cannot.
    int bind(const std::string& address, int port);
    void listen();  // serves until stop()
    void stop();    // from another thread

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace arbiter::serve
