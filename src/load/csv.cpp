#include "load/csv.h"

#include <algorithm>

namespace cardstock {

namespace {

bool ends_with(const std::string& s, const std::string& tail) {
  if (s.size() < tail.size()) return false;
  return std::equal(tail.rbegin(), tail.rend(), s.rbegin(),
                    [](char a, char b) { return a == std::tolower(static_cast<unsigned char>(b)); });
}

// Walks the text a byte at a time, keeping the line and the offset where it starts, so
// every cell knows its line:col. A CR LF pair, a lone LF and a lone CR each end a line.
class Scanner {
 public:
  Scanner(std::string_view text, char sep, const std::string& file, size_t max_cells, Diagnostics& d)
      : t_(text), sep_(sep), file_(file), max_cells_(max_cells), d_(d) {
    // A byte-order mark is not text and not counted in columns (as check_file_text does).
    if (t_.substr(0, 3) == "\xEF\xBB\xBF") i_ = line_start_ = 3;
  }

  bool run(std::vector<CsvRow>* rows) {
    while (i_ < t_.size()) {
      if (at_line_end()) {  // a line with nothing on it: no row
        line_end();
        continue;
      }
      CsvRow row;
      row.line = line_;
      for (;;) {
        if (++cells_ > max_cells_) {
          d_.error(here(), "this file has more than " + std::to_string(max_cells_) + " cells; the limit is " +
                               std::to_string(max_cells_));
          return false;
        }
        CsvCell cell;
        cell.line = line_;
        cell.col = col();
        if (i_ < t_.size() && t_[i_] == '"') {
          if (!quoted(&cell)) return false;
        } else {
          plain(&cell.text);
        }
        row.cells.push_back(std::move(cell));
        if (i_ < t_.size() && t_[i_] == sep_) {
          ++i_;
          continue;
        }
        if (i_ < t_.size()) line_end();
        break;
      }
      rows->push_back(std::move(row));
    }
    return ok_;
  }

 private:
  Mark here() const { return {file_, line_, col()}; }
  int col() const { return static_cast<int>(i_ - line_start_) + 1; }
  bool at_line_end() const { return t_[i_] == '\n' || t_[i_] == '\r'; }

  // Steps over the line end at i_ (CR LF, LF or CR).
  void line_end() {
    if (t_[i_] == '\r' && i_ + 1 < t_.size() && t_[i_ + 1] == '\n') ++i_;
    ++i_;
    ++line_;
    line_start_ = i_;
  }

  // An unquoted cell: up to the separator or the line's end. A quote here is a character.
  void plain(std::string* out) {
    const size_t from = i_;
    while (i_ < t_.size() && t_[i_] != sep_ && !at_line_end()) ++i_;
    out->append(t_.substr(from, i_ - from));
  }

  // A quoted cell, from its opening quote. False if it is never closed: everything after
  // it would be one cell, so nothing after it can be trusted.
  bool quoted(CsvCell* cell) {
    const Mark open = here();
    ++i_;
    for (;;) {
      if (i_ >= t_.size()) {
        d_.error(open, "this quoted cell is never closed (a \" is missing)");
        return false;
      }
      const char c = t_[i_];
      if (c == '"') {
        if (i_ + 1 < t_.size() && t_[i_ + 1] == '"') {
          cell->text += '"';
          i_ += 2;
          continue;
        }
        ++i_;
        break;
      }
      if (c == '\n' || c == '\r') {  // a line break inside the cell is part of its text
        cell->text += '\n';
        line_end();
        continue;
      }
      cell->text += c;
      ++i_;
    }
    if (i_ < t_.size() && t_[i_] != sep_ && !at_line_end()) {
      // `"a"b`: not CSV. Reported, and kept as written so nothing is lost unseen.
      d_.error(here(), "text after the closing quote of a quoted cell (a quote inside a quoted cell is written "
                       "twice: \"\")");
      ok_ = false;
      plain(&cell->text);
    }
    return true;
  }

  std::string_view t_;
  char sep_;
  const std::string& file_;
  size_t max_cells_;
  Diagnostics& d_;
  size_t i_ = 0, line_start_ = 0, cells_ = 0;
  int line_ = 1;
  bool ok_ = true;
};

}  // namespace

char guess_separator(std::string_view text, const std::string& file_name) {
  if (ends_with(file_name, ".tsv") || ends_with(file_name, ".tab")) return '\t';
  size_t commas = 0, semicolons = 0, tabs = 0;
  bool quote = false;
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '"') quote = !quote;  // a doubled quote flips twice
    if (quote) continue;
    if (c == '\n' || c == '\r') break;
    commas += c == ',';
    semicolons += c == ';';
    tabs += c == '\t';
  }
  if (semicolons > commas && semicolons >= tabs) return ';';
  if (tabs > commas && tabs > semicolons) return '\t';
  return ',';
}

std::string separator_name(char separator) {
  if (separator == '\t') return "a tab";
  return std::string("'") + separator + "'";
}

bool parse_csv(std::string_view text, char separator, const std::string& file, size_t max_cells,
               std::vector<CsvRow>* rows, Diagnostics& d) {
  return Scanner(text, separator, file, max_cells, d).run(rows);
}

}  // namespace cardstock
