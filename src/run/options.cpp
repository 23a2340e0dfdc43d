// options: the options and templates side of a build: what the command line asks of
// planning, the pinned PDF date, where the shipped templates are, loading them, keying
// the options, checking --paper, --stock and --printer, and the stock table. Errors are
// printed to `err` (false or an exit code back).
#include <algorithm>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <iomanip>
#include <optional>

#include "base/files.h"
#include "base/text_check.h"
#include "layout/layout.h"
#include "load/load.h"
#include "load/printer.h"
#include "model/enums.h"
#include "output/cmyk.h"
#include "run/option_table.h"
#include "plan/plan.h"
#include "run/build.h"
#include "run/session_parts.h"
#include "run/shipped.h"

namespace fs = std::filesystem;

namespace cardstock {

PlanOptions plan_options(const BuildOptions& o) {
  PlanOptions p;
  p.paper = o.paper;
  p.backs = o.backs;
  p.strict = o.strict;
  p.stocks = o.stocks;
  p.proof = o.proof;
  p.cmyk = o.cmyk;
  p.tts_url = o.tts_url;
  p.ghostscript = !ghostscript().empty();
  return p;
}

std::string pinned_date() {
  const char* env = std::getenv("SOURCE_DATE_EPOCH");
  std::time_t t = 1767225600;  // 2026-01-01T00:00:00Z
  if (env && *env) {
    char* end = nullptr;
    long long v = std::strtoll(env, &end, 10);
    if (end && *end == '\0' && v >= 0 && v < 253402300800LL) t = static_cast<std::time_t>(v);
  }
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buf;
}

std::vector<std::string> default_content_files(const std::string& dir) {
  std::vector<std::string> out;
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) return out;
  for (const auto& e : fs::directory_iterator(dir, ec))
    if (e.is_regular_file() && e.path().extension() == ".yaml") out.push_back(e.path().string());
  std::sort(out.begin(), out.end());
  return out;
}

std::string find_shipped_templates(const std::string& exe, const std::string& configured,
                                   std::vector<std::string>* looked, const BuildTree& tree) {
  return find_shipped_folder(exe, kShippedTemplates, configured, looked, tree);
}

std::string guide_footer(const std::string& templates_dir) {
  if (templates_dir.empty()) return "";
  std::error_code ec;
  const fs::path cardstock_share = fs::path(templates_dir).lexically_normal().parent_path();
  const fs::path installed = cardstock_share.parent_path() / "doc" / "cardstock";
  if (fs::is_regular_file(installed / "README.md", ec))
    return "The guide: " + (installed / "README.md").string() + ", with format.md (every key of a game file) beside it.\n"
           "The manual page: man cardstock (needs Debian's man-db: sudo apt install man-db).";
  if (fs::is_regular_file(cardstock_share / "README.md", ec))
    return "The guide: " + (cardstock_share / "README.md").string() + ", with " +
           (cardstock_share / "docs" / "format.md").string() + " (every key of a game file).";
  return "";
}

// The shipped templates and the --templates layers over them; false (after printing
// why) if they cannot be used.
bool load_all_templates(const BuildOptions& opt, Templates* t, std::ostream& err) {
  if (opt.templates_dir.empty()) {
    std::string looked;
    for (const auto& l : opt.templates_looked) looked += (looked.empty() ? "" : ", ") + l;
    say_error(err, kProgram,
              "the shipped templates folder was not found (looked in " + looked +
                  "); install cardstock with `cmake --install` or its .deb package, or run it from its build folder");
    return false;
  }
  Diagnostics d;
  *t = load_templates(opt.templates_dir, d);
  for (const auto& layer : opt.template_layers) add_templates(*t, layer, d);
  err << d.str(!opt.quiet);
  return !d.has_errors();
}

// Every file of the templates folders (the shipped one and the --templates layers), the
// fonts and the hyphenation dictionary, sorted: what every output is made from.
std::vector<std::string> template_files(const Templates& t) {
  std::vector<std::string> files;
  for (const auto& dir : t.dirs) {
    const auto under = files_under(dir);
    files.insert(files.end(), under.begin(), under.end());
  }
  for (const auto& fam : t.fonts.families)
    for (const auto& f : fam.files) files.push_back(f);
  if (!t.fonts.hyphenation.empty()) files.push_back(t.fonts.hyphenation);
  std::sort(files.begin(), files.end());
  files.erase(std::unique(files.begin(), files.end()), files.end());
  return files;
}

// The templates a game was loaded with: its own layered ones, or those of the build.
const Templates& templates_of(const Game& g, const Templates& shared) { return g.templates ? *g.templates : shared; }

// Whether two font sets draw alike (the same families from the same files).
bool same_fonts(const FontSet& a, const FontSet& b) {
  if (a.families.size() != b.families.size()) return false;
  for (size_t i = 0; i < a.families.size(); ++i)
    if (a.families[i].family != b.families[i].family || a.families[i].files != b.families[i].files ||
        a.families[i].fallback_for != b.families[i].fallback_for || a.families[i].fallbacks != b.families[i].fallbacks)
      return false;
  return true;
}

// Everything besides input files that changes the outputs: the printer profile by its
// name, file and values (the manifest records all three), not by its bytes (a comment
// edited in it redraws nothing). (The options of print shops and proofs are named only
// when given, so the keys of other builds stay as they were.)
std::string options_key(const BuildOptions& opt, const std::optional<PrinterProfile>& printer) {
  std::string key = std::string("cardstock ") + kVersion + key_text(opt, Keyed::Always) +
                    " date=" + (opt.date.empty() ? pinned_date() : opt.date) + " templates=" + opt.templates_dir;
  for (const auto& layer : opt.template_layers) key += " layer=" + layer;
  key += key_text(opt, Keyed::WhenGiven);
  // The printer profile by its values, not its file's name (the table keys --printer never).
  if (printer)
    key += " printer=" + printer->name + "@" + printer->file + ":" + format_number(printer->offset_x.pt) + "," +
           format_number(printer->offset_y.pt) + "," + format_number(printer->rotation);
  return key;
}


// --paper names a paper by its id: any of the shipped templates (A3, Tabloid...), or of a
// game's own (B5). False after saying why, with the shipped ids.
bool paper_named(const BuildOptions& opt, const Templates& t, const std::vector<const Templates*>& games,
                 std::ostream& err) {
  if (opt.paper == "all") return true;
  const Paper* p = t.find_paper(opt.paper);
  if (p && p->id == opt.paper) return true;
  for (const Templates* g : games)
    if (const Paper* q = g->find_paper(opt.paper); q && q->id == opt.paper) return true;
  std::vector<std::string> ids;
  for (const auto& q : t.papers) ids.push_back(q.id);
  for (const Templates* g : games)
    for (const auto& q : g->papers)
      if (std::find(ids.begin(), ids.end(), q.id) == ids.end()) ids.push_back(q.id);
  say_error(err, kProgram,
            "--paper: unknown paper '" + shown_text(opt.paper, 0) + "'" +
                (p ? " (it is another name of '" + p->id + "': give that)" : did_you_mean(opt.paper, ids)) +
                "; the papers are all, " + or_list(ids));
  return false;
}

// Every --stock names a stock of the shipped templates or of a game's own (its file's
// `stocks:` or its templates folders), on the paper --paper asks for (a print shop's or
// digital table's stock has no paper: any --paper takes it). False after saying why.
bool stocks_named(const BuildOptions& opt, const Templates& t, const std::vector<const Templates*>& games,
                  std::ostream& err) {
  for (const auto& name : opt.stocks) {
    std::vector<const Stock*> named = t.find_stocks(name);  // one, or one a paper
    for (size_t k = 0; named.empty() && k < games.size(); ++k) named = games[k]->find_stocks(name);
    if (named.empty()) {
      std::vector<std::string> ids = t.stock_names();
      for (const Templates* g : games)
        for (const auto& id : g->stock_names())
          if (std::find(ids.begin(), ids.end(), id) == ids.end()) ids.push_back(id);
      say_error(err, kProgram,
                "--stock: unknown stock '" + shown_text(name, 0) + "'" + did_you_mean(name, ids) +
                    " (cardstock stocks lists them; cardstock stocks FILE adds the game's own)");
      return false;
    }
    const bool on_paper = std::any_of(named.begin(), named.end(), [&](const Stock* s) {
      return opt.paper == "all" || s->card_pages() || s->paper.id == opt.paper;
    });
    if (!on_paper) {
      std::vector<std::string> papers;
      for (const Stock* s : named) papers.push_back(s->paper.id);
      say_error(err, kProgram, "--stock " + name + " is on " + or_list(papers) + " paper, but --paper asks for " +
                                   opt.paper);
      return false;
    }
  }
  return true;
}

// --paper and --printer, checked against the templates and loaded before any game: 0, 2
// (a usage error) or 1 (a printer profile with errors), the reason printed. A --paper
// or --stock the shipped templates lack may be a game's own: run() checks them after
// loading (paper_named, stocks_named).
int command_line_options(const BuildOptions& opt, const Templates& t, std::optional<PrinterProfile>* printer,
                         std::ostream& err) {
  if (const Paper* p = t.find_paper(opt.paper); p && p->id != opt.paper && !paper_named(opt, t, {}, err)) return 2;
  if (!opt.printer.empty()) {
    if (std::string why = not_a_regular_file(opt.printer); !why.empty()) {
      say_error(err, Mark{opt.printer}, "cannot read the printer profile: " + why);
      return 2;
    }
    Diagnostics d;
    *printer = load_printer_profile(opt.printer, d);
    err << d.str();
    if (!*printer) return 1;
  }
  return 0;
}

// What `cardstock stocks` and `cardstock cards` list from: the shipped and --templates
// layers, and with `game` set that game loaded (its own layers too). False after saying why.
bool listing_templates(const BuildOptions& opt, const std::string& game, Templates* shared, std::optional<Game>* g,
                       std::ostream& err) {
  if (!load_all_templates(opt, shared, err)) return false;
  if (game.empty()) return true;
  Diagnostics d;
  *g = load_game(game, *shared, d, LoadOptions{opt.allow_outside});
  err << d.str();
  return *g && !d.has_errors();
}

// What `cardstock stocks` shows in its GRID column: "3x3", "2x4 r90" (for grid: auto, the
// grid chosen), "3x4 hc"; "png" and "1 a page" for print shops; "10x7 tts" for a digital table.
std::string grid_shown(const Stock& s) {
  if (s.format == StockFormat::Png) return "png";
  if (s.format == StockFormat::Pdf && s.card_pages()) return "1 a page";
  return std::to_string(s.columns) + "x" + std::to_string(s.rows) + (s.rotate ? " r" + std::to_string(s.rotate) : "") +
         (s.packing == Packing::Honeycomb ? " hc" : "") +
         (s.format == StockFormat::Tts ? " tts" : "");
}

int list_stocks(const BuildOptions& opt, const std::string& game, std::ostream& out, std::ostream& err) {
  Templates shared;
  std::optional<Game> g;
  if (!listing_templates(opt, game, &shared, &g, err)) return 1;
  const Templates& t = g ? templates_of(*g, shared) : shared;
  // Columns as wide as their longest entry (label products have long ids).
  size_t wid = 5, wpaper = 5, wcard = 4, wgrid = 8;
  for (const auto& s : t.stocks) {
    wid = std::max(wid, s.id.size());
    wpaper = std::max(wpaper, s.paper.id.size());
    wcard = std::max(wcard, s.card.id.size());
    wgrid = std::max(wgrid, grid_shown(s).size());
  }
  auto col = [](size_t w) { return std::setw(static_cast<int>(w + 2)); };
  out << std::left << col(wid) << "STOCK" << col(wpaper) << "PAPER" << col(wcard) << "CARD" << std::setw(11)
      << "KIND" << std::setw(static_cast<int>(wgrid + 1)) << "GRID" << std::setw(6) << "CARDS"
      << "DESCRIPTION\n";
  for (const auto& s : t.stocks) {
    // Print shops' and digital tables' stocks: no paper; one card a page or an image, or
    // a Tabletop Simulator sheet (its last cell is the hidden-card image).
    size_t cards = grid_slots(s).size();
    if (s.format == StockFormat::Tts) cards = static_cast<size_t>(s.columns * s.rows - 1);
    if (s.format != StockFormat::Tts && s.card_pages()) cards = 1;
    out << col(wid) << printable_lead(s.id) << col(wpaper) << (s.card_pages() ? "-" : printable(s.paper.id)) << col(wcard)
        << printable(s.card.id)
        << std::setw(11)
        << (s.kind == StockKind::Labels ? "labels" : s.kind == StockKind::Foldover ? "foldover" : "cardstock")
        << std::setw(static_cast<int>(wgrid + 1)) << grid_shown(s) << std::setw(6) << cards << printable(s.description)
        << "\n";
  }
  return 0;
}

// One length of `cardstock cards` in millimetres, as the loader's messages give them.
std::string mm_shown(const Length& l) { return format_number(l.in_mm()) + " mm"; }

int list_cards(const BuildOptions& opt, const std::string& game, std::ostream& out, std::ostream& err) {
  Templates shared;
  std::optional<Game> g;
  if (!listing_templates(opt, game, &shared, &g, err)) return 1;
  const Templates& t = g ? templates_of(*g, shared) : shared;
  size_t wid = 4, wsize = 4;
  auto size_of = [](const CardSize& c) {
    return format_number(c.width.in_mm()) + " x " + format_number(c.height.in_mm()) + " mm";
  };
  for (const auto& c : t.cards) {
    wid = std::max(wid, c.id.size());
    wsize = std::max(wsize, size_of(c).size());
  }
  auto col = [](size_t w) { return std::setw(static_cast<int>(w + 2)); };
  out << std::left << col(wid) << "CARD" << col(wsize) << "SIZE" << std::setw(11) << "BLEED" << std::setw(11)
      << "SAFE" << std::setw(11) << "RADIUS" << "SHAPE\n";
  for (const auto& c : t.cards)
    out << col(wid) << printable_lead(c.id) << col(wsize) << size_of(c) << std::setw(11) << mm_shown(c.bleed) << std::setw(11)
        << mm_shown(c.safe) << std::setw(11) << mm_shown(c.radius)
        << enum_name(kShapeNames, c.shape) << "\n";
  return 0;
}

}  // namespace cardstock
