#pragma once
// The site's own HTML around a report's content: the navigation, the JSON link and the live-update
// script (served as /live.js: the pages' Content-Security-Policy allows no inline script, so nothing
// that slipped into a page from a stored name could run).

#include <string>

#include "reports/report_model.h"
#include "serve/page_request.h"

namespace arbiter::serve {

// The whole page. `version` is the data version it was built from; the script polls /version and
// swaps in the fragment when it changes.
std::string page_html(const reports::Report& report, const PageRequest& request, const std::string& version);

// Only the content (what the script swaps in).
std::string fragment_html(const reports::Report& report);

// A page saying what went wrong, with the navigation so the user can go elsewhere.
std::string error_html(int status, const std::string& message);

// The live-update script.
const char* live_script();

// The address of the request's page with ?format=json added (other query values kept).
std::string json_address(const PageRequest& request);

}  // namespace arbiter::serve
