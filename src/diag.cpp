#include "diag.h"

#include <algorithm>

namespace cardstock {

std::string Mark::str() const {
  if (line <= 0) return file;
  return file + ":" + std::to_string(line) + ":" + std::to_string(col);
}

std::string Diagnostic::str() const {
  return mark.str() + (severity == Severity::Error ? ": error: " : ": warning: ") + message;
}

void Diagnostics::add(Diagnostic d) {
  if (items_.size() < kMaxKept) {
    items_.push_back(std::move(d));
    return;
  }
  ++(d.severity == Severity::Error ? dropped_errors_ : dropped_warnings_);
}

void Diagnostics::error(const Mark& m, std::string msg) { add({Severity::Error, m, std::move(msg)}); }

void Diagnostics::warning(const Mark& m, std::string msg) { add({Severity::Warning, m, std::move(msg)}); }

void Diagnostics::make_warnings_errors() {
  for (auto& d : items_) d.severity = Severity::Error;
  dropped_errors_ += dropped_warnings_;
  dropped_warnings_ = 0;
}

bool Diagnostics::has_errors() const { return error_count() > 0; }

size_t Diagnostics::error_count() const {
  return dropped_errors_ + static_cast<size_t>(std::count_if(items_.begin(), items_.end(), [](const Diagnostic& d) {
           return d.severity == Severity::Error;
         }));
}

size_t Diagnostics::warning_count() const {
  return dropped_warnings_ + static_cast<size_t>(std::count_if(items_.begin(), items_.end(), [](const Diagnostic& d) {
           return d.severity == Severity::Warning;
         }));
}

std::string Diagnostics::str() const {
  std::string out;
  for (const auto& d : items_) out += d.str() + "\n";
  if (dropped_errors_ + dropped_warnings_ > 0)
    out += (items_.empty() ? std::string("cardstock") : items_.back().mark.file) + ": note: " +
           std::to_string(dropped_errors_) + " more error(s) and " + std::to_string(dropped_warnings_) +
           " more warning(s) not shown (only the first " + std::to_string(kMaxKept) + " are)\n";
  return out;
}

void Diagnostics::append(const Diagnostics& other) {
  for (const auto& d : other.items_) add(d);
  dropped_errors_ += other.dropped_errors_;
  dropped_warnings_ += other.dropped_warnings_;
}

size_t edit_distance(const std::string& a, const std::string& b) {
  // Optimal string alignment: a swap of two neighbouring letters ("tabel") is one typo.
  const size_t n = a.size(), m = b.size();
  std::vector<std::vector<size_t>> d(n + 1, std::vector<size_t>(m + 1));
  for (size_t i = 0; i <= n; ++i) d[i][0] = i;
  for (size_t j = 0; j <= m; ++j) d[0][j] = j;
  for (size_t i = 1; i <= n; ++i)
    for (size_t j = 1; j <= m; ++j) {
      d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
        d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
    }
  return d[n][m];
}

std::string closest_match(const std::string& word, const std::vector<std::string>& candidates) {
  // Roughly one typo per three letters: "sise" finds "size", "x" finds nothing.
  const size_t limit = std::max<size_t>(1, word.size() / 3);
  size_t best = limit + 1;
  std::string found;
  if (word.size() > 64) return found;  // no name is that long: and the table would be huge
  for (const auto& c : candidates) {
    // The distance is at least the difference in length: skip what cannot be close.
    if ((c.size() > word.size() ? c.size() - word.size() : word.size() - c.size()) > limit) continue;
    size_t d = edit_distance(word, c);
    if (d < best) {
      best = d;
      found = c;
    }
  }
  return found;
}

std::string did_you_mean(const std::string& word, const std::vector<std::string>& candidates) {
  auto m = closest_match(word, candidates);
  return m.empty() ? "" : " (did you mean '" + m + "'?)";
}

}  // namespace cardstock
