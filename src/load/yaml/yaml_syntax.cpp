#include "load/yaml/yaml_syntax.h"

#include <cctype>
#include <vector>

namespace cardstock {

namespace {

bool blank(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

// One pass over the text, character by character. What is open is a stack of '[' and '{'
// and at most one quote; a method a state: a new line (and the lines of a block scalar),
// inside a quote, a comment, at a token start, and inside plain text or a flow collection.
class Scanner {
 public:
  explicit Scanner(const std::string& t) : t_(t) {}

  std::optional<Unclosed> run() {
    while (i_ < t_.size()) {
      const char c = t_[i_];
      if (c == '\n') {
        if (!new_line()) break;
        continue;
      }
      if (quote_) {
        in_quote(c);
        continue;
      }
      if (c == '#' && (i_ == line_start_ || blank(t_[i_ - 1]))) {
        comment();
        continue;
      }
      if (blank(c)) {
        if (c == '\t') tab();
        ++i_;
        continue;
      }
      if (token_start_ && at_token_start(c)) continue;
      in_plain(c);
    }
    return open();
  }

  // After run(): the '[' and '{' still open at the end, outermost first.
  const std::vector<Unclosed>& flow() const { return flow_; }
  const std::optional<Slip>& hash_value() const { return hash_value_; }
  const std::optional<Slip>& indent_tab() const { return indent_tab_; }

 private:
  int col(size_t at) const { return static_cast<int>(at - line_start_) + 1; }

  // What is still open: the quote, else the innermost flow collection (its closing is
  // due first).
  std::optional<Unclosed> open() const {
    if (quote_) return quote_;
    if (!flow_.empty()) return flow_.back();
    return std::nullopt;
  }

  // At a '\n': on to the next line, past the lines of a block scalar if one began on
  // this one. False if the text ends inside the block scalar.
  bool new_line() {
    ++line_;
    line_start_ = ++i_;
    if (!quote_) token_start_ = true;
    if (block_indent_ < 0) return true;
    // Skip the lines of a block scalar: blank, or indented more than its key.
    for (;;) {
      size_t j = line_start_;
      while (j < t_.size() && t_[j] == ' ') ++j;
      const bool empty = j >= t_.size() || t_[j] == '\n' || t_[j] == '\r';
      if (j >= t_.size() || (!empty && static_cast<int>(j - line_start_) <= block_indent_)) break;
      const size_t nl = t_.find('\n', j);
      if (nl == std::string::npos) return false;
      ++line_;
      line_start_ = i_ = nl + 1;
    }
    block_indent_ = -1;
    return true;
  }

  // Inside a quoted scalar: only its closing quote ends it; \" escapes in "...", '' is a
  // quote in '...'.
  void in_quote(char c) {
    if (quote_->open == '"' && c == '\\') {
      i_ += 2;
      return;
    }
    if (c == quote_->open) {
      if (c == '\'' && i_ + 1 < t_.size() && t_[i_ + 1] == '\'') {
        i_ += 2;
        return;
      }
      quote_.reset();
      token_start_ = false;
    }
    ++i_;
  }

  // A comment runs to the end of the line. One where a value was due that reads as a
  // colour is noted (find_hash_value).
  void comment() {
    const size_t at = i_;
    while (i_ < t_.size() && t_[i_] != '\n') ++i_;
    if (hash_value_ || !token_start_ || t_.find_first_not_of(" \t", line_start_) == at) return;
    size_t end = at + 1;
    while (end < i_ && std::isxdigit(static_cast<unsigned char>(t_[end]))) ++end;
    const size_t n = end - at - 1;
    const bool ends = end == i_ || blank(t_[end]) || t_[end] == ',' || t_[end] == '}' || t_[end] == ']';
    if (ends && (n == 3 || n == 4 || n == 6 || n == 8) && !value_below())
      hash_value_ = Slip{line_, col(at), t_.substr(at, end - at)};
  }

  // Whether the value of this line's key goes on below it (`layers:  #abc` above lines
  // indented deeper): the comment is then only a comment. i_ is at the line's end.
  bool value_below() const {
    if (!flow_.empty()) return false;
    const size_t indent = t_.find_first_not_of(' ', line_start_) - line_start_;
    for (size_t at = i_; at < t_.size();) {
      const size_t start = at + 1, first = t_.find_first_not_of(" \t\r", start);
      if (first == std::string::npos) return false;
      if (t_[first] != '\n' && t_[first] != '#') return first - start > indent;
      at = t_.find('\n', first);
      if (at == std::string::npos) return false;
    }
    return false;
  }

  // A tab among the blanks that start a line with something after them.
  void tab() {
    if (indent_tab_ || t_.find_first_not_of(" \t", line_start_) < i_) return;
    const size_t next = t_.find_first_not_of(" \t", i_);
    if (next != std::string::npos && t_[next] != '\n' && t_[next] != '\r' && t_[next] != '#')
      indent_tab_ = Slip{line_, col(i_), ""};
  }

  // Where a value may begin, the characters that open something or keep us at a token
  // start. True if `c` was one of them (and consumed); else the token is plain text.
  bool at_token_start(char c) {
    if (c == '"' || c == '\'') {
      quote_ = Unclosed{line_, col(i_), c};
      ++i_;
      return true;
    }
    if (c == '[' || c == '{') {
      flow_.push_back({line_, col(i_), c});
      ++i_;
      return true;
    }
    if (c == '&' || c == '!') {  // an anchor or tag: the value comes after it
      while (i_ < t_.size() && !blank(t_[i_])) ++i_;
      return true;
    }
    if ((c == '-' || c == '?' || c == ':') && (i_ + 1 >= t_.size() || blank(t_[i_ + 1]))) {
      ++i_;
      return true;  // a block entry or key indicator: still at a token start
    }
    if ((c == '|' || c == '>') && flow_.empty() && block_scalar_header()) return true;
    token_start_ = false;
    return false;
  }

  // At a '|' or '>' outside flow: if the rest of the line is a block scalar header
  // (chomping and indentation indicators, then blanks or a comment), remembers the
  // line's indent so new_line() skips the scalar's lines, and moves past the header.
  bool block_scalar_header() {
    size_t j = i_ + 1;
    while (j < t_.size() && (t_[j] == '+' || t_[j] == '-' || (t_[j] >= '0' && t_[j] <= '9'))) ++j;
    while (j < t_.size() && (t_[j] == ' ' || t_[j] == '\t')) ++j;
    if (j < t_.size() && t_[j] != '\n' && t_[j] != '\r' && t_[j] != '#') return false;
    size_t k = line_start_;
    while (k < t_.size() && t_[k] == ' ') ++k;
    block_indent_ = static_cast<int>(k - line_start_);
    i_ = j;
    return true;
  }

  // Any other character: brackets and commas in flow, and a ':' that starts a value.
  void in_plain(char c) {
    if (!flow_.empty()) {
      if (c == ']' || c == '}') {
        flow_.pop_back();
        token_start_ = false;
      } else if (c == ',' || c == '[' || c == '{') {
        if (c != ',') flow_.push_back({line_, col(i_), c});
        token_start_ = true;
      }
    }
    if (c == ':' && (i_ + 1 >= t_.size() || blank(t_[i_ + 1]) ||
                     (!flow_.empty() && (t_[i_ + 1] == ',' || t_[i_ + 1] == ']' || t_[i_ + 1] == '}'))))
      token_start_ = true;
    ++i_;
  }

  const std::string& t_;
  size_t i_ = 0;
  int line_ = 1;
  size_t line_start_ = 0;
  std::vector<Unclosed> flow_;  // open '[' and '{'
  std::optional<Unclosed> quote_;
  // A token starts where a value may begin: line start, after ": ", "- ", "? ", and in
  // flow after '[', '{', ','. Only there does a quote or bracket open something; inside
  // a plain scalar ("it's", "a[1]") they are ordinary characters.
  bool token_start_ = true;
  int block_indent_ = -1;  // inside a | or > block scalar: lines indented more than this
  std::optional<Slip> hash_value_, indent_tab_;  // the first of each
};

}  // namespace

std::optional<Unclosed> find_unclosed(const std::string& text) { return Scanner(text).run(); }

std::optional<Slip> find_hash_value(const std::string& text) {
  Scanner s(text);
  s.run();
  return s.hash_value();
}

std::optional<Slip> find_indent_tab(const std::string& text) {
  Scanner s(text);
  s.run();
  return s.indent_tab();
}

std::string flow_closers(const std::string& text) {
  Scanner s(text);
  if (const auto open = s.run(); open && open->open != '[' && open->open != '{') return "";  // a quote is open
  std::string out;
  for (auto it = s.flow().rbegin(); it != s.flow().rend(); ++it) out += it->open == '[' ? ']' : '}';
  return out;
}

}  // namespace cardstock
