#include "load/yaml_syntax.h"

#include <vector>

namespace cardstock {

namespace {

bool blank(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

}  // namespace

std::optional<Unclosed> find_unclosed(const std::string& t) {
  std::vector<Unclosed> flow;  // open '[' and '{'
  std::optional<Unclosed> quote;
  int line = 1;
  size_t line_start = 0;
  // A token starts where a value may begin: line start, after ": ", "- ", "? ", and in
  // flow after '[', '{', ','. Only there does a quote or bracket open something; inside
  // a plain scalar ("it's", "a[1]") they are ordinary characters.
  bool token_start = true;
  int block_indent = -1;  // inside a | or > block scalar: lines indented more than this
  size_t i = 0;
  auto col = [&](size_t at) { return static_cast<int>(at - line_start) + 1; };
  while (i < t.size()) {
    const char c = t[i];
    if (c == '\n') {
      ++line;
      line_start = ++i;
      if (!quote) token_start = true;
      // Skip the lines of a block scalar: blank, or indented more than its key.
      if (block_indent >= 0) {
        for (;;) {
          size_t j = line_start;
          while (j < t.size() && t[j] == ' ') ++j;
          const bool empty = j >= t.size() || t[j] == '\n' || t[j] == '\r';
          if (j >= t.size() || (!empty && static_cast<int>(j - line_start) <= block_indent)) break;
          const size_t nl = t.find('\n', j);
          if (nl == std::string::npos) return quote ? quote : flow.empty() ? std::nullopt : std::optional(flow.back());
          ++line;
          line_start = i = nl + 1;
        }
        block_indent = -1;
      }
      continue;
    }
    if (quote) {
      if (quote->open == '"' && c == '\\') {
        i += 2;
        continue;
      }
      if (c == quote->open) {
        if (c == '\'' && i + 1 < t.size() && t[i + 1] == '\'') {  // '' is a quote in '...'
          i += 2;
          continue;
        }
        quote.reset();
        token_start = false;
      }
      ++i;
      continue;
    }
    if (c == '#' && (i == line_start || blank(t[i - 1]))) {  // a comment to the end of the line
      while (i < t.size() && t[i] != '\n') ++i;
      continue;
    }
    if (blank(c)) {
      ++i;
      continue;
    }
    if (token_start) {
      if (c == '"' || c == '\'') {
        quote = Unclosed{line, col(i), c};
        ++i;
        continue;
      }
      if (c == '[' || c == '{') {
        flow.push_back({line, col(i), c});
        ++i;
        continue;
      }
      if (c == '&' || c == '!') {  // an anchor or tag: the value comes after it
        while (i < t.size() && !blank(t[i])) ++i;
        continue;
      }
      if ((c == '-' || c == '?' || c == ':') && (i + 1 >= t.size() || blank(t[i + 1]))) {
        ++i;
        continue;  // a block entry or key indicator: still at a token start
      }
      if ((c == '|' || c == '>') && flow.empty()) {
        size_t j = i + 1;
        while (j < t.size() && (t[j] == '+' || t[j] == '-' || (t[j] >= '0' && t[j] <= '9'))) ++j;
        while (j < t.size() && (t[j] == ' ' || t[j] == '\t')) ++j;
        if (j >= t.size() || t[j] == '\n' || t[j] == '\r' || t[j] == '#') {
          size_t k = line_start;
          while (k < t.size() && t[k] == ' ') ++k;
          block_indent = static_cast<int>(k - line_start);
          i = j;
          continue;
        }
      }
      token_start = false;
    }
    if (!flow.empty()) {
      if (c == ']' || c == '}') {
        flow.pop_back();
        token_start = false;
      } else if (c == ',' || c == '[' || c == '{') {
        if (c != ',') flow.push_back({line, col(i), c});
        token_start = true;
      }
    }
    if (c == ':' && (i + 1 >= t.size() || blank(t[i + 1]) || (!flow.empty() && (t[i + 1] == ',' || t[i + 1] == ']' || t[i + 1] == '}'))))
      token_start = true;
    ++i;
  }
  if (quote) return quote;
  if (!flow.empty()) return flow.back();  // the innermost: its closing is due first
  return std::nullopt;
}

}  // namespace cardstock
