#pragma once
// The reference-opponent catalogue: Debian engines with commands and options known to work, and an
// anchor rating with its source where one exists. `-engine conf=NAME` and `arbiter epd --engine NAME`
// resolve through it.

#include <map>
#include <optional>
#include <string>

#include "harness/config/match_config.h"

namespace arbiter::catalogue {

struct ReferenceEngine {
    config::EngineSpec spec;
    std::optional<double> anchor;
    std::string anchor_source;
    std::string notes;
};

class Catalogue {
public:
    // The catalogue compiled into arbiter (harness/catalogue/reference-engines.json).
    static Catalogue builtin();
    static Catalogue from_file(const std::string& path);
    static Catalogue from_json_text(const std::string& text, const std::string& source);

    const ReferenceEngine* find(const std::string& name) const;
    const std::map<std::string, ReferenceEngine>& entries() const { return entries_; }

private:
    std::map<std::string, ReferenceEngine> entries_;
};

// Fills a spec that names a catalogue entry (`conf=NAME`): the entry supplies command, protocol,
// arguments and options; anything the spec sets itself wins. Throws config::ConfigError naming the
// engine when the name is unknown.
void resolve_catalogue_reference(config::EngineSpec& spec, const Catalogue& catalogue, const std::string& where);

}  // namespace arbiter::catalogue
