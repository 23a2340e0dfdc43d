#include "load/sheets/csv.h"

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

bool decode_utf16(std::string_view text, Utf16 kind, std::string* out, size_t* bad_at) {
  out->clear();
  size_t i = text.size() >= 2 && (text.substr(0, 2) == "\xFF\xFE" || text.substr(0, 2) == "\xFE\xFF") ? 2 : 0;
  auto unit = [&](size_t k) {
    const unsigned a = static_cast<unsigned char>(text[k]), b = static_cast<unsigned char>(text[k + 1]);
    return kind == Utf16::Le ? a | b << 8 : a << 8 | b;
  };
  for (; i + 1 < text.size(); i += 2) {
    char32_t c = unit(i);
    if (c >= 0xDC00 && c <= 0xDFFF) return *bad_at = i, false;
    if (c >= 0xD800 && c <= 0xDBFF) {
      const char32_t lo = i + 3 < text.size() ? unit(i + 2) : 0;
      if (lo < 0xDC00 || lo > 0xDFFF) return *bad_at = i, false;
      c = 0x10000 + ((c - 0xD800) << 10) + (lo - 0xDC00);
      i += 2;
    }
    if (c < 0x80) {
      *out += static_cast<char>(c);
    } else if (c < 0x800) {
      *out += static_cast<char>(0xC0 | c >> 6);
      *out += static_cast<char>(0x80 | (c & 0x3F));
    } else if (c < 0x10000) {
      *out += static_cast<char>(0xE0 | c >> 12);
      *out += static_cast<char>(0x80 | (c >> 6 & 0x3F));
      *out += static_cast<char>(0x80 | (c & 0x3F));
    } else {
      *out += static_cast<char>(0xF0 | c >> 18);
      *out += static_cast<char>(0x80 | (c >> 12 & 0x3F));
      *out += static_cast<char>(0x80 | (c >> 6 & 0x3F));
      *out += static_cast<char>(0x80 | (c & 0x3F));
    }
  }
  if (i < text.size()) return *bad_at = i, false;
  return true;
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
