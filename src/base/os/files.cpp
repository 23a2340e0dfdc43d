// The system calls behind base/files.h (reading the files a user names) and os/files.h.
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>

#include "base/files.h"
#include "base/os/files.h"

namespace cardstock {

namespace {

// What a non-regular file is, in words.
std::string kind_of(mode_t m) {
  if (S_ISDIR(m)) return "it is a directory, not a file";
  if (S_ISFIFO(m)) return "it is a FIFO (named pipe), not a file";
  if (S_ISSOCK(m)) return "it is a socket, not a file";
  if (S_ISCHR(m) || S_ISBLK(m)) return "it is a device, not a file";
  return "it is not a regular file";
}

}  // namespace

std::string not_a_regular_file(const std::string& path) {
  struct stat st;
  if (::stat(path.c_str(), &st) != 0) return std::strerror(errno);
  return S_ISREG(st.st_mode) ? "" : kind_of(st.st_mode);
}

int open_regular_file(const std::string& path, bool follow_links, std::string* why) {
  // Look before opening: opening a FIFO for reading blocks until a writer comes.
  struct stat ls;
  if (!follow_links && ::lstat(path.c_str(), &ls) == 0 && S_ISLNK(ls.st_mode)) {
    *why = "it is a symbolic link";
    return -1;
  }
  if (std::string k = not_a_regular_file(path); !k.empty()) {
    *why = k;
    return -1;
  }
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK | (follow_links ? 0 : O_NOFOLLOW));
  if (fd < 0) {
    *why = errno == ELOOP ? "it is a symbolic link" : std::strerror(errno);
    return -1;
  }
  // And look again at what was opened: the path may have been replaced in between.
  struct stat st;
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    *why = ::fstat(fd, &st) != 0 ? std::strerror(errno) : kind_of(st.st_mode);
    ::close(fd);
    return -1;
  }
  return fd;
}

bool read_regular_file(const std::string& path, size_t max_bytes, std::string* out, std::string* why,
                       bool follow_links) {
  const int fd = open_regular_file(path, follow_links, why);
  if (fd < 0) return false;
  struct stat st;
  if (::fstat(fd, &st) != 0) {
    *why = std::strerror(errno);
    ::close(fd);
    return false;
  }
  if (static_cast<unsigned long long>(st.st_size) > max_bytes) {
    *why = "it is " + byte_size(static_cast<size_t>(st.st_size)) + "; the limit is " + byte_size(max_bytes);
    ::close(fd);
    return false;
  }
  out->clear();
  out->reserve(static_cast<size_t>(st.st_size));
  char buf[65536];
  for (;;) {
    const long n = read_full(fd, buf, sizeof buf);
    if (n < 0) {
      *why = std::strerror(errno);
      ::close(fd);
      return false;
    }
    out->append(buf, static_cast<size_t>(n));
    if (out->size() > max_bytes) {  // it grew while we read
      *why = "it is over " + byte_size(max_bytes) + "; the limit is " + byte_size(max_bytes);
      ::close(fd);
      return false;
    }
    if (static_cast<size_t>(n) < sizeof buf) break;
  }
  ::close(fd);
  return true;
}

long read_full(int fd, char* buf, size_t size) {
  size_t got = 0;
  while (got < size) {
    const ssize_t n = ::read(fd, buf + got, size - got);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return -1;
    if (n == 0) break;
    got += static_cast<size_t>(n);
  }
  return static_cast<long>(got);
}

bool write_file(const std::string& path, std::string_view bytes, std::string* why) {
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
  if (fd < 0) {
    *why = std::strerror(errno);
    return false;
  }
  for (size_t done = 0; done < bytes.size();) {
    const ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      *why = n < 0 ? std::strerror(errno) : "nothing written";
      ::close(fd);
      return false;
    }
    done += static_cast<size_t>(n);
  }
  // A file renamed over a good one must be whole on the disk first: a delayed write that
  // fails (a full disk on NFS, EIO) is said by fsync or close, not by write.
  if (::fsync(fd) != 0 && errno != EINVAL && errno != EROFS) {
    *why = std::strerror(errno);
    ::close(fd);
    return false;
  }
  if (::close(fd) != 0) {
    *why = std::strerror(errno);
    return false;
  }
  return true;
}

namespace os {

void close_file(int fd) { ::close(fd); }

void remove_file(const std::string& path) { ::unlink(path.c_str()); }

bool file_times(const std::string& path, FileTimes* out) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) return false;
  *out = {st.st_mtim.tv_sec, st.st_mtim.tv_nsec, st.st_size};
  return true;
}

Exchange exchange_paths(const std::string& a, const std::string& b, std::string* why) {
  if (::renameat2(AT_FDCWD, a.c_str(), AT_FDCWD, b.c_str(), RENAME_EXCHANGE) == 0) return Exchange::done;
  if (errno == EINVAL || errno == ENOSYS) return Exchange::unsupported;
  *why = std::strerror(errno);
  return Exchange::failed;
}

}  // namespace os

}  // namespace cardstock
