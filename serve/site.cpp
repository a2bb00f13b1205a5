#include "serve/site.h"

#include <sstream>

#include <nlohmann/json.hpp>

#include "db/errors.h"
#include "reports/render.h"
#include "serve/page_shell.h"
#include "serve/routes.h"

namespace arbiter::serve {
namespace {

constexpr const char* kJsonType = "application/json; charset=utf-8";

Reply error_reply(int status, const std::string& message, PageForm form, const std::string& version) {
    Reply reply;
    reply.status = status;
    reply.version = version;
    if (form == PageForm::json) {
        reply.content_type = kJsonType;
        reply.body = nlohmann::json{{"status", status}, {"error", message}}.dump(2) + "\n";
    } else {
        reply.body = error_html(status, message);
    }
    return reply;
}

Reply rendered(const RoutedPage& page, const PageRequest& request, PageForm form, const std::string& version) {
    Reply reply;
    reply.version = version;
    if (!page.report) {
        reply.content_type = page.file_type;
        reply.body = page.file_body;
        return reply;
    }
    if (form == PageForm::json) {
        reply.content_type = kJsonType;
        if (page.json) {
            reply.body = *page.json;
        } else {
            std::ostringstream json;
            reports::render(*page.report, reports::Format::json, json);
            reply.body = json.str();
        }
    } else {
        reply.body =
            form == PageForm::fragment ? fragment_html(*page.report) : page_html(*page.report, request, version);
    }
    return reply;
}

}  // namespace

PageForm page_form_of(const PageRequest& request) {
    if (request.query_value("format") == "json") return PageForm::json;
    if (request.query_value("fragment") == "1") return PageForm::fragment;
    return PageForm::page;
}

Reply Site::respond(const PageRequest& request) {
    const std::string version = sources_.version();
    const PageForm form = page_form_of(request);
    try {
        return respond_or_throw(request, version);
    } catch (const NotFound& error) {
        return error_reply(404, error.what(), form, version);
    } catch (const BadRequest& error) {
        return error_reply(400, error.what(), form, version);
    } catch (const db::DbError& error) {
        return error_reply(503, std::string("the database cannot be read: ") + error.what(), form, version);
    } catch (const std::exception& error) {
        return error_reply(500, error.what(), form, version);
    }
}

Reply Site::respond_or_throw(const PageRequest& request, const std::string& version) {
    if (request.path == "/version") {
        Reply reply;
        reply.content_type = kJsonType;
        reply.version = version;
        reply.body = nlohmann::json{{"version", version}}.dump() + "\n";
        return reply;
    }
    if (request.path == "/live.js") {
        Reply reply;
        reply.content_type = "text/javascript; charset=utf-8";
        reply.version = version;
        reply.body = live_script();
        return reply;
    }
    if (request.query_value("format") && request.query_value("format") != "json")
        throw BadRequest("format: only json is served besides the page itself");
    return cache_.get_or_build(PageCache::address_of(request), version, [&] {
        const RoutedPage page = route(sources_.read_path(), request);
        return rendered(page, request, page_form_of(request), version);
    });
}

}  // namespace arbiter::serve
