// Deck::face_of and Deck::back_of: the one rule, for every stage, of which design draws
// a card's face and back (the card's own, else the deck's).
#include <gtest/gtest.h>

#include "model/model.h"

namespace cardstock {

TEST(Deck, ACardsOwnDesignWinsOverTheDecksAndNoneFallsBackToIt) {
  Deck deck;
  deck.face = "deck-face";
  deck.back = "deck-back";
  Card plain, own;
  own.face = "own-face";
  own.back = "own-back";
  EXPECT_EQ(deck.face_of(plain), "deck-face");
  EXPECT_EQ(deck.back_of(plain), "deck-back");
  EXPECT_EQ(deck.face_of(own), "own-face");
  EXPECT_EQ(deck.back_of(own), "own-back");
  // A deck without a back: a card without one has none ("").
  deck.back.clear();
  EXPECT_EQ(deck.back_of(plain), "");
  EXPECT_EQ(deck.back_of(own), "own-back");
}

}  // namespace cardstock
