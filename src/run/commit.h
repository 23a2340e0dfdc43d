// commit: a game's output folder, changed all at once or not at all. Every file is
// written to a temporary name beside its final one (".tmp-<pid>", or for a share of a
// build drawn by several processes ".tmp-<parent pid>-<share>"), and renamed into place,
// the manifest last, only when all of them succeeded; on failure or interruption the
// temporary files are removed and the previous outputs stay. An output that is a folder
// (a PNG per card) is written as a temporary folder and replaces the previous folder in
// one step. Nothing is ever written outside the output root (base/paths.h). Knows files,
// not cards.
#pragma once
#include <filesystem>
#include <ostream>
#include <string>
#include <vector>

#include "base/diag.h"

namespace cardstock {

class OutputFolder {
 public:
  /// The folder `root`/`name`; temporary files end in `temp_suffix`.
  OutputFolder(std::string root, const std::string& name, std::string temp_suffix);

  const std::filesystem::path& dir() const { return dir_; }

  /// Creates the folder if needed. False (an error in `d`) on failure. (The temporary
  /// files of builds killed outright are removed by whoever takes the folder's lock:
  /// run/folder_lock.h.)
  bool make(Diagnostics& d) const;

  /// The temporary name of `file`, checked to lie inside the root; "" (with *err) if not.
  /// The name is remembered, and removed if the build is interrupted.
  std::string temporary(const std::string& file, std::string* err);

  /// The temporary name of an output that is a folder (`file`, holding `inner` files), as
  /// temporary(); each inner file is checked and remembered too, so an interrupted build
  /// removes them and then the folder.
  std::string temporary_folder(const std::string& file, const std::vector<std::string>& inner, std::string* err);

  /// A scratch name for a program a writer runs (Ghostscript's output, its temporary
  /// folder): `name` with the temporary suffix, inside the root, never renamed into
  /// place; removed by drop_scratch(), discard(), or if the build is interrupted.
  std::string scratch(const std::string& name, std::string* err);

  /// Removes every scratch file and folder made so far.
  void drop_scratch();

  /// Writes `text` to the temporary name of `file`. False (an error in `d`, with the
  /// system's reason: a full disk, a file size limit) on failure.
  bool write_text(const std::string& file, const std::string& text, Diagnostics& d);

  /// Renames every temporary file into place, the manifest last; on any failure removes
  /// them all and returns false (an error in `d`). With `rename` false (a share of a game
  /// drawn by several processes) leaves them for the parent to adopt.
  bool commit(bool rename, Diagnostics& d);

  /// Removes every temporary file this folder made.
  void discard();

  /// In the parent of a game drawn by several processes: renames what the shares drew
  /// (files ending .tmp-<this pid>-<share>) into place, the manifest last, or removes them
  /// all when `keep` is false. False if a rename failed (then all are removed; an error
  /// in `d`).
  bool adopt_shares(bool keep, Diagnostics& d) const;

 private:
  std::string root_;
  std::filesystem::path dir_;
  std::string suffix_;
  std::vector<std::pair<std::string, std::string>> temps_;  // temporary, final
  std::vector<std::string> inner_;  // files inside temporary folders (tracked for interrupts)
  std::vector<std::string> scratch_;  // scratch files and folders (scratch())
};

/// `message` (a writer's error about the temporary name `tmp`) with `tmp` said as `fin`,
/// the file the user knows: "cannot write 'out/g/d.pdf': File too large".
std::string said_as_final(std::string message, const std::string& tmp, const std::string& fin);

/// Puts `tmp` (a file, or a folder of a folder output) in the place of `fin`. A folder
/// replaces the previous one in one step (the two are exchanged, then the old one, now
/// at `tmp`, is removed), so the place always holds a whole folder, the old or the new.
/// False with *err set on failure (`tmp` is then left for the caller to remove).
bool replace_path(const std::filesystem::path& tmp, const std::filesystem::path& fin, std::string* err);

}  // namespace cardstock
