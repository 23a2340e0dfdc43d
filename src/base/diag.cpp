#include "base/diag.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <string_view>

#include "base/text_check.h"

namespace cardstock {

std::string column_letters(int col) {
  std::string s;
  for (; col > 0; col = (col - 1) / 26) s.insert(s.begin(), static_cast<char>('A' + (col - 1) % 26));
  return s;
}

std::string Mark::str() const {
  if (!tab.empty()) {
    bool plain = true;
    for (char c : tab) plain = plain && (std::isalnum(static_cast<unsigned char>(c)) || c == '_');
    std::string t = tab;
    if (!plain) {  // a quote inside is doubled, as in a spreadsheet's formulas
      t.clear();
      for (char c : tab) t += c == '\'' ? std::string("''") : std::string(1, c);
      t = "'" + t + "'";
    }
    if (line <= 0) return file + ":" + t;
    return file + ":" + t + "!" + column_letters(col) + std::to_string(line);
  }
  if (line <= 0) return file;
  return file + ":" + std::to_string(line) + ":" + std::to_string(col);
}

// Messages quote what the user wrote; a control character in it (an escape sequence in
// a hostile file, a newline that would start a line of its own: "::error::" is a command
// to GitHub Actions) must not reach the terminal or a CI log as such, nor a byte that is
// not UTF-8: printable() writes each as "\x1B", "\n", "\xFF". The file name starts the
// line, so printable_lead() also keeps it from starting with "::".

std::string Diagnostic::str() const {
  const char* kind = severity == Severity::Error     ? ": error: "
                     : severity == Severity::Warning ? ": warning: "
                                                     : ": note: ";
  return printable_lead(mark.str()) + kind + message;
}

void Diagnostics::add(Severity s, const Mark& m, std::string msg, const std::string& file, size_t uses) {
  // "(and 13 more places)" at the end of an error about a file, for the places it omits.
  auto count = [](Diagnostic& d, size_t more) {
    d.more += more;
    d.message = d.message.substr(0, d.said) + " (and " + std::to_string(d.more) +
                (d.more == 1 ? " more place)" : " more places)");
  };
  if (!file.empty()) {
    const auto same = std::find_if(items_.begin(), items_.end(), [&](const Diagnostic& d) { return d.file == file; });
    // Said already: a new place counts; the same place again (a design's image, laid
    // out for every card) does not.
    if (same != items_.end()) {
      if (seen_.insert(m.str() + '\n' + printable(msg)).second) count(*same, uses);
      last_dropped_ = true;
      return;
    }
  }
  if (s == Severity::Note) {
    if (!last_dropped_ && items_.size() < kMaxKept) items_.push_back({s, m, printable(std::move(msg))});
    return;
  }
  if (items_.size() >= kMaxKept) {  // counted, not kept (nor remembered for duplicates)
    ++(s == Severity::Error ? dropped_errors_ : dropped_warnings_);
    last_dropped_ = true;
    return;
  }
  msg = printable(std::move(msg));
  last_dropped_ = !seen_.insert(m.str() + '\n' + msg).second;
  if (last_dropped_) return;
  items_.push_back({s, m, std::move(msg), file});
  items_.back().said = items_.back().message.size();
  if (uses > 1) count(items_.back(), uses - 1);  // places counted by another Diagnostics (append)
}

void Diagnostics::file_error(const Mark& m, std::string msg, const std::string& file) {
  add(Severity::Error, m, std::move(msg), file);
}

void Diagnostics::error(const Mark& m, std::string msg) { add(Severity::Error, m, std::move(msg)); }

void Diagnostics::warning(const Mark& m, std::string msg) { add(Severity::Warning, m, std::move(msg)); }

void Diagnostics::file_warning(const Mark& m, std::string msg, const std::string& file) {
  add(Severity::Warning, m, std::move(msg), file);
}

void Diagnostics::note(const Mark& m, std::string msg) { add(Severity::Note, m, std::move(msg)); }

void Diagnostics::notice(const Mark& m, std::string msg) {
  if (items_.size() >= kMaxKept) return;
  msg = printable(std::move(msg));
  if (seen_.insert(m.str() + '\n' + msg).second) items_.push_back({Severity::Notice, m, std::move(msg)});
}

void Diagnostics::make_warnings_errors() {
  for (auto& d : items_)
    if (d.severity == Severity::Warning) d.severity = Severity::Error;
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

std::string Diagnostics::str(bool notices) const {
  std::string out;
  for (const auto& d : items_)
    if (notices || d.severity != Severity::Notice) out += d.str() + "\n";
  if (dropped_errors_ + dropped_warnings_ > 0)
    out += (items_.empty() ? std::string("cardstock") : items_.back().mark.file) + ": note: " +
           std::to_string(dropped_errors_) + " more error(s) and " + std::to_string(dropped_warnings_) +
           " more warning(s) not shown (only the first " + std::to_string(kMaxKept) + " are)\n";
  return out;
}

void Diagnostics::append(const Diagnostics& other) {
  for (const auto& d : other.items_)
    if (d.severity == Severity::Notice) notice(d.mark, d.message);
    else add(d.severity, d.mark, d.file.empty() ? d.message : d.message.substr(0, d.said), d.file, 1 + d.more);
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

void say_error(std::ostream& to, const Mark& at, std::string msg) {
  Diagnostics d;
  d.error(at, std::move(msg));
  to << d.str();
}

}  // namespace cardstock
