// poll_watching: the watcher that looks (base/os/watching.h). Every period it lists each
// watched folder and stats each entry (inode, size, change and modification times, to
// the nanosecond), and compares with the last look: an entry new, gone or different is a
// change, counted as inotify's events are. On 9p, NFS, SMB and FUSE, where inotify sees
// only this machine's own writes, this is how an edit made in Windows or on a server is
// seen. A folder of a few hundred files costs a few hundred stat() calls a look.
#include <sys/stat.h>

#include <filesystem>
#include <map>
#include <system_error>

#include "base/os/watching.h"

namespace fs = std::filesystem;

namespace cardstock {

namespace {

struct Stamp {
  unsigned long ino = 0;
  long long size = 0, mtime_ns = 0, ctime_ns = 0;
  unsigned mode = 0;
  bool operator==(const Stamp&) const = default;
};

using Listing = std::map<std::string, Stamp>;

// What `dir` holds now (empty if it cannot be read: gone, or not yet there).
Listing look(const std::string& dir) {
  Listing out;
  std::error_code ec;
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    struct stat s {};
    Stamp st;
    if (::stat(it->path().c_str(), &s) == 0) {
      st.ino = static_cast<unsigned long>(s.st_ino);
      st.size = static_cast<long long>(s.st_size);
      st.mtime_ns = static_cast<long long>(s.st_mtim.tv_sec) * 1000000000LL + s.st_mtim.tv_nsec;
      st.ctime_ns = static_cast<long long>(s.st_ctim.tv_sec) * 1000000000LL + s.st_ctim.tv_nsec;
      st.mode = s.st_mode;
    }
    out[it->path().filename().string()] = st;
  }
  return out;
}

class PollWatching : public Watching {
 public:
  explicit PollWatching(int period_ms) : period_ms_(period_ms) {}
  bool ok() const override { return true; }
  // The folder's first look is now, as inotify's watch starts now: a change made after
  // this call and before the wait is seen by the wait.
  bool add(const std::string& dir) override {
    std::error_code ec;
    if (!fs::is_directory(dir, ec)) return false;
    if (!seen_.count(dir)) seen_[dir] = look(dir);
    return true;
  }
  std::string wait(const Interest& want, int quiet_ms, interrupt::SignalGate& gate) override {
    std::string changed;
    while (!interrupt::signal_received()) {
      gate.sleep(changed.empty() ? period_ms_ : quiet_ms);
      if (interrupt::signal_received()) break;
      bool moved = false;
      const std::string c = compare(want, &moved);
      if (!changed.empty() && !moved) break;  // quiet: the save has ended
      if (changed.empty()) changed = c;
    }
    return changed;
  }

 private:
  // Looks again; *moved if anything in a watched folder changed; the first change `want`
  // counts ("" if none).
  std::string compare(const Interest& want, bool* moved) {
    std::string first;
    auto note = [&](const std::string& dir, const std::string& name) {
      *moved = true;
      if (first.empty() && want(dir, name)) first = (fs::path(dir) / name).string();
    };
    for (auto& [dir, before] : seen_) {
      Listing now = look(dir);
      for (const auto& [name, stamp] : now)
        if (auto b = before.find(name); b == before.end() || !(b->second == stamp)) note(dir, name);
      for (const auto& entry : before)
        if (!now.count(entry.first)) note(dir, entry.first);
      before = std::move(now);
    }
    return first;
  }

  int period_ms_;
  std::map<std::string, Listing> seen_;
};

}  // namespace

std::unique_ptr<Watching> polling_watching(int period_ms) { return std::make_unique<PollWatching>(period_ms); }

}  // namespace cardstock
