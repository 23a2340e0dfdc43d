// How a game's outputs are shared among the processes that draw it (run/schedule.h
// share_of): heaviest first to the share with least work, outputs that must be drawn
// together kept in one share, and every share computing the same split.
#include <gtest/gtest.h>

#include "run/schedule.h"

namespace cardstock {

namespace {

// The share that draws each output (-1: none), as the shares themselves decide it.
std::vector<int> split(const std::vector<double>& weights, int shares, const std::vector<int>& together = {}) {
  std::vector<int> who(weights.size(), -1);
  for (int k = 0; k < shares; ++k) {
    const std::vector<bool> mine = share_of(weights, shares, k, together);
    for (size_t i = 0; i < mine.size(); ++i)
      if (mine[i]) {
        EXPECT_EQ(who[i], -1) << "output " << i << " drawn by two shares";
        who[i] = k;
      }
  }
  return who;
}

}  // namespace

TEST(Schedule, HeaviestFirstToTheShareWithLeastWork) {
  // 50 -> 0; 40 -> 1; 30 -> 1 (40 < 50); 20 -> 0 (50 < 70); 10 -> 0 (70 = 70: the lowest).
  EXPECT_EQ(split({10, 40, 20, 50, 30}, 2), (std::vector<int>{0, 1, 0, 0, 1}));
  // Outputs not to draw (weight < 0) go to no share; one share draws all the rest.
  EXPECT_EQ(split({5, -1, 7}, 1), (std::vector<int>{0, -1, 0}));
  EXPECT_EQ(split({5, -1, 7}, 2), (std::vector<int>{1, -1, 0}));
}

TEST(Schedule, OutputsDrawnTogetherGoToOneShareAsOnePiece) {
  // A booklet (60) and its imposed copy (10) are together: one piece of 70, heaviest,
  // to share 0; then 58 to share 1.
  const std::vector<double> weights = {58, 60, 10};
  const std::vector<int> together = {-1, 1, 1};
  EXPECT_EQ(split(weights, 2, together), (std::vector<int>{1, 0, 0}));
  // Apart, the light imposed copy would go to the share with less work (58 < 60): the
  // split the test must not see.
  EXPECT_EQ(split(weights, 2), (std::vector<int>{1, 0, 1}));
  // The booklet up to date: its imposed copy is drawn alone, by whichever share has room.
  EXPECT_EQ(split({58, -1, 10}, 2, together), (std::vector<int>{0, -1, 1}));
}

}  // namespace cardstock
