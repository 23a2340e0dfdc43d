#include "load/templates/template_layer.h"

#include <algorithm>
#include <system_error>

#include "base/files.h"
#include "base/paths.h"
#include "load/game/designs.h"
#include "load/templates/fonts.h"
#include "load/load.h"
#include "load/templates/papers.h"
#include "load/templates/stocks.h"

namespace fs = std::filesystem;

namespace cardstock {

namespace loading {
namespace {

std::vector<std::string> yaml_files(const fs::path& dir) {
  std::vector<std::string> out;
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) return out;
  for (const auto& e : fs::directory_iterator(dir, ec))
    if (e.path().extension() == ".yaml" || e.path().extension() == ".yml")
      out.push_back(e.path().string());
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace

std::optional<YAML::Node> load_checked(const std::string& path, const Schema& s,
                                       Diagnostics& d) {
  std::string text;
  if (!read_file(path, &text, d)) return std::nullopt;
  YAML::Node n;
  if (!parse_yaml_text(text, path, "a templates file", &n, d)) return std::nullopt;
  if (!validate(n, s, path, d)) {
    if (!n.IsMap()) return std::nullopt;
  }
  return n;
}

void read_templates_folder(Templates& t, const fs::path& root, const LayerOrigin& o, Diagnostics& d) {
  TemplateLayer layer(t, d);
  auto wanted = [&](const fs::path& p) {
    std::error_code ec;
    return o.base || fs::exists(p, ec);
  };
  const std::string papers = (root / "papers.yaml").string(), cards = (root / "cards.yaml").string();
  if (wanted(papers))
    if (auto n = load_checked(papers, Schemas::papers_file(), d))
      for (const auto& p : (*n)["papers"])
        if (p.IsMap()) layer.add(read_paper(p, papers));
  if (wanted(cards))
    if (auto n = load_checked(cards, Schemas::cards_file(), d))
      for (const auto& c : (*n)["cards"])
        if (c.IsMap()) layer.add(read_card_size(c, cards, d));
  if (wanted(root / "fonts.yaml")) read_fonts_file(t, root, o, layer, d);
  for (const auto& path : yaml_files(root / "stocks")) {
    std::string text;
    if (!read_file(path, &text, d)) continue;
    for (Stock& s : parse_stocks(text, path, t, d)) layer.add(std::move(s));
  }
  std::map<std::string, Design> designs;
  for (const auto& path : yaml_files(root / "designs"))
    if (auto n = load_checked(path, Schemas::designs_file(), d)) read_designs((*n)["designs"], path, t.fonts, &designs, d);
  layer.add(std::move(designs));
  t.dirs.push_back(root.string());
}

std::shared_ptr<const Templates> game_templates(const Reader& r, const std::string& file, const Templates& t,
                                                Game* g, Diagnostics& d) {
  if (!r.has("templates") && !r.has("papers") && !r.has("card_sizes") && !r.has("stocks") && !r.has("fonts"))
    return nullptr;
  auto own = std::make_shared<Templates>(t);
  const LayerOrigin origin{false, g->dir, g->allow_outside};
  std::vector<std::pair<std::string, Mark>> folders;
  if (YAML::Node n = r.node("templates"); n && n.IsSequence())
    for (const auto& f : n) folders.push_back({f.as<std::string>(""), mark_of(f, file)});
  else if (n && n.IsScalar())
    folders.push_back({n.Scalar(), mark_of(n, file)});
  for (const auto& [folder, at] : folders) {
    std::string resolved, why;
    std::error_code ec;
    if (!confined_path(g->dir, folder, g->allow_outside, &resolved, &why)) {
      d.error(at, "templates folder " + why);
    } else if (!fs::is_directory(resolved, ec)) {
      d.error(at, "templates folder '" + folder + "' not found (looked for " + resolved + ")");
    } else {
      read_templates_folder(*own, resolved, origin, d);
      const auto files = files_under(resolved);
      g->template_files.insert(g->template_files.end(), files.begin(), files.end());
    }
  }
  TemplateLayer layer(*own, d);
  // Each a list (validation said so if not: a map is not walked as one).
  auto list = [&](const char* key) {
    YAML::Node n = r.node(key);
    return n && n.IsSequence() ? n : YAML::Node(YAML::NodeType::Sequence);
  };
  // Papers and card sizes first: the game's stocks may name them.
  for (const auto& p : list("papers"))
    if (p.IsMap()) layer.add(read_paper(p, file));
  for (const auto& c : list("card_sizes"))
    if (c.IsMap()) layer.add(read_card_size(c, file, d));
  for (const auto& f : list("fonts")) {
    if (!f.IsMap()) continue;
    read_font_family(f, file, g->dir, origin, layer, d);
    const FontFamily& fam = own->fonts.families.back();
    g->template_files.insert(g->template_files.end(), fam.files.begin(), fam.files.end());
  }
  for (const auto& s : list("stocks")) {
    if (!s.IsMap()) continue;
    bool ok = true;
    for (Stock& stock : read_stocks(s, file, *own, d, &ok)) layer.add(std::move(stock));
  }
  return own;
}

}  // namespace loading

using namespace loading;

Templates load_templates(const std::string& dir, Diagnostics& d) {
  Templates t;
  t.dir = dir;
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) {
    d.error({dir, 0, 0}, "templates folder not found");
    return t;
  }
  read_templates_folder(t, dir, LayerOrigin{true, "", false}, d);
  return t;
}

void add_templates(Templates& t, const std::string& dir, Diagnostics& d) {
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) {
    d.error({dir, 0, 0}, "templates folder not found");
    return;
  }
  // A folder already layered (the shipped one named again, as --templates used to be
  // given) adds nothing: it would only replace every name by itself.
  for (const auto& have : t.dirs)
    if (fs::equivalent(have, dir, ec)) return;
  read_templates_folder(t, dir, LayerOrigin{false, "", false}, d);
}

}  // namespace cardstock
