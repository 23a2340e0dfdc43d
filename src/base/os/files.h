// os/files: the file system calls a port changes, beside those of base/files.h (whose
// system half is base/os/files.cpp too). Nothing throws.
#pragma once
#include <cstdint>
#include <string>

namespace cardstock::os {

/// Closes a descriptor from open_regular_file() (base/files.h).
void close_file(int fd);

/// Removes the file `path` (unlink(2)); a failure is not said.
void remove_file(const std::string& path);

/// When `path` was last changed and its size; false if it cannot be examined.
struct FileTimes {
  std::int64_t seconds = 0, nanoseconds = 0, size = 0;
};
bool file_times(const std::string& path, FileTimes* out);

/// Exchanges the two paths in one step (Linux's renameat2 RENAME_EXCHANGE): done,
/// unsupported by the file system or kernel, or failed with the system's reason in *why.
enum class Exchange { done, unsupported, failed };
Exchange exchange_paths(const std::string& a, const std::string& b, std::string* why);

}  // namespace cardstock::os
