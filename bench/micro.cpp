// cardstock_bench: Google Benchmark micro-benchmarks of the stages `cardstock build` runs
// for a card deck: load templates, load the private fonts, parse a game, resolve a card
// (fields expanded, text fitted with Pango), measure one text, lay sheets out, render.
//
//   build-dir/bench/cardstock_bench [--benchmark_filter=REGEX]
//
// Inputs are the repository's own templates/ and content/echad.yaml (CARDSTOCK_SOURCE_DIR).
#include <benchmark/benchmark.h>

#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <unistd.h>

#include "layout/layout.h"
#include "load/load.h"
#include "render/pdf.h"

using namespace cardstock;

namespace {

const std::string kRoot = CARDSTOCK_SOURCE_DIR;
const std::string kTemplates = kRoot + "/templates";
const std::string kEchad = kRoot + "/content/echad.yaml";

[[noreturn]] void die(const std::string& what, const Diagnostics& d) {
  std::fprintf(stderr, "cardstock_bench: %s\n%s", what.c_str(), d.str().c_str());
  std::exit(1);
}

// Loaded once for every benchmark that needs them.
struct World {
  Templates templates;
  std::unique_ptr<Fonts> fonts;
  std::unique_ptr<Typesetter> measurer;  // keeps nothing: every measure sets the text
  std::unique_ptr<Typesetter> keeping;   // as cardstock build uses it
  std::string echad_text;
  Game echad;

  World() {
    Diagnostics d;
    templates = load_templates(kTemplates, d);
    if (d.has_errors()) die("cannot load " + kTemplates, d);
    fonts = Fonts::load(templates.fonts, {kTemplates + "/fonts.yaml", 0, 0}, d);
    if (!fonts) die("cannot load fonts", d);
    measurer = std::make_unique<Typesetter>(*fonts, 0);
    keeping = std::make_unique<Typesetter>(*fonts);
    if (!read_file(kEchad, &echad_text, d)) die("cannot read " + kEchad, d);
    auto g = parse_game(echad_text, kEchad, kRoot + "/content", templates, d);
    if (!g || d.has_errors()) die("cannot parse " + kEchad, d);
    echad = std::move(*g);
  }
  const Deck& deck() const { return echad.decks.at(0); }
  const Design& face() const { return echad.designs.at(deck().face); }
  const Stock& letter() const {
    const Stock* s = templates.find_stock("poker-3x3-letter");
    if (!s) die("no stock poker-3x3-letter", Diagnostics{});
    return *s;
  }
};

World& world() {
  static World w;
  return w;
}

void BM_LoadTemplates(benchmark::State& state) {
  for (auto _ : state) {
    Diagnostics d;
    Templates t = load_templates(kTemplates, d);
    benchmark::DoNotOptimize(t.stocks.data());
  }
}
BENCHMARK(BM_LoadTemplates)->Unit(benchmark::kMicrosecond);

// The private fontconfig set: what every cardstock process pays once at start-up.
void BM_FontsLoad(benchmark::State& state) {
  const World& w = world();
  for (auto _ : state) {
    Diagnostics d;
    auto f = Fonts::load(w.templates.fonts, {"fonts.yaml", 0, 0}, d);
    benchmark::DoNotOptimize(f.get());
  }
}
BENCHMARK(BM_FontsLoad)->Unit(benchmark::kMicrosecond);

// Fonts::load plus the first measure, which makes fontconfig/Pango actually open a face.
void BM_FontsLoadFirstMeasure(benchmark::State& state) {
  const World& w = world();
  TextStyle st{"Noto Serif", true, false, 15, Align::Center, false, false, 1};
  for (auto _ : state) {
    Diagnostics d;
    auto f = Fonts::load(w.templates.fonts, {"fonts.yaml", 0, 0}, d);
    Typesetter m(*f);
    benchmark::DoNotOptimize(m.measure("Nebuchadnezzar", st, 146));
  }
}
BENCHMARK(BM_FontsLoadFirstMeasure)->Unit(benchmark::kMicrosecond);

// parse_game on content/echad.yaml's text (54 cards, facts table, two designs).
void BM_ParseGameEchad(benchmark::State& state) {
  World& w = world();
  for (auto _ : state) {
    Diagnostics d;
    auto g = parse_game(w.echad_text, kEchad, kRoot + "/content", w.templates, d);
    benchmark::DoNotOptimize(g.has_value());
  }
  state.SetBytesProcessed(int64_t(state.iterations()) * int64_t(w.echad_text.size()));
}
BENCHMARK(BM_ParseGameEchad)->Unit(benchmark::kMicrosecond);

// The bench deck of bench/gen_deck.py (same design, same card rows), as text, with N cards.
std::string bench_deck_text(long n) {
  static const char* const bases[] = {"Abraham", "Sarah", "Isaac", "Rebekah", "Jacob", "Rachel",
                                      "Joseph", "Moses"};
  std::string s =
      "game: bench\ntitle: Benchmark deck\ncolors: {blue: \"#1d4ea8\", red: \"#b3261e\", ink: \"#2b2b2b\"}\n"
      "designs:\n  bench-face:\n    layers:\n"
      "      - {type: rect, x: 3mm, y: 3mm, w: 57.5mm, h: 82.9mm, stroke: ink, stroke_width: 0.8pt, radius: 2.5mm}\n"
      "      - {type: text, text: \"{name}\", x: 6mm, y: 6mm, w: 51.5mm, h: 16mm, font: Noto Serif, weight: bold, "
      "size: 15pt, color: blue, align: center, valign: middle}\n"
      "      - {type: image, src: assets/echad/maps/egypt.svg, x: 6mm, y: 24mm, w: 51.5mm, h: 42mm}\n"
      "      - {type: text, text: \"{century}\", x: 6mm, y: 68mm, w: 51.5mm, h: 12mm, font: Noto Serif, "
      "weight: bold, size: 14pt, color: red, align: center, valign: middle}\n"
      "decks:\n  - id: cards\n    card: poker\n    stocks: [poker-3x3-letter]\n    face: bench-face\n"
      "    cards:\n";
  for (long i = 0; i < n; ++i)
    s += "      - {id: c" + std::to_string(i + 1) + ", name: \"" + bases[i % 8] + " " +
         std::to_string(i + 1) + "\", century: \"9th century BCE\"}\n";
  return s;
}

// parse_game on a generated N-card deck: the per-card cost of YAML + model building.
void BM_ParseGameDeck(benchmark::State& state) {
  World& w = world();
  const std::string text = bench_deck_text(state.range(0));
  for (auto _ : state) {
    Diagnostics d;
    auto g = parse_game(text, "bench.yaml", kRoot + "/content", w.templates, d);
    if (!g || d.has_errors()) {
      state.SkipWithError(d.str().c_str());
      break;
    }
  }
  state.SetItemsProcessed(int64_t(state.iterations()) * state.range(0));
  state.SetBytesProcessed(int64_t(state.iterations()) * int64_t(text.size()));
}
BENCHMARK(BM_ParseGameDeck)->Arg(5400)->Unit(benchmark::kMillisecond);

// One card name set in the echad name style (Noto Serif bold 15 pt, 51.5 mm wide).
void BM_MeasureName(benchmark::State& state) {
  World& w = world();
  TextStyle st{"Noto Serif", true, false, 15, Align::Center, false, false, 1};
  for (auto _ : state) benchmark::DoNotOptimize(w.measurer->measure("Nebuchadnezzar", st, 146));
}
BENCHMARK(BM_MeasureName);

// The same name measured again by a Typesetter that keeps what it set: what drawing a
// measured text, or measuring it for a second output, costs.
void BM_MeasureNameKept(benchmark::State& state) {
  World& w = world();
  TextStyle st{"Noto Serif", true, false, 15, Align::Center, false, false, 1};
  for (auto _ : state) benchmark::DoNotOptimize(w.keeping->measure("Nebuchadnezzar", st, 146));
}
BENCHMARK(BM_MeasureNameKept);

// A long name that must shrink: fit_text's binary search (several measures).
void BM_FitTextShrink(benchmark::State& state) {
  World& w = world();
  TextStyle st{"Noto Serif", true, false, 15, Align::Center, false, false, 1};
  const std::string s = "Tiglath-pileser III, king of Assyria and Babylon, conqueror of Damascus";
  for (auto _ : state) benchmark::DoNotOptimize(fit_text(s, st, 146, 45, 6, true, *w.measurer));
}
BENCHMARK(BM_FitTextShrink)->Unit(benchmark::kMicrosecond);

// resolve_card of echad's first card with its face design (4 layers, 2 texts fitted).
void BM_ResolveCardEchad(benchmark::State& state) {
  World& w = world();
  const Deck& deck = w.deck();
  const Design& face = w.face();
  for (auto _ : state) {
    Diagnostics d;
    CardArt art = resolve_card(w.echad, deck, deck.cards[0], face, *w.measurer, d);
    benchmark::DoNotOptimize(art.items.data());
  }
}
BENCHMARK(BM_ResolveCardEchad)->Unit(benchmark::kMicrosecond);

// layout_sheets for N cards on poker-3x3-letter, fronts only and with duplex backs.
void BM_LayoutSheets(benchmark::State& state) {
  World& w = world();
  const Stock& stock = w.letter();
  const size_t n = size_t(state.range(0));
  const bool backs = state.range(1) != 0;
  for (auto _ : state) {
    SheetLayout l = layout_sheets(stock, n, backs);
    benchmark::DoNotOptimize(l.pages.data());
  }
  state.SetItemsProcessed(int64_t(state.iterations()) * int64_t(n));
}
BENCHMARK(BM_LayoutSheets)->Args({5400, 0})->Args({5400, 1})->Unit(benchmark::kMicrosecond);

// render_pdf of N echad face cards (the 54 resolved faces repeated) on poker-3x3-letter,
// fronts only, into a temporary file: the Cairo/Pango drawing + PDF writing stage alone.
void BM_RenderPdf(benchmark::State& state) {
  World& w = world();
  const Deck& deck = w.deck();
  const Stock& stock = w.letter();
  Diagnostics d;
  std::vector<CardArt> faces;
  for (const auto& c : deck.cards) faces.push_back(resolve_card(w.echad, deck, c, w.face(), *w.keeping, d));
  const size_t n = size_t(state.range(0));
  const SheetLayout l = layout_sheets(stock, n, false);
  std::vector<PlannedPage> pages;
  for (const auto& pg : l.pages) {
    PageArt art;
    art.cuts = pg.cuts;
    for (const auto& pl : pg.placements)
      art.cards.push_back({&faces[pl.slot % faces.size()], pl.trim, pl.bleed, pl.rotation,
                           deck.card.shape, 1});
    pages.push_back({l.width, l.height, whole_page_boxes(l.width, l.height), std::move(art)});
  }
  const std::string path = "/tmp/cardstock_bench_" + std::to_string(::getpid()) + ".pdf";
  PdfInfo info{"bench", "cardstock_bench", "2026-01-01T00:00:00Z", l.width, l.height};
  for (auto _ : state) {
    Diagnostics d;
    if (!render_pdf(path, info, pages, *w.keeping, d)) state.SkipWithError(d.str().c_str());
  }
  std::remove(path.c_str());
  state.SetItemsProcessed(int64_t(state.iterations()) * int64_t(n));
}
BENCHMARK(BM_RenderPdf)->Arg(540)->Arg(5400)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
