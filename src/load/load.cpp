// load_game and parse_game: a game file read into a Game, its templates, palette,
// icons, designs, decks, boards, tables and booklet each read by its own file of load/.
#include "load/load.h"

#include <yaml-cpp/yaml.h>

#include <filesystem>

#include "load/game/decks.h"
#include "load/game/designs.h"
#include "load/game/game_extras.h"
#include "load/images/icons.h"
#include "load/images/images.h"
#include "load/names.h"
#include "load/game/palette.h"
#include "load/schema/schema.h"
#include "load/templates/template_layer.h"

namespace fs = std::filesystem;

namespace cardstock {

using namespace loading;

std::optional<Game> parse_game(const std::string& text, const std::string& name,
                               const std::string& dir, const Templates& t_shared, Diagnostics& d,
                               const LoadOptions& o) {
  YAML::Node n;
  if (!parse_yaml_text(text, name, "a game file", &n, d)) return std::nullopt;
  validate(n, Schemas::game(), name, d);
  if (!n.IsMap()) return std::nullopt;
  Reader r(n, Schemas::game(), name);
  Game g;
  g.id = r.str("game");
  g.title = r.str("title");
  g.file = name;
  g.dir = dir;
  g.allow_outside = o.allow_outside;
  g.mark = r.mark();
  g.id_mark = r.mark("game");
  g.templates = game_templates(r, name, t_shared, &g, d);
  const Templates& t = g.templates ? *g.templates : t_shared;
  read_palette(r.node("colors"), name, &g, d);
  read_icons(r.node("icons"), name, &g, d);
  std::map<std::string, Design> own;
  read_designs(r.node("designs"), name, t.fonts, &own, d);
  for (const auto& [dname, des] : own)
    if (auto it = t.designs.find(dname); it != t.designs.end())
      d.notice(des.mark, "design '" + dname + "' replaces the one defined at " + it->second.mark.str());
  resolve_designs(own, t, &g, d);
  for (const auto& [dname, des] : own) {
    if (!g.designs.count(dname)) continue;
    check_literal_color(des.background, des.mark, g, d);
    for (const auto& l : des.layers)
      for (const auto* c : {&l.fill, &l.stroke, &l.color}) check_literal_color(*c, l.mark, g, d);
  }
  YAML::Node decks = r.node("decks");
  UniqueNames deck_ids, board_ids;
  long cards_in_game = 0;
  if (decks && decks.IsSequence()) {
    for (const auto& dn : decks) {
      if (!dn.IsMap()) continue;
      Deck deck = read_deck(dn, name, t, g, d);
      deck_ids.add(deck.id, deck.mark, "deck id '" + deck.id + "' is used twice", d);
      // Checked here, before anything is laid out: millions of cards would exhaust memory.
      const long before = cards_in_game;
      cards_in_game += deck.total_cards();
      if (before <= kMaxCardsPerGame && cards_in_game > kMaxCardsPerGame)
        d.error(deck.mark, "deck '" + deck.id + "' brings the game to " + std::to_string(cards_in_game) +
                               " cards (counting copies); a game may have at most " +
                               std::to_string(kMaxCardsPerGame));
      g.decks.push_back(std::move(deck));
    }
  }
  if (YAML::Node boards = r.node("boards"); boards && boards.IsSequence())
    for (const auto& bn : boards) {
      if (!bn.IsMap()) continue;
      Board b = read_board(bn, name, d);
      // Its id names the board's output files: a second one would overwrite the first.
      board_ids.add(b.id, b.mark, "board id '" + b.id + "' is used twice", d);
      g.boards.push_back(std::move(b));
    }
  read_tables(r.node("tables"), name, &g, d);
  if (YAML::Node bn = r.node("booklet"); bn && bn.IsMap()) read_booklet(bn, name, t.fonts, &g, d);
  // What each image name is on disk, while loading: layout reads the answers, never the disk.
  resolve_image_names(&g);
  return g;  // possibly partial: callers must check `d` for errors
}

std::optional<Game> load_game(const std::string& path, const Templates& t, Diagnostics& d,
                              const LoadOptions& o) {
  std::string text;
  if (!read_file(path, &text, d)) return std::nullopt;
  std::string dir = fs::path(path).parent_path().string();
  if (dir.empty()) dir = ".";
  return parse_game(text, path, dir, t, d, o);
}

}  // namespace cardstock
