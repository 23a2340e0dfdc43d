// `cardstock watch`: build, wait for a saved change to anything the build reads, build
// again. Linux inotify directly rather than a library (inotify-tools, libuv, efsw): three
// system calls do it, Debian 12 needs no extra package, and the wait can be a ppoll() that
// a signal ends cleanly. The folders of the inputs are watched, not the files: editors
// save by writing a new file and renaming it over the old one, which a watch on the old
// file's inode would miss. Rebuilding is cheap when little changed: the build is
// incremental, so only the outputs whose inputs changed are drawn again.
#include <poll.h>
#include <signal.h>
#include <sys/inotify.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <map>
#include <set>

#include "base/diag.h"
#include "base/text_check.h"
#include "run/build.h"
#include "run/interrupt.h"
#include "run/watcher.h"

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
  sigset_t block = interrupt::handled(), old;
  sigprocmask(SIG_BLOCK, &block, &old);
  const bool was_waiting = interrupt::set_waiting(true);
  std::string changed;
  for (bool quiet = false; !quiet && !interrupt::signal_received();) {
    pollfd p{fd_, POLLIN, 0};
    timespec t{0, quiet_ms_ * 1000000L};  // a save is several events (write, rename): wait for the last
    const int n = ppoll(&p, 1, changed.empty() ? nullptr : &t, &old);  // signals let in only here
    if (n == 0) quiet = true;
    if (n > 0) {
      const std::string c = read_events(any, out_dir);
      if (changed.empty()) changed = c;
    }
  }
  interrupt::set_waiting(was_waiting);
  sigprocmask(SIG_SETMASK, &old, nullptr);
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

int watch_files(const std::vector<std::string>& given, const BuildOptions& opt, std::ostream& out,
                std::ostream& err) {
  interrupt::install();
  const std::vector<std::string> files = given.empty() ? default_content_files("content") : given;
  Watcher w;
  if (!w.ok()) {
    say_error(err, Mark{"cardstock"}, std::string("cannot watch for changes: ") + std::strerror(errno));
    return 1;
  }
  const std::string out_dir = normal(opt.out_dir);
  for (;;) {
    const int status = build_files(given, opt, out, err);
    if (status == 2) return status;  // a usage error: no change to a file will mend it
    const size_t folders = w.watch(build_inputs(files, opt));
    // From here nothing is written: a SIGTERM sent on reading the next line (as scripts and
    // tests do) is recorded and ends the wait below, not the process mid-sentence (seen in CI).
    interrupt::set_waiting(true);
    out << "watching " << folders << (folders == 1 ? " folder" : " folders") << " for changes (Ctrl-C to stop)"
        << std::endl;
    err.flush();
    const std::string changed = w.wait(status != 0, out_dir);
    interrupt::set_waiting(false);  // the next build writes: a signal removes its temporary files and ends it
    if (changed.empty()) {
      out << "stopped; the outputs are those of the last build" << std::endl;
      return 0;
    }
    out << "changed: " << printable(changed) << std::endl;
  }
}

}  // namespace cardstock
