// watching: the two ways base/os/watcher.h sees changes, behind one interface: inotify
// (watcher.cpp) and polling (poll_watching.cpp). Each watches folders; what counts as a
// change (a watched file, a new file a pattern matches, with `any` nearly anything) is
// one test for both (Interest), so they never disagree.
#pragma once
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "base/name_pattern.h"
#include "base/os/interrupt.h"

namespace cardstock {

/// What a wait looks for.
struct Interest {
  const std::set<std::string>* files;      // normal absolute paths
  const std::vector<NamePattern>* patterns;  // normal absolute folders
  bool any = false;
  std::string out_dir;
  /// Whether a change to `name` in folder `dir` is one.
  bool operator()(const std::string& dir, const std::string& name) const;
};

class Watching {
 public:
  virtual ~Watching() = default;
  virtual bool ok() const = 0;
  /// Watches `dir` too (a normal absolute path); false if it cannot.
  virtual bool add(const std::string& dir) = 0;
  /// Waits, with the signals let in by `gate`, for a change `want` counts, then for
  /// `quiet_ms` without any change in the watched folders; the first changed path, or ""
  /// if a signal came first.
  virtual std::string wait(const Interest& want, int quiet_ms, interrupt::SignalGate& gate) = 0;
};

std::unique_ptr<Watching> inotify_watching();
std::unique_ptr<Watching> polling_watching(int period_ms);

}  // namespace cardstock
