#include "plan/prepare.h"

#include <algorithm>
#include <set>

#include "layout/booklet_layout.h"
#include "load/images/images.h"
#include "model/checks.h"
#include "model/inputs.h"

namespace cardstock {

const CardArt* PreparedGame::face(const std::string& deck, const std::string& card) const {
  const int k = deck_index(deck);
  if (k < 0) return nullptr;
  const auto& cards = game.decks[static_cast<size_t>(k)].cards;
  for (size_t c = 0; c < cards.size(); ++c)
    if (cards[c].id == card) return &faces[static_cast<size_t>(k)][c];
  return nullptr;
}

int PreparedGame::deck_index(const std::string& id) const {
  for (size_t i = 0; i < game.decks.size(); ++i)
    if (game.decks[i].id == id) return static_cast<int>(i);
  return -1;
}

std::vector<std::string> PreparedGame::deck_images(size_t k) const {
  std::set<std::string> seen;  // a deck of thousands of cards shows a few images
  for (const auto* arts : {&faces[k], &backs[k]})
    for (const auto& a : arts->distinct())
      for (const auto& it : a.items)
        if (!it.image.empty()) seen.insert(it.image);
        else
          for (const auto& icon : it.style.icons)
            if (!icon.empty()) seen.insert(icon);
  return {seen.begin(), seen.end()};
}

std::vector<std::string> PreparedGame::deck_inputs(size_t k) const {
  std::vector<std::string> out = deck_images(k);
  for (const GameInput& in : game_inputs(game))
    if (in.kind == InputKind::Csv && in.deck == static_cast<int>(k)) out.push_back(in.path);
  return out;
}

std::vector<std::string> PreparedGame::content_inputs() const {
  std::vector<std::string> out;
  for (size_t k = 0; k < game.decks.size(); ++k) {
    const auto imgs = deck_images(k);
    out.insert(out.end(), imgs.begin(), imgs.end());
  }
  // The rest of what the game reads that every build records (the templates' files are
  // the game's own, stamped with the game file).
  for (const GameInput& in : game_inputs(game))
    if (in.kind != InputKind::Template && always_recorded(in, game)) out.push_back(in.path);
  return out;
}

namespace {

// Only booklets are hyphenated: a game without one never needs the dictionary.
void load_hyphenation(PreparedGame& p, const Templates& t) {
  if (!p.game.booklet || t.fonts.hyphenation.empty()) return;
  auto loaded = DictHyphenator::load(t.fonts.hyphenation);
  p.hyphenator = std::move(loaded.dict);
  if (!p.hyphenator)
    p.diags.warning(p.game.booklet->mark,
                    loaded.error + (t.fonts.hyphenation_package.empty()
                             ? std::string()
                             : " (install Debian package " + t.fonts.hyphenation_package + ")") +
                        "; the booklet is set without hyphenation");
}

// The design called `name`, or null.
const Design* design_named(const Game& g, const std::string& name) {
  auto it = g.designs.find(name);
  return name.empty() || it == g.designs.end() ? nullptr : &it->second;
}

void resolve_cards(PreparedGame& p) {
  const Game& game = p.game;
  for (const auto& deck : game.decks) {
    DeckArts faces, backs;
    std::vector<FieldMiss> misses;  // said once for the deck, not once a card
    DeckResolver resolver(game, deck, *p.measurer, p.diags, &misses);
    for (size_t c = 0; c < deck.cards.size(); ++c) {
      const Card& card = deck.cards[c];
      resolver.add(c, design_named(game, deck.face_of(card)), faces);
      resolver.add(c, design_named(game, deck.back_of(card)), backs);
    }
    report_field_misses(game, deck, misses, p.diags);
    p.faces.push_back(std::move(faces));
    p.backs.push_back(std::move(backs));
  }
}

// Checks every image the cards use once, now: what the file is, its size in pixels,
// what an SVG links to (load/images/images.h), then decodes it, so a bad file is an error at
// the line that names it rather than a failure half-way through writing.
void check_images(PreparedGame& p) {
  std::set<std::string> seen;
  for (const auto& [name, icon] : p.game.icons) {  // their files were checked at load
    std::string e;
    if (!p.measurer->check_image(icon.file, &e))
      p.diags.error(icon.mark, "icon '" + name + "': image '" + icon.shown + "' " + e);
  }
  for (size_t k = 0; k < p.game.decks.size(); ++k) {
    const Deck& deck = p.game.decks[k];
    for (const bool back : {false, true}) {
      const auto& arts = back ? p.backs[k] : p.faces[k];
      std::vector<bool> looked(arts.distinct().size());  // an art cards share: its images are seen
      for (size_t c = 0; c < arts.size() && c < deck.cards.size(); ++c) {
        if (looked[arts.number(c)]) continue;
        looked[arts.number(c)] = true;
        const Card& card = deck.cards[c];
        const std::string name = back ? deck.back_of(card) : deck.face_of(card);
        auto des = p.game.designs.find(name);
        for (const auto& it : arts[c].items) {
          if (it.type != LayerType::Image || it.image.empty() || !seen.insert(it.image).second) continue;
          if (des == p.game.designs.end() || it.layer < 0 || it.layer >= static_cast<int>(des->second.layers.size()))
            continue;
          const Layer& l = des->second.layers[static_cast<size_t>(it.layer)];
          const Mark at = value_mark(l.src, l.src_mark, card);
          const std::string shown = expand_template(l.src, card.fields);
          const std::string layer_at = at.str() == l.src_mark.str() ? "" : " (layer at " + l.mark.str() + ")";
          std::string e;
          if (!check_image_file(it.image, shown, p.game.dir, p.game.allow_outside, &e))
            p.diags.error(at, "card '" + card.id + "': " + e + layer_at);
          else if (!p.measurer->check_image(it.image, &e))
            p.diags.error(at, "card '" + card.id + "': image '" + shown + "' " + e + layer_at);
        }
      }
    }
  }
}

// Points each figure label at the part of the card's face that shows its field.
void anchor_labels(PreparedGame& p) {
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
    const std::string face = card ? deck->face_of(*card) : deck->face;
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

}  // namespace

void prepare_game(PreparedGame& p, const Templates& t, const Measurer& measurer, bool strict) {
  p.measurer = &measurer;
  load_hyphenation(p, t);
  for (const auto& deck : p.game.decks) check_deck(deck, p.diags);
  for (const auto& board : p.game.boards) check_board(p.game, board, p.diags);
  resolve_cards(p);
  check_images(p);
  if (p.game.booklet) {
    p.booklet = load_booklet(p.game, p.diags);
    if (p.booklet) anchor_labels(p);
  }
  if (strict) p.diags.make_warnings_errors();
}

}  // namespace cardstock
