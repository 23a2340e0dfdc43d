// cache: what an output is made from, as keys, so an output whose inputs did not change
// is not drawn again. A key covers the options, the tool's version and the bytes of every
// input file; manifest.json records them, and the next build compares. Knows files and
// keys, not cards: planners say which files each output is made from.
#pragma once
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "base/hash.h"
#include "base/json.h"
#include "plan/planned.h"
#include "run/manifest_outline.h"

namespace cardstock {

class InputCache {
 public:
  /// `options` is everything besides files that changes the outputs (version, paper,
  /// backs, dates...); `common` the files every output is made from (templates, fonts).
  InputCache(std::string options, std::vector<std::string> common);

  const std::vector<std::string>& common() const { return common_; }

  /// The key of a set of files (order and repeats do not matter). A file that cannot be
  /// read counts as empty: its key changes when it appears.
  std::string key(std::vector<std::string> files);

  /// Keys a game's outputs: each over common + `game_files` (the game file and the files
  /// of its own templates) + its own inputs, and the game's over common + `game_files` +
  /// `content` (every file its outputs can read). Returns the game's inputs, sorted, in
  /// *inputs and its key in *key.
  void stamp(const std::vector<std::string>& game_files, const std::vector<std::string>& content,
             std::vector<PlannedOutput>& outputs, std::vector<std::string>* inputs, std::string* key);

 private:
  std::string hash(const std::string& path);
  std::string options_;
  std::vector<std::string> common_;
  std::map<std::string, std::string> hashes_;
};

/// What the last build of a game left in its folder (its manifest.json), and what it
/// tells about this one.
class PreviousBuild {
 public:
  explicit PreviousBuild(const std::filesystem::path& dir);
  const std::string& manifest() const { return text_; }
  /// True if the manifest lists `must` among its inputs, their key is unchanged, and
  /// every output it lists is still there: then the game is up to date.
  bool unchanged(InputCache& cache, const std::vector<std::string>& must) const;
  /// The input files the manifest lists (none without one).
  std::vector<std::string> inputs() const { return listed("inputs"); }
  /// The strings of a list in the manifest's header ("inputs", "folders"); none if absent.
  std::vector<std::string> listed(const std::string& key) const;
  /// Per output: true if it must be drawn (new, changed, or its file is gone).
  std::vector<bool> to_draw(const std::vector<PlannedOutput>& outputs) const;
  /// The outputs it lists, in order (none without a manifest).
  const std::vector<ManifestOutline::Output>& outputs() const { return outline().outputs; }

 private:
  // The whole outline, read on first use: most looks end at the header (a changed input
  // key), and a big deck's outputs are megabytes of cards to read past.
  const ManifestOutline& outline() const;
  std::filesystem::path dir_;
  std::string text_;  // as read: the build writes the manifest again only if it changed
  ManifestOutline head_;  // the header alone
  mutable std::optional<ManifestOutline> whole_;  // and each output's file and key
};

/// The no-op check, made before any YAML is parsed: for each game file (as named on the
/// command line), the folder under `out_dir` whose manifest names it as its source and the
/// folder as its game, whose inputs (files under the templates folders it records
/// included) and options are unchanged, and whose outputs are all there. Nullopt as soon
/// as one game has none: "not known", and the full build decides. It never says up to
/// date where the full build would not: same inputs, same options, same game id.
std::optional<std::vector<std::filesystem::path>> up_to_date_folders(const std::filesystem::path& out_dir,
                                                                     const std::vector<std::string>& games,
                                                                     InputCache& cache);

/// The same look, game by game: each game's up-to-date folder, or nullopt where that one
/// is not known to be up to date (the others are still looked at).
std::vector<std::optional<std::filesystem::path>> up_to_date_each(const std::filesystem::path& out_dir,
                                                                  const std::vector<std::string>& games,
                                                                  InputCache& cache);

}  // namespace cardstock
