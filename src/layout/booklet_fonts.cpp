// Font issues of a booklet's drawn texts, reported where the reader of the Markdown can
// fix them.
#include "base/text_check.h"
#include "layout/booklet_pieces.h"

namespace cardstock::booklet_impl {

namespace {

// Markup as the reader sees it: tags dropped, entities and soft hyphens undone.
std::string plain(const std::string& markup) {
  std::string out;
  bool tag = false;
  for (size_t i = 0; i < markup.size(); ++i) {
    const char c = markup[i];
    if (c == '<') tag = true;
    else if (c == '>') tag = false;
    else if (tag) continue;
    else if (markup.compare(i, 5, "&amp;") == 0) out += '&', i += 4;
    else if (markup.compare(i, 4, "&lt;") == 0) out += '<', i += 3;
    else if (markup.compare(i, 4, "&gt;") == 0) out += '>', i += 3;
    else if (markup.compare(i, 2, "\xC2\xAD") == 0) ++i;
    else out += c;
  }
  return out;
}

// The word around byte `pos` (between spaces).
std::string word_at(const std::string& s, size_t pos) {
  size_t a = s.rfind(' ', pos), b = s.find(' ', pos);
  a = a == std::string::npos ? 0 : a + 1;
  return s.substr(a, b == std::string::npos ? std::string::npos : b - a);
}

// Reports a drawn text's font issues (the text exactly as set) at the character in the
// Markdown when it is there (the lines of the block, up to a blank line), else at the
// block (text made by a directive) or the game file's booklet section (the cover).
class FontIssueReporter {
 public:
  FontIssueReporter(const Booklet& b, const TextMeasurer& m, Diagnostics& d) : b_(b), m_(m), d_(d) {
    line_starts_.push_back(0);
    for (size_t i = 0; i < b_.text.size(); ++i)
      if (b_.text[i] == '\n' && i + 1 < b_.text.size()) line_starts_.push_back(i + 1);
  }

  // Texts of no source (running heads, folios, contents repeat the headings) are not
  // reported twice.
  void check(const ArtItem& it) const {
    if (it.type != LayerType::Text || it.source.file.empty()) return;
    for (const FontIssue& f : m_.font_issues(it.text, it.style, it.box.w)) {
      Mark at = it.source;
      std::string shown = plain(it.text);
      if (!f.chars.empty() && it.source.file == b_.source && it.source.line > 0)
        locate(f.chars[0], it.source.line, shown, at);
      const std::string msg =
          font_issue_message(f, shown, set_font_fix(f, "set body_font or heading_font to a family that has one"));
      if (font_issue_is_error(f)) d_.error(at, msg);
      else d_.warning(at, msg);
    }
  }

 private:
  // If character `ch` is in `shown`, narrows `shown` to its word and moves `at` to where
  // the character is written in the Markdown, searching from line `from` to a blank line.
  void locate(char32_t ch, int from, std::string& shown, Mark& at) const {
    std::string c;
    size_t pos = 0;
    for (size_t k = 0; k < shown.size() && c.empty();) {
      const size_t start = k;
      if (next_code_point(shown, &k) == ch) c = shown.substr(start, k - start), pos = start;
    }
    if (c.empty()) return;
    shown = word_at(shown, pos);
    for (int l = from; l <= static_cast<int>(line_starts_.size()); ++l) {
      const size_t begin = line_starts_[l - 1];
      const size_t end = l < static_cast<int>(line_starts_.size()) ? line_starts_[l] : b_.text.size();
      const std::string line = b_.text.substr(begin, end - begin);
      if (l > from && line.find_first_not_of(" \t\r\n") == std::string::npos) break;
      const size_t col = line.find(c);
      if (col != std::string::npos) {
        at = {b_.source, l, static_cast<int>(col) + 1};
        break;
      }
    }
  }

  const Booklet& b_;
  const TextMeasurer& m_;
  Diagnostics& d_;
  std::vector<size_t> line_starts_;  // of b_.text
};

}  // namespace

void report_booklet_font_issues(const Booklet& b, const TextMeasurer& m, const BookletLayout& layout,
                                Diagnostics& d) {
  const FontIssueReporter reporter(b, m, d);
  for (const auto& page : layout.pages)
    for (const auto* items : {&page.underlay, &page.items})
      for (const auto& it : *items) reporter.check(it);
}

}  // namespace cardstock::booklet_impl
