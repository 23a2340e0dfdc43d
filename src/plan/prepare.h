// prepare: a loaded game made ready to plan. Every card's face and back is resolved
// (fields filled in, text fitted by the game's Typesetter), the deck and board rules are
// checked, every image is checked and decoded, and the booklet is read with its figure
// labels anchored to the cards. Problems go into the game's Diagnostics; nothing throws.
#pragma once
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "base/diag.h"
#include "layout/hyphenate.h"
#include "layout/layout.h"
#include "load/booklet/booklet.h"
#include "model/model.h"
#include "layout/text_measure.h"
#include "plan/deck_arts.h"

namespace cardstock {

struct PreparedGame {
  std::string source;  // the game file as named
  Game game;
  Diagnostics diags;
  // Per deck, per card (index into Deck::cards): the resolved face and back, cards that
  // resolve alike sharing one art.
  std::vector<DeckArts> faces, backs;
  std::optional<Booklet> booklet;
  // What the text was measured with and is drawn with (the render stage's Typesetter in a
  // build: shaped once, images decoded once, for all the game's outputs; not owned), and
  // the booklet's hyphenation (null without one).
  const Measurer* measurer = nullptr;
  std::unique_ptr<DictHyphenator> hyphenator;

  /// The face of card `card` of deck `deck` (ids), or null.
  const CardArt* face(const std::string& deck, const std::string& card) const;
  /// The index of deck `id` in game.decks, or -1.
  int deck_index(const std::string& id) const;
  /// The image files the cards of deck `k` show, sorted, each once.
  std::vector<std::string> deck_images(size_t k) const;
  /// What the cards of deck `k` are made from beyond the game file: its images and the
  /// CSV files its cards were read from (model/inputs.h).
  std::vector<std::string> deck_inputs(size_t k) const;
  /// Every file the game's outputs can be made from beyond the templates and the game
  /// file: every image the cards show, and what game_inputs lists that every build
  /// records (CSV files, the booklet's source and, with a booklet, every icon).
  std::vector<std::string> content_inputs() const;
};

/// Prepares p.game (loaded without errors), its text measured and images checked by
/// `measurer` (kept in p.measurer: it must outlive p's use), with the templates'
/// hyphenation dictionary; reports into p.diags (warnings become errors when `strict`).
void prepare_game(PreparedGame& p, const Templates& t, const Measurer& measurer, bool strict);

}  // namespace cardstock
