// commit: a game's output folder, changed all at once or not at all. Every file is
// written to a temporary name beside its final one (".tmp-<pid>", or for a share of a
// build drawn by several processes ".tmp-<parent pid>-<share>"), and renamed into place,
// the manifest last, only when all of them succeeded; on failure or interruption the
// temporary files are removed and the previous outputs stay. Nothing is ever written
// outside the output root (base/paths.h). Knows files, not cards.
#pragma once
#include <filesystem>
#include <ostream>
#include <string>
#include <vector>

namespace cardstock {

class OutputFolder {
 public:
  /// The folder `root`/`name`; temporary files end in `temp_suffix`.
  OutputFolder(std::string root, const std::string& name, std::string temp_suffix);

  const std::filesystem::path& dir() const { return dir_; }

  /// Creates the folder if needed and removes the temporary files that builds killed
  /// outright left there (their process is gone). False (after printing) on failure.
  bool make(std::ostream& err) const;

  /// The temporary name of `file`, checked to lie inside the root; "" (with *err) if not.
  /// The name is remembered, and removed if the build is interrupted.
  std::string temporary(const std::string& file, std::string* err);

  /// Writes `text` to the temporary name of `file`. False (after printing) on failure.
  bool write_text(const std::string& file, const std::string& text, std::ostream& err);

  /// Renames every temporary file into place, the manifest last; on any failure removes
  /// them all and returns false (after printing). With `rename` false (a share of a game
  /// drawn by several processes) leaves them for the parent to adopt.
  bool commit(bool rename, std::ostream& err);

  /// Removes every temporary file this folder made.
  void discard();

  /// In the parent of a game drawn by several processes: renames what the shares drew
  /// (files ending .tmp-<this pid>-<share>) into place, the manifest last, or removes them
  /// all when `keep` is false. False if a rename failed (then all are removed).
  bool adopt_shares(bool keep, std::ostream& err) const;

 private:
  std::string root_;
  std::filesystem::path dir_;
  std::string suffix_;
  std::vector<std::pair<std::string, std::string>> temps_;  // temporary, final
};

}  // namespace cardstock
