#include "build/build.h"

#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdint>
#include <functional>
#include <iostream>
#include <thread>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <map>
#include <memory>
#include <set>
#include <sstream>

#include "load/booklet.h"
#include "model/checks.h"
#include "load/load.h"
#include "base/files.h"
#include "load/images.h"
#include "build/interrupt.h"
#include "output/manifest.h"
#include "base/paths.h"
#include "render/render.h"

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
  std::string source;  // the game file as named
  Game game;
  // Per deck, per card index: resolved face and back art.
  std::vector<std::vector<CardArt>> faces, backs;
  std::optional<Booklet> booklet;
  std::vector<OutputPlan> plans;
  std::vector<std::string> inputs;  // every file the outputs were made from
  std::string inputs_key;
  Diagnostics diags;
  bool loaded = false, up_to_date = false, failed = false;
  std::string previous_manifest;                       // as found in out/<game>/
  std::vector<std::string> temps;                      // rendered, not yet renamed
  std::vector<bool> rewrite;                           // per plan: render it again
  // What the cards and booklet were measured with, and what draws them: text is shaped
  // once, images decoded once, for all the game's outputs.
  std::unique_ptr<Typesetter> typesetter;
  const CardArt* face(const std::string& deck, const std::string& card) const {
    for (size_t i = 0; i < game.decks.size(); ++i) {
      if (game.decks[i].id != deck) continue;
      for (size_t c = 0; c < game.decks[i].cards.size(); ++c)
        if (game.decks[i].cards[c].id == card) return &faces[i][c];
    }
    return nullptr;
  }
};

// What laying out one game measures with: for booklets, the hyphenation dictionary.
// (Text is measured with the game's own Typesetter, kept in Prepared for drawing.)
struct GameTools {
  std::unique_ptr<DictHyphenator> hyphenator;
};

// A hash of a file's bytes, hex; "" if it cannot be read. Cached: the templates and
// fonts are shared by every game of a run.
class FileHashes {
 public:
  std::string get(const std::string& path) {
    auto it = cache_.find(path);
    if (it != cache_.end()) return it->second;
    std::ifstream in(path, std::ios::binary);
    std::string h;
    if (in) {
      std::stringstream ss;
      ss << in.rdbuf();
      const std::string bytes = ss.str();
      // Eight bytes a step (fonts are megabytes and this runs on every build).
      std::uint64_t v = 1469598103934665603ULL ^ bytes.size();
      size_t i = 0;
      for (; i + 8 <= bytes.size(); i += 8) {
        std::uint64_t w;
        std::memcpy(&w, bytes.data() + i, 8);
        v = (v ^ w) * 0x9E3779B97F4A7C15ULL;
        v ^= v >> 29;
      }
      for (; i < bytes.size(); ++i) v = (v ^ static_cast<unsigned char>(bytes[i])) * 1099511628211ULL;
      char hex[17];
      std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(v));
      h = hex;
    }
    return cache_[path] = h;
  }

 private:
  std::map<std::string, std::string> cache_;
};

std::string combine(const std::vector<std::string>& parts) {
  std::uint64_t v = 1469598103934665603ULL;
  for (const auto& p : parts)
    for (unsigned char c : p + "\n") {
      v ^= c;
      v *= 1099511628211ULL;
    }
  char hex[17];
  std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(v));
  return hex;
}

// Runs `argv` lists as child processes (fresh programs: exec, never a bare fork of this
// one), in the order given, at most `jobs` at a time: a new one starts as soon as any
// running one ends. Returns each one's exit status and output, by index.
struct ChildResult {
  int status = 1;
  std::string out, err;
};

std::vector<ChildResult> run_children(const std::vector<std::vector<std::string>>& argvs, int jobs) {
  std::vector<ChildResult> results(argvs.size());
  struct Child {
    pid_t pid;
    int fd[2];  // its stdout and stderr, -1 once read to the end
    size_t index;
  };
  std::vector<Child> running;
  auto start = [&](size_t i) {
    int o[2], e[2];
    if (::pipe(o) != 0) {
      results[i].err = "cardstock: error: cannot start a build process\n";
      return;
    }
    if (::pipe(e) != 0) {
      ::close(o[0]);
      ::close(o[1]);
      results[i].err = "cardstock: error: cannot start a build process\n";
      return;
    }
    std::vector<char*> args;
    for (const auto& a : argvs[i]) args.push_back(const_cast<char*>(a.c_str()));
    args.push_back(nullptr);
    const pid_t parent = ::getpid();
    const pid_t pid = interrupt::fork_child();
    if (pid == 0) {
      // A build killed outright takes its children with it: they would only draw files
      // nobody renames (the next build removes them).
      ::prctl(PR_SET_PDEATHSIG, SIGKILL);
      if (::getppid() != parent) ::_exit(1);
      ::dup2(o[1], 1);
      ::dup2(e[1], 2);
      ::close(o[0]);
      ::close(e[0]);
      ::close(o[1]);
      ::close(e[1]);
      ::execv(args[0], args.data());
      ::_exit(127);
    }
    ::close(o[1]);
    ::close(e[1]);
    if (pid < 0) {
      ::close(o[0]);
      ::close(e[0]);
      results[i].err = "cardstock: error: cannot start a build process\n";
      return;
    }
    running.push_back({pid, {o[0], e[0]}, i});
  };
  // Reads whatever the running children wrote (so none blocks on a full pipe) and reaps
  // those whose output has ended.
  auto pump = [&] {
    std::vector<pollfd> fds;
    for (const auto& c : running)
      for (int fd : c.fd)
        if (fd >= 0) fds.push_back({fd, POLLIN, 0});
    if (!fds.empty() && ::poll(fds.data(), fds.size(), -1) < 0) {
      if (errno == EINTR) return;
      for (auto& f : fds) f.revents = POLLIN;  // poll itself failed: read in turn, blocking
    }
    char buf[8192];
    for (auto& c : running)
      for (int k = 0; k < 2; ++k) {
        if (c.fd[k] < 0) continue;
        auto f = std::find_if(fds.begin(), fds.end(), [&](const pollfd& p) { return p.fd == c.fd[k]; });
        if (f == fds.end() || !f->revents) continue;
        const ssize_t got = ::read(c.fd[k], buf, sizeof buf);
        if (got > 0) {
          (k ? results[c.index].err : results[c.index].out).append(buf, static_cast<size_t>(got));
        } else if (got == 0 || errno != EINTR) {
          ::close(c.fd[k]);
          c.fd[k] = -1;
        }
      }
    for (auto it = running.begin(); it != running.end();) {
      if (it->fd[0] >= 0 || it->fd[1] >= 0) {
        ++it;
        continue;
      }
      int status = 0;
      ::waitpid(it->pid, &status, 0);
      interrupt::untrack_child(it->pid);
      ChildResult& r = results[it->index];
      r.status = WIFEXITED(status) ? WEXITSTATUS(status) : 1;
      if (!WIFEXITED(status))
        r.err += "cardstock: error: a build process stopped with signal " + std::to_string(WTERMSIG(status)) + "\n";
      it = running.erase(it);
    }
  };
  // Interrupted: the children were asked to stop; start no more and wait for them.
  for (size_t i = 0; i < argvs.size() && !interrupt::signal_received(); ++i) {
    while (static_cast<int>(running.size()) >= std::max(1, jobs) && !interrupt::signal_received()) pump();
    if (!interrupt::signal_received()) start(i);
  }
  while (!running.empty()) pump();
  return results;
}

struct Session {
  const BuildOptions& opt;
  std::ostream& out;
  std::ostream& err;
  Templates templates;
  std::unique_ptr<Fonts> fonts;  // loaded only when something is to be laid out
  FileHashes hashes;
  std::vector<std::string> template_files;  // every file of templates/ plus fonts, sorted

  // Loads templates; false (after printing) on error.
  bool start() {
    Diagnostics d;
    templates = load_templates(opt.templates_dir, d);
    err << d.str();
    if (d.has_errors()) return false;
    std::error_code ec;
    for (auto it = fs::recursive_directory_iterator(opt.templates_dir, ec);
         !ec && it != fs::recursive_directory_iterator(); it.increment(ec))
      if (it->is_regular_file()) template_files.push_back(it->path().string());
    for (const auto& fam : templates.fonts.families)
      for (const auto& f : fam.files) template_files.push_back(f);
    if (!templates.fonts.hyphenation.empty()) template_files.push_back(templates.fonts.hyphenation);
    std::sort(template_files.begin(), template_files.end());
    return true;
  }

  // Loads the private font set; false (after printing) on error.
  bool start_fonts() {
    Diagnostics d;
    fonts = Fonts::load(templates.fonts, {opt.templates_dir + "/fonts.yaml", 0, 0}, d);
    err << d.str();
    return !d.has_errors();
  }

  std::string options_key() const {
    return std::string("cardstock ") + kVersion + " paper=" + opt.paper + " backs=" + (opt.backs ? "1" : "0") +
           " strict=" + (opt.strict ? "1" : "0") + " outside=" + (opt.allow_outside ? "1" : "0") +
           " date=" + (opt.date.empty() ? pinned_date() : opt.date);
  }

  // The key of a set of input files: options, tool version, and every file's bytes.
  std::string inputs_key(std::vector<std::string> files) {
    std::sort(files.begin(), files.end());
    files.erase(std::unique(files.begin(), files.end()), files.end());
    std::vector<std::string> parts{options_key()};
    for (const auto& f : files) parts.push_back(f + " " + hashes.get(f));
    return combine(parts);
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

  // Resolves every card and plans every output of a loaded game.
  void prepare(Prepared& pr, Diagnostics& d) {
    GameTools w;
    pr.typesetter = std::make_unique<Typesetter>(*fonts);
    const Typesetter& ts = *pr.typesetter;
    // Only booklets are hyphenated; a game without one never needs the dictionary.
    if (pr.game.booklet && !templates.fonts.hyphenation.empty()) {
      std::string e;
      w.hyphenator = DictHyphenator::load(templates.fonts.hyphenation, &e);
      if (!w.hyphenator)
        d.warning(pr.game.booklet->mark,
                  e + (templates.fonts.hyphenation_package.empty()
                           ? std::string()
                           : " (install Debian package " + templates.fonts.hyphenation_package + ")") +
                      "; the booklet is set without hyphenation");
    }
    Prepared* p = &pr;
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
                            : resolve_card(game, deck, card, f->second, ts, d));
        auto b = game.designs.find(back);
        backs.push_back(back.empty() || b == game.designs.end()
                            ? CardArt{}
                            : resolve_card(game, deck, card, b->second, ts, d));
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
    if (d.has_errors()) return;
    plan(*p, w, d);
    stamp(*p);
  }

  // The files a game's outputs were made from, and each output's key over its own inputs
  // (the game file, templates and fonts for all; a deck's images for its sheets; the
  // rules text and every image for the booklets).
  void stamp(Prepared& p) {
    std::vector<std::string> common = template_files;
    common.push_back(p.source);
    std::vector<std::string> all_images;
    std::map<std::string, std::vector<std::string>> deck_images;
    for (size_t k = 0; k < p.game.decks.size(); ++k)
      for (const auto* arts : {&p.faces[k], &p.backs[k]})
        for (const auto& a : *arts)
          for (const auto& it : a.items)
            if (!it.image.empty()) {
              deck_images[p.game.decks[k].id].push_back(it.image);
              all_images.push_back(it.image);
            }
    std::vector<std::string> everything = common;
    everything.insert(everything.end(), all_images.begin(), all_images.end());
    if (p.game.booklet) everything.push_back(p.game.booklet->path);
    std::sort(everything.begin(), everything.end());
    everything.erase(std::unique(everything.begin(), everything.end()), everything.end());
    p.inputs = everything;
    p.inputs_key = inputs_key(everything);
    for (auto& o : p.plans) {
      std::vector<std::string> files = common;
      if (o.booklet) {
        files.insert(files.end(), all_images.begin(), all_images.end());
        files.push_back(p.game.booklet->path);
      } else {
        const auto& imgs = deck_images[o.deck];
        files.insert(files.end(), imgs.begin(), imgs.end());
        for (const auto& pg : o.sheets.pages)  // a board's extras from other decks
          for (const auto& pl : pg.placements)
            if (pl.deck >= 0) {
              const auto& more = deck_images[p.game.decks[pl.deck].id];
              files.insert(files.end(), more.begin(), more.end());
            }
      }
      o.inputs_key = combine({inputs_key(files), o.kind, o.file});
    }
  }

  // Checks every image the cards use once, now: what the file is, its size in pixels,
  // what an SVG links to (images.h), then decodes it, so a bad file is an error at the
  // line that names it rather than a failure half-way through writing.
  void check_images(const Prepared& p, Diagnostics& d) const {
    std::set<std::string> seen;
    for (size_t k = 0; k < p.game.decks.size(); ++k) {
      const Deck& deck = p.game.decks[k];
      for (const bool back : {false, true}) {
        const auto& arts = back ? p.backs[k] : p.faces[k];
        for (size_t c = 0; c < arts.size() && c < deck.cards.size(); ++c) {
          const Card& card = deck.cards[c];
          const std::string name = back ? (card.back.empty() ? deck.back : card.back)
                                        : (card.face.empty() ? deck.face : card.face);
          auto des = p.game.designs.find(name);
          for (const auto& it : arts[c].items) {
            if (it.type != LayerType::Image || it.image.empty() || !seen.insert(it.image).second) continue;
            if (des == p.game.designs.end() || it.layer < 0 ||
                it.layer >= static_cast<int>(des->second.layers.size()))
              continue;
            const Layer& l = des->second.layers[static_cast<size_t>(it.layer)];
            const Mark at = value_mark(l.src, l.src_mark, card);
            const std::string shown = expand_template(l.src, card.fields);
            const std::string layer_at = at.str() == l.src_mark.str() ? "" : " (layer at " + l.mark.str() + ")";
            std::string e;
            if (!check_image_file(it.image, shown, p.game.dir, p.game.allow_outside, &e))
              d.error(at, "card '" + card.id + "': " + e + layer_at);
            else if (!p.typesetter->check_image(it.image, &e))
              d.error(at, "card '" + card.id + "': image '" + shown + "' " + e + layer_at);
          }
        }
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
  void plan_booklet(Prepared& p, GameTools& w, Diagnostics& d) {
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
                                                               *p.typesetter, w.hyphenator.get(), d));
      OutputPlan o;
      o.kind = "booklet";
      o.paper = page->id;
      o.file = std::string("rules-") + page->id + ".pdf";
      o.mark = p.game.booklet->mark;
      o.origin = "the booklet";
      o.sheets.width = bl->width;
      o.sheets.height = bl->height;
      o.sheets.pages.resize(bl->pages.size());
      o.booklet = bl;
      OutputPlan im;
      im.kind = "booklet-imposed";
      im.paper = sheet->id;
      im.file = std::string("rules-booklet-") + sheet->id + ".pdf";
      im.mark = p.game.booklet->mark;
      im.origin = "the imposed booklet";
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

  void plan(Prepared& p, GameTools& w, Diagnostics& d) {
    const Game& game = p.game;
    for (const auto& deck : game.decks) {
      const size_t count = static_cast<size_t>(deck.total_cards());
      // --paper letter on a deck printed only on A4 would build nothing and say nothing.
      if (opt.paper != "all" && !deck.stocks.empty() &&
          std::none_of(deck.stocks.begin(), deck.stocks.end(), [&](const Stock& st) { return paper_wanted(st.paper.id); })) {
        std::string list;
        for (const auto& st : deck.stocks) list += (list.empty() ? "" : ", ") + st.id + " (" + st.paper.id + ")";
        d.error(deck.mark, "deck '" + deck.id + "' has no stock on " + opt.paper + " paper, which --paper asks for; its stocks are " + list);
      }
      for (const auto& stock : deck.stocks) {
        if (!paper_wanted(stock.paper.id)) continue;
        OutputPlan o;
        o.kind = stock.kind == StockKind::Labels ? "labels" : "cards";
        o.deck = deck.id;
        o.stock = stock.id;
        o.paper = stock.paper.id;
        o.file = deck.id + "-" + stock.id + ".pdf";
        o.mark = deck.mark;
        o.origin = "deck '" + deck.id + "' on stock '" + stock.id + "'";
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
          o.mark = deck.answer_key->mark;
          o.origin = "the answer key of deck '" + deck.id + "'";
          o.sheets.width = paper.width.pt;
          o.sheets.height = paper.height.pt;
          o.sheets.pages.push_back(Page{});
          TableSpec t;
          t.title = deck.answer_key->title;
          t.subtitle = game.title + ": every name on the cards, with the facts that settle a challenge.";
          t.font = templates.fonts.default_family;
          AnswerKeyTable key = answer_key_rows(deck);
          t.header = std::move(key.header);
          t.rows = std::move(key.rows);
          bool overflow = false;
          o.items = layout_table(t, paper.width.pt, paper.height.pt, 36, *p.typesetter, &overflow);
          report_item_font_issues(o.items, *p.typesetter, deck.answer_key->mark,
                                  "the default family of templates/fonts.yaml has none", d);
          if (overflow)
            d.warning(deck.answer_key->mark, "answer key of deck '" + deck.id +
                                                 "' does not fit one " + paper.id + " page");
          p.plans.push_back(std::move(o));
        }
      }
    }
    for (const auto& board : game.boards) plan_board(p, board, d);
    if (p.booklet) plan_booklet(p, w, d);
    // Past a limit, drawing would take hours and the files gigabytes: say so now.
    long pages = 0;
    for (const auto& o : p.plans) pages += static_cast<long>(o.sheets.pages.size());
    if (pages > kMaxPagesPerGame)
      d.error(game.mark, "the outputs of game '" + game.id + "' would have " + std::to_string(pages) +
                             " pages; the limit is " + std::to_string(kMaxPagesPerGame) + " pages a game");
    // Two outputs of one name would overwrite each other (deck 'a-b' on stock 'c' and
    // deck 'a' on stock 'b-c'; a board named like a deck's file).
    std::map<std::string, const OutputPlan*> names;
    for (const auto& o : p.plans) {
      auto [it, fresh] = names.emplace(o.file, &o);
      if (!fresh || o.file == "manifest.json")
        d.error(o.mark, "the output '" + o.file + "' of " + o.origin +
                            (fresh ? " is the name of the manifest" : " has the same name as the output of " + it->second->origin) +
                            "; rename one of them");
    }
    if (opt.strict) d.make_warnings_errors();
  }

  // A board preview: one page a paper, the tiles assembled at the largest scale that fits.
  void plan_board(Prepared& p, const Board& board, Diagnostics& d) {
    const Deck* deck = nullptr;
    for (const auto& dk : p.game.decks)
      if (dk.id == board.deck) deck = &dk;
    if (!deck) return;
    for (const Paper& paper : single_page_papers()) {
      OutputPlan o;
      o.kind = "board";
      o.deck = deck->id;
      o.paper = paper.id;
      o.file = board.id + "-" + paper.id + ".pdf";
      o.mark = board.mark;
      o.origin = "board '" + board.id + "'";
      o.sheets.width = paper.width.pt;
      o.sheets.height = paper.height.pt;
      const double margin = 36, title_h = board.title.empty() ? 0 : 40;
      const Rect area{margin, margin + title_h, paper.width.pt - 2 * margin,
                      paper.height.pt - 2 * margin - title_h};
      BoardLayout bl = layout_board(board, deck->card.width.pt, deck->card.height.pt, area);
      Page page;
      page.placements = board_placements(p.game, board, bl);
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
        report_item_font_issues(o.items, *p.typesetter, board.mark,
                                "the default family of templates/fonts.yaml has none", d);
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
        const size_t k = pl.deck >= 0 ? static_cast<size_t>(pl.deck) : deck_index;  // board extras
        const size_t card = pl.deck >= 0 ? expand_instances(p.game.decks[k])[pl.slot].card : instances[pl.slot].card;
        const CardArt* a = page.back ? &p.backs[k][card] : &p.faces[k][card];
        art.cards.push_back({a, pl.trim, pl.bleed, pl.rotation, p.game.decks[k].card.shape, pl.scale});
      }
      pages.push_back(std::move(art));
    }
    if (!pages.empty()) pages[0].items = o.items;
    return pages;
  }

  fs::path game_dir(const Prepared& p) const { return fs::path(opt.out_dir) / p.game.id; }

  // What the last build recorded (manifest.json): its input files and keys.
  static std::string recorded(const std::string& manifest, const std::string& key) {
    const std::string tag = "\"" + key + "\": \"";
    const size_t at = manifest.find(tag);
    if (at == std::string::npos) return "";
    const size_t end = manifest.find('"', at + tag.size());
    return manifest.substr(at + tag.size(), end - at - tag.size());
  }

  // True if nothing the game's outputs were made from has changed since the manifest was
  // written, and every output it lists is still there: then nothing needs doing.
  bool unchanged(Prepared& p) {
    if (opt.force) return false;
    p.previous_manifest = slurp(game_dir(p) / "manifest.json");
    const std::string& m = p.previous_manifest;
    const std::string key = recorded(m, "inputs_key");
    if (key.empty()) return false;
    std::vector<std::string> files;
    const std::string list = "\"inputs\": [";
    size_t at = m.find(list);
    if (at == std::string::npos) return false;
    const size_t end = m.find(']', at);
    for (size_t q = m.find('"', at + list.size()); q != std::string::npos && q < end;) {
      const size_t close = m.find('"', q + 1);
      files.push_back(m.substr(q + 1, close - q - 1));
      q = m.find('"', close + 1);
    }
    // The game file, its rules text and the templates must be among them, as they are now.
    std::vector<std::string> must = template_files;
    must.push_back(p.source);
    if (p.game.booklet) must.push_back(p.game.booklet->path);
    for (const auto& f : must)
      if (std::find(files.begin(), files.end(), f) == files.end()) return false;
    if (inputs_key(files) != key) return false;
    const std::string tag = "{\"file\": \"";
    for (size_t q = m.find(tag); q != std::string::npos; q = m.find(tag, q + 1)) {
      const size_t close = m.find('"', q + tag.size());
      if (!fs::exists(game_dir(p) / m.substr(q + tag.size(), close - q - tag.size()))) return false;
    }
    return true;
  }

  static std::string slurp(const fs::path& f) {
    std::ifstream in(f, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
  }

  // Decides which outputs to render: those whose inputs changed or whose file is gone.
  void choose(Prepared& p) {
    p.rewrite.assign(p.plans.size(), true);
    if (opt.force) return;
    for (size_t i = 0; i < p.plans.size(); ++i) {
      const auto& o = p.plans[i];
      const std::string tag = "{\"file\": \"" + o.file + "\"";
      const size_t at = p.previous_manifest.find(tag);
      if (at == std::string::npos) continue;
      const size_t end = p.previous_manifest.find("{\"file\": ", at + 1);
      const std::string entry = p.previous_manifest.substr(at, end == std::string::npos ? std::string::npos : end - at);
      if (recorded(entry, "inputs_key") == o.inputs_key && fs::exists(game_dir(p) / o.file))
        p.rewrite[i] = false;
    }
  }

  // What temporary files end in: this process's id, or for a share of a sharded build
  // the parent's id and the share, so the parent can find and rename them.
  std::string temp_suffix() const {
    if (opt.shards > 1) return ".tmp-" + std::to_string(::getppid()) + "-" + std::to_string(opt.shard);
    return ".tmp-" + std::to_string(::getpid());
  }

  std::string temp_path(const Prepared& p, size_t i) const {
    return (game_dir(p) / p.plans[i].file).string() + temp_suffix();
  }

  // Which outputs this process draws: all of them, or in a sharded build its share. Every
  // share computes the same split: the outputs to redraw, heaviest first, each to the
  // share with least work so far (the lowest on a tie).
  std::vector<bool> my_outputs(const Prepared& p) const {
    std::vector<bool> mine(p.plans.size(), opt.shards <= 1);
    if (opt.shards <= 1) return mine;
    std::vector<size_t> order;
    for (size_t i = 0; i < p.plans.size(); ++i)
      if (p.rewrite[i]) order.push_back(i);
    auto weight = [&](size_t i) { return output_weight(p.plans[i]); };
    std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return weight(a) > weight(b); });
    std::vector<double> load(static_cast<size_t>(opt.shards), 0);
    for (size_t i : order) {
      const size_t k = static_cast<size_t>(std::min_element(load.begin(), load.end()) - load.begin());
      load[k] += weight(i);
      mine[i] = k == static_cast<size_t>(opt.shard);
    }
    return mine;
  }

  // A rough drawing cost: a unit per card drawn, more for booklet pages (long text).
  static double output_weight(const OutputPlan& o) {
    double w = 4;
    for (const auto& pg : o.sheets.pages) w += 1 + static_cast<double>(pg.placements.size());
    if (o.booklet) w += 3.0 * static_cast<double>(o.booklet->pages.size());
    return w;
  }

  // Renders one output to its temporary file beside its final path.
  void render(Prepared& p, size_t i, std::string* error) {
    const OutputPlan& o = p.plans[i];
    const std::string fin = (game_dir(p) / o.file).string();
    const std::string tmp = p.temps[i];
    PdfInfo info{p.game.title + " - " + o.file, std::string("cardstock ") + kVersion,
                 opt.date.empty() ? pinned_date() : opt.date, o.sheets.width, o.sheets.height};
    std::string e;
    if (!inside_output(opt.out_dir, tmp, &e) || !inside_output(opt.out_dir, fin, &e)) {
      *error = "cardstock: error: " + e + "\n";
      return;
    }
    interrupt::track(tmp);
    if (!render_pdf(tmp, info, page_art(p, o), *p.typesetter, &e)) *error = fin + ": error: " + e + "\n";
  }

  // Writes the manifest (only if it changed) and renames every rendered file into place,
  // or removes them all if any failed, leaving the previous files as they were.
  bool finish(Prepared& p, const std::vector<std::string>& errors) {
    const fs::path dir = game_dir(p);
    auto discard = [&] {
      for (const auto& t : p.temps)
        if (!t.empty()) {
          std::remove(t.c_str());
          interrupt::untrack(t);
        }
    };
    for (const auto& e : errors)
      if (!e.empty()) {
        err << e;
        discard();
        return false;
      }
    std::vector<std::pair<std::string, std::string>> renames;
    for (size_t i = 0; i < p.plans.size(); ++i)
      if (!p.temps[i].empty()) renames.push_back({p.temps[i], (dir / p.plans[i].file).string()});
    const std::string manifest = manifest_json(p.game, p.plans, p.source, p.inputs, p.inputs_key);
    const std::string mfin = (dir / "manifest.json").string();
    if ((manifest != p.previous_manifest || opt.force) && opt.shard == 0) {
      const std::string mtmp = mfin + temp_suffix();
      std::string e;
      if (!inside_output(opt.out_dir, mtmp, &e)) {
        err << "cardstock: error: " << e << "\n";
        discard();
        return false;
      }
      interrupt::track(mtmp);
      std::ofstream f(mtmp, std::ios::binary | std::ios::trunc);
      f << manifest;
      f.close();
      if (!f) {
        err << mfin << ": error: cannot write manifest\n";
        discard();
        std::remove(mtmp.c_str());
        interrupt::untrack(mtmp);
        return false;
      }
      renames.push_back({mtmp, mfin});
    }
    std::error_code ec;
    // A share of a sharded build leaves its files for the parent, which renames them
    // once every share has succeeded.
    if (opt.shards > 1) renames.clear();
    for (const auto& [tmp, fin] : renames) {
      std::string e;
      if (!inside_output(opt.out_dir, fin, &e)) {
        err << "cardstock: error: " << e << "\n";
        discard();
        return false;
      }
      fs::rename(tmp, fin, ec);
      if (ec) {
        err << fin << ": error: cannot rename: " << ec.message() << "\n";
        discard();
        return false;
      }
      interrupt::untrack(tmp);
    }
    if (opt.shard != 0) return true;
    size_t pages = 0, rewritten = 0;
    for (size_t i = 0; i < p.plans.size(); ++i) {
      pages += p.plans[i].sheets.pages.size();
      rewritten += p.rewrite[i];
    }
    out << "built " << dir.string() << "/: " << p.plans.size() << " PDFs, " << pages << " pages, manifest.json";
    if (rewritten < p.plans.size()) out << " (" << rewritten << " rewritten, " << p.plans.size() - rewritten << " unchanged)";
    out << "\n";
    return true;
  }

  // A rough cost of drawing a loaded game, before anything is laid out (in the units of
  // output_weight), and how many outputs it will have.
  double game_weight(const Game& g, int* outputs) const {
    double w = 0;
    int n = 0;
    const int single_pages = static_cast<int>(single_page_papers().size());
    for (const auto& deck : g.decks) {
      const double cards = static_cast<double>(deck.total_cards());
      for (const auto& stock : deck.stocks) {
        if (!paper_wanted(stock.paper.id)) continue;
        const bool backs = opt.backs && stock.kind == StockKind::Cardstock && !deck.back.empty();
        const double pages = std::ceil(cards / std::max(1, stock.columns * stock.rows));
        w += 4 + (pages + cards) * (backs ? 2 : 1);
        ++n;
      }
      if (deck.answer_key && deck.facts) {
        w += 10.0 * single_pages;
        n += single_pages;
      }
    }
    w += 10.0 * single_pages * static_cast<double>(g.boards.size());
    n += single_pages * static_cast<int>(g.boards.size());
    if (g.booklet) {
      const int kinds = opt.paper == "all" ? 4 : 2;  // reading order and imposed, per paper
      w += kinds * 50.0;
      n += kinds;
    }
    *outputs = n;
    return w;
  }

  // One process's work: share `share` of `shares` of a game's outputs.
  struct Unit {
    size_t game = 0;
    int share = 0, shares = 1;
    double weight = 0;
  };

  // Splits the games to draw into processes: a game gets several shares when it alone
  // is more than a core's part of the work (and each share is still worth a process
  // start); the heaviest units come first, so the longest job never starts last.
  std::vector<Unit> split_work(const std::vector<std::unique_ptr<Prepared>>& games, int jobs) const {
    std::vector<std::pair<size_t, std::pair<double, int>>> todo;
    double total = 0;
    for (size_t g = 0; g < games.size(); ++g) {
      if (!games[g]->loaded || games[g]->up_to_date) continue;
      int n = 0;
      const double w = game_weight(games[g]->game, &n);
      todo.push_back({g, {w, n}});
      total += w;
    }
    // A share costs a process start and a second load and layout of the game, so a game
    // is split only when it is well over a core's part (measured: Prophets, 55% of the
    // four games' work, is quicker whole beside the other three than halved).
    constexpr double kMinShare = 150;
    std::vector<Unit> units;
    for (const auto& [g, wn] : todo) {
      const auto [w, n] = wn;
      // (A game with nothing to draw on the papers asked for weighs 0: one share.)
      int shares = total > 0 ? static_cast<int>(std::ceil(w / (total / jobs) - 0.25)) : 1;
      shares = std::min({shares, jobs, n, static_cast<int>(w / kMinShare)});
      shares = std::max(shares, 1);
      for (int k = 0; k < shares; ++k) units.push_back({g, k, shares, w / shares});
    }
    std::stable_sort(units.begin(), units.end(), [](const Unit& a, const Unit& b) { return a.weight > b.weight; });
    return units;
  }

  // Runs the units as child processes, then for each game renames what its shares drew
  // (the manifest last) if every share succeeded, or removes it all if one failed.
  int run_units(const std::vector<std::unique_ptr<Prepared>>& games, const std::vector<Unit>& units, int jobs) {
    std::vector<std::vector<std::string>> argvs;
    for (const auto& u : units) {
      std::vector<std::string> a = {opt.self_exe, "--templates", opt.templates_dir, "build", games[u.game]->source,
                                    "-o", opt.out_dir, "--paper", opt.paper, "-j", "1"};
      if (!opt.backs) a.push_back("--single-sided");
      if (opt.strict) a.push_back("--strict");
      if (opt.allow_outside) a.push_back("--allow-outside");
      if (opt.force) a.push_back("--force");
      if (u.shares > 1) {
        a.push_back("--shard");
        a.push_back(std::to_string(u.share) + "/" + std::to_string(u.shares));
      }
      argvs.push_back(a);
    }
    const auto results = run_children(argvs, jobs);
    if (interrupt::signal_received()) {
      // Each child removed its own temporary files; what finished shares left is ours.
      for (const auto& g : games)
        if (g->loaded && !g->up_to_date) adopt_shares(*g, false);
      interrupt::finish();
    }
    int status = 0;
    for (size_t g = 0; g < games.size(); ++g) {
      const Prepared& gp = *games[g];
      if (!gp.loaded) {
        err << gp.diags.str() << gp.source << ": " << gp.diags.error_count() << " error(s), "
            << gp.diags.warning_count() << " warning(s); nothing written\n";
        status = 1;
        continue;
      }
      if (gp.up_to_date) {
        out << "up to date: " << game_dir(gp).string() << "/\n";
        continue;
      }
      std::vector<const ChildResult*> mine;  // by share
      for (size_t u = 0; u < units.size(); ++u)
        if (units[u].game == g) {
          if (mine.size() < static_cast<size_t>(units[u].shares)) mine.resize(static_cast<size_t>(units[u].shares));
          mine[static_cast<size_t>(units[u].share)] = &results[u];
        }
      bool ok = true;
      for (const ChildResult* r : mine) {
        err << r->err;
        ok = ok && r->status == 0;
      }
      if (mine.size() > 1 && !adopt_shares(gp, ok)) ok = false;
      if (ok) out << mine[0]->out;
      else status = 1;
    }
    return status;
  }

  // Renames the files the shares of a game drew (ending .tmp-<this pid>-<share>) to their
  // final names, the manifest last, or removes them all when `keep` is false.
  bool adopt_shares(const Prepared& p, bool keep) {
    const fs::path dir = game_dir(p);
    const std::string tag = ".tmp-" + std::to_string(::getpid()) + "-";
    std::vector<std::pair<fs::path, fs::path>> files;  // temp, final
    std::error_code ec;
    for (const auto& e : fs::directory_iterator(dir, ec)) {
      const std::string name = e.path().filename().string();
      const size_t at = name.rfind(tag);
      if (at == std::string::npos || name.find_first_not_of("0123456789", at + tag.size()) != std::string::npos)
        continue;
      files.push_back({e.path(), dir / name.substr(0, at)});
    }
    std::sort(files.begin(), files.end(), [](const auto& a, const auto& b) {
      const bool ma = a.second.filename() == "manifest.json", mb = b.second.filename() == "manifest.json";
      return ma != mb ? mb : a.second < b.second;
    });
    // Interrupted half-way, the files not yet renamed are removed, not left behind.
    for (const auto& [tmp, fin] : files) interrupt::track(tmp.string());
    for (const auto& [tmp, fin] : files) {
      interrupt::untrack(tmp.string());
      std::string e;
      if (keep && !inside_output(opt.out_dir, fin.string(), &e)) {
        err << "cardstock: error: " << e << "\n";
        keep = false;
      }
      if (keep) {
        fs::rename(tmp, fin, ec);
        if (!ec) continue;
        err << fin.string() << ": error: cannot rename: " << ec.message() << "\n";
        keep = false;
      }
      fs::remove(tmp, ec);
    }
    return keep;
  }

  // Creates out/<game>/; false (after printing) if it cannot. Removes temporary files
  // a killed build left behind (their process is gone), so they do not pile up.
  bool make_dir(const Prepared& p) {
    const fs::path dir = game_dir(p);
    std::error_code ec;
    std::string e;
    if (!inside_output(opt.out_dir, dir.string(), &e)) {
      err << "cardstock: error: " << e << "\n";
      return false;
    }
    fs::create_directories(dir, ec);
    if (ec || !fs::is_directory(dir)) {
      err << dir.string() << ": error: cannot create output folder: "
          << (ec ? ec.message() : std::string("not a directory")) << "\n";
      return false;
    }
    for (const auto& e : fs::directory_iterator(dir, ec)) {
      const std::string name = e.path().filename().string();
      const size_t at = name.rfind(".tmp-");
      if (at == std::string::npos) continue;
      std::string pid = name.substr(at + 5);  // "<pid>" or "<parent pid>-<share>"
      const size_t dash = pid.find('-');
      if (dash != std::string::npos && dash + 1 < pid.size() &&
          pid.find_first_not_of("0123456789", dash + 1) == std::string::npos)
        pid.resize(dash);
      if (pid.empty() || pid.size() > 9 || pid.find_first_not_of("0123456789") != std::string::npos) continue;
      if (::kill(static_cast<pid_t>(std::stol(pid)), 0) != 0 && errno == ESRCH) fs::remove(e.path(), ec);
    }
    return true;
  }
};

int run(const std::vector<std::string>& given, const BuildOptions& opt, std::ostream& out,
        std::ostream& err, bool write) {
  Session s{opt, out, err, {}, {}, {}, {}};
  if (!s.start()) return 1;
  // Files named on the command line must be there and be files: a typo is a usage
  // error (exit 2), reported with the system's reason before anything is built.
  bool named_ok = true;
  for (const auto& f : given)
    if (std::string why = not_a_regular_file(f); !why.empty()) {
      err << f << ": error: cannot read: " << why << "\n";
      named_ok = false;
    }
  if (!named_ok) return 2;
  std::vector<std::string> files = given;
  if (files.empty()) {
    files = default_content_files("content");
    if (files.empty()) {
      err << "cardstock: error: no game files named and no content/*.yaml found\n";
      return 1;
    }
  }
  const int jobs = opt.jobs > 0 ? opt.jobs : std::max(1u, std::thread::hardware_concurrency());
  std::vector<std::unique_ptr<Prepared>> games;
  // Load every game (cheap) and skip those whose outputs are up to date.
  size_t to_prepare = 0;
  for (const auto& path : files) {
    auto p = std::make_unique<Prepared>();
    p->source = path;
    if (auto g = load_game(path, s.templates, p->diags)) {
      p->game = std::move(*g);
      p->game.allow_outside = opt.allow_outside;
      p->loaded = !p->diags.has_errors();
      if (p->loaded && write) p->up_to_date = s.unchanged(*p);
    }
    to_prepare += p->loaded && !p->up_to_date;
    games.push_back(std::move(p));
  }
  // Several cores: games, and the outputs of a big game, are drawn by fresh cardstock
  // processes. Processes, not threads: Pango and librsvg keep state that threads drawing
  // at once disturbed (output not byte-identical, an occasional crash), and a forked copy
  // of this process could inherit a lock held by a library's helper thread.
  if (write && jobs > 1 && to_prepare > 0 && !opt.self_exe.empty() && opt.shards <= 1) {
    const auto units = s.split_work(games, jobs);
    if (units.size() > 1) return s.run_units(games, units, jobs);
  }
  if (to_prepare && !s.start_fonts()) return 1;
  // Resolving and planning is quick (a tenth of the drawing); it runs here, in order.
  for (auto& gp : games)
    if (gp->loaded && !gp->up_to_date) s.prepare(*gp, gp->diags);
  int status = 0;
  std::vector<Prepared*> writing;
  for (auto& gp : games) {
    Prepared& p = *gp;
    // The shares of a sharded build all find the same problems; the first one tells.
    if (opt.shard == 0) err << p.diags.str();
    if (!p.loaded || p.diags.has_errors()) {
      if (opt.shard != 0) {
        status = 1;
        continue;
      }
      err << p.source << ": " << p.diags.error_count() << " error(s), " << p.diags.warning_count()
          << " warning(s); " << (write ? "nothing written" : "check failed") << "\n";
      status = 1;
      continue;
    }
    if (!write) {
      long cards = 0;
      for (const auto& deck : p.game.decks) cards += deck.total_cards();
      out << p.source << ": ok (" << p.game.decks.size() << " decks, " << cards << " cards, "
          << p.plans.size() << " outputs";
      if (p.diags.warning_count()) out << ", " << p.diags.warning_count() << " warning(s)";
      out << ")\n";
      continue;
    }
    if (p.up_to_date) continue;
    if (!s.make_dir(p)) {
      status = 1;
      continue;
    }
    s.choose(p);
    p.temps.assign(p.plans.size(), "");
    writing.push_back(&p);
  }
  if (!write) return status;
  std::map<Prepared*, std::vector<std::string>> errors;
  for (Prepared* p : writing) {
    errors[p].assign(p->plans.size(), "");
    const std::vector<bool> mine = s.my_outputs(*p);
    for (size_t i = 0; i < p->plans.size(); ++i)
      if (p->rewrite[i] && mine[i]) {
        p->temps[i] = s.temp_path(*p, i);
        s.render(*p, i, &errors[p][i]);
      }
    p->typesetter.reset();  // its kept text and images are this game's alone
  }
  for (auto& gp : games) {
    Prepared& p = *gp;
    if (p.up_to_date) {
      if (opt.shard == 0) out << "up to date: " << s.game_dir(p).string() << "/\n";
      continue;
    }
    if (std::find(writing.begin(), writing.end(), &p) == writing.end()) continue;
    if (!s.finish(p, errors[&p])) status = 1;
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
  interrupt::install();  // Ctrl-C or SIGTERM: no temporary file left behind
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
