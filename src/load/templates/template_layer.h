// Template layers: the shipped templates folder, a --templates folder or a game's own
// templates, each read as one layer over those below it (a name defined twice in a layer
// is an error; one replacing or hiding a name below gets a notice).
#pragma once
#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <yaml-cpp/yaml.h>

#include "base/diag.h"
#include "load/names.h"
#include "load/templates/papers.h"
#include "load/schema/schema.h"
#include "model/model.h"

namespace cardstock::loading {

// Adds one layer of templates over those below it in `t`. A name (id or alias) defined
// twice within the layer is an error. One defined below is replaced (the same id) or
// hidden (find_named searches from the top), and the new definition carries a note
// saying so: a game's own `poker` silently unlike the shipped one would surprise.
class TemplateLayer {
 public:
  TemplateLayer(Templates& t, Diagnostics& d) : t_(t), d_(d) {}

  void add(Paper p) {
    check_positive_size(p, "paper", d_);
    put(t_.papers, papers_, std::move(p), "paper");
  }
  void add(CardSize c) {
    check_positive_size(c, "card size", d_);
    put(t_.cards, cards_, std::move(c), "card size");
  }
  void add(Stock s) { put(t_.stocks, stocks_, std::move(s), "stock"); }
  void add(FontFamily f, const Mark& name_at) {
    if (!families_.add(f.family, name_at, "font family '" + f.family + "' is listed twice", d_)) return;
    auto& all = t_.fonts.families;
    for (auto it = all.begin(); it != all.end(); ++it)
      if (it->family == f.family) {
        d_.notice(name_at, "font family '" + f.family + "' replaces the one listed at " + it->mark.str());
        all.erase(it);
        break;
      }
    all.push_back(std::move(f));
  }
  // The layer's designs (read_designs reported a name defined in two of its files).
  void add(std::map<std::string, Design> designs) {
    for (auto& [name, des] : designs) {
      auto it = t_.designs.find(name);
      if (it != t_.designs.end())
        d_.notice(des.mark, "design '" + name + "' replaces the one defined at " + it->second.mark.str());
      t_.designs[name] = std::move(des);
    }
  }

 private:
  template <class T>
  void put(std::vector<T>& all, std::vector<T>& mine, T x, const std::string& what) {
    if (!names_unique(mine, x, what, d_)) return;
    // A warning, not an error: the JSON Schema an editor checks with cannot say it.
    if (!x.replaces.empty() && x.replaces != x.id) {
      d_.warning(x.mark, what + " '" + x.id + "': replaces: '" + x.replaces + "' must be its own id, '" + x.id +
                             "' (a definition replaces the one with the same id)");
      x.replaces.clear();
    }
    mine.push_back(x);
    std::vector<std::string> names{x.id};
    names.insert(names.end(), x.aliases.begin(), x.aliases.end());
    bool replaced = false;
    for (auto it = all.begin(); it != all.end();) {
      if (it->id == x.id) {
        // `replaces:` says it is meant: a game's own tarot need not be told on every build.
        if (x.replaces.empty())
          d_.notice(x.mark, what + " '" + x.id + "' replaces the one defined at " + it->mark.str() +
                                " (say replaces: " + x.id + " to mean it and silence this)");
        replaced = true;
        it = all.erase(it);
        continue;
      }
      for (const auto& n : names)
        if (n == it->id || std::find(it->aliases.begin(), it->aliases.end(), n) != it->aliases.end())
          d_.notice(x.mark, what + " '" + x.id + "': the name '" + n + "' now means this " + what + ", not " + what +
                                " '" + it->id + "' (" + it->mark.str() + ")");
      ++it;
    }
    if (!replaced && !x.replaces.empty()) {
      std::vector<std::string> ids;
      for (const auto& y : all) ids.push_back(y.id);
      d_.warning(x.mark, what + " '" + x.id + "' says replaces: " + x.id + ", but no " + what +
                             " below it has that id" + did_you_mean(x.id, ids));
    }
    all.push_back(std::move(x));
  }

  Templates& t_;
  Diagnostics& d_;
  std::vector<Paper> papers_;
  std::vector<CardSize> cards_;
  std::vector<Stock> stocks_;
  UniqueNames families_;
};

// Where a layer comes from: the shipped folder (every file required), a --templates
// folder, or a game's (files confined to the game's folder unless allowed outside).
struct LayerOrigin {
  bool base = false;
  std::string confine_to;  // "" = anywhere
  bool allow_outside = false;
};

// A templates file read, parsed and checked against `s`; nullopt (after reporting) if it
// cannot be read or is not a map.
std::optional<YAML::Node> load_checked(const std::string& path, const Schema& s, Diagnostics& d);

// Reads the templates folder `root` as one layer over `t`: papers.yaml, cards.yaml,
// fonts.yaml, stocks/*.yaml and designs/*.yaml, each required in the shipped folder and
// optional in a layer over it.
void read_templates_folder(Templates& t, const std::filesystem::path& root, const LayerOrigin& o, Diagnostics& d);

// A game's own templates: its `templates:` folders, then the paper sizes, card sizes,
// fonts and stocks written in the game file, each a layer over `t`. Null if it adds
// none. The files they came from go to g->template_files.
std::shared_ptr<const Templates> game_templates(const Reader& r, const std::string& file, const Templates& t,
                                                Game* g, Diagnostics& d);

}  // namespace cardstock::loading
