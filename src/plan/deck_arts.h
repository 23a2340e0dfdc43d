// deck_arts: the resolved faces (or backs) of a deck's cards, each distinct art held and
// resolved once. A deck from a spreadsheet has a row a card and repeats its faces: 5,400
// rows may show 54. Cards whose design and fields are equal resolve alike, so the first
// one's art is kept and the others point at it (the same address: render/ then draws it
// once without comparing keys). Plain data and a resolver; problems go to Diagnostics.
#pragma once
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "base/diag.h"
#include "layout/layout.h"
#include "model/model.h"

namespace cardstock {

/// One art a card (index into Deck::cards); cards that resolve alike share one object.
/// References stay valid while it lives and nothing is added.
class DeckArts {
 public:
  /// The art card `card` shows.
  const CardArt& operator[](size_t card) const { return distinct_[index_[card]]; }
  /// The number in distinct() of the art card `card` shows.
  size_t number(size_t card) const { return index_[card]; }
  /// How many cards (not arts).
  size_t size() const { return index_.size(); }
  /// Each distinct art once, in the order of the first card that shows it.
  const std::vector<CardArt>& distinct() const { return distinct_; }

  /// Appends the next card, showing a new art; returns its number in distinct().
  size_t push_back(CardArt art);
  /// Appends the next card, showing distinct()[number].
  void push_shared(size_t number);

 private:
  std::vector<CardArt> distinct_;
  std::vector<uint32_t> index_;  // by card: into distinct_ (4 bytes a card)
};

/// Resolves the cards of one deck (resolve_card), each distinct design and values of the
/// fields it reads (design_fields) once per DeckArts. A card's art depends on nothing
/// else of the card: its id, other fields and places only name it in messages. So a card resolved without any message (or field
/// miss) is shared by every later card of equal design and fields; a card that reported
/// something is kept to itself, and an equal card is resolved again and says its own.
class DeckResolver {
 public:
  /// `misses` as resolve_card's; all must outlive the resolver.
  DeckResolver(const Game& g, const Deck& deck, const TextMeasurer& m, Diagnostics& d,
               std::vector<FieldMiss>* misses)
      : g_(g), deck_(deck), m_(m), d_(d), misses_(misses) {
    seen_.reserve(deck.cards.size());
  }

  /// Appends card `card`'s art for `design` to `to`: an empty art when `design` is null.
  void add(size_t card, const Design* design, DeckArts& to);

 private:
  struct Seen {
    const DeckArts* arts;
    const Design* design;
    size_t card;    // a card that resolved to it: its fields are compared
    size_t number;  // in arts->distinct()
  };
  size_t misses_count() const;
  // The fields of `design` that tell its cards' arts apart (null: all of them).
  const std::optional<std::vector<std::string>>& fields_of(const Design* design);
  size_t key_hash(const Design* design, const Card& card);
  bool same_key(const Design* design, const Card& a, const Card& b);

  const Game& g_;
  const Deck& deck_;
  const TextMeasurer& m_;
  Diagnostics& d_;
  std::vector<FieldMiss>* misses_;
  std::unordered_multimap<size_t, Seen> seen_;  // by hash of design and fields
  std::unordered_map<const Design*, std::optional<std::vector<std::string>>> fields_;
};

}  // namespace cardstock
