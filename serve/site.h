#pragma once
// The pages of `arbiter serve`, as one function from a request to a reply. Every page is a
// reports::Report built from the database (the same builders as `arbiter report`, so a page and the
// report show the same numbers), rendered as a page inside the site's shell, as the fragment the live
// script swaps in, or as JSON with `?format=json`. A problem with the database is a page saying so,
// never a crash; the site only ever opens the database to read. A page built for the current data
// version is kept and served again to every tab that asks (serve/page_cache.h).

#include "serve/page_cache.h"
#include "serve/page_request.h"
#include "serve/sources.h"

namespace arbiter::serve {

class Site {
public:
    explicit Site(Sources& sources) : sources_(sources) {}
    Reply respond(const PageRequest& request);

private:
    Reply respond_or_throw(const PageRequest& request, const std::string& version);
    Sources& sources_;
    PageCache cache_;
};

}  // namespace arbiter::serve
