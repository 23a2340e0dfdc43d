// locks: a file locked for one process at a time (flock(2)), as run/folder_lock.h uses it.
#pragma once
#include <string>

namespace cardstock::os {

/// Opens (creating it, never through a symbolic link) and locks `path`: the descriptor,
/// or -1 with errno set, EWOULDBLOCK when another holds it and `wait` is false. The file
/// is checked to be the one at `path` once locked: the build that held it before removes
/// it when done, and a lock on a removed file guards nothing. Closing it lets go.
int lock_file(const std::string& path, bool wait);

}  // namespace cardstock::os
