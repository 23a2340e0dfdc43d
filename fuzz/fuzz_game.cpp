// libFuzzer target: one input runs through everything `cardstock check` does that needs
// no Cairo, and through the Markdown booklet path:
//   parse_game -> check_deck / check_board -> resolve_card (FixedMeasurer) -> when the
//   game has no errors: layout_sheets per stock, answer-key table, board layout, booklet
//   layout and saddle-stitch imposition;
//   parse_stock (the same bytes as a stock file) -> layout_sheets, stock_problems,
//   within_margin, correct_backs; a print shop's stock's card pages, safe zone and bleed,
//   and proof cells of its card size;
//   parse_printer_profile (the same bytes as a printer profile) -> correct_backs;
//   check_image_bytes (the same bytes as a PNG and as an SVG card image);
//   csv_cards_from_text (the same bytes as a deck's CSV file, id_from its first column);
//   parse_booklet (the same bytes as a rules booklet) against the game that came back,
//   or, when the bytes are not a game, against the shipped game whose title they name
//   first -> layout_booklet -> impose_saddle_stitch.
// Templates, the shipped games and the hyphenation dictionary load once, at start-up.
// Every problem must come back as a diagnostic: a crash, a sanitizer report, a leak or a
// timeout is a bug. See fuzz/README.md.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

#include "load/booklet.h"
#include "load/csv_cards.h"
#include "layout/booklet_layout.h"
#include "model/checks.h"
#include "base/diag.h"
#include "layout/hyphenate.h"
#include "load/images.h"
#include "layout/layout.h"
#include "layout/card_pages.h"
#include "layout/preflight.h"
#include "layout/proof.h"
#include "load/load.h"
#include "load/printer.h"
#include "layout/cutter.h"
#include "model/model.h"
#include "layout/text_measure.h"

using namespace cardstock;

namespace {

// The loader caps a card's count at kMaxCardCount (100000), not a deck's: ten lines of
// YAML asking for that many copies of ten cards are a million placements (hundreds of
// MB of pages, seconds a run), which would only teach the fuzzer to hit -rss_limit_mb
// and -timeout. Layout is linear in the count and every page after the first full one
// takes the same path, so laying out at most this many cards of a deck loses no
// coverage. (The shipped games' largest deck has 162 cards.)
constexpr size_t kMaxLaidOutCards = 2000;

struct Fixture {
  Templates templates;
  std::vector<Game> games;  // the shipped content/*.yaml, for booklets given alone
  std::unique_ptr<DictHyphenator> hyphenator;
  FixedMeasurer measurer;
};

const Fixture& fixture() {
  static const Fixture* f = [] {
    auto* fx = new Fixture;
    Diagnostics d;
    fx->templates = load_templates(CARDSTOCK_SOURCE_DIR "/templates", d);
    if (d.has_errors()) {
      std::fprintf(stderr, "fuzz_game: templates do not load:\n%s", d.str().c_str());
      std::abort();
    }
    for (const char* g : {"dayenu", "echad", "prophets", "unity"}) {
      Diagnostics gd;
      auto game = load_game(std::string(CARDSTOCK_SOURCE_DIR "/content/") + g + ".yaml",
                            fx->templates, gd);
      if (!game || gd.has_errors()) {
        std::fprintf(stderr, "fuzz_game: content/%s.yaml does not load:\n%s", g, gd.str().c_str());
        std::abort();
      }
      fx->games.push_back(std::move(*game));
    }
    // Optional, as in the real build: without the dictionary booklets are not hyphenated.
    if (!fx->templates.fonts.hyphenation.empty()) {
      std::string e;
      fx->hyphenator = DictHyphenator::load(fx->templates.fonts.hyphenation, &e);
    }
    return fx;
  }();
  return *f;
}

// CARDSTOCK_FUZZ_VERBOSE=1 prints each input's diagnostics (for triage and for checking
// that a seed reaches the layout stage: "-- game" after no error lines).
bool verbose() {
  static const bool v = std::getenv("CARDSTOCK_FUZZ_VERBOSE") != nullptr;
  return v;
}

const Paper* paper(const Templates& t, const char* id) {
  for (const auto& p : t.papers)
    if (p.id == id) return &p;
  return nullptr;
}

// What build.cpp's plan_booklet does, minus drawing: half-letter pages imposed on letter.
void lay_out_booklet(const Booklet& b, Diagnostics& d) {
  const Fixture& fx = fixture();
  const Paper* sheet = paper(fx.templates, "letter");
  const Paper* page = paper(fx.templates, "half-letter");
  if (!sheet || !page) return;
  BookletLayout bl =
      layout_booklet(b, page->width.pt, page->height.pt, fx.measurer, fx.hyphenator.get(), d);
  std::string e;
  impose_saddle_stitch(static_cast<int>(bl.pages.size()), bl.width, bl.height, sheet->height.pt,
                       sheet->width.pt, &e);
}

// What build.cpp's plan does for one error-free game, minus drawing.
void plan(const Game& g, const std::vector<std::vector<CardArt>>& faces) {
  const Fixture& fx = fixture();
  const Paper* letter = paper(fx.templates, "letter");
  for (const auto& deck : g.decks) {
    const size_t count =
        std::min(static_cast<size_t>(std::max(0L, deck.total_cards())), kMaxLaidOutCards);
    for (const auto& stock : deck.stocks) {
      const bool backs = stock.kind == StockKind::Cardstock && !deck.back.empty();
      layout_sheets(stock, count, backs);
    }
    if (deck.answer_key && deck.facts && letter) {
      TableSpec t;
      t.title = deck.answer_key->title;
      t.subtitle = g.title;
      t.font = fx.templates.fonts.default_family;
      AnswerKeyTable key = answer_key_rows(deck);
      t.header = std::move(key.header);
      t.rows = std::move(key.rows);
      bool overflow = false;
      layout_table(t, letter->width.pt, letter->height.pt, 36, fx.measurer, &overflow);
    }
  }
  for (const auto& board : g.boards) {
    const Deck* deck = g.find_deck(board.deck);
    if (!deck || !letter) continue;
    if (static_cast<size_t>(deck->total_cards()) <= kMaxLaidOutCards) expand_instances(*deck);
    const Rect area{36, 76, letter->width.pt - 72, letter->height.pt - 112};
    const BoardLayout bl = layout_board(board, deck->card.width.pt, deck->card.height.pt, area);
    bool small = true;  // board_placements expands the board's deck and its extras' decks
    for (const auto& dk : g.decks) small = small && static_cast<size_t>(dk.total_cards()) <= kMaxLaidOutCards;
    if (small) board_placements(g, board, bl);
  }
  // Figure labels point at the first card's art, as build.cpp's anchor_labels does.
  if (g.booklet) {
    for (size_t i = 0; i < g.decks.size(); ++i) {
      const Deck& deck = g.decks[i];
      for (size_t c = 0; c < deck.cards.size() && c < faces[i].size(); ++c) {
        const std::string face = deck.cards[c].face.empty() ? deck.face : deck.cards[c].face;
        auto des = g.designs.find(face);
        if (des == g.designs.end()) continue;
        for (const auto& kv : deck.cards[c].fields)
          field_anchor(des->second, faces[i][c], kv.first);
        break;  // one card a deck is enough
      }
    }
  }
}

void run_game(const std::string& text) {
  const Fixture& fx = fixture();
  Diagnostics d;
  auto g = parse_game(text, "fuzz.yaml", CARDSTOCK_SOURCE_DIR "/content", fx.templates, d);
  if (g) {
    // As build.cpp's prepare: rules and art are checked even when loading reported errors.
    for (const auto& deck : g->decks) check_deck(deck, d);
    for (const auto& board : g->boards) check_board(*g, board, d);
    std::vector<std::vector<CardArt>> faces;
    for (const auto& deck : g->decks) {
      faces.emplace_back();
      for (const auto& card : deck.cards) {
        const std::string face = card.face.empty() ? deck.face : card.face;
        const std::string back = card.back.empty() ? deck.back : card.back;
        auto f = g->designs.find(face);
        faces.back().push_back(f == g->designs.end()
                                   ? CardArt{}
                                   : resolve_card(*g, deck, card, f->second, fx.measurer, d));
        auto b = g->designs.find(back);
        if (!back.empty() && b != g->designs.end())
          resolve_card(*g, deck, card, b->second, fx.measurer, d);
      }
    }
    // The same bytes as the game's own booklet text (mostly a wall of paragraphs; its
    // own diagnostics, so YAML comments read as bad headings do not stop the layout).
    Diagnostics bd;
    Booklet bk = booklet_from_text(*g, text, "fuzz.md", bd);
    if (!d.has_errors()) {
      plan(*g, faces);
      if (g->booklet && !bd.has_errors()) lay_out_booklet(bk, bd);
    }
    d.append(bd);
  } else {
    // Not a game: most likely Markdown. Parse it as the rules of the shipped game whose
    // title it names first (else Dayenu), so its directives ({{count cards}},
    // {{card ...}}) have decks and cards to resolve. One game, not all four: booklet
    // layout is the slowest step of the harness.
    const Game* ref = &fx.games.front();
    size_t first = std::string::npos;
    for (const Game& gm : fx.games) {
      const size_t at = text.find(gm.title);
      if (at < first) {
        first = at;
        ref = &gm;
      }
    }
    Diagnostics bd;
    Booklet bk = booklet_from_text(*ref, text, "fuzz.md", bd);
    if (!bd.has_errors()) lay_out_booklet(bk, bd);
    d.append(bd);
  }
  const std::string msgs = d.str();  // every message must format
  if (verbose()) std::fprintf(stderr, "%s-- %s\n", msgs.c_str(), g ? "game" : "not a game");
}

void run_stock(const std::string& text) {
  Diagnostics d;
  auto s = parse_stock(text, "fuzz-stock.yaml", fixture().templates, d);
  if (verbose()) std::fprintf(stderr, "%s-- %s\n", d.str().c_str(), s ? "stock" : "not a stock");
  if (!s) return;
  grid_slots(*s);
  // Two pages and a bit: first, full middle and partial last pages, fronts and backs.
  const size_t per_page = static_cast<size_t>(s->columns) * static_cast<size_t>(s->rows);
  SheetLayout sheets = layout_sheets(*s, std::min(2 * per_page + 1, kMaxLaidOutCards), true);
  // What planning asks of every stock: its cutter's and label's fit, the margin, and a
  // printer profile's correction of its backs.
  stock_problems(*s);
  within_margin(sheets, s->margin.pt);
  PrinterProfile p;
  p.offset_x = Length::mm(1);
  p.rotation = 0.5;
  correct_backs(sheets, p, s->duplex == Duplex::ShortEdge);
  // A print shop's stock (no paper): one card a page, its safe zone and bleed; and the
  // proof cells of its card size, front and back.
  if (s->card_pages()) {
    card_page(*s, s->card);
    layout_card_pages(*s, s->card, 3, true);
  }
  safe_zone(*s, s->card);
  stock_bleed(*s, s->card);
  layout_proof(s->card, 9, true);
}

// The bytes as a printer profile (--printer); a valid one corrects a sheet of backs.
void run_printer(const std::string& text) {
  Diagnostics d;
  auto p = parse_printer_profile(text, "fuzz-printer.yaml", d);
  if (verbose()) std::fprintf(stderr, "%s-- %s\n", d.str().c_str(), p ? "profile" : "not a profile");
  if (!p) return;
  const Stock* s = fixture().templates.find_stock("poker-3x3-letter");
  SheetLayout sheets = layout_sheets(*s, 9, true);
  correct_backs(sheets, *p, false);
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  fixture();
  return 0;
}

// The bytes as a card image, PNG and SVG, with links resolving inside content/ (so a
// link may read a shipped file, never anything outside).
void run_image(const std::string& text) {
  const std::string root = CARDSTOCK_SOURCE_DIR "/content";
  for (const char* name : {"fuzz.png", "assets/fuzz.svg"}) {
    std::string why;
    check_image_bytes(text, root + "/" + name, name, root, false, &why);
    if (verbose()) std::fprintf(stderr, "%s\n-- image %s\n", why.c_str(), name);
  }
}

// The bytes as a CSV file of cards: the separator guessed, ids made from the first
// column's values.
void run_csv(const std::string& text) {
  CsvSource src;
  src.path = "fuzz.csv";
  const size_t end = text.find_first_of(",;\t\r\n");
  src.id_from = text.substr(0, std::min<size_t>(end, 64));
  Diagnostics d;
  const auto cards = csv_cards_from_text(text, "fuzz.csv", src, d);
  if (verbose()) std::fprintf(stderr, "%s-- csv: %zu cards\n", d.str().c_str(), cards.size());
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  run_game(text);
  run_csv(text);
  run_stock(text);
  run_printer(text);
  run_image(text);
  return 0;
}
