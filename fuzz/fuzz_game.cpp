// libFuzzer target: one input runs through everything `cardstock check` and `build` do
// short of drawing, with the real stages (no copy of any of them):
//   parse_game -> prepare_game (deck and board rules, every card resolved with fixed text
//   metrics, images' bytes checked, the booklet read) -> when the game has no errors:
//   plan_outputs (plan/plan.h: every planner, sheets, labels, fold-over, cut files, print
//   shops' PDFs and PNGs, Tabletop Simulator, proofs, CMYK, answer keys, boards,
//   booklets), with the default options and with options the input's bytes choose among
//   every shipped stock (--stock), paper, --single-sided, --proof, --cmyk, --tts-url and
//   --strict, the manifest assembled from the plans and parsed (not JSON: a crash); and
//   the same bytes as the game's own rules text, its booklets planned;
//   parse_stock (the same bytes as a stock file) -> layout_sheets, stock_problems,
//   within_margin, correct_backs; a print shop's stock's card pages, safe zone and bleed,
//   and proof cells of its card size;
//   parse_printer_profile (the same bytes as a printer profile) -> correct_backs;
//   check_image_bytes (the same bytes as a PNG and as an SVG card image);
//   csv_cards_from_text (the same bytes as a deck's CSV file, id_from its first column);
//   read_spreadsheet (the same bytes as an .xlsx or .ods file, its first tab);
//   parse_booklet (the same bytes as a rules booklet), when the bytes are not a game,
//   against the shipped game whose title they name first -> plan_booklets.
// Templates, the shipped games (prepared) and the hyphenation dictionary load once, at
// start-up. Every problem must come back as a diagnostic: a crash, a sanitizer report, a
// leak or a timeout is a bug. See fuzz/README.md.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <optional>
#include <set>
#include <tuple>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "load/booklet/booklet.h"
#include "load/sheets/csv_cards.h"
#include "load/sheets/spreadsheet.h"
#include "layout/booklet_layout.h"
#include "model/checks.h"
#include "base/diag.h"
#include "layout/hyphenate.h"
#include "load/images/images.h"
#include "layout/layout.h"
#include "layout/card_pages.h"
#include "layout/preflight.h"
#include "layout/proof.h"
#include "load/load.h"
#include "load/printer.h"
#include "layout/cutter.h"
#include "model/model.h"
#include "layout/text_measure.h"
#include "plan/manifest.h"
#include "plan/plan.h"
#include "plan/prepare.h"

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
  // One shipped stock of each way a deck can be planned (kind, format, cutter, paper or
  // a shop's one card a page), so that every input is also planned on one of them.
  std::vector<std::string> routes;
  std::vector<PreparedGame> games;  // the shipped content/*.yaml, prepared, for booklets given alone
  std::unique_ptr<DictHyphenator> hyphenator;
  // Text at fixed metrics (no fonts); an image is as good as its bytes' check, which
  // prepare makes first (load/images/images.h): decoding is the render stage's, not fuzzed here.
  FixedMeasurer measurer;
};

Fixture& fixture() {
  static Fixture* f = [] {
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
      fx->games.emplace_back();
      fx->games.back().game = std::move(*game);
    }
    // Optional, as in the real build: without the dictionary booklets are not hyphenated.
    if (!fx->templates.fonts.hyphenation.empty()) {
      fx->hyphenator = DictHyphenator::load(fx->templates.fonts.hyphenation).dict;
    }
    std::set<std::tuple<int, int, int, bool>> seen;
    for (const Stock& st : fx->templates.stocks)
      if (seen.insert({static_cast<int>(st.kind), static_cast<int>(st.format), static_cast<int>(st.cutter),
                       st.card_pages()})
              .second)
        fx->routes.push_back(st.id);
    for (PreparedGame& p : fx->games) {
      prepare_game(p, fx->templates, fx->measurer, false);
      if (p.diags.has_errors()) {
        std::fprintf(stderr, "fuzz_game: a shipped game does not prepare:\n%s", p.diags.str().c_str());
        std::abort();
      }
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

// Options for one run of the real planners, chosen by the input's bytes so a fuzzing run
// meets every shipped stock (--stock) and every planning option.
PlanOptions options_for(const std::string& text) {
  const Fixture& fx = fixture();
  std::uint64_t h = 1469598103934665603ULL;
  for (unsigned char c : text) h = (h ^ c) * 1099511628211ULL;
  PlanOptions o;
  const char* papers[] = {"all", "letter", "a4", "a3", "tabloid"};
  o.paper = papers[h % 5];
  o.backs = (h >> 3) & 1;
  o.proof = (h >> 4) & 1;
  o.cmyk = (h >> 5) & 1;
  o.strict = (h >> 6) & 1;
  if ((h >> 7) & 1) o.tts_url = (h >> 8) & 1 ? "https://example.org/decks" : "file:///C:/TTS/";
  if ((h >> 9) & 1) o.stocks.push_back(fx.templates.stocks[(h >> 10) % fx.templates.stocks.size()].id);
  o.ghostscript = (h >> 20) & 1;  // both: the error when Ghostscript is missing is planned too
  return o;
}

// The real planners (plan/plan.h), as a build calls them, minus drawing: with the default
// options and with options the input's bytes choose.
void plan(PreparedGame& p, const std::string& text, Diagnostics& d) {
  const Fixture& fx = fixture();
  for (const auto& deck : p.game.decks)
    if (static_cast<size_t>(std::max(0L, deck.total_cards())) > kMaxLaidOutCards) return;
  // Default options, options the bytes choose, and a stock of another route (cut files,
  // fold-over, labels, a shop's PDF or PNGs, Tabletop Simulator) the bytes choose too.
  PlanOptions route;
  route.stocks.push_back(fx.routes[text.size() % fx.routes.size()]);
  route.proof = text.size() % 2;
  for (const PlanOptions& o : {PlanOptions{}, options_for(text), route}) {
    Diagnostics pd;
    const auto outs = plan_outputs(p, fx.templates, o, pd, nullptr);
    // The manifest's text, as the build assembles it from the plans: JSON, one output
    // entry a plan, its page_count its pages (`cardstock diff` and the no-op check read it).
    const ManifestHeader h{p.game.id, p.game.title, p.source, {}, "", {}};
    const nlohmann::json manifest = nlohmann::json::parse(manifest_json(h, outs), nullptr, false);
    if (manifest.is_discarded()) __builtin_trap();
    const nlohmann::json& listed = manifest.at("outputs");
    if (listed.size() != outs.size()) __builtin_trap();
    for (size_t i = 0; i < outs.size(); ++i)
      if (listed[i].at("page_count") != outs[i].pages.size()) __builtin_trap();
    // What the writers and the manifest read of every output.
    for (const auto& out : outs) {
      std::ostringstream m;
      if (out.manifest.pages) out.manifest.pages(m);
      (void)format_name(out.format);
      (void)kind_name(out.manifest.kind);
    }
    d.append(pd);
  }
}

// What a build does with the rules text of a shipped game: its booklets planned (read in
// reading order, imposed on Letter and A4).
void plan_booklet_of(PreparedGame& ref, Booklet bk, Diagnostics& d) {
  std::optional<Booklet> kept = std::move(ref.booklet);
  ref.booklet = std::move(bk);
  PlanOptions o;
  plan_booklets(ref, fixture().templates, o, d);
  ref.booklet = std::move(kept);
}

void run_game(const std::string& text) {
  Fixture& fx = fixture();
  Diagnostics d;
  auto g = parse_game(text, "fuzz.yaml", CARDSTOCK_SOURCE_DIR "/content", fx.templates, d);
  if (g) {
    // The same bytes as the game's own booklet text (mostly a wall of paragraphs; its
    // own diagnostics, so YAML comments read as bad headings do not stop the layout).
    Diagnostics bd;
    const bool loaded = !d.has_errors();
    PreparedGame p;
    p.source = "fuzz.yaml";
    p.game = std::move(*g);
    // As a build: rules and art are checked, cards resolved, images checked.
    prepare_game(p, fx.templates, fx.measurer, false);
    d.append(p.diags);
    if (loaded && !p.diags.has_errors()) {
      plan(p, text, d);
      if (p.game.booklet) {
        Booklet bk = booklet_from_text(p.game, text, "fuzz.md", bd);
        if (!bd.has_errors()) {
          p.booklet = std::move(bk);
          plan_booklets(p, fx.templates, PlanOptions{}, bd);
        }
      }
    }
    d.append(bd);
  } else {
    // Not a game: most likely Markdown. Parse it as the rules of the shipped game whose
    // title it names first (else Dayenu), so its directives ({{count cards}},
    // {{card ...}}) have decks and cards to resolve. One game, not all four: booklet
    // layout is the slowest step of the harness.
    PreparedGame* ref = &fx.games.front();
    size_t first = std::string::npos;
    for (PreparedGame& gm : fx.games) {
      const size_t at = text.find(gm.game.title);
      if (at < first) {
        first = at;
        ref = &gm;
      }
    }
    Diagnostics bd;
    Booklet bk = booklet_from_text(ref->game, text, "fuzz.md", bd);
    if (!bd.has_errors()) plan_booklet_of(*ref, std::move(bk), bd);
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

// The bytes as a spreadsheet (a zip: only inputs that start as one get past libzip).
void run_sheet(const std::string& text) {
  if (text.rfind("PK", 0) != 0) return;
  Diagnostics d;
  std::vector<CsvRow> rows;
  std::string tab;
  read_spreadsheet(text, "fuzz.xlsx", "", Mark{"g.yaml", 1, 1}, Mark{"g.yaml", 1, 1}, &tab, &rows, d);
  if (verbose()) std::fprintf(stderr, "%s-- sheet: %zu rows\n", d.str().c_str(), rows.size());
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  run_game(text);
  run_csv(text);
  run_sheet(text);
  run_stock(text);
  run_printer(text);
  run_image(text);
  return 0;
}
