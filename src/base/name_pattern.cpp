// name_pattern: name_matches (base/name_pattern.h). Iterative, with one remembered *
// to go back to: linear in practice, where the recursive matcher it replaces was
// exponential in the number of *s.
#include "base/name_pattern.h"

namespace cardstock {

bool name_matches(const std::string& pattern, const std::string& name) {
  if (!name.empty() && name[0] == '.') return false;
  size_t p = 0, n = 0, star = std::string::npos, from = 0;
  while (n < name.size()) {
    if (p < pattern.size() && pattern[p] == '*') {
      star = p++;
      from = n;
    } else if (p < pattern.size() && (pattern[p] == '?' || pattern[p] == name[n])) {
      ++p, ++n;
    } else if (star != std::string::npos) {
      p = star + 1;  // the last * takes one character more
      n = ++from;
    } else {
      return false;
    }
  }
  while (p < pattern.size() && pattern[p] == '*') ++p;
  return p == pattern.size();
}

}  // namespace cardstock
