#include "run/schedule.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace cardstock {

std::vector<Unit> split_work(const std::vector<GameWork>& games, int jobs) {
  double total = 0;
  for (const auto& g : games)
    if (g.weight >= 0) total += g.weight;
  // A share costs a process start and a second load and layout of the game, so a game
  // is split only when it is well over a core's part (measured: Prophets, 55% of the
  // four games' work, is quicker whole beside the other three than halved).
  constexpr double kMinShare = 150;
  std::vector<Unit> units;
  for (size_t g = 0; g < games.size(); ++g) {
    const auto [w, n] = games[g];
    if (w < 0) continue;
    // (A game with nothing to draw on the papers asked for weighs 0: one share.)
    int shares = total > 0 ? static_cast<int>(std::ceil(w / (total / jobs) - 0.25)) : 1;
    shares = std::min({shares, jobs, n, static_cast<int>(w / kMinShare)});
    shares = std::max(shares, 1);
    for (int k = 0; k < shares; ++k) units.push_back({g, k, shares, w / shares});
  }
  std::stable_sort(units.begin(), units.end(), [](const Unit& a, const Unit& b) { return a.weight > b.weight; });
  return units;
}

std::vector<bool> share_of(const std::vector<double>& weights, int shares, int share,
                           const std::vector<int>& together) {
  // Pieces of work: an output alone, or the outputs of one `together` number, in order of
  // their first output.
  struct Piece {
    std::vector<size_t> outputs;
    double weight = 0;
  };
  std::vector<Piece> pieces;
  std::map<int, size_t> piece_of;  // together number -> its piece
  for (size_t i = 0; i < weights.size(); ++i) {
    if (weights[i] < 0) continue;
    const int t = i < together.size() ? together[i] : -1;
    size_t k = pieces.size();
    if (t >= 0) {
      auto [it, fresh] = piece_of.try_emplace(t, pieces.size());
      k = it->second;
      if (!fresh) {
        pieces[k].outputs.push_back(i);
        pieces[k].weight += weights[i];
        continue;
      }
    }
    pieces.push_back({{i}, weights[i]});
  }
  std::vector<size_t> order(pieces.size());
  for (size_t k = 0; k < order.size(); ++k) order[k] = k;
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return pieces[a].weight > pieces[b].weight; });
  std::vector<bool> mine(weights.size(), false);
  std::vector<double> load(static_cast<size_t>(std::max(shares, 1)), 0);
  for (size_t p : order) {
    const size_t k = static_cast<size_t>(std::min_element(load.begin(), load.end()) - load.begin());
    load[k] += pieces[p].weight;
    for (size_t i : pieces[p].outputs) mine[i] = k == static_cast<size_t>(share);
  }
  return mine;
}

}  // namespace cardstock
