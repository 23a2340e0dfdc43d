// booklet_blocks: the Markdown blocks of a booklet (headings, paragraphs, lists, callouts,
// tables, comments, block directives) read line by line into Blocks.
#include <cctype>

#include "load/booklet/booklet_parser.h"

namespace cardstock::booklet_md {

namespace {

bool is_numbered(const std::string& s, size_t* text_at) {
  size_t i = 0;
  while (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i]))) ++i;
  if (i == 0 || i > 3 || i + 1 >= s.size() || (s[i] != '.' && s[i] != ')') || s[i + 1] != ' ')
    return false;
  *text_at = i + 2;
  return true;
}

bool is_bullet(const std::string& s) {
  return s.size() >= 2 && (s[0] == '-' || s[0] == '*') && s[1] == ' ';
}

// A line that stands alone as a block directive: {{name ...}} and nothing else.
bool is_block_directive(const std::string& s) {
  if (!starts_with(s, "{{") || s.size() < 4 || s.compare(s.size() - 2, 2, "}}") != 0) return false;
  if (s.find("{{", 2) != std::string::npos) return false;
  size_t i = 2;
  while (i < s.size() && std::isspace(static_cast<unsigned char>(s[i]))) ++i;
  size_t j = i;
  while (j < s.size() && std::isalnum(static_cast<unsigned char>(s[j]))) ++j;
  return s.substr(i, j - i) != "count";
}

std::vector<std::string> table_cells(const std::string& s) {
  std::string t = trim(s);
  if (starts_with(t, "|")) t = t.substr(1);
  if (!t.empty() && t.back() == '|') t.pop_back();
  std::vector<std::string> cells;
  std::string cur;
  for (size_t i = 0; i < t.size(); ++i) {
    if (t[i] == '\\' && i + 1 < t.size() && t[i + 1] == '|') {
      cur += '|';
      ++i;
    } else if (t[i] == '|') {
      cells.push_back(trim(cur));
      cur.clear();
    } else {
      cur += t[i];
    }
  }
  cells.push_back(trim(cur));
  return cells;
}

bool is_separator_row(const std::vector<std::string>& cells) {
  for (const auto& c : cells) {
    if (c.empty()) return false;
    for (char ch : c)
      if (ch != '-' && ch != ':') return false;
  }
  return !cells.empty();
}

// The text's lines, without their '\n' or "\r\n"; a text ending in '\n' ends with an
// empty line.
std::vector<std::string> split_lines(const std::string& text) {
  std::vector<std::string> lines;
  size_t i = 0;
  while (i <= text.size()) {
    size_t j = text.find('\n', i);
    if (j == std::string::npos) j = text.size();
    std::string l = text.substr(i, j - i);
    if (!l.empty() && l.back() == '\r') l.pop_back();
    lines.push_back(l);
    i = j + 1;
  }
  return lines;
}

// Pango markup without its tags (entities stay escaped).
std::string plain_text(const std::string& markup) {
  std::string plain;
  bool tag = false;
  for (char c : markup) {
    if (c == '<') tag = true;
    else if (c == '>') tag = false;
    else if (!tag) plain += c;
  }
  return plain;
}

}  // namespace

std::vector<Block> Parser::run(const std::string& text) {
  lines_ = split_lines(text);
  std::vector<Block> out;
  size_t i = 0;
  while (i < lines_.size()) i = next_block(i, &out);
  return out;
}

size_t Parser::next_block(size_t i, std::vector<Block>* out) {
  const std::string& l = lines_[i];
  const std::string t = trim(l);
  if (t.empty()) return i + 1;
  if (starts_with(t, "<!--")) return comment(i);
  if (starts_with(l, "#")) return heading(i, out);
  if (is_block_directive(t)) return directive_line(i, out);
  if (starts_with(l, ">")) return callout(i, out);
  if (starts_with(l, "|")) return table(i, out);
  size_t num_at = 0;
  const bool bullet = is_bullet(l);
  if (bullet || is_numbered(l, &num_at)) return list_item(i, bullet, num_at, out);
  return paragraph(i, out);
}

bool Parser::blank(size_t i) const { return trim(lines_[i]).empty(); }

// Whether line i begins a block of its own, and so ends a paragraph.
bool Parser::starts_block(size_t i) const {
  const std::string& t = lines_[i];
  size_t dummy;
  return starts_with(t, "#") || starts_with(t, ">") || starts_with(t, "|") || is_bullet(t) ||
         is_numbered(t, &dummy) || is_block_directive(trim(t)) || starts_with(trim(t), "<!--");
}

// <!-- ... -->, over any number of lines.
size_t Parser::comment(size_t i) {
  const size_t n = lines_.size();
  while (i < n && lines_[i].find("-->") == std::string::npos) ++i;
  if (i == n) d_.error(at(line_no(n - 1), 0), "comment '<!--' is never closed with '-->'");
  return i + 1;
}

// "# Title" or "## Title".
size_t Parser::heading(size_t i, std::vector<Block>* out) {
  const std::string& l = lines_[i];
  size_t hashes = 0;
  while (hashes < l.size() && l[hashes] == '#') ++hashes;
  if (hashes > 2 || hashes >= l.size() || l[hashes] != ' ') {
    d_.error(at(line_no(i), 0), "headings are '# Title' or '## Title' (a space after the #)");
    return i + 1;
  }
  Block b;
  b.kind = BlockKind::Heading;
  b.level = static_cast<int>(hashes);
  b.mark = at(line_no(i), 0);
  b.text = inline_text(trim(l.substr(hashes + 1)), line_no(i), hashes + 1);
  b.plain = plain_text(b.text);  // the plain title feeds the contents and the running head
  out->push_back(b);
  return i + 1;
}

// {{name ...}} alone on its line.
size_t Parser::directive_line(size_t i, std::vector<Block>* out) {
  const std::string& l = lines_[i];
  const std::string t = trim(l);
  const size_t col = l.find("{{");
  if (auto dv = directive(t.substr(2, t.size() - 4), line_no(i), col + 2)) block_directive(*dv, out);
  return i + 1;
}

// Lines starting with '>': a callout, its paragraphs parted by lines holding only '>'.
size_t Parser::callout(size_t i, std::vector<Block>* out) {
  Block b;
  b.kind = BlockKind::Callout;
  b.mark = at(line_no(i), 0);
  Src para;
  auto flush = [&] {
    if (!para.text.empty()) b.paragraphs.push_back(inline_text(para));
    para = Src{};
  };
  for (; i < lines_.size() && starts_with(lines_[i], ">"); ++i) {
    std::string body = lines_[i].substr(1);
    size_t col = 1;
    if (!body.empty() && body[0] == ' ') {
      body = body.substr(1);
      col = 2;
    }
    if (trim(body).empty()) {
      flush();
    } else {
      const size_t lead = body.find_first_not_of(" \t");
      para.add(trim(body), line_no(i), col + lead);
    }
  }
  flush();
  out->push_back(b);
  return i;
}

// Lines starting with '|': a header row, a separator row (|---|), then the body rows.
size_t Parser::table(size_t i, std::vector<Block>* out) {
  Block b;
  b.kind = BlockKind::Table;
  b.mark = at(line_no(i), 0);
  std::vector<std::vector<std::string>> rows;
  std::vector<int> row_lines;
  for (; i < lines_.size() && starts_with(lines_[i], "|"); ++i) {
    rows.push_back(table_cells(lines_[i]));
    row_lines.push_back(line_no(i));
  }
  if (rows.size() < 2 || !is_separator_row(rows[1])) {
    d_.error(b.mark, "a table needs a header row and then a separator row like |---|---|");
    return i;
  }
  bool ok = true;
  for (size_t r = 0; r < rows.size(); ++r) {
    if (r == 1) continue;
    if (rows[r].size() != rows[0].size()) {
      d_.error(at(row_lines[r], 0), "this table row has " + std::to_string(rows[r].size()) +
                                        " cells but the header has " + std::to_string(rows[0].size()));
      ok = false;
      continue;
    }
    std::vector<std::string> cells;
    for (const auto& c : rows[r]) cells.push_back(inline_text(c, row_lines[r], 0));
    if (r == 0) b.header = cells;
    else b.rows.push_back(cells);
  }
  if (ok) out->push_back(b);
  return i;
}

// "- item", "* item" or "1. item" / "1) item", continued by the lines indented two
// spaces that follow it. `num_at` is where a numbered item's text starts.
size_t Parser::list_item(size_t i, bool bullet, size_t num_at, std::vector<Block>* out) {
  const std::string& l = lines_[i];
  Block b;
  b.kind = bullet ? BlockKind::Bullet : BlockKind::Numbered;
  b.mark = at(line_no(i), 0);
  const size_t text_at = bullet ? 2 : num_at;
  if (!bullet) b.number = l.substr(0, num_at - 2) + ".";
  Src raw;
  raw.add(trim(l.substr(text_at)), line_no(i), text_at);
  for (++i; i < lines_.size() && !blank(i) && starts_with(lines_[i], "  "); ++i)
    raw.add(trim(lines_[i]), line_no(i), lines_[i].find_first_not_of(" \t"));
  b.text = inline_text(raw);
  out->push_back(b);
  return i;
}

// Lines up to a blank line or the start of another block.
size_t Parser::paragraph(size_t i, std::vector<Block>* out) {
  const std::string& l = lines_[i];
  Block b;
  b.kind = BlockKind::Paragraph;
  b.mark = at(line_no(i), 0);
  Src raw;
  raw.add(trim(l), line_no(i), l.find_first_not_of(" \t"));
  for (++i; i < lines_.size() && !blank(i) && !starts_block(i); ++i)
    raw.add(trim(lines_[i]), line_no(i), lines_[i].find_first_not_of(" \t"));
  b.text = inline_text(raw);
  out->push_back(b);
  return i;
}

}  // namespace cardstock::booklet_md
