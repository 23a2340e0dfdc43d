// Preflight of a deck on a print shop's stock (`preflight: true`): text outside the
// stock's safe zone and card edges the art does not bleed past, warned of at the design
// layer (or design) in the game file, once for all the cards it concerns.
#include <cmath>
#include <map>
#include <optional>

#include "base/length.h"
#include "plan/plan.h"
#include "layout/preflight.h"

namespace cardstock {

namespace {

// A distance found, to a hundredth of a millimetre; a distance declared, as it is.
std::string mm(double pt) { return format_number(std::round(Length{pt}.in_mm() * 100) / 100); }
std::string mm_exact(double pt) { return format_number(Length{pt}.in_mm()); }

std::string and_list(const std::vector<std::string>& v) {
  std::string s;
  for (size_t i = 0; i < v.size(); ++i) s += (i == 0 ? "" : i + 1 == v.size() ? " and " : ", ") + v[i];
  return s;
}

std::string shown(const std::string& text) { return text.size() > 40 ? text.substr(0, 37) + "..." : text; }

std::string more(int n) {
  return n == 0 ? "" : "; so does it on " + std::to_string(n) + (n == 1 ? " more card" : " more cards");
}

// One side (faces or backs) of every card of the deck: what it concerns, by design.
struct SideCheck {
  const char* side;
  const DeckArts* arts;
};

// What one art shows wrong: its text outside the safe zone, its edges short of the bleed.
// Found once for each art, however many cards share it.
struct ArtProblems {
  std::vector<SafeZoneProblem> text;
  std::vector<std::string> edges;
};

// What was found, keyed by the layer (text) or design (bleed), with the first card shown.
struct Found {
  Mark at;
  std::string first;  // the message for the first card
  int others = 0;
};

}  // namespace

void preflight_deck(const PreparedGame& p, size_t deck, const Stock& stock, Diagnostics& d) {
  const Deck& dk = p.game.decks[deck];
  const Rect safe = safe_zone(stock, dk.card), bleed = stock_bleed(stock, dk.card);
  const std::string who = "deck '" + dk.id + "' on stock '" + stock.id + "': ";
  std::map<std::string, Found> found;  // by design, side and layer: in a fixed order
  std::vector<std::string> order;
  auto add = [&](const std::string& key, const Mark& at, const std::string& first) {
    auto [it, fresh] = found.emplace(key, Found{at, first, 0});
    if (fresh) order.push_back(key);
    else ++it->second.others;
  };
  // By side, by number of the art.
  std::vector<std::optional<ArtProblems>> problems[2] = {
      std::vector<std::optional<ArtProblems>>(p.faces[deck].distinct().size()),
      std::vector<std::optional<ArtProblems>>(p.backs[deck].distinct().size())};
  for (const SideCheck sc : {SideCheck{"face", &p.faces[deck]}, SideCheck{"back", &p.backs[deck]}}) {
    for (size_t c = 0; c < dk.cards.size() && c < sc.arts->size(); ++c) {
      const Card& card = dk.cards[c];
      const std::string& own = sc.side[0] == 'f' ? card.face : card.back;
      const std::string name = own.empty() ? (sc.side[0] == 'f' ? dk.face : dk.back) : own;
      const auto des = p.game.designs.find(name);
      if (name.empty() || des == p.game.designs.end()) continue;
      const CardArt& art = (*sc.arts)[c];
      std::optional<ArtProblems>& seen = problems[sc.side[0] == 'b'][sc.arts->number(c)];
      if (!seen) seen = ArtProblems{text_outside(art, safe, *p.measurer), edges_short_of(art, bleed)};
      for (const SafeZoneProblem& sz : seen->text) {
        const ArtItem& it = art.items[sz.item];
        if (it.layer < 0 || it.layer >= static_cast<int>(des->second.layers.size())) continue;
        const Layer& l = des->second.layers[static_cast<size_t>(it.layer)];
        add(name + "/" + sc.side + "/" + std::to_string(it.layer), l.mark,
            who + "text '" + shown(it.text) + "' of card '" + card.id + "' leaves the safe zone by " + mm(sz.by) +
                " mm at the " + and_list(sz.sides) + " (text must stay " + mm_exact(stock.card.safe.pt) +
                " mm inside the trim)");
      }
      const auto& edges = seen->edges;
      if (!edges.empty())
        add(name + "/" + sc.side + "/bleed", des->second.mark,
            who + "the " + sc.side + " of card '" + card.id + "' (design '" + name + "') does not reach into the bleed at the " +
                and_list(edges) + ": the shop cuts inside the bleed, so a white sliver may show (give the design a "
                "background, or a rect or image with bleed: true)");
    }
  }
  for (const auto& key : order) {
    const Found& f = found.at(key);
    d.warning(f.at, f.first + more(f.others));
  }
}

}  // namespace cardstock
