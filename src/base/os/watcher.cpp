// watcher: Linux inotify directly rather than a library (inotify-tools, libuv, efsw):
// three system calls do it, Debian 12 needs no extra package, and the wait can be a
// ppoll() that a signal ends cleanly. The folders of the inputs are watched, not the
// files: editors save by writing a new file and renaming it over the old one, which a
// watch on the old file's inode would miss. Where inotify sees nothing (a change made on
// the other side of a network share or of WSL's Windows drive), the folders are polled
// instead (poll_watching.cpp): statfs says which file system a folder is on.
#include "base/os/watcher.h"

#include <sys/inotify.h>
#include <sys/vfs.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <utility>

#include "base/os/watching.h"

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

class InotifyWatching : public Watching {
 public:
  InotifyWatching() : fd_(inotify_init1(IN_CLOEXEC | IN_NONBLOCK)) {}
  ~InotifyWatching() override {
    if (fd_ >= 0) ::close(fd_);
  }
  bool ok() const override { return fd_ >= 0; }
  bool add(const std::string& dir) override {
    const int wd = inotify_add_watch(fd_, dir.c_str(), kChanges | IN_ONLYDIR);
    if (wd >= 0) by_wd_[wd] = dir;
    return wd >= 0;
  }
  std::string wait(const Interest& want, int quiet_ms, interrupt::SignalGate& gate) override {
    std::string changed;
    for (bool quiet = false; !quiet && !interrupt::signal_received();) {
      // A save is several events (write, rename): wait for the last.
      const int n = gate.wait_readable(fd_, changed.empty() ? -1 : quiet_ms);
      if (n == 0) quiet = true;
      if (n > 0) {
        const std::string c = read_events(want);
        if (changed.empty()) changed = c;
      }
    }
    return changed;
  }

 private:
  std::string read_events(const Interest& want) {
    alignas(inotify_event) char buf[16384];
    std::string first;
    for (ssize_t n; (n = ::read(fd_, buf, sizeof buf)) > 0;)
      for (char* p = buf; p < buf + n;) {
        const auto* e = reinterpret_cast<const inotify_event*>(p);
        p += sizeof(inotify_event) + e->len;
        auto dir = by_wd_.find(e->wd);
        if (dir == by_wd_.end() || e->len == 0) continue;
        if (first.empty() && want(dir->second, e->name)) first = (fs::path(dir->second) / e->name).string();
      }
    return first;
  }

  int fd_;
  std::map<int, std::string> by_wd_;
};

}  // namespace

bool Interest::operator()(const std::string& dir, const std::string& name) const {
  const std::string path = (fs::path(dir) / name).string();
  if (files->count(path)) return true;
  for (const NamePattern& p : *patterns)
    if (p.folder == dir && name_matches(p.pattern, name)) return true;
  return any && !editor_scratch(name) && path != out_dir && path.rfind(out_dir + "/", 0) != 0;
}

std::unique_ptr<Watching> inotify_watching() { return std::make_unique<InotifyWatching>(); }

void WatchList::merge(const WatchList& more) {
  files.insert(files.end(), more.files.begin(), more.files.end());
  std::sort(files.begin(), files.end());
  files.erase(std::unique(files.begin(), files.end()), files.end());
  patterns.insert(patterns.end(), more.patterns.begin(), more.patterns.end());
  std::sort(patterns.begin(), patterns.end());
  patterns.erase(std::unique(patterns.begin(), patterns.end()), patterns.end());
}

std::string unseen_file_system(long f_type) {
  switch (static_cast<unsigned long>(f_type) & 0xFFFFFFFFul) {  // f_type is signed on some ABIs
    case 0x01021997: return "9p";     // V9FS_MAGIC: WSL 2's Windows drives (drvfs over 9p)
    case 0x6969: return "NFS";        // NFS_SUPER_MAGIC
    case 0xFF534D42: return "CIFS";   // CIFS_SUPER_MAGIC
    case 0xFE534D42: return "SMB2";   // SMB2_SUPER_MAGIC
    case 0x517B: return "SMB";        // SMB_SUPER_MAGIC
    case 0x65735546: return "FUSE";   // FUSE_SUPER_MAGIC (sshfs, rclone, ...)
    default: return "";
  }
}

Watcher::Watcher(bool poll, int quiet_ms)
    : how_(poll ? polling_watching(kPollMs) : inotify_watching()), polling_(poll), quiet_ms_(quiet_ms) {}

Watcher::~Watcher() = default;

bool Watcher::ok() const { return how_->ok(); }

size_t Watcher::watch(const WatchList& list) {
  files_.clear();
  patterns_.clear();
  std::vector<std::string> dirs;
  for (const auto& f : list.files) {
    const std::string path = normal(f);
    files_.insert(path);
    dirs.push_back(fs::path(path).parent_path().string());
  }
  for (const auto& p : list.patterns) {
    patterns_.push_back({normal(p.folder), p.pattern});
    dirs.push_back(patterns_.back().folder);
  }
  for (const auto& dir : dirs) {
    if (std::find(folders_.begin(), folders_.end(), dir) != folders_.end()) continue;
    struct statfs s {};
    const std::string unseen = polling_ || ::statfs(dir.c_str(), &s) != 0 ? "" : unseen_file_system(s.f_type);
    if (!unseen.empty()) {  // every folder polled from now on: one way of waiting at a time
      polling_ = true;
      how_ = polling_watching(kPollMs);
      for (const auto& seen : folders_) how_->add(seen);
      note_ = dir + " is on a network or Windows drive (" + unseen + "): watching by polling every " +
              std::to_string(kPollMs / 1000) + "." + std::to_string(kPollMs % 1000 / 100) + " s";
    }
    if (how_->add(dir)) folders_.push_back(dir);
  }
  return folders_.size();
}

std::string Watcher::take_note() { return std::exchange(note_, ""); }

std::string Watcher::wait(bool any, const std::string& out_dir) {
  std::string changed;
  {
    interrupt::SignalGate gate;
    const bool was_waiting = interrupt::set_waiting(true);
    changed = how_->wait(Interest{&files_, &patterns_, any, out_dir}, quiet_ms_, gate);
    interrupt::set_waiting(was_waiting);
  }
  return interrupt::signal_received() ? "" : changed;
}

}  // namespace cardstock
