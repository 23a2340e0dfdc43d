#include "base/paths.h"

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

bool inside_output(const std::string& out_root, const std::string& path, std::string* err) {
  std::error_code ec;
  const fs::path root = fs::weakly_canonical(fs::absolute(out_root, ec), ec);
  if (ec) {
    *err = "cannot resolve the output folder '" + out_root + "': " + ec.message();
    return false;
  }
  // Lexically first (a ".." that climbs out is refused even if the folders are missing),
  // then with every symbolic link on the way followed to where it ends.
  const fs::path lexical = fs::absolute(path, ec).lexically_normal();
  const fs::path real = fs::weakly_canonical(lexical, ec);
  for (const fs::path& p : {fs::weakly_canonical(lexical.parent_path(), ec) / lexical.filename(), real}) {
    if (ec || p == root || !inside(root, p)) {
      *err = "refusing to write '" + path + "': it resolves to " + (ec ? lexical : p).string() +
             ", outside the output folder " + root.string();
      return false;
    }
  }
  return true;
}

}  // namespace cardstock
