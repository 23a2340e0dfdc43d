#include "load/names.h"

namespace cardstock::loading {

std::string available(const std::vector<std::string>& names) {
  std::vector<std::string> seen;
  std::string s;
  for (const auto& n : names) {
    if (std::find(seen.begin(), seen.end(), n) != seen.end()) continue;
    seen.push_back(n);
    if (seen.size() <= 40) s += (seen.size() == 1 ? "; available: " : ", ") + n;
  }
  if (seen.size() > 40) s += " and " + std::to_string(seen.size() - 40) + " more";
  return s.empty() ? "; none is defined" : s;
}

void unknown(Diagnostics& d, const Mark& m, const std::string& what, const std::string& name,
             const std::vector<std::string>& known, const std::vector<std::string>& shown) {
  d.error(m, "unknown " + what + " '" + name + "'" + did_you_mean(name, known) + available(shown.empty() ? known : shown));
}

std::vector<std::string> family_names(const FontSet& fonts) {
  std::vector<std::string> names;
  for (const auto& f : fonts.families) names.push_back(f.family);
  return names;
}

}  // namespace cardstock::loading
