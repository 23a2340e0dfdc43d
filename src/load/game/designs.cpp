#include "load/game/designs.h"

#include <algorithm>
#include <functional>

#include "load/game/layers.h"
#include "load/names.h"
#include "load/schema/schema.h"

namespace cardstock::loading {

namespace {

Design read_design(const std::string& name, const YAML::Node& n, const std::string& file,
                   const FontSet& fonts, Diagnostics& d) {
  Design des;
  des.name = name;
  des.mark = mark_of(n, file);
  if (!n.IsMap()) return des;  // validate() reported it
  Reader r(n, Schemas::design(), file);
  des.extends = r.str("extends");
  des.background = r.str("background");
  des.legible_size = r.length("legible_size");
  YAML::Node layers = r.node("layers");
  if (layers && !layers.IsNull()) {
    if (!layers.IsSequence()) {
      d.error(mark_of(layers, file), "'layers' must be a list of layers");
    } else {
      for (const auto& ln : layers) read_layer(ln, file, fonts, d, &des.layers);
    }
  }
  return des;
}

}  // namespace

void read_designs(const YAML::Node& map, const std::string& file, const FontSet& fonts,
                  std::map<std::string, Design>* out, Diagnostics& d) {
  if (!map || !map.IsMap()) return;
  for (const auto& kv : map) {
    const std::string name = kv.first.Scalar();
    Design des = read_design(name, kv.second, file, fonts, d);
    // Twice in one file is a duplicate key (reported by the walk); in two templates files
    // one would replace the other unseen.
    auto it = out->find(name);
    if (it != out->end() && it->second.mark.file != file) {
      d.error(des.mark, "design '" + name + "' is defined twice in the templates");
      d.note(it->second.mark, "design '" + name + "' is first defined here");
      continue;
    }
    (*out)[name] = std::move(des);
  }
}

void resolve_designs(const std::map<std::string, Design>& own, const Templates& t, Game* g,
                     Diagnostics& d) {
  std::map<std::string, Design> all = t.designs;
  for (const auto& [k, v] : own) all[k] = v;
  std::vector<std::string> names;
  for (const auto& kv : all) names.push_back(kv.first);
  size_t layers_in_game = 0;
  bool too_many_layers = false, too_long_reported = false;
  std::function<bool(const std::string&, std::vector<std::string>&, Design*)> flatten =
      [&](const std::string& name, std::vector<std::string>& chain, Design* out) -> bool {
    const Design& src = all.at(name);
    if (std::find(chain.begin(), chain.end(), name) != chain.end()) {
      std::string path;
      for (const auto& c : chain) path += c + " -> ";
      d.error(src.mark, "design '" + name + "' extends itself: " + path + name);
      return false;
    }
    if (chain.size() >= static_cast<size_t>(kMaxExtendsDepth)) {
      // Reported once, at the head of the first chain found too long: every design
      // along it would say the same.
      if (!too_long_reported)
        d.error(all.at(chain.front()).mark, "design '" + chain.front() + "' extends a chain of more than " +
                                                std::to_string(kMaxExtendsDepth) + " designs ('" + chain.front() +
                                                "' -> '" + chain[1] + "' -> ...); the limit is " +
                                                std::to_string(kMaxExtendsDepth));
      too_long_reported = true;
      return false;
    }
    chain.push_back(name);
    if (!src.extends.empty()) {
      if (!all.count(src.extends)) {
        unknown(d, src.mark, "design", src.extends, names);
        return false;
      }
      if (!flatten(src.extends, chain, out)) return false;
    }
    if (!src.background.empty()) out->background = src.background;
    if (src.legible_size.pt > 0) out->legible_size = src.legible_size;
    out->layers.insert(out->layers.end(), src.layers.begin(), src.layers.end());
    return true;
  };
  for (const auto& name : names) {
    Design flat;
    flat.name = name;
    flat.mark = all.at(name).mark;
    std::vector<std::string> chain;
    if (!flatten(name, chain, &flat)) {
      g->broken_designs.push_back(name);
      continue;
    }
    if (flat.layers.size() > kMaxLayersPerDesign) {
      d.error(flat.mark, "design '" + name + "' draws " + std::to_string(flat.layers.size()) +
                             " layers (its extends chain included); the limit is " +
                             std::to_string(kMaxLayersPerDesign));
      g->broken_designs.push_back(name);
      continue;
    }
    // Many designs extending one big one would copy its layers again and again.
    layers_in_game += flat.layers.size();
    if (layers_in_game > kMaxLayersPerGame) {
      if (!too_many_layers)
        d.error(flat.mark, "with design '" + name + "' the game's designs draw more than " +
                               std::to_string(kMaxLayersPerGame) + " layers in all (extends included); the limit is " +
                               std::to_string(kMaxLayersPerGame));
      too_many_layers = true;
      g->broken_designs.push_back(name);
      continue;
    }
    g->designs[name] = std::move(flat);
  }
}

}  // namespace cardstock::loading
