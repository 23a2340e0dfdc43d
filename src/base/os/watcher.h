// watcher: waiting for a saved change to any of a list of files (Linux inotify on their
// folders, so an editor's save by rename is seen), ended cleanly by SIGINT or SIGTERM
// (base/os/interrupt.h). For `watch` and `preview`. No errors thrown: ok() says if it works.
#pragma once
#include <map>
#include <set>
#include <string>
#include <vector>

namespace cardstock {

class Watcher {
 public:
  /// `quiet_ms`: how long a save's burst of events (write, rename) must have ended before
  /// wait() returns.
  explicit Watcher(int quiet_ms = 150);
  ~Watcher();
  Watcher(const Watcher&) = delete;
  Watcher& operator=(const Watcher&) = delete;
  /// False if inotify could not be started (errno says why).
  bool ok() const { return fd_ >= 0; }

  /// Watches the folders of `files` (each added once; a folder that is gone is skipped);
  /// the number of folders watched.
  size_t watch(const std::vector<std::string>& files);

  /// Waits for a change to a watched file (or, with `any`, to anything in the watched
  /// folders but `out_dir` and editors' scratch files), then for quiet_ms without one; the
  /// changed file, or "" if a signal came first (interrupt::signal_received() says which).
  /// The handled signals are let in only while it waits, in the calling thread.
  std::string wait(bool any, const std::string& out_dir);

 private:
  std::string read_events(bool any, const std::string& out_dir);

  int fd_;
  int quiet_ms_;
  std::map<std::string, int> dirs_;
  std::map<int, std::string> by_wd_;
  std::set<std::string> files_;
};

}  // namespace cardstock
