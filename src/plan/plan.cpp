#include "plan/plan.h"

#include <algorithm>
#include <cmath>
#include <map>

#include "base/input_limits.h"
#include "base/text_check.h"
#include "plan/lint.h"
#include "plan/manifest.h"

namespace cardstock {

double pages_weight(const std::vector<PlannedPage>& pages, double per_page) {
  double w = 4;
  for (const auto& pg : pages) w += per_page + static_cast<double>(pg.art.cards.size());
  return w;
}

double stock_weight(const Stock& stock, double cards, bool backs) {
  const double sides = backs ? 2 : 1;
  if (stock.format != StockFormat::Pdf) return 4 + cards * sides * kImageWeight;
  const double pages = std::ceil(cards / std::max(1, stock.columns * stock.rows));
  return 4 + (pages + cards) * sides;
}

namespace {

bool paper_wanted(const PlanOptions& opt, const std::string& paper) {
  return opt.paper == "all" || opt.paper == paper;
}

}  // namespace

// --paper chooses among sheets; a stock without paper (a print shop's card files, a
// digital table's sheets) is made whatever it says.
bool stock_wanted(const PlanOptions& opt, const Stock& stock) {
  return stock.card_pages() || paper_wanted(opt, stock.paper.id);
}

// One-page outputs (answer keys, board previews) and booklets come on the paper --paper
// names, or on every everyday paper (papers.yaml: Letter and A4) when it names none.
std::vector<Paper> single_page_papers(const Templates& t, const PlanOptions& opt) {
  std::vector<Paper> out;
  for (const auto& paper : t.papers)
    if (opt.paper == "all" ? paper.everyday : paper.id == opt.paper) out.push_back(paper);
  return out;
}

namespace {

// --paper letter on a deck printed only on A4 would build nothing and say nothing.
void check_paper(const Deck& deck, const std::vector<Stock>& stocks, const PlanOptions& opt, Diagnostics& d) {
  if (opt.paper == "all" || stocks.empty()) return;
  if (std::any_of(stocks.begin(), stocks.end(), [&](const Stock& st) { return stock_wanted(opt, st); }))
    return;
  std::string list;
  for (const auto& st : stocks) list += (list.empty() ? "" : ", ") + st.id + " (" + st.paper.id + ")";
  d.error(deck.mark, "deck '" + deck.id + "' has no stock on " + opt.paper +
                         " paper, which --paper asks for; its stocks are " + list);
}

// Past a limit, drawing would take hours and the files gigabytes; and two outputs of one
// name would overwrite each other (deck 'a-b' on stock 'c' and deck 'a' on stock 'b-c'; a
// board named like a deck's file). Both are said now, before anything is drawn.
void check_outputs(const Game& game, const std::vector<PlannedOutput>& outs, Diagnostics& d) {
  long pages = 0;
  for (const auto& o : outs) pages += static_cast<long>(o.pages.size());
  if (pages > kMaxPagesPerGame)
    d.error(game.mark, "the outputs of game '" + game.id + "' would have " + std::to_string(pages) +
                           " pages; the limit is " + std::to_string(kMaxPagesPerGame) + " pages a game");
  std::map<std::string, const PlannedOutput*> names;
  for (const auto& o : outs) {
    auto [it, fresh] = names.emplace(o.file, &o);
    if (!fresh || o.file == "manifest.json")
      d.error(o.mark, "the output '" + o.file + "' of " + o.origin +
                          (fresh ? " is the name of the manifest"
                                 : " has the same name as the output of " + it->second->origin) +
                          "; rename one of them");
  }
}

// A --stock that holds no deck's cards of this game changes nothing here: said, as a
// warning (a build of several games may well name a stock for one of them).
void check_stocks(const Game& g, const Templates& t, const PlanOptions& opt, Diagnostics& d) {
  for (const auto& name : opt.stocks) {
    const std::vector<const Stock*> named = t.find_stocks(name);  // one, or one a paper
    const Stock* s = named.empty() ? nullptr : named.front();
    if (!s || std::any_of(g.decks.begin(), g.decks.end(), [&](const Deck& k) { return s->holds(k.card); }))
      continue;
    std::vector<std::string> sizes;
    for (const auto& k : g.decks)
      if (std::find(sizes.begin(), sizes.end(), k.card.id) == sizes.end()) sizes.push_back(k.card.id);
    std::string list;
    for (const auto& z : sizes) list += (list.empty() ? "" : ", ") + z;
    std::vector<std::string> held = {s->card.id};  // its own size, and those it accepts
    for (const auto& a : s->accepts) held.push_back(a.id);
    const std::string holds = or_list(held);
    d.warning(g.mark, "--stock " + name + " holds " + holds + " cards, but no deck of game '" + g.id + "' has " +
                          holds + " cards (its decks have " + list + "): its decks print on their own stocks");
  }
}

// --tts-url goes into every image address of the saved object, which Tabletop Simulator
// parses as JSON: it must be text (UTF-8, no control characters).
void check_tts_url(const Game& g, const PlanOptions& opt, Diagnostics& d) {
  if (const auto f = find_text_fault(opt.tts_url))
    d.error(g.mark, "--tts-url \"" + shown_text(opt.tts_url, f->offset) + "\": " + f->what +
                        "; give the address as UTF-8 text");
}

// Without --tts-url a saved object names its images by bare file name, which Tabletop
// Simulator cannot load: said once a game, with the two ways to give the address.
void warn_bare_tts_names(const Game& g, const std::vector<PlannedOutput>& outs, const PlanOptions& opt,
                         Diagnostics& d) {
  if (!opt.tts_url.empty()) return;
  std::vector<std::string> folders;
  for (const auto& o : outs)
    if (o.manifest.kind == OutputKind::Tts) folders.push_back(o.file + "/");
  if (folders.empty()) return;
  d.warning(g.mark, "the Tabletop Simulator saved object" + std::string(folders.size() > 1 ? "s name" : " names") +
                        " its images by file name alone (" + folders.front() + "...), which Tabletop Simulator "
                        "cannot load: upload the folder and give its address with --tts-url URL, or load it on "
                        "this computer with --tts-url file:/// and the folder's full path");
}

// A PDF a shop prints in CMYK (the stock's `cmyk`, or --cmyk for every PDF): written by
// the pdf-cmyk writer, which needs Ghostscript; without it the build stops here, before
// anything is drawn, saying what to install (for --cmyk once, at the game).
void make_cmyk(PlannedOutput& o, const Stock* stock, const Game& g, const PlanOptions& opt, Diagnostics& d) {
  o.format = OutputFormat::PdfCmyk;
  o.ink_limit = stock ? stock->ink_limit : 0;
  o.near_black_to_k = stock && stock->black == Black::PureK;
  o.manifest.extra += ", \"color\": \"cmyk\"";
  if (o.ink_limit > 0) o.manifest.extra += ", \"ink_limit\": " + json_number(o.ink_limit);
  if (o.near_black_to_k) o.manifest.extra += ", \"black\": \"pure-k\"";
  if (opt.ghostscript) return;
  if (stock && stock->cmyk)
    d.error(o.mark, o.origin + ": " + ghostscript_missing() + " (the stock asks for CMYK at " + stock->mark.str() + ")");
  else
    d.error(g.mark, "--cmyk: " + ghostscript_missing());
}

}  // namespace

std::string ghostscript_missing() {
  return "converting to CMYK needs Ghostscript, and 'gs' is not on the PATH: install the Debian package "
         "ghostscript (apt-get install ghostscript)";
}

bool deck_has_backs(const Deck& deck, const Stock& stock, bool backs) {
  if (deck.back.empty()) return false;
  switch (stock.kind) {
    case StockKind::Cardstock: return backs;
    case StockKind::Foldover: return true;
    case StockKind::Labels: return false;
  }
  return false;
}

PlannedOutput deck_output(const Deck& d, const Stock& stock, const std::string& file, OutputKind kind) {
  PlannedOutput o;
  o.file = file;
  o.mark = d.mark;
  o.origin = "deck '" + d.id + "' on stock '" + stock.id + "'";
  o.manifest.kind = kind;
  o.manifest.stock = stock.id;
  return o;
}

std::vector<Stock> stocks_for(const Deck& deck, const Templates& t, const PlanOptions& opt) {
  std::vector<Stock> out;
  for (const auto& name : opt.stocks)
    for (const Stock* s : t.find_stocks(name))
      if (s->holds(deck.card)) out.push_back(*s);
  return out.empty() ? deck.stocks : out;
}

std::vector<PlannedOutput> plan_outputs(const PreparedGame& p, const Templates& t, const PlanOptions& opt,
                                        Diagnostics& d, const PrinterProfile* printer) {
  std::vector<PlannedOutput> outs;
  std::vector<std::vector<Stock>> printed_on;  // per deck, for the legible size of its text
  auto add = [&outs](std::vector<PlannedOutput> more) {
    for (auto& o : more) outs.push_back(std::move(o));
  };
  const auto papers = single_page_papers(t, opt);
  check_stocks(p.game, t, opt, d);
  check_tts_url(p.game, opt, d);
  for (size_t k = 0; k < p.game.decks.size(); ++k) {
    const Deck& deck = p.game.decks[k];
    const std::vector<Stock> stocks = stocks_for(deck, t, opt);
    printed_on.push_back(stocks);
    check_paper(deck, stocks, opt, d);
    for (const auto& stock : stocks) {
      if (!stock_wanted(opt, stock)) continue;
      const bool backs = deck_has_backs(deck, stock, opt.backs);
      if (stock.preflight) preflight_deck(p, k, stock, d);
      switch (stock.format) {
        case StockFormat::Tts:
          if (auto o = plan_tts(p, k, stock, backs, opt.tts_url)) outs.push_back(std::move(*o));
          break;
        case StockFormat::Png:
          outs.push_back(plan_images(p, k, stock, backs));
          break;
        case StockFormat::Pdf:
          if (auto made = plan_sheets(p, k, stock, backs, printer, d)) {
            // The sheets, not their cut file, are what a shop prints in CMYK.
            if (stock.cmyk || opt.cmyk) make_cmyk(made->sheets, &stock, p.game, opt, d);
            // The grid `grid: auto` chose, which the stock file does not say.
            if (stock.grid_auto)
              made->sheets.manifest.extra += ", \"grid\": {\"auto\": true, \"columns\": " +
                                             std::to_string(stock.columns) + ", \"rows\": " + std::to_string(stock.rows) +
                                             ", \"rotate\": " + std::to_string(stock.rotate) + "}";
            outs.push_back(std::move(made->sheets));
            if (made->cut_file) outs.push_back(std::move(*made->cut_file));
          }
          break;
      }
    }
    if (opt.proof) outs.push_back(plan_proof(p, k, !deck.back.empty(), t));
    if (deck.answer_key && deck.facts) add(plan_answer_key(p, k, papers, t, d));
  }
  warn_bare_tts_names(p.game, outs, opt, d);
  for (const auto& board : p.game.boards) add(plan_board(p, board, papers, t, d));
  if (p.booklet) add(plan_booklets(p, t, opt, d, printer));
  if (opt.cmyk)
    for (auto& o : outs)
      if (o.format == OutputFormat::Pdf && o.manifest.kind != OutputKind::Proof) make_cmyk(o, nullptr, p.game, opt, d);
  check_outputs(p.game, outs, d);
  lint_printed_text(p, outs, printed_on, d);
  for (auto& o : outs) o.title = p.game.title + " - " + o.file;
  if (opt.strict) d.make_warnings_errors();
  return outs;
}

}  // namespace cardstock
