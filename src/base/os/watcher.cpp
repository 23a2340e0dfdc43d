// watcher: Linux inotify directly rather than a library (inotify-tools, libuv, efsw):
// three system calls do it, Debian 12 needs no extra package, and the wait can be a
// ppoll() that a signal ends cleanly. The folders of the inputs are watched, not the
// files: editors save by writing a new file and renaming it over the old one, which a
// watch on the old file's inode would miss.
#include "base/os/watcher.h"

#include <sys/inotify.h>
#include <unistd.h>

#include <filesystem>

#include "base/os/interrupt.h"

namespace fs = std::filesystem;

namespace cardstock {

namespace {

constexpr uint32_t kChanges = IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE | IN_DELETE;

std::string normal(const fs::path& p) { return fs::absolute(p).lexically_normal().string(); }

// Files editors write beside the one being edited (vim's swap files and its 4913 probe,
// Emacs' lock and backup files): never a reason to build.
bool editor_scratch(const std::string& name) {
  return name.empty() || name == "4913" || name[0] == '#' || name.rfind(".#", 0) == 0 || name.back() == '~' ||
         (name.size() > 4 && (name.substr(name.size() - 4) == ".swp" || name.substr(name.size() - 4) == ".swx"));
}

}  // namespace

Watcher::Watcher(int quiet_ms) : fd_(inotify_init1(IN_CLOEXEC | IN_NONBLOCK)), quiet_ms_(quiet_ms) {}

Watcher::~Watcher() {
  if (fd_ >= 0) ::close(fd_);
}

size_t Watcher::watch(const std::vector<std::string>& files) {
  files_.clear();
  for (const auto& f : files) {
    const std::string path = normal(f);
    files_.insert(path);
    const std::string dir = fs::path(path).parent_path().string();
    if (dirs_.count(dir)) continue;
    const int wd = inotify_add_watch(fd_, dir.c_str(), kChanges | IN_ONLYDIR);
    if (wd >= 0) dirs_[dir] = wd, by_wd_[wd] = dir;
  }
  return by_wd_.size();
}

std::string Watcher::wait(bool any, const std::string& out_dir) {
  std::string changed;
  {
    interrupt::SignalGate gate;
    const bool was_waiting = interrupt::set_waiting(true);
    for (bool quiet = false; !quiet && !interrupt::signal_received();) {
      // A save is several events (write, rename): wait for the last.
      const int n = gate.wait_readable(fd_, changed.empty() ? -1 : quiet_ms_);
      if (n == 0) quiet = true;
      if (n > 0) {
        const std::string c = read_events(any, out_dir);
        if (changed.empty()) changed = c;
      }
    }
    interrupt::set_waiting(was_waiting);
  }
  return interrupt::signal_received() ? "" : changed;
}

std::string Watcher::read_events(bool any, const std::string& out_dir) {
  alignas(inotify_event) char buf[16384];
  std::string first;
  for (ssize_t n; (n = ::read(fd_, buf, sizeof buf)) > 0;)
    for (char* p = buf; p < buf + n;) {
      const auto* e = reinterpret_cast<const inotify_event*>(p);
      p += sizeof(inotify_event) + e->len;
      auto dir = by_wd_.find(e->wd);
      if (dir == by_wd_.end() || e->len == 0) continue;
      const std::string name = e->name;
      const std::string path = (fs::path(dir->second) / name).string();
      const bool relevant = files_.count(path) ||
                            (any && !editor_scratch(name) && path != out_dir && path.rfind(out_dir + "/", 0) != 0);
      if (relevant && first.empty()) first = path;
    }
  return first;
}

}  // namespace cardstock
