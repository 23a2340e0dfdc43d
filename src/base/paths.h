// paths: files a game names (images, the booklet source) must stay inside its project
// folder (the game file's folder), and every file written must stay inside the output
// folder. Refusals come back as text; nothing throws.
#pragma once
#include <string>

namespace cardstock {

/// Resolves `rel` against `root`. Unless `allow_outside`, refuses an absolute path, a
/// path that climbs out of `root` with "..", and a symbolic link whose target lies
/// outside: returns false with *err set. On success *resolved is root/rel.
bool confined_path(const std::string& root, const std::string& rel, bool allow_outside,
                   std::string* resolved, std::string* err);

/// Defence in depth for every file cardstock writes: true if `path` (a file about to be
/// written or renamed into place, or a folder about to be made) lies strictly inside
/// `out_root` once symbolic links and ".." are resolved. Otherwise false with *err saying
/// where it would have gone. Nothing is created or touched.
bool inside_output(const std::string& out_root, const std::string& path, std::string* err);

}  // namespace cardstock
