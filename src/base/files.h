// files: how cardstock reads the files a user names (game files, templates, booklet
// sources, images). Only regular files are read, never more than a limit, and every
// refusal carries the operating system's reason. Nothing throws. The functions that call
// the system are in base/os/files.cpp.
#pragma once
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace cardstock {

/// Reads the whole of `path` into *out if it is a regular file of at most `max_bytes`.
/// Otherwise returns false with *why in plain words, without a file name, to follow
/// "cannot read X: ": "No such file or directory", "Permission denied", "it is a
/// directory, not a file", "it is a FIFO (named pipe), not a file", "it is 17 MB; the
/// limit is 16 MB". A FIFO or device is refused before it is opened: never blocks.
/// With `follow_links` false a symbolic link is refused too ("it is a symbolic link"),
/// for files from anyone (cardstock diff).
bool read_regular_file(const std::string& path, size_t max_bytes, std::string* out, std::string* why,
                       bool follow_links = true);

/// Opens `path` for reading if it is a regular file, as read_regular_file checks it: the
/// descriptor (the caller closes it), or -1 with *why.
int open_regular_file(const std::string& path, bool follow_links, std::string* why);

/// Reads from `fd` into `buf` until `size` bytes are read or the file ends, reading again
/// when a signal interrupts: the count read (short only at the end), or -1 with errno set.
long read_full(int fd, char* buf, size_t size);

/// "it is a directory, not a file" and the like for a path that exists but is not a regular
/// file, the OS reason ("No such file or directory") for one that cannot be examined, or
/// "" for a regular file.
std::string not_a_regular_file(const std::string& path);

/// Writes `bytes` to `path` (created, or emptied) and makes them durable: every write(2)
/// checked, then fsync and close. False with the system's reason in *why ("No space left
/// on device", "File too large") on any failure; a partial file may then be left for the
/// caller to remove (it is always a temporary name, never a final one).
bool write_file(const std::string& path, std::string_view bytes, std::string* why);

/// Every regular file under `dir` (recursively; links followed as a directory walk
/// follows them), sorted. None if `dir` cannot be read.
std::vector<std::string> files_under(const std::string& dir);

/// A byte count in words: "512 bytes", "3 KB", "17 MB".
std::string byte_size(size_t bytes);

}  // namespace cardstock
