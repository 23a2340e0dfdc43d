#include "run/folder_lock.h"

#include <cerrno>
#include <cstring>

#include "base/diag.h"
#include "base/os/files.h"
#include "base/os/interrupt.h"
#include "base/os/locks.h"

namespace fs = std::filesystem;

namespace cardstock {

namespace {

constexpr const char* kLockFile = ".cardstock.lock";

// True if `name` is a temporary name OutputFolder gives: ".tmp-" then the writer's id
// (and "-<share>" or "-old").
bool temporary_name(const std::string& name) {
  const size_t at = name.rfind(".tmp-");
  if (at == std::string::npos) return false;
  const std::string tail = name.substr(at + 5);
  return !tail.empty() && tail[0] >= '0' && tail[0] <= '9' &&
         tail.find_first_not_of("0123456789-old") == std::string::npos;
}

}  // namespace

void remove_temporaries(const fs::path& dir) {
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(dir, ec))
    if (temporary_name(entry.path().filename().string())) fs::remove_all(entry.path(), ec);
}

std::unique_ptr<FolderLock> FolderLock::take(const fs::path& dir, bool wait, std::ostream& err) {
  const std::string path = (dir / kLockFile).string();
  int fd = os::lock_file(path, false);
  if (fd < 0 && (errno == EWOULDBLOCK || errno == EAGAIN)) {
    Diagnostics d;
    if (!wait) {
      say_error(err, Mark{dir.string()}, "another cardstock build is writing this folder (--no-wait: not waiting for it)");
      return nullptr;
    }
    d.notice(Mark{dir.string()}, "another cardstock build is writing this folder: waiting for it to finish");
    err << d.str() << std::flush;
    fd = os::lock_file(path, true);
  }
  if (fd < 0) {
    say_error(err, Mark{dir.string()}, std::string("cannot lock the output folder: ") + std::strerror(errno));
    return nullptr;
  }
  interrupt::track(path);  // an interrupted build removes it with its temporary files
  remove_temporaries(dir);
  return std::unique_ptr<FolderLock>(new FolderLock(path, fd));
}

void FolderLock::sweep_if_idle(const fs::path& dir) {
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) return;
  const int fd = os::lock_file((dir / kLockFile).string(), false);
  if (fd < 0) return;  // busy: its temporary files are the other build's
  remove_temporaries(dir);
  os::remove_file((dir / kLockFile).string());
  os::close_file(fd);
}

FolderLock::~FolderLock() {
  // Removed while still held: a build waiting on it finds it gone and locks afresh.
  os::remove_file(path_);
  interrupt::untrack(path_);
  os::close_file(fd_);
}

}  // namespace cardstock
