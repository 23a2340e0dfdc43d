#include "build.h"

#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <map>
#include <memory>
#include <set>
#include <sstream>

#include "booklet.h"
#include "checks.h"
#include "load.h"
#include "manifest.h"
#include "render.h"

namespace fs = std::filesystem;

namespace cardstock {

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

namespace {

// Everything a game needs to be written, with no file touched yet.
struct Prepared {
  Game game;
  // Per deck, per card index: resolved face and back art.
  std::vector<std::vector<CardArt>> faces, backs;
  std::optional<Booklet> booklet;
  std::vector<OutputPlan> plans;
  const CardArt* face(const std::string& deck, const std::string& card) const {
    for (size_t i = 0; i < game.decks.size(); ++i) {
      if (game.decks[i].id != deck) continue;
      for (size_t c = 0; c < game.decks[i].cards.size(); ++c)
        if (game.decks[i].cards[c].id == card) return &faces[i][c];
    }
    return nullptr;
  }
};

struct Session {
  const BuildOptions& opt;
  std::ostream& out;
  std::ostream& err;
  Templates templates;
  std::unique_ptr<Fonts> fonts;
  std::unique_ptr<PangoMeasurer> measurer;
  std::unique_ptr<DictHyphenator> hyphenator;

  // Loads templates and fonts; false (after printing) on error.
  bool start() {
    Diagnostics d;
    templates = load_templates(opt.templates_dir, d);
    if (!d.has_errors())
      fonts = Fonts::load(templates.fonts, {opt.templates_dir + "/fonts.yaml", 0, 0}, d);
    if (!d.has_errors() && !templates.fonts.hyphenation.empty()) {
      std::string e;
      hyphenator = DictHyphenator::load(templates.fonts.hyphenation, &e);
      if (!hyphenator)
        d.error({opt.templates_dir + "/fonts.yaml", 0, 0},
                e + (templates.fonts.hyphenation_package.empty()
                         ? std::string()
                         : " (install Debian package " + templates.fonts.hyphenation_package + ")"));
    }
    err << d.str();
    if (d.has_errors()) return false;
    measurer = std::make_unique<PangoMeasurer>(*fonts);
    return true;
  }

  bool paper_wanted(const std::string& paper) const {
    return opt.paper == "all" || opt.paper == paper;
  }

  // One-page outputs (answer keys, board previews) come on the two papers we promise,
  // Letter and A4, as far as --paper asks for them.
  std::vector<Paper> single_page_papers() const {
    std::vector<Paper> out;
    for (const auto& paper : templates.papers)
      if ((paper.id == "letter" || paper.id == "a4") && paper_wanted(paper.id)) out.push_back(paper);
    return out;
  }

  std::unique_ptr<Prepared> prepare(const std::string& path, Diagnostics& d) {
    auto g = load_game(path, templates, d);
    if (!g) return nullptr;
    auto p = std::make_unique<Prepared>();
    p->game = std::move(*g);
    p->game.allow_outside = opt.allow_outside;
    const Game& game = p->game;
    for (const auto& deck : game.decks) check_deck(deck, d);
    for (const auto& board : game.boards) check_board(game, board, d);
    for (const auto& deck : game.decks) {
      std::vector<CardArt> faces, backs;
      for (const auto& card : deck.cards) {
        const std::string face = card.face.empty() ? deck.face : card.face;
        const std::string back = card.back.empty() ? deck.back : card.back;
        auto f = game.designs.find(face);
        faces.push_back(f == game.designs.end()
                            ? CardArt{}
                            : resolve_card(game, deck, card, f->second, *measurer, d));
        auto b = game.designs.find(back);
        backs.push_back(back.empty() || b == game.designs.end()
                            ? CardArt{}
                            : resolve_card(game, deck, card, b->second, *measurer, d));
      }
      p->faces.push_back(std::move(faces));
      p->backs.push_back(std::move(backs));
    }
    check_images(*p, d);
    if (game.booklet) {
      p->booklet = load_booklet(game, d);
      if (p->booklet) anchor_labels(*p);
    }
    if (opt.strict) d.make_warnings_errors();
    if (d.has_errors()) return p;
    plan(*p, d);
    return p;
  }

  // Decodes every image the cards use once, now, so a corrupt or oversized file is an
  // error at the card that names it rather than a failure half-way through writing.
  void check_images(const Prepared& p, Diagnostics& d) const {
    std::set<std::string> seen;
    for (size_t k = 0; k < p.game.decks.size(); ++k) {
      const Deck& deck = p.game.decks[k];
      for (const auto* arts : {&p.faces[k], &p.backs[k]})
        for (size_t c = 0; c < arts->size() && c < deck.cards.size(); ++c)
          for (const auto& it : (*arts)[c].items) {
            if (it.type != LayerType::Image || it.image.empty() || !seen.insert(it.image).second) continue;
            std::string e;
            if (!check_image(it.image, &e))
              d.error(deck.cards[c].mark, "card '" + deck.cards[c].id + "': image cannot be used: " + e);
          }
    }
  }

  // Points each figure label at the part of the card's face that shows its field.
  void anchor_labels(Prepared& p) const {
    for (auto& blk : p.booklet->blocks) {
      if (blk.kind != BlockKind::Figure || blk.cards.empty() || blk.labels.empty()) continue;
      // Labels sit beside the last card of the row and point into it.
      const FigureCard& fc = blk.cards.back();
      const Deck* deck = p.game.find_deck(fc.deck);
      const CardArt* art = p.face(fc.deck, fc.card);
      if (!deck || !art) continue;
      const Card* card = nullptr;
      for (const auto& c : deck->cards)
        if (c.id == fc.card) card = &c;
      const std::string face = card && !card->face.empty() ? card->face : deck->face;
      auto des = p.game.designs.find(face);
      if (des == p.game.designs.end()) continue;
      for (auto& lab : blk.labels) {
        const Rect r = field_anchor(des->second, *art, lab.field);
        lab.x = r.x;
        lab.y = r.y;
        lab.w = r.w;
        lab.h = r.h;
      }
    }
  }

  // A booklet: the reading-order pages on the small paper (half-Letter, A5) and the same
  // pages imposed two-up on the big one (Letter, A4) for folding.
  void plan_booklet(Prepared& p, Diagnostics& d) {
    const std::pair<const char*, const char*> pairs[] = {{"letter", "half-letter"}, {"a4", "a5"}};
    for (const auto& [sheet_id, page_id] : pairs) {
      if (!paper_wanted(sheet_id)) continue;
      const Paper* sheet = templates.find_paper(sheet_id);
      const Paper* page = templates.find_paper(page_id);
      if (!sheet || !page) {
        d.error(p.game.booklet->mark, std::string("templates/papers.yaml has no paper '") +
                                          (sheet ? page_id : sheet_id) + "' for the booklet");
        continue;
      }
      auto bl = std::make_shared<BookletLayout>(layout_booklet(*p.booklet, page->width.pt, page->height.pt,
                                                               *measurer, hyphenator.get(), d));
      OutputPlan o;
      o.kind = "booklet";
      o.paper = page->id;
      o.file = std::string("rules-") + page->id + ".pdf";
      o.sheets.width = bl->width;
      o.sheets.height = bl->height;
      o.sheets.pages.resize(bl->pages.size());
      o.booklet = bl;
      OutputPlan im;
      im.kind = "booklet-imposed";
      im.paper = sheet->id;
      im.file = std::string("rules-booklet-") + sheet->id + ".pdf";
      im.sheets.width = sheet->height.pt;  // landscape
      im.sheets.height = sheet->width.pt;
      std::string e;
      im.imposed = impose_saddle_stitch(static_cast<int>(bl->pages.size()), bl->width, bl->height,
                                        im.sheets.width, im.sheets.height, &e);
      if (!e.empty()) {
        d.error(p.game.booklet->mark, "cannot impose the booklet: " + e);
        continue;
      }
      for (const auto& side : im.imposed) {
        Page pg;
        pg.back = side.side.back;
        pg.cuts = side.folds;
        im.sheets.pages.push_back(pg);
      }
      im.booklet = bl;
      p.plans.push_back(std::move(o));
      p.plans.push_back(std::move(im));
    }
  }

  void plan(Prepared& p, Diagnostics& d) {
    const Game& game = p.game;
    for (const auto& deck : game.decks) {
      const size_t count = static_cast<size_t>(deck.total_cards());
      for (const auto& stock : deck.stocks) {
        if (!paper_wanted(stock.paper.id)) continue;
        OutputPlan o;
        o.kind = stock.kind == StockKind::Labels ? "labels" : "cards";
        o.deck = deck.id;
        o.stock = stock.id;
        o.paper = stock.paper.id;
        o.file = deck.id + "-" + stock.id + ".pdf";
        const bool backs = opt.backs && stock.kind == StockKind::Cardstock && !deck.back.empty();
        o.sheets = layout_sheets(stock, count, backs);
        p.plans.push_back(std::move(o));
      }
      if (deck.answer_key && deck.facts) {
        for (const Paper& paper : single_page_papers()) {
          OutputPlan o;
          o.kind = "answer-key";
          o.deck = deck.id;
          o.paper = paper.id;
          o.file = deck.id + "-answer-key-" + paper.id + ".pdf";
          o.sheets.width = paper.width.pt;
          o.sheets.height = paper.height.pt;
          o.sheets.pages.push_back(Page{});
          TableSpec t;
          t.title = deck.answer_key->title;
          t.subtitle = game.title + ": every name on the cards, with the facts that settle a challenge.";
          t.font = templates.fonts.default_family;
          for (const auto& c : deck.answer_key->columns) {
            std::string h = c;
            if (!h.empty()) h[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(h[0])));
            t.header.push_back(h);
          }
          std::vector<const FactEntry*> entries;
          for (const auto& e : deck.facts->entries) entries.push_back(&e);
          std::sort(entries.begin(), entries.end(),
                    [](const FactEntry* a, const FactEntry* b) { return a->key < b->key; });
          for (const FactEntry* e : entries) {
            std::vector<std::string> row;
            for (const auto& c : deck.answer_key->columns) {
              std::string cell;
              auto it = e->values.find(c);
              if (it != e->values.end())
                for (size_t i = 0; i < it->second.size(); ++i) cell += (i ? ", " : "") + it->second[i];
              row.push_back(cell);
            }
            t.rows.push_back(row);
          }
          bool overflow = false;
          o.items = layout_table(t, paper.width.pt, paper.height.pt, 36, *measurer, &overflow);
          if (overflow)
            d.warning(deck.answer_key->mark, "answer key of deck '" + deck.id +
                                                 "' does not fit one " + paper.id + " page");
          p.plans.push_back(std::move(o));
        }
      }
    }
    for (const auto& board : game.boards) plan_board(p, board);
    if (p.booklet) plan_booklet(p, d);
    if (opt.strict) d.make_warnings_errors();
  }

  // A board preview: one page a paper, the tiles assembled at the largest scale that fits.
  void plan_board(Prepared& p, const Board& board) {
    const Deck* deck = nullptr;
    for (const auto& dk : p.game.decks)
      if (dk.id == board.deck) deck = &dk;
    if (!deck) return;
    std::map<std::string, size_t> first_copy;
    const auto instances = expand_instances(*deck);
    for (size_t i = 0; i < instances.size(); ++i)
      first_copy.emplace(deck->cards[instances[i].card].id, i);
    for (const Paper& paper : single_page_papers()) {
      OutputPlan o;
      o.kind = "board";
      o.deck = deck->id;
      o.paper = paper.id;
      o.file = board.id + "-" + paper.id + ".pdf";
      o.sheets.width = paper.width.pt;
      o.sheets.height = paper.height.pt;
      const double margin = 36, title_h = board.title.empty() ? 0 : 40;
      const Rect area{margin, margin + title_h, paper.width.pt - 2 * margin,
                      paper.height.pt - 2 * margin - title_h};
      BoardLayout bl = layout_board(board, deck->card.width.pt, deck->card.height.pt, area);
      Page page;
      const auto cells = board_cells(board);
      for (size_t i = 0; i < cells.size() && i < bl.tiles.size(); ++i) {
        auto it = first_copy.find(cells[i].cell->card);
        if (it == first_copy.end()) continue;
        Placement pl;
        pl.slot = it->second;
        pl.trim = pl.bleed = bl.tiles[i];
        pl.scale = bl.scale;
        page.placements.push_back(pl);
      }
      o.sheets.pages.push_back(page);
      if (!board.title.empty()) {
        ArtItem t;
        t.type = LayerType::Text;
        t.text = board.title;
        t.style = {templates.fonts.default_family, true, false, 18, Align::Center, false, false, 1};
        t.color = *parse_color("#222222");
        t.box = {margin, margin, paper.width.pt - 2 * margin, title_h};
        t.valign = VAlign::Middle;
        o.items.push_back(t);
      }
      p.plans.push_back(std::move(o));
    }
  }

  PageArt booklet_page(const Prepared& p, const BookletPage& bp, double dx, double dy) const {
    PageArt art;
    for (const auto& pc : bp.cards) {
      const CardArt* a = p.face(pc.card.deck, pc.card.card);
      if (!a) continue;
      Rect r = pc.trim;
      r.x += dx;
      r.y += dy;
      art.cards.push_back({a, r, r, 0, pc.card.shape, pc.scale});
    }
    for (const auto* from : {&bp.underlay, &bp.items}) {
      auto& to = from == &bp.underlay ? art.underlay : art.items;
      for (ArtItem it : *from) {
        it.box.x += dx;
        it.box.y += dy;
        to.push_back(std::move(it));
      }
    }
    return art;
  }

  std::vector<PageArt> page_art(const Prepared& p, const OutputPlan& o) const {
    std::vector<PageArt> pages;
    if (o.kind == "booklet") {
      for (const auto& bp : o.booklet->pages) pages.push_back(booklet_page(p, bp, 0, 0));
      return pages;
    }
    if (o.kind == "booklet-imposed") {
      const int n = static_cast<int>(o.booklet->pages.size());
      for (const auto& side : o.imposed) {
        PageArt art;
        for (const auto& [num, box] : {std::pair{side.side.left, side.left}, std::pair{side.side.right, side.right}}) {
          if (num < 1 || num > n) continue;  // a blank pad page
          PageArt half = booklet_page(p, o.booklet->pages[num - 1], box.x, box.y);
          for (auto& c : half.cards) art.cards.push_back(c);
          for (auto& it : half.underlay) art.underlay.push_back(std::move(it));
          for (auto& it : half.items) art.items.push_back(std::move(it));
        }
        art.cuts = side.folds;
        pages.push_back(std::move(art));
      }
      return pages;
    }
    size_t deck_index = 0;
    for (size_t i = 0; i < p.game.decks.size(); ++i)
      if (p.game.decks[i].id == o.deck) deck_index = i;
    const Deck& deck = p.game.decks[deck_index];
    const auto instances = expand_instances(deck);
    for (const auto& page : o.sheets.pages) {
      PageArt art;
      art.cuts = page.cuts;
      art.circles = page.circles;
      for (const auto& pl : page.placements) {
        const size_t card = instances[pl.slot].card;
        const CardArt* a = page.back ? &p.backs[deck_index][card] : &p.faces[deck_index][card];
        art.cards.push_back({a, pl.trim, pl.bleed, pl.rotation, deck.card.shape, pl.scale});
      }
      pages.push_back(std::move(art));
    }
    if (!pages.empty()) pages[0].items = o.items;
    return pages;
  }

  // Renders every planned output to a temporary file, then renames them all.
  bool write(const Prepared& p, const std::string& path) {
    const fs::path dir = fs::path(opt.out_dir) / p.game.id;
    std::error_code ec;
    fs::create_directories(dir, ec);
    if (ec || !fs::is_directory(dir)) {
      err << dir.string() << ": error: cannot create output folder: " << ec.message() << "\n";
      return false;
    }
    const std::string date = opt.date.empty() ? pinned_date() : opt.date;
    const std::string suffix = ".tmp-" + std::to_string(::getpid());
    std::vector<std::pair<std::string, std::string>> renames;
    auto discard = [&] {
      for (const auto& [tmp, fin] : renames) std::remove(tmp.c_str());
    };
    for (const auto& o : p.plans) {
      const std::string fin = (dir / o.file).string();
      const std::string tmp = fin + suffix;
      renames.push_back({tmp, fin});
      PdfInfo info{p.game.title + " - " + o.file, std::string("cardstock ") + kVersion, date,
                   o.sheets.width, o.sheets.height};
      std::string e;
      if (!render_pdf(tmp, info, page_art(p, o), *fonts, &e)) {
        err << fin << ": error: " << e << "\n";
        discard();
        return false;
      }
    }
    const std::string manifest = manifest_json(p.game, p.plans, path);
    const std::string mfin = (dir / "manifest.json").string();
    {
      std::ofstream f(mfin + suffix, std::ios::binary | std::ios::trunc);
      f << manifest;
      if (!f) {
        err << mfin << ": error: cannot write manifest\n";
        discard();
        return false;
      }
    }
    renames.push_back({mfin + suffix, mfin});
    for (const auto& [tmp, fin] : renames) {
      fs::rename(tmp, fin, ec);
      if (ec) {
        err << fin << ": error: cannot rename: " << ec.message() << "\n";
        discard();
        return false;
      }
    }
    size_t pages = 0;
    for (const auto& o : p.plans) pages += o.sheets.pages.size();
    out << "built " << dir.string() << "/: " << p.plans.size() << " PDFs, " << pages
        << " pages, manifest.json\n";
    return true;
  }
};

int run(const std::vector<std::string>& given, const BuildOptions& opt, std::ostream& out,
        std::ostream& err, bool write) {
  Session s{opt, out, err, {}, nullptr, nullptr};
  if (!s.start()) return 1;
  std::vector<std::string> files = given;
  if (files.empty()) {
    files = default_content_files("content");
    if (files.empty()) {
      err << "cardstock: error: no game files named and no content/*.yaml found\n";
      return 1;
    }
  }
  int status = 0;
  for (const auto& path : files) {
    Diagnostics d;
    auto p = s.prepare(path, d);
    err << d.str();
    if (!p || d.has_errors()) {
      err << path << ": " << d.error_count() << " error(s), " << d.warning_count()
          << " warning(s); " << (write ? "nothing written" : "check failed") << "\n";
      status = 1;
      continue;
    }
    if (!write) {
      long cards = 0;
      for (const auto& deck : p->game.decks) cards += deck.total_cards();
      out << path << ": ok (" << p->game.decks.size() << " decks, " << cards << " cards, "
          << p->plans.size() << " outputs";
      if (d.warning_count()) out << ", " << d.warning_count() << " warning(s)";
      out << ")\n";
      continue;
    }
    if (!s.write(*p, path)) status = 1;
  }
  return status;
}

}  // namespace

int check_files(const std::vector<std::string>& files, const BuildOptions& opt, std::ostream& out,
                std::ostream& err) {
  return run(files, opt, out, err, false);
}

int build_files(const std::vector<std::string>& files, const BuildOptions& opt, std::ostream& out,
                std::ostream& err) {
  return run(files, opt, out, err, true);
}

int list_stocks(const BuildOptions& opt, std::ostream& out, std::ostream& err) {
  Diagnostics d;
  Templates t = load_templates(opt.templates_dir, d);
  err << d.str();
  if (d.has_errors()) return 1;
  out << std::left << std::setw(22) << "STOCK" << std::setw(8) << "PAPER" << std::setw(14) << "CARD"
      << std::setw(11) << "KIND" << std::setw(9) << "GRID" << std::setw(6) << "CARDS"
      << "DESCRIPTION\n";
  for (const auto& s : t.stocks) {
    std::string grid = std::to_string(s.columns) + "x" + std::to_string(s.rows) +
                       (s.rotate ? " r" + std::to_string(s.rotate) : "") +
                       (s.packing == Packing::Honeycomb ? " hc" : "");
    out << std::setw(22) << s.id << std::setw(8) << s.paper.id << std::setw(14) << s.card.id
        << std::setw(11) << (s.kind == StockKind::Labels ? "labels" : "cardstock") << std::setw(9)
        << grid << std::setw(6) << grid_slots(s).size() << s.description << "\n";
  }
  return 0;
}

}  // namespace cardstock
