// manifest_boxes: the manifest's "boxes_mm", the boxes layout placed on each card
// (plan/manifest.h). Cards whose boxes are alike share one entry, so a big deck of one
// design says them once, and a deck of coordinates alone says nothing.
#include <cstdio>
#include <map>

#include "base/json.h"
#include "plan/manifest.h"

namespace cardstock {

namespace {

std::string mm2(double pt) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.2f", pt * 25.4 / 72.0);
  std::string s = buf;
  return s == "-0.00" ? "0.00" : s;
}

// The "layers" object of one card's art: each placed layer by name (else "layer N").
std::string layer_boxes(const CardArt& art, const Design& des) {
  std::string o = "{";
  for (size_t i = 0; i < art.placed.size(); ++i) {
    const CardArt::Box& b = art.placed[i];
    const size_t at = static_cast<size_t>(b.layer);
    const std::string name = at < des.layers.size() && !des.layers[at].name.empty() ? des.layers[at].name
                                                                                    : "layer " + std::to_string(at);
    o += (i ? ", " : "") + json_quote(name) + ": [" + mm2(b.box.x) + ", " + mm2(b.box.y) + ", " + mm2(b.box.w) + ", " +
         mm2(b.box.h) + "]";
  }
  return o + "}";
}

}  // namespace

std::string card_boxes_json(const PreparedGame& p) {
  std::string o;
  const Game& g = p.game;
  for (size_t k = 0; k < g.decks.size() && k < p.faces.size(); ++k) {
    const Deck& dk = g.decks[k];
    for (const bool back : {false, true}) {
      const auto& arts = back ? p.backs[k] : p.faces[k];
      // Per design, the distinct boxes in the order first seen, with their cards.
      std::map<std::string, std::vector<std::pair<std::string, std::vector<std::string>>>> groups;
      std::vector<std::string> order;
      // By number of the art (cards share some): its place in its design's list, +1.
      std::vector<size_t> entry(arts.distinct().size());
      for (size_t c = 0; c < arts.size() && c < dk.cards.size(); ++c) {
        if (arts[c].placed.empty()) continue;
        const Card& card = dk.cards[c];
        const std::string name = back ? dk.back_of(card) : dk.face_of(card);
        auto des = g.designs.find(name);
        if (des == g.designs.end()) continue;
        auto& list = groups[name];
        if (list.empty()) order.push_back(name);
        size_t& at = entry[arts.number(c)];
        if (at == 0) {
          const std::string boxes = layer_boxes(arts[c], des->second);
          auto same = std::find_if(list.begin(), list.end(), [&](const auto& e) { return e.first == boxes; });
          if (same == list.end()) list.push_back({boxes, {}}), same = list.end() - 1;
          at = static_cast<size_t>(same - list.begin()) + 1;
        }
        list[at - 1].second.push_back(card.id);
      }
      for (const std::string& name : order)
        for (const auto& [boxes, cards] : groups[name]) {
          o += std::string(o.empty() ? "" : ",") + "\n    {\"deck\": " + json_quote(dk.id) + ", \"side\": \"" +
               (back ? "back" : "front") + "\", \"design\": " + json_quote(name) + ", \"cards\": [";
          for (size_t i = 0; i < cards.size(); ++i) o += (i ? ", " : "") + json_quote(cards[i]);
          o += "],\n     \"layers\": " + boxes + "}";
        }
    }
  }
  return o.empty() ? o : "[" + o + "\n  ]";
}

}  // namespace cardstock
