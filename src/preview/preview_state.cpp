// preview_state: a prepared run turned into the page's state and its pictures. Cards are
// shown one a distinct card (with their copy count), as a teacher thinks of a deck; the
// sheets and booklet as they print. Problems are linked by their file:line to the card,
// deck or output written there (a design's or layer's line: the first card drawn with it).
#include "preview/preview_state.h"

#include <map>
#include <utility>

#include "base/hash.h"
#include "base/os/files.h"

namespace cardstock {

namespace {

constexpr double kCardDpi = 96, kLargeDpi = 192, kSheetDpi = 40, kBookletDpi = 56;

// What a picture's key cannot see: the dates and sizes of the files its drawing decodes
// (images, fonts). A saved image changes every picture of its game, which is rare.
std::string file_dates(const GameRun& g, const Templates& t) {
  std::vector<std::string> parts;
  auto add = [&](const std::string& path) {
    os::FileTimes st;
    if (!os::file_times(path, &st)) return parts.push_back(path + " -");
    parts.push_back(path + " " + std::to_string(st.seconds) + "." + std::to_string(st.nanoseconds) + " " +
                    std::to_string(st.size));
  };
  for (const auto& [name, img] : g.prepared.game.images) add(img.resolved);
  const Templates& own = g.prepared.game.templates ? *g.prepared.game.templates : t;
  for (const auto& fam : own.fonts.families)
    for (const auto& f : fam.files) add(f);
  return digest(parts);
}

std::string place(const Mark& m) { return m.line ? m.file + ":" + std::to_string(m.line) : m.file; }

// Builds one game's view; `targets` maps "file:line" to the element a problem there links to.
class GameView {
 public:
  GameView(const GameRun& g, const PreparedRun& run, std::shared_ptr<const void> keep)
      : g_(g), p_(g.prepared), keep_(std::move(keep)), salt_(file_dates(g, run.templates)) {}

  PreviewGame make(std::map<std::string, std::string>* targets) {
    PreviewGame out;
    out.source = p_.source;
    out.good = true;
    Json view{{"id", p_.game.id}, {"title", p_.game.title}, {"source", p_.source}, {"stale", false}};
    Json decks = Json::array();
    for (size_t k = 0; k < p_.game.decks.size(); ++k) decks.push_back(deck(k, targets));
    view["decks"] = std::move(decks);
    view["sheets"] = outputs(true, targets);
    view["booklet"] = outputs(false, targets);
    out.view = std::move(view);
    out.pictures = std::move(pictures_);
    out.targets = *targets;
    return out;
  }

 private:
  std::string dom(const std::string& kind, const std::vector<std::string>& parts) const {
    std::vector<std::string> all{p_.source};
    all.insert(all.end(), parts.begin(), parts.end());
    return kind + "-" + combine(all);
  }

  // Adds a picture; its key.
  std::string picture(PictureJob job) {
    job.keep = keep_;
    job.ts = g_.typesetter.get();
    const std::string key = picture_key(job, salt_);
    pictures_.emplace(key, std::move(job));
    return key;
  }

  std::string card_picture(const CardArt& art, const CardSize& size, bool large) {
    PictureJob job;
    job.page = card_picture_page(art, size, large);
    job.dpi = large ? kLargeDpi : kCardDpi;
    if (large) job.proof_of = &size;
    return picture(std::move(job));
  }

  Json deck(size_t k, std::map<std::string, std::string>* targets) {
    const Deck& dk = p_.game.decks[k];
    const std::string deck_dom = dom("deck", {dk.id});
    targets->emplace(place(dk.mark), deck_dom);
    Json cards = Json::array();
    for (size_t i = 0; i < dk.cards.size() && k < p_.faces.size() && i < p_.faces[k].size(); ++i)
      cards.push_back(card(k, i, targets));
    return Json{{"dom", deck_dom}, {"id", dk.id}, {"title", dk.title}, {"source", place(dk.mark)},
                {"width_mm", dk.card.width.pt / 72 * 25.4}, {"height_mm", dk.card.height.pt / 72 * 25.4},
                {"cards", std::move(cards)}};
  }

  Json card(size_t k, size_t i, std::map<std::string, std::string>* targets) {
    const Deck& dk = p_.game.decks[k];
    const Card& c = dk.cards[i];
    const std::string id = dom("card", {dk.id, c.id});
    targets->emplace(place(c.mark), id);
    Json fields = Json::array();
    for (const auto& [name, value] : c.fields) {
      auto m = c.field_marks.find(name);
      const std::string where = m == c.field_marks.end() ? "" : place(m->second);
      if (!where.empty()) targets->emplace(where, id);
      fields.push_back(Json{{"name", name}, {"value", value}, {"source", where}});
    }
    const CardArt& face = p_.faces[k][i];
    PictureJob thumb;  // its size in pixels, so the page keeps its place while pictures come
    thumb.page = card_picture_page(face, dk.card, false);
    thumb.dpi = kCardDpi;
    Json j{{"dom", id}, {"id", c.id}, {"copies", c.count}, {"source", place(c.mark)},
           {"w", thumb.width()}, {"h", thumb.height()},
           {"front", card_picture(face, dk.card, false)}, {"front_large", card_picture(face, dk.card, true)}};
    const bool back = k < p_.backs.size() && i < p_.backs[k].size() &&
                      (!p_.backs[k][i].items.empty() || !p_.backs[k][i].background.none);
    if (back) {
      j["back"] = card_picture(p_.backs[k][i], dk.card, false);
      j["back_large"] = card_picture(p_.backs[k][i], dk.card, true);
    }
    j["fields"] = std::move(fields);
    j["designs"] = designs(dk.face_of(c), dk.back_of(c), id, targets);
    return j;
  }

  // The card's designs with the file:line of each and of each layer.
  Json designs(const std::string& face, const std::string& back, const std::string& id,
               std::map<std::string, std::string>* targets) const {
    Json out = Json::array();
    for (const auto& [side, name] : {std::pair{"front", face}, std::pair{"back", back}}) {
      auto d = p_.game.designs.find(name);
      if (name.empty() || d == p_.game.designs.end()) continue;
      Json layers = Json::array();
      for (size_t n = 0; n < d->second.layers.size(); ++n) {
        const Layer& l = d->second.layers[n];
        targets->emplace(place(l.mark), id);
        layers.push_back(Json{{"n", n + 1}, {"source", place(l.mark)}});
      }
      targets->emplace(place(d->second.mark), id);
      out.push_back(Json{{"side", side}, {"name", name}, {"source", place(d->second.mark)}, {"layers", layers}});
    }
    return out;
  }

  // The printed sheets (`sheets`) or the booklet's pages in reading order.
  Json outputs(bool sheets, std::map<std::string, std::string>* targets) {
    Json out = Json::array();
    for (const PlannedOutput& o : g_.outputs) {
      const bool wanted = sheets ? is_sheet_kind(o.manifest.kind) && o.format == OutputFormat::Pdf
                                 : o.manifest.kind == OutputKind::Booklet;
      if (!wanted) continue;
      const std::string id = dom("out", {o.file});
      targets->emplace(place(o.mark), id);
      Json pages = Json::array();
      for (size_t n = 0; n < o.pages.size(); ++n) {
        PictureJob job;
        job.page = o.pages[n];
        job.dpi = sheets ? kSheetDpi : kBookletDpi;
        const int w = job.width(), h = job.height();
        pages.push_back(Json{{"key", picture(std::move(job))}, {"w", w}, {"h", h}, {"n", n + 1}});
      }
      out.push_back(Json{{"dom", id}, {"file", o.file}, {"origin", o.origin}, {"pages", std::move(pages)}});
    }
    return out;
  }

  const GameRun& g_;
  const PreparedGame& p_;
  std::shared_ptr<const void> keep_;
  std::string salt_;
  std::map<std::string, PictureJob> pictures_;
};

const char* severity_name(Severity s) {
  switch (s) {
    case Severity::Error: return "error";
    case Severity::Warning: return "warning";
    case Severity::Note:
    case Severity::Notice: return "note";
  }
  return "error";
}

void add_problems(const Diagnostics& d, const std::map<std::string, std::string>& targets, Json* problems) {
  for (const Diagnostic& x : d.all()) {
    auto t = targets.find(place(x.mark));
    problems->push_back(Json{{"severity", severity_name(x.severity)},
                             {"where", x.mark.str()},
                             {"message", x.message},
                             {"target", t == targets.end() ? "" : t->second}});
  }
}

const PreviewGame* last_good(const Snapshot* last, const std::string& source) {
  if (!last) return nullptr;
  for (const auto& g : last->games)
    if (g.source == source && !g.view.is_null()) return &g;
  return nullptr;
}

}  // namespace

const PictureJob* Snapshot::picture(const std::string& key) const {
  for (const auto& g : games)
    if (auto it = g.pictures.find(key); it != g.pictures.end()) return &it->second;
  return nullptr;
}

size_t Snapshot::card_count() const {
  size_t n = 0;
  for (const auto& g : games)
    if (g.view.is_object())
      for (const auto& d : g.view["decks"]) n += d["cards"].size();
  return n;
}

std::shared_ptr<Snapshot> make_snapshot(std::shared_ptr<const PreparedRun> run, const Snapshot* last, long version) {
  auto s = std::make_shared<Snapshot>();
  s->version = version;
  s->said = run->said;
  for (const auto& g : run->games) {
    std::map<std::string, std::string> targets;
    PreviewGame game;
    const PreviewGame* before = last_good(last, g->prepared.source);
    if (g->loaded && !g->prepared.diags.has_errors() && g->typesetter) {
      game = GameView(*g, *run, run).make(&targets);
    } else if (before) {
      game = *before;  // the last good cards, marked stale: the page does not blank
      targets = before->targets;
      game.good = false;
      game.view["stale"] = true;
    } else {
      game.source = g->prepared.source;
      game.view = Json{{"id", g->prepared.game.id}, {"title", g->prepared.game.title}, {"source", g->prepared.source},
                       {"stale", true}, {"decks", Json::array()}, {"sheets", Json::array()},
                       {"booklet", Json::array()}};
    }
    add_problems(g->prepared.diags, targets, &s->problems);
    s->games.push_back(std::move(game));
  }
  Json games = Json::array();
  for (const auto& g : s->games) games.push_back(g.view);
  s->json = json_text(Json{{"version", version}, {"status", run->status}, {"said", run->said},
                           {"problems", s->problems}, {"games", std::move(games)}});
  return s;
}

}  // namespace cardstock
