// preview_state: what `cardstock preview` shows of one run (run/prepared_run.h), as the
// page's state.json and the pictures it names: every card of every deck (front, back,
// copies, fields and the source file:line of the card, its design and each layer), the
// printed sheets of each stock, the booklet's pages in reading order, and every problem
// at its file:line:col, linked to the card or page it concerns. A game that no longer
// loads keeps the cards of its last good run, marked stale. Plain data; no errors.
#pragma once
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "base/json.h"
#include "preview/preview_pictures.h"
#include "run/prepared_run.h"

namespace cardstock {

/// One game's part of the page and the pictures it names, by key.
struct PreviewGame {
  std::string source;   // the game file
  bool good = false;    // loaded and planned without errors (its cards are current)
  Json view;            // its object of state.json's "games"
  std::map<std::string, std::string> targets;  // "file:line" -> the element problems there link to
  std::map<std::string, PictureJob> pictures;
};

/// One state of the page.
struct Snapshot {
  long version = 0;
  std::vector<PreviewGame> games;
  Json problems = Json::array();  // {severity, where, file, line, col, message, target}
  std::string said;               // what the run said about no one game
  std::string json;               // state.json's text
  /// The job of picture `key`, or null.
  const PictureJob* picture(const std::string& key) const;
  /// How many distinct cards the page shows (for tests and the terminal).
  size_t card_count() const;
};

/// The page's state for `run` (kept alive by the pictures); a game of `last` (null for
/// the first) stands in, stale, for one of `run` that fails. Picture keys include the
/// dates of the images and fonts a game draws (what an art's key cannot see).
std::shared_ptr<Snapshot> make_snapshot(std::shared_ptr<const PreparedRun> run, const Snapshot* last, long version);

}  // namespace cardstock
