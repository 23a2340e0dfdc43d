// watcher: waiting for a saved change to any of a list of files, or for a file new in a
// folder that a deck's pattern matches, ended cleanly by SIGINT or SIGTERM
// (base/os/interrupt.h). For `watch` and `preview`. Two ways to see changes
// (base/os/watching.h): inotify on the files' folders, and polling them (every 0.5 s),
// for the file systems where inotify sees no change another machine makes (WSL's Windows
// drives, network shares, FUSE) and for --poll. No errors thrown: ok() says if it works.
#pragma once
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "base/name_pattern.h"

namespace cardstock {

class Watching;  // base/os/watching.h

/// What to watch: files (by their folders, so a save by rename is seen) and patterns (a
/// file new in the pattern's folder whose name matches it is a change too).
struct WatchList {
  std::vector<std::string> files;
  std::vector<NamePattern> patterns;
  /// Adds `more`'s, each once.
  void merge(const WatchList& more);
};

/// The name of the file system of statfs type `f_type` if inotify cannot see the changes
/// made on it elsewhere (9p: WSL 2's Windows drives; NFS, CIFS, SMB2, SMB; FUSE); "" if it
/// can.
std::string unseen_file_system(long f_type);

/// How often the polling watcher looks, in ms.
constexpr int kPollMs = 500;

class Watcher {
 public:
  /// `poll`: always poll (--poll); else inotify, until a folder to watch is on a file
  /// system it cannot see. `quiet_ms`: how long a save's burst of changes (write, rename)
  /// must have ended before wait() returns.
  explicit Watcher(bool poll = false, int quiet_ms = 150);
  ~Watcher();
  Watcher(const Watcher&) = delete;
  Watcher& operator=(const Watcher&) = delete;
  /// False if inotify could not be started (errno says why).
  bool ok() const;

  /// Watches the folders of `list`'s files and patterns (each added once; a folder that is
  /// gone is skipped); the number of folders watched.
  size_t watch(const WatchList& list);

  /// Once, after watch() turned to polling by itself: why, as "<folder> is on a network or
  /// Windows drive (9p): watching by polling every 0.5 s"; else "".
  std::string take_note();

  /// Waits for a change to a watched file or a new file a pattern matches (or, with `any`,
  /// to anything in the watched folders but `out_dir` and editors' scratch files), then
  /// for quiet_ms without one; the changed file, or "" if a signal came first
  /// (interrupt::signal_received() says which). The handled signals are let in only while
  /// it waits, in the calling thread.
  std::string wait(bool any, const std::string& out_dir);

 private:
  std::unique_ptr<Watching> how_;
  bool polling_;
  int quiet_ms_;
  std::vector<std::string> folders_;
  std::set<std::string> files_;
  std::vector<NamePattern> patterns_;
  std::string note_;
};

}  // namespace cardstock
