// file_hints: near_file and did_you_mean_file (base/file_hints.h).
#include "base/file_hints.h"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <vector>

#include "base/diag.h"

namespace fs = std::filesystem;

namespace cardstock {

namespace {

constexpr size_t kMostLooked = 10000;  // names of a folder compared at most (a huge folder: no hint)

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

}  // namespace

std::string near_file(const std::string& resolved) {
  const fs::path p(resolved);
  const std::string name = p.filename().string();
  std::vector<std::string> names;
  std::error_code ec;
  if (fs::exists(fs::symlink_status(p, ec))) return "";  // there, but not readable: no other name helps
  for (auto it = fs::directory_iterator(p.parent_path().empty() ? fs::path(".") : p.parent_path(), ec);
       !ec && it != fs::directory_iterator() && names.size() < kMostLooked; it.increment(ec))
    if (it->is_regular_file(ec)) names.push_back(it->path().filename().string());
  std::sort(names.begin(), names.end());  // the same hint whatever order the folder lists
  for (const auto& n : names)
    if (n != name && lower(n) == lower(name)) return n;
  return closest_match(name, names);
}

std::string case_twin(const std::string& resolved) {
  const fs::path p(resolved);
  const std::string name = lower(p.filename().string());
  std::error_code ec;
  if (fs::exists(fs::symlink_status(p, ec))) return "";
  std::string twin;
  size_t looked = 0;
  for (auto it = fs::directory_iterator(p.parent_path().empty() ? fs::path(".") : p.parent_path(), ec);
       !ec && it != fs::directory_iterator() && ++looked <= kMostLooked; it.increment(ec)) {
    const std::string n = it->path().filename().string();
    if (lower(n) != name || !it->is_regular_file(ec)) continue;
    if (!twin.empty()) return "";  // "Giraffe.PNG" and "GIRAFFE.png": which one?
    twin = n;
  }
  return twin;
}

std::string did_you_mean_file(const std::string& written, const std::string& resolved) {
  const std::string near = near_file(resolved);
  if (near.empty()) return "";
  const fs::path folder = fs::path(written).parent_path();
  return " (did you mean '" + (folder.empty() ? near : (folder / near).generic_string()) + "'?)";
}

}  // namespace cardstock
