// paths: files a game names (images, the booklet source) must stay inside its project
// folder (the game file's folder). Refusals come back as text; nothing throws.
#pragma once
#include <string>

namespace cardstock {

/// Resolves `rel` against `root`. Unless `allow_outside`, refuses an absolute path, a
/// path that climbs out of `root` with "..", and a symbolic link whose target lies
/// outside: returns false with *err set. On success *resolved is root/rel.
bool confined_path(const std::string& root, const std::string& rel, bool allow_outside,
                   std::string* resolved, std::string* err);

}  // namespace cardstock
