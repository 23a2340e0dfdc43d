// folder_lock: one build at a time in a game's output folder. A build holds flock(2) on
// `.cardstock.lock` in the folder from before it decides what to draw until its files are
// renamed into place; a second build (or watch) of that folder waits for it, saying so,
// or refuses under --no-wait. Whoever holds the lock knows no other build is writing
// there, so every temporary file in the folder is a dead build's and is removed.
#pragma once
#include <filesystem>
#include <memory>
#include <ostream>
#include <string>

namespace cardstock {

class FolderLock {
 public:
  /// Takes the lock of `dir` (an existing folder), waiting for another build to let go of
  /// it unless `wait` is false: a note on `err` says so before waiting. Removes the
  /// temporary files of builds that are gone. Null, with an error said on `err`, if it
  /// cannot be locked or is busy and `wait` is false. The lock file goes with the lock.
  static std::unique_ptr<FolderLock> take(const std::filesystem::path& dir, bool wait, std::ostream& err);

  /// Where no build is writing (the lock is free at once): removes the temporary files
  /// dead builds left in `dir`, for a build that finds the folder up to date.
  static void sweep_if_idle(const std::filesystem::path& dir);

  ~FolderLock();
  FolderLock(const FolderLock&) = delete;
  FolderLock& operator=(const FolderLock&) = delete;

 private:
  FolderLock(std::string path, int fd) : path_(std::move(path)), fd_(fd) {}
  std::string path_;
  int fd_;
};

/// Removes every temporary file and folder (".tmp-<digits>...") in `dir`: only for the
/// holder of its lock, when no live build can own them.
void remove_temporaries(const std::filesystem::path& dir);

}  // namespace cardstock
