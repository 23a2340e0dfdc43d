#include "output/manifest.h"

#include <algorithm>
#include <cstdio>
#include <sstream>

#include "base/length.h"

namespace cardstock {

std::string json_string(const std::string& s) {
  std::string o = "\"";
  for (unsigned char c : s) {
    switch (c) {
      case '"': o += "\\\""; break;
      case '\\': o += "\\\\"; break;
      case '\n': o += "\\n"; break;
      case '\t': o += "\\t"; break;
      default:
        if (c < 0x20) {
          char buf[8];
          std::snprintf(buf, sizeof buf, "\\u%04x", c);
          o += buf;
        } else {
          o += static_cast<char>(c);
        }
    }
  }
  return o + "\"";
}

namespace {

std::string num(double v) { return format_number(v); }

std::string rect(const Rect& r) {
  return "[" + num(r.x) + ", " + num(r.y) + ", " + num(r.w) + ", " + num(r.h) + "]";
}

std::string card_source(const Game& g, const FigureCard& c) {
  if (const Deck* d = g.find_deck(c.deck))
    for (const auto& card : d->cards)
      if (card.id == c.card) return card.mark.str();
  return "";
}

// Booklets: each page with its role, text area, running head and folio boxes and the
// cards it shows; imposed sheets with the booklet page on each half and the fold marks.
void booklet_output(std::ostream& o, const Game& g, const OutputPlan& p) {
  const BookletLayout& bl = *p.booklet;
  o << "\n    {\"file\": " << json_string(p.file) << ", \"kind\": " << json_string(p.kind)
    << ", \"inputs_key\": " << json_string(p.inputs_key) << ", \"paper\": " << json_string(p.paper) << ",\n     \"page_size\": [" << num(p.sheets.width)
    << ", " << num(p.sheets.height) << "], \"page_count\": " << p.sheets.pages.size();
  if (p.kind == "booklet") {
    o << ", \"contents\": [";
    for (size_t k = 0; k < bl.contents.size(); ++k)
      o << (k ? ", " : "") << "{\"title\": " << json_string(bl.contents[k].first)
        << ", \"page\": " << bl.contents[k].second << "}";
    o << "],\n     \"pages\": [";
    for (size_t k = 0; k < bl.pages.size(); ++k) {
      const BookletPage& pg = bl.pages[k];
      o << (k ? "," : "") << "\n      {\"page\": " << pg.number << ", \"role\": " << json_string(pg.role);
      if (pg.role == "body")
        o << ", \"section\": " << json_string(pg.section) << ", \"text_area\": " << rect(pg.text_area)
          << ", \"head\": " << rect(pg.head) << ", \"foot\": " << rect(pg.foot);
      o << ", \"placements\": [";
      for (size_t j = 0; j < pg.cards.size(); ++j) {
        const PlacedCard& c = pg.cards[j];
        o << (j ? ", " : "") << "{\"id\": " << json_string(c.card.card) << ", \"deck\": "
          << json_string(c.card.deck) << ", \"source\": " << json_string(card_source(g, c.card))
          << ", \"rect\": " << rect(c.trim) << ", \"scale\": " << num(c.scale) << "}";
      }
      o << "]}";
    }
  } else {
    const int n = static_cast<int>(bl.pages.size());
    o << ", \"booklet_pages\": " << n << ", \"padded_pages\": " << padded_page_count(n)
      << ",\n     \"pages\": [";
    for (size_t k = 0; k < p.imposed.size(); ++k) {
      const ImposedSide& s = p.imposed[k];
      o << (k ? "," : "") << "\n      {\"page\": " << k + 1 << ", \"sheet\": " << k / 2 + 1
        << ", \"side\": \"" << (s.side.back ? "back" : "front") << "\", \"placements\": [";
      int j = 0;
      for (const auto& [num_, box] : {std::pair{s.side.left, s.left}, std::pair{s.side.right, s.right}}) {
        o << (j++ ? ", " : "") << "{\"id\": \"page-" << num_ << "\", \"page\": " << num_
          << ", \"blank\": " << (num_ > n ? "true" : "false") << ", \"rect\": " << rect(box) << "}";
      }
      o << "], \"cuts\": [";
      for (size_t c = 0; c < s.folds.size(); ++c)
        o << (c ? ", " : "") << "{\"kind\": \"fold\", \"from\": [" << num(s.folds[c].x1) << ", "
          << num(s.folds[c].y1) << "], \"to\": [" << num(s.folds[c].x2) << ", " << num(s.folds[c].y2) << "]}";
      o << "]}";
    }
  }
  o << "\n     ]}";
}

}  // namespace

std::string manifest_json(const Game& g, const std::vector<OutputPlan>& plans,
                          const std::string& source, const std::vector<std::string>& inputs,
                          const std::string& inputs_key) {
  std::ostringstream o;
  o << "{\n  \"game\": " << json_string(g.id) << ",\n  \"title\": " << json_string(g.title)
    << ",\n  \"source\": " << json_string(source) << ",\n  \"generator\": "
    << json_string(std::string("cardstock ") + kVersion)
    << ",\n  \"inputs_key\": " << json_string(inputs_key) << ",\n  \"inputs\": [";
  for (size_t i = 0; i < inputs.size(); ++i) o << (i ? ", " : "") << json_string(inputs[i]);
  o << "],\n  \"units\": \"pt\",\n  \"rect\": \"[x, y, width, height] from the page's top-left corner\",\n"
    << "  \"outputs\": [";
  for (size_t i = 0; i < plans.size(); ++i) {
    const OutputPlan& p = plans[i];
    if (p.booklet) {
      o << (i ? "," : "");
      booklet_output(o, g, p);
      continue;
    }
    const Deck* deck = nullptr;
    for (const auto& d : g.decks)
      if (d.id == p.deck) deck = &d;
    const auto instances = deck ? expand_instances(*deck) : std::vector<CardInstance>{};
    o << (i ? "," : "") << "\n    {\"file\": " << json_string(p.file) << ", \"kind\": "
      << json_string(p.kind) << ", \"inputs_key\": " << json_string(p.inputs_key)
      << ", \"deck\": " << json_string(p.deck);
    if (!p.stock.empty()) o << ", \"stock\": " << json_string(p.stock);
    o << ", \"paper\": " << json_string(p.paper) << ",\n     \"page_size\": ["
      << num(p.sheets.width) << ", " << num(p.sheets.height)
      << "], \"page_count\": " << p.sheets.pages.size() << ",\n     \"pages\": [";
    for (size_t k = 0; k < p.sheets.pages.size(); ++k) {
      const Page& page = p.sheets.pages[k];
      o << (k ? "," : "") << "\n      {\"page\": " << k + 1 << ", \"side\": \""
        << (page.back ? "back" : "front") << "\", \"placements\": [";
      for (size_t j = 0; j < page.placements.size(); ++j) {
        const Placement& pl = page.placements[j];
        // A board's extra tile may come from another deck: it names that deck.
        const Deck* from = pl.deck >= 0 ? &g.decks.at(static_cast<size_t>(pl.deck)) : deck;
        const CardInstance inst = pl.deck >= 0 ? expand_instances(*from).at(pl.slot) : instances.at(pl.slot);
        const Card& card = from->cards[inst.card];
        o << (j ? "," : "") << "\n        {\"id\": " << json_string(card.id);
        if (from != deck) o << ", \"deck\": " << json_string(from->id);
        o << ", \"copy\": " << inst.copy << ", \"source\": " << json_string(card.mark.str())
          << ", \"side\": \"" << (page.back ? "back" : "front") << "\", \"rect\": "
          << rect(pl.trim) << ", \"bleed\": " << rect(pl.bleed)
          << ", \"rotation\": " << pl.rotation;
        if (from->card.shape == Shape::Hex) {
          o << ", \"shape\": \"hex\", \"polygon\": [";
          const auto pts = hex_corners(pl.trim);
          for (size_t q = 0; q < pts.size(); ++q)
            o << (q ? ", " : "") << "[" << num(pts[q].x) << ", " << num(pts[q].y) << "]";
          o << "]";
        } else if (from->card.shape == Shape::Circle) {
          o << ", \"shape\": \"circle\", \"center\": [" << num(pl.trim.x + pl.trim.w / 2) << ", "
            << num(pl.trim.y + pl.trim.h / 2) << "], \"radius\": "
            << num(std::min(pl.trim.w, pl.trim.h) / 2);
        }
        o << "}";
      }
      o << (page.placements.empty() ? "" : "\n      ") << "], \"cuts\": [";
      for (size_t j = 0; j < page.cuts.size(); ++j) {
        const CutSegment& c = page.cuts[j];
        o << (j ? "," : "") << "\n        {\"kind\": \""
          << (c.kind == CutKind::Mark ? "mark" : c.kind == CutKind::Fold ? "fold" : "line") << "\", \"from\": [" << num(c.x1)
          << ", " << num(c.y1) << "], \"to\": [" << num(c.x2) << ", " << num(c.y2) << "]}";
      }
      for (size_t j = 0; j < page.circles.size(); ++j) {
        const CutCircle& c = page.circles[j];
        o << (j || !page.cuts.empty() ? "," : "") << "\n        {\"kind\": \"circle\", \"center\": ["
          << num(c.cx) << ", " << num(c.cy) << "], \"radius\": " << num(c.r) << "}";
      }
      o << (page.cuts.empty() && page.circles.empty() ? "" : "\n      ") << "]}";
    }
    o << "\n     ]}";
  }
  o << "\n  ]\n}\n";
  return o.str();
}

}  // namespace cardstock
