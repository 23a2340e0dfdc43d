#include "load/schema/schema_values.h"

#include <algorithm>
#include <cmath>

#include "base/input_limits.h"

namespace cardstock::loading {

const std::vector<std::string>& bool_words() {
  static const std::vector<std::string> w = {"true", "True", "TRUE", "yes", "Yes", "YES", "on",  "On",  "ON",
                                             "false", "False", "FALSE", "no", "No", "NO", "off", "Off", "OFF"};
  return w;
}

bool parse_bool(const std::string& s, bool* out) {
  const auto& w = bool_words();
  const auto it = std::find(w.begin(), w.end(), s);
  if (it == w.end()) return false;
  *out = it - w.begin() < 9;
  return true;
}

bool in_range(const RelLength& l) {
  return std::fabs(l.value) <= (l.percent ? kMaxPercent : kMaxLengthPt);
}

bool parse_long(const std::string& s, long* out) {
  if (s.empty()) return false;
  size_t i = (s[0] == '-' || s[0] == '+') ? 1 : 0;
  if (i == s.size()) return false;
  for (size_t j = i; j < s.size(); ++j)
    if (s[j] < '0' || s[j] > '9') return false;
  if (s.size() - i > 15) return false;  // far beyond any sensible count
  *out = std::stol(s);
  return true;
}

bool parse_double(const std::string& s, double* out) {
  std::string err;
  // A number is a length with no unit: reuse the strict parser by adding "pt".
  auto l = parse_length(s + "pt", &err);
  if (!l) return false;
  *out = l->pt;
  return true;
}

}  // namespace cardstock::loading
