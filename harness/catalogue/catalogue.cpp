#include "harness/catalogue/catalogue.h"

#include <nlohmann/json.hpp>

#include "harness/config/engine_spec.h"
#include "harness/config/json_file.h"
#include "harness/config/plain_text.h"

extern "C" const char arbiter_builtin_catalogue[];

namespace arbiter::catalogue {
namespace {

ReferenceEngine read_entry(const nlohmann::json& entry, const std::string& where) {
    nlohmann::json spec_json = nlohmann::json::object();
    ReferenceEngine ref;
    for (const auto& item : entry.items()) {
        const std::string& key = item.key();
        if (key == "anchor_source" || key == "notes")
            config::require_plain_text(item.value().get<std::string>(), where + "." + key);
        if (key == "anchor") ref.anchor = item.value().get<double>();
        else if (key == "anchor_source") ref.anchor_source = item.value().get<std::string>();
        else if (key == "notes") ref.notes = item.value().get<std::string>();
        else if (key != "package" && key != "version" && key != "base") spec_json[key] = item.value();
    }
    ref.spec = config::engine_spec_from_json(spec_json, where);
    return ref;
}

}  // namespace

Catalogue Catalogue::from_json_text(const std::string& text, const std::string& source) {
    const nlohmann::json parsed = config::parse_config_json(text, source);
    if (!parsed.contains("engines") || !parsed["engines"].is_object()) {
        throw config::ConfigError(source, "expected an object \"engines\"");
    }
    Catalogue catalogue;
    const auto& engines = parsed["engines"];
    for (const auto& item : engines.items()) {
        const std::string where = source + ".engines." + item.key();
        config::require_plain_text(item.key(), where);  // the entry's name names its games
        ReferenceEngine ref = read_entry(item.value(), where);
        if (item.value().contains("base")) {
            // A level of another entry: start from the base and let this entry's settings win.
            const std::string base = item.value()["base"].get<std::string>();
            if (!engines.contains(base)) throw config::ConfigError(where + ".base", "unknown entry '" + base + "'");
            ReferenceEngine base_ref = read_entry(engines[base], source + ".engines." + base);
            config::apply_each(ref.spec, base_ref.spec);
            if (!ref.anchor) ref.anchor = base_ref.anchor;
        }
        ref.spec.name = item.key();
        catalogue.entries_[item.key()] = std::move(ref);
    }
    return catalogue;
}

Catalogue Catalogue::from_file(const std::string& path) {
    return from_json_text(config::read_config_file(path, "catalogue file"), path);
}

Catalogue Catalogue::builtin() { return from_json_text(arbiter_builtin_catalogue, "builtin catalogue"); }

const ReferenceEngine* Catalogue::find(const std::string& name) const {
    auto it = entries_.find(name);
    return it == entries_.end() ? nullptr : &it->second;
}

void resolve_catalogue_reference(config::EngineSpec& spec, const Catalogue& catalogue, const std::string& where) {
    if (!spec.catalogue) return;
    const ReferenceEngine* ref = catalogue.find(*spec.catalogue);
    if (!ref) throw config::ConfigError(where, "no engine '" + *spec.catalogue + "' in the reference catalogue");
    if (spec.name.empty()) spec.name = *spec.catalogue;
    config::apply_each(spec, ref->spec);
}

}  // namespace arbiter::catalogue
