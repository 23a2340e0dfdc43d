#include "plan/lint.h"

#include <cmath>
#include <map>
#include <regex>
#include <set>

#include "base/length.h"

namespace cardstock {

std::string unexpanded_markup(const std::string& text, const Game& game, std::string* token) {
  std::string scratch;
  std::string& raw = token ? *token : scratch;
  // Icon codes: only the game's own icon names count, so a time ("10:30:") or a ratio
  // in running text is never taken for one.
  for (size_t at = text.find(':'); at != std::string::npos; at = text.find(':', at + 1)) {
    const size_t end = text.find(':', at + 1);
    if (end == std::string::npos) break;
    const std::string name = text.substr(at + 1, end - at - 1);
    if (!name.empty() && game.icons.count(name)) {
      raw = ":" + name + ":";
      return "the icon code '" + raw + "'";
    }
  }
  static const std::regex field(R"(\{[A-Za-z_][A-Za-z0-9_]*\})");
  static const std::regex emphasis(R"((\*\*|__)[^*_\s][^*_]*(\*\*|__))");
  static const std::regex link(R"(\[[^\]\n]+\]\([^)\s]+\))");
  // Each pattern needs a character or pair the text seldom has: looked for first, as
  // std::regex tries every place of the text before it says no.
  std::smatch m;
  if (text.find('{') != std::string::npos && std::regex_search(text, m, field)) {
    raw = m.str();
    return "the field reference '" + raw + "'";
  }
  if (text.find("<icon") != std::string::npos) {
    raw = "<icon";
    return "an <icon> tag";
  }
  if ((text.find("**") != std::string::npos || text.find("__") != std::string::npos) &&
      std::regex_search(text, m, emphasis)) {
    raw = m[1].str();
    return "the Markdown emphasis '" + m.str().substr(0, 40) + "'";
  }
  if (text.find("](") != std::string::npos && std::regex_search(text, m, link)) {
    raw = "](";
    return "the Markdown link '" + m.str().substr(0, 40) + "'";
  }
  raw.clear();
  return "";
}

namespace {

// One finding, said once however many cards or outputs show it.
struct Finding {
  Mark mark;
  bool error = false;
  std::string what, first;  // what is wrong; the first card or output showing it
  std::set<std::string> who;  // every card or output showing it
};

class Findings {
 public:
  // Findings at one place with one `key` (the markup itself, else the words) are one:
  // the words are those of the first.
  void add(const Mark& at, bool error, const std::string& what, const std::string& who, const std::string& key = "") {
    auto [it, fresh] = by_.try_emplace(at.str() + "\n" + (key.empty() ? what : key), Finding{at, error, what, who, {}});
    if (fresh) order_.push_back(&it->second);
    it->second.who.insert(who);
  }
  void say(const std::string& units, Diagnostics& d) const {
    for (const Finding* f : order_) {
      const size_t n = f->who.size();
      const std::string shown =
          n == 1 ? " on " + f->first : " on " + std::to_string(n) + " " + units + " (the first " + f->first + ")";
      if (f->error)
        d.error(f->mark, f->what + shown);
      else
        d.warning(f->mark, f->what + shown);
    }
  }

 private:
  std::map<std::string, Finding> by_;
  std::vector<const Finding*> order_;
};

std::string size_words(double pt) { return format_number(std::round(pt * 10) / 10) + " pt"; }

std::string too_small(double pt, double floor, bool on_card) {
  return "text set at " + size_words(pt) + ", below the legible " + size_words(floor) +
         (on_card ? ": raise its size or min_size (or give the design a legible_size)" : "");
}

// The card text of deck k: unexpanded markup at its source (the card when a field put it
// there, else the layer), small type at the layer.
void lint_cards(const PreparedGame& p, size_t k, double stock_floor, Findings& f) {
  const Game& g = p.game;
  const Deck& deck = g.decks[k];
  // An art that showed nothing for one card shows nothing for the others sharing it: what
  // is found depends on the art, its design and the floor, and only the words on the card.
  std::vector<bool> clean[2];  // by side, by number of the art
  for (size_t c = 0; c < deck.cards.size(); ++c) {
    const Card& card = deck.cards[c];
    for (bool back : {false, true}) {
      const auto& arts = back ? p.backs : p.faces;
      if (k >= arts.size() || c >= arts[k].size()) continue;
      std::vector<bool>& shown_clean = clean[back];
      shown_clean.resize(arts[k].distinct().size());
      if (shown_clean[arts[k].number(c)]) continue;
      const std::string name = back ? deck.back_of(card) : deck.face_of(card);
      auto des = g.designs.find(name);
      const Design* design = des == g.designs.end() ? nullptr : &des->second;
      const double floor = design && design->legible_size.pt > 0 ? design->legible_size.pt : stock_floor;
      const CardArt& art = arts[k][c];
      const std::string who = "card '" + card.id + "'" + (back ? " (back)" : "");
      bool found = false;
      for (const ArtItem& it : art.items) {
        if (it.type != LayerType::Text || it.text.empty()) continue;
        const Layer* layer = design && it.layer >= 0 && static_cast<size_t>(it.layer) < design->layers.size()
                                 ? &design->layers[static_cast<size_t>(it.layer)]
                                 : nullptr;
        const Mark at_layer = layer ? (layer->text_mark.line ? layer->text_mark : layer->mark) : card.mark;
        std::string token;
        if (const std::string raw = unexpanded_markup(it.text, g, &token); !raw.empty()) {
          // Written in the design's own text, or brought in by one of the card's fields
          // (a {field} of the design is expanded: only what is still there counts).
          const bool in_design = layer && layer->text.find(token) != std::string::npos &&
                                 (token[0] != '{' || !card.fields.count(token.substr(1, token.size() - 2)));
          f.add(in_design ? at_layer : card.mark, true, "printed text shows " + raw + " unexpanded", who, token);
          found = true;
        }
        // Text that overflows its box is already warned of, with its size: the fix there is
        // room or fewer words, not a larger size.
        if (!it.overflow && it.style.size < floor - 1e-9) {
          f.add(at_layer, false, too_small(it.style.size, floor, true), who);
          found = true;
        }
      }
      if (!found) shown_clean[arts[k].number(c)] = true;
    }
  }
}

}  // namespace

void lint_printed_text(const PreparedGame& p, const std::vector<PlannedOutput>& outs,
                       const std::vector<std::vector<Stock>>& stocks, Diagnostics& d) {
  Findings cards;
  for (size_t k = 0; k < p.game.decks.size(); ++k) {
    // A stock that takes small type (tokens) says so with its own legible_size.
    double floor = kLegiblePt;
    if (k < stocks.size() && !stocks[k].empty()) {
      floor = 1e9;
      for (const Stock& s : stocks[k]) floor = std::min(floor, s.legible_size.pt > 0 ? s.legible_size.pt : kLegiblePt);
    }
    lint_cards(p, k, floor, cards);
  }
  cards.say("cards", d);
  // Text the planners set themselves: booklets, answer keys, board titles, proof notes.
  Findings pages;
  for (const PlannedOutput& o : outs)
    for (const PlannedPage& pg : o.pages)
      for (const ArtItem& it : pg.art.items) {
        if (it.type != LayerType::Text || it.text.empty()) continue;
        const Mark at = it.source.line ? it.source : o.mark;
        const std::string who = "'" + o.file + "'";
        std::string token;
        if (const std::string raw = unexpanded_markup(it.text, p.game, &token); !raw.empty())
          pages.add(at, true, "printed text shows " + raw + " unexpanded", who, token);
        if (it.style.size < kLegiblePt - 1e-9) pages.add(at, false, too_small(it.style.size, kLegiblePt, false), who);
      }
  pages.say("outputs", d);
}

}  // namespace cardstock
