// schedule: how the work of a build is shared among processes. run_children()
// (base/os/children.h) runs cardstock processes, at most N at a time; split_work() cuts
// weighted games into shares; share_of() picks one share's outputs. Knows weights and command lines, not
// cards. Processes, not threads: Pango and librsvg keep state that threads drawing at
// once disturbed (output not byte-identical, an occasional crash).
#pragma once
#include <string>
#include <vector>

#include "base/os/children.h"

namespace cardstock {

/// One process's work: share `share` of `shares` of game `game`.
struct Unit {
  size_t game = 0;
  int share = 0, shares = 1;
  double weight = 0;
};

/// What a game to draw weighs (in any unit) and how many outputs it has; weight < 0 for a
/// game with nothing to draw.
struct GameWork {
  double weight = -1;
  int outputs = 0;
};

/// The processes to run for `games` with `jobs` processes at once: a game gets several
/// shares when it alone is well over a core's part of the work (and each share is still
/// worth a process start); the heaviest units come first, so the longest one never
/// starts last.
std::vector<Unit> split_work(const std::vector<GameWork>& games, int jobs);

/// Which of a game's outputs share `share` of `shares` draws: the outputs with weight
/// >= 0, heaviest first, each to the share with least work so far (the lowest on a tie).
/// Outputs with the same `together` number (>= 0; empty: none) go to one share, as one
/// piece of work of their summed weight, placed where the first of them would be (an
/// imposed booklet and the booklet whose pages it places). Every share computes the
/// same split.
std::vector<bool> share_of(const std::vector<double>& weights, int shares, int share,
                           const std::vector<int>& together = {});

}  // namespace cardstock
