#include "paths.h"

#include <filesystem>

namespace fs = std::filesystem;

namespace cardstock {

namespace {

bool inside(const fs::path& root, const fs::path& p) {
  auto r = root.begin(), q = p.begin();
  for (; r != root.end(); ++r, ++q) {
    if (r->empty()) continue;  // a trailing separator
    if (q == p.end() || *r != *q) return false;
  }
  return true;
}

}  // namespace

bool confined_path(const std::string& root, const std::string& rel, bool allow_outside,
                   std::string* resolved, std::string* err) {
  const fs::path joined = fs::path(root) / rel;
  *resolved = joined.string();
  if (allow_outside) return true;
  const std::string hint = " (pass --allow-outside to permit it)";
  std::error_code ec;
  const fs::path base = fs::weakly_canonical(fs::absolute(root, ec), ec);
  if (fs::path(rel).is_absolute()) {
    *err = "'" + rel + "' is an absolute path; files must be inside the project folder " +
           base.string() + hint;
    return false;
  }
  const fs::path lexical = fs::absolute(joined, ec).lexically_normal();
  if (!inside(base, fs::weakly_canonical(lexical.parent_path(), ec) / lexical.filename()) &&
      !inside(base, lexical)) {
    *err = "'" + rel + "' leads outside the project folder " + base.string() + hint;
    return false;
  }
  // Follow symbolic links (in the file or any folder on the way) to where they end.
  const fs::path real = fs::weakly_canonical(lexical, ec);
  if (!ec && !inside(base, real)) {
    *err = "'" + rel + "' is a symbolic link to " + real.string() +
           ", outside the project folder " + base.string() + hint;
    return false;
  }
  return true;
}

}  // namespace cardstock
