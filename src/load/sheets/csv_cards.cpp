#include "load/sheets/csv_cards.h"

#include <filesystem>
#include <map>
#include <set>

#include "base/file_hints.h"
#include "base/files.h"
#include "base/input_limits.h"
#include "base/paths.h"
#include "base/text_check.h"
#include "load/sheets/csv.h"
#include "load/schema/schema.h"
#include "load/sheets/spreadsheet.h"

namespace fs = std::filesystem;

namespace cardstock {

namespace {

// Latin-1 letters (U+00C0 to U+00FF) without their accents; "" for the two signs there
// (multiplication and division), which separate like any other sign.
const char* const kLatin1[64] = {
    "a", "a", "a", "a", "a", "a", "ae", "c", "e", "e", "e", "e", "i", "i", "i", "i",  //
    "d", "n", "o", "o", "o", "o", "o",  "",  "o", "u", "u", "u", "u", "y", "th", "ss",  //
    "a", "a", "a", "a", "a", "a", "ae", "c", "e", "e", "e", "e", "i", "i", "i", "i",  //
    "d", "n", "o", "o", "o", "o", "o",  "",  "o", "u", "u", "u", "u", "y", "th", "y"};

// The reserved columns: what the same keys mean on a YAML card.
bool reserved(const std::string& name) { return Schemas::card().find(name) != nullptr; }

struct Column {
  std::string name;  // "" : no name in the header (or one already reported)
  bool reported = false;
  Mark mark;
  std::string header;  // as written
};

// Whole numbers only, as YAML's `count` takes them ("3", not "3.0" or "three").
bool whole_number(const std::string& s, long* out) {
  if (s.empty() || s.size() > 15) return false;
  size_t i = s[0] == '+' || s[0] == '-' ? 1 : 0;
  if (i == s.size()) return false;
  for (size_t k = i; k < s.size(); ++k)
    if (s[k] < '0' || s[k] > '9') return false;
  *out = std::stol(s);
  return true;
}

std::string trimmed(const std::string& s) {
  const size_t a = s.find_first_not_of(" \t");
  return a == std::string::npos ? "" : s.substr(a, s.find_last_not_of(" \t") - a + 1);
}

class CardRows {
 public:
  /// `tab`: the spreadsheet's tab the rows are from ("" for a CSV file).
  CardRows(const CsvSource& src, const std::string& file, const std::string& tab, Diagnostics& d)
      : src_(src), file_(file), tab_(tab), d_(d) {}

  // The header row: each cell a field name (a teacher's "Latin name" read as
  // latin_name, said once in a note), a reserved column, or empty.
  void header(const CsvRow& head, char sep) {
    std::string how;
    size_t renamed = 0;
    for (const CsvCell& cell : head.cells) {
      Column c{trimmed(cell.text), false, at(cell), cell.text};
      if (!c.name.empty() && !valid_field_name(c.name)) c.reported = !read_as_field(&c, sep);
      if (!c.name.empty() && c.name != c.header && ++renamed <= 6)
        how += std::string(how.empty() ? "" : ", ") + "'" + c.header + "' as {" + c.name + "}";
      check_twice(&c);
      columns_.push_back(c);
    }
    if (renamed > 6) how += " and " + std::to_string(renamed - 6) + " more";
    if (renamed)
      d_.notice(head.cells.empty() ? Mark{file_, 0, 0, tab_} : at(head.cells[0]),
                "the header row's names are read as field names: " + how);
    copies_hint();
    if (!src_.id_from.empty()) find_id_from();
  }

  // A data row: one card, or nothing for a row of empty cells (spreadsheets export them).
  bool card(const CsvRow& row, CsvCard* out) {
    bool any = false;
    for (const auto& c : row.cells) any = any || !c.text.empty();
    if (!any) return false;
    Card& card = out->card;
    card.mark = {file_, row.line, 1, tab_};
    card.csv = shown();
    out->id_mark = out->face_mark = out->back_mark = card.mark;
    for (size_t i = 0; i < row.cells.size(); ++i) cell(row, i, out);
    // A short row (some spreadsheets drop trailing empty cells) has the missing fields
    // empty, as a card of the file they still are.
    for (const auto& c : columns_)
      if (!c.name.empty() && !reserved(c.name) && !card.fields.count(c.name)) {
        card.fields[c.name] = "";
        card.field_marks[c.name] = card.mark;
      }
    if (card.id.empty() && id_from_ >= 0 && static_cast<size_t>(id_from_) < row.cells.size()) {
      card.id = id_from_value(row.cells[static_cast<size_t>(id_from_)].text);
      out->derived = !card.id.empty();
      if (out->derived) out->id_mark = at(row.cells[static_cast<size_t>(id_from_)]);
    }
    return true;
  }

 private:
  Mark at(const CsvCell& c) const { return {file_, c.line, c.col, tab_}; }

  // Column `i` (0-based) as the file shows it: a spreadsheet's letter, a CSV's number.
  std::string label(size_t i) const {
    return tab_.empty() ? std::to_string(i + 1) : column_letters(static_cast<int>(i + 1));
  }

  // A header that is no field name read as one ("Latin name" -> latin_name). False after
  // an error when it cannot be: nothing of it is left, or it holds another separator
  // (the file is split at the wrong character, and the header shows it).
  bool read_as_field(Column* c, char sep) {
    const std::string such = field_name_for(c->name);
    std::string hint;
    for (char other : {',', ';', '\t'})
      if (sep && other != sep && c->name.find(other) != std::string::npos)
        hint += "; the cells are read as separated by " + separator_name(sep) + ": if they are separated by " +
                separator_name(other) + ", say so with separator: " +
                (other == '\t' ? std::string("tab") : std::string("\"") + other + "\"");
    if (hint.empty() && !such.empty()) {
      c->name = such;
      return true;
    }
    d_.error(c->mark, "column name '" + c->name + "' must be a field name: lower-case letters, digits and _" +
                          (such.empty() ? "" : ", such as '" + such + "'") + hint);
    c->name.clear();
    return false;
  }

  // A column that reads like the number of copies ("How many", "Qty") is only a field
  // unless it is named count: a note at it says so, when no column is count.
  void copies_hint() {
    static const std::set<std::string> like = {"how_many", "qty", "quantity", "copies", "number_of_copies",
                                               "num_copies", "no_of_copies"};
    for (const Column& c : columns_)
      if (c.name == "count") return;
    for (const Column& c : columns_)
      if (like.count(c.name))
        d_.notice(c.mark, "column '" + c.header + "' is a field ({" + c.name + "}), not the number of copies of "
                          "each card: name the column 'count' for that");
  }

  // Two columns read as one field name: an error at the second, naming both.
  void check_twice(Column* c) {
    if (c->name.empty()) return;
    const auto [first, fresh] = seen_.emplace(c->name, columns_.size());
    if (fresh) return;
    const Column& f = columns_[first->second];
    if (f.header == c->header) {
      d_.error(c->mark, "column '" + c->name + "' is named twice in the header row: rename or remove one");
      d_.note(f.mark, "'" + c->name + "' is first named here");
    } else {
      d_.error(c->mark, "columns " + label(first->second) + " ('" + f.header + "') and " + label(columns_.size()) +
                            " ('" + c->header + "') are both read as the field name '" + c->name +
                            "': rename one of them");
      d_.note(f.mark, "'" + f.header + "' is here");
    }
    c->name.clear();
    c->reported = true;
  }

  // The column `id_from` names: by its field name or as its header is written.
  void find_id_from() {
    std::vector<std::string> names;
    const std::string as_field = valid_field_name(src_.id_from) ? src_.id_from : field_name_for(src_.id_from);
    for (size_t i = 0; i < columns_.size(); ++i) {
      if (id_from_ < 0 && !columns_[i].name.empty() && columns_[i].name == as_field) id_from_ = static_cast<int>(i);
      if (!columns_[i].name.empty()) names.push_back(columns_[i].name);
    }
    if (id_from_ < 0)
      d_.error(src_.id_from_at, "'id_from' names the column '" + src_.id_from + "', which " + shown() +
                                    " does not have" + did_you_mean(src_.id_from, names) + "; its columns are " +
                                    joined(names));
  }

  // The file (and tab) as messages name it: "D/words.csv", "D/words.xlsx:Animals".
  std::string shown() const { return Mark{file_, 0, 0, tab_}.str(); }

  static std::string joined(const std::vector<std::string>& v) {
    std::string s;
    for (const auto& x : v) s += (s.empty() ? "" : ", ") + x;
    return s.empty() ? "(none)" : s;
  }

  void cell(const CsvRow& row, size_t i, CsvCard* out) {
    const CsvCell& cell = row.cells[i];
    const Mark m = at(cell);
    Card& card = out->card;
    if (i >= columns_.size()) {
      if (!cell.text.empty() && !row_reported_.count(row.line)) {
        d_.error(m, "this row has a value in column " + label(i) + ", but the header row names only " +
                        std::to_string(columns_.size()) + " columns");
        row_reported_.insert(row.line);
      }
      return;
    }
    Column& col = columns_[i];
    if (col.name.empty()) {
      if (!cell.text.empty() && !col.reported) {
        d_.error(m, "column " + label(i) + " has a value but no name in the header row (" +
                        col.mark.str() + "): name the column or empty it");
        col.reported = true;
      }
      return;
    }
    const std::string& name = col.name;
    if (cell.text.size() > kMaxFieldLength) {
      d_.error(m, "card field '" + name + "' is " + std::to_string(cell.text.size()) + " bytes long; the limit is " +
                      std::to_string(kMaxFieldLength));
      if (!reserved(name)) {
        card.fields[name] = "";  // known but empty, so designs using it report nothing more
        card.field_marks[name] = m;
      }
      return;
    }
    if (name == "count") {
      long n = 1;
      if (!cell.text.empty() && !whole_number(cell.text, &n)) {
        d_.error(m, "'count' must be a whole number, not '" + cell.text + "'");
        n = 0;
      } else if (n < 0 || n > kMaxCardCount) {
        d_.error(m, "count " + cell.text + " is out of range (0 to " + std::to_string(kMaxCardCount) + " copies)");
        n = 0;
      }
      card.count = n;
    } else if (name == "id") {
      if (!cell.text.empty()) check_file_name(cell.text, "card id", m, d_);
      card.id = cell.text;
      out->id_mark = m;
    } else if (name == "face" || name == "back") {
      (name == "face" ? card.face : card.back) = cell.text;
      (name == "face" ? out->face_mark : out->back_mark) = m;
    } else {
      card.fields[name] = cell.text;
      card.field_marks[name] = m;
    }
  }

  const CsvSource& src_;
  const std::string& file_;
  const std::string tab_;
  Diagnostics& d_;
  std::vector<Column> columns_;
  std::map<std::string, size_t> seen_;  // a field name -> its column
  int id_from_ = -1;
  std::set<int> row_reported_;  // rows whose extra cells were reported
};

}  // namespace

std::string id_from_value(const std::string& value) {
  std::string out;
  bool gap = false;
  auto put = [&](const std::string& s) {
    if (s.empty()) {
      gap = true;
      return;
    }
    if (gap && !out.empty()) out += '-';
    gap = false;
    out += s;
  };
  for (size_t i = 0; i < value.size();) {
    const unsigned char b = static_cast<unsigned char>(value[i]);
    if ((b >= 'a' && b <= 'z') || (b >= '0' && b <= '9')) {
      put(std::string(1, static_cast<char>(b)));
      ++i;
    } else if (b >= 'A' && b <= 'Z') {
      put(std::string(1, static_cast<char>(b - 'A' + 'a')));
      ++i;
    } else {
      const char32_t c = next_code_point(value, &i);
      put(c >= 0xC0 && c <= 0xFF ? kLatin1[c - 0xC0] : "");
    }
  }
  // Room for a "-2" that makes it unique, within kMaxNameLength.
  if (out.size() > kMaxNameLength - 4) out.resize(kMaxNameLength - 4);
  while (!out.empty() && out.back() == '-') out.pop_back();
  return out;
}

std::string field_name_for(const std::string& header) {
  std::string out = id_from_value(header);
  for (char& c : out)
    if (c == '-') c = '_';
  if (!out.empty() && (out[0] >= '0' && out[0] <= '9')) out = "f_" + out;
  return valid_field_name(out) ? out : "";
}

namespace {

// The cards of `rows` (the first names the fields): a CSV file's, or a spreadsheet tab's.
std::vector<CsvCard> cards_of(const std::vector<CsvRow>& rows, char sep, const std::string& name,
                              const std::string& tab, const CsvSource& src, Diagnostics& d) {
  CardRows reader(src, name, tab, d);
  reader.header(rows[0], sep);
  std::vector<CsvCard> out;
  for (size_t r = 1; r < rows.size(); ++r) {
    CsvCard c;
    if (reader.card(rows[r], &c)) out.push_back(std::move(c));
  }
  return out;
}

std::vector<CsvCard> sheet_cards(const std::string& bytes, const std::string& name, const CsvSource& src,
                                 Diagnostics& d) {
  std::vector<CsvRow> rows;
  std::string tab;
  if (!read_spreadsheet(bytes, name, src.tab, src.at, src.tab_at.line ? src.tab_at : src.at, &tab, &rows, d))
    return {};
  if (rows.empty()) {
    d.error(src.tab_at.line ? src.tab_at : src.at,
            "tab '" + tab + "' of '" + src.path + "' is empty: its first row must name the fields (such as Word, "
            "Meaning), each row below it is a card");
    return {};
  }
  return cards_of(rows, 0, name, tab, src, d);
}

}  // namespace

std::vector<CsvCard> read_csv_cards(const CsvSource& src, std::string* file, Diagnostics& d) {
  file->clear();
  const std::string kind = src.sheet ? "spreadsheet" : "CSV";
  std::string resolved, why;
  if (!confined_path(src.dir, src.path, src.allow_outside, &resolved, &why)) {
    d.error(src.at, kind + " " + why);
    return {};
  }
  const std::string name = (fs::path(src.dir) / src.path).lexically_normal().string();
  std::string text;
  if (!read_regular_file(resolved, static_cast<size_t>(kMaxFileBytes), &text, &why)) {
    // Said once, however many decks read it (the tabs of one workbook).
    d.file_error(src.at,
                 "cannot read " + kind + " '" + src.path + "': " + why + " (looked for " + name + ")" +
                     did_you_mean_file(src.path, resolved),
                 name);
    return {};
  }
  *file = name;
  return src.sheet ? sheet_cards(text, name, src, d) : csv_cards_from_text(text, name, src, d);
}

std::vector<CsvCard> csv_cards_from_text(const std::string& raw, const std::string& name, const CsvSource& src,
                                         Diagnostics& d) {
  // A spreadsheet's "Unicode text" is UTF-16, often without a byte-order mark: read as
  // the UTF-8 it stands for, so positions count that text's bytes.
  std::string decoded;
  const Utf16 u = utf16_kind(raw);
  if (u != Utf16::No) {
    size_t bad = 0;
    if (!decode_utf16(raw, u, &decoded, &bad)) {
      d.error({name, 0, 0}, "this file reads as UTF-16 text (a spreadsheet's \"Unicode text\"), but byte " +
                                std::to_string(bad + 1) + " is no UTF-16 character: save it as \"CSV UTF-8\"");
      return {};
    }
  }
  const std::string& text = u != Utf16::No ? decoded : raw;
  if (!check_file_text(text, name, false, d)) {
    const size_t bom = text.rfind("\xEF\xBB\xBF", 0) == 0 ? 3 : 0;
    if (auto f = find_text_fault(text, bom); f && f->encoding)
      d.note({name, 0, 0}, "spreadsheets write UTF-8 when saving as \"CSV UTF-8\" (Excel) or with the character "
                           "set \"Unicode (UTF-8)\" (LibreOffice)");
    return {};
  }
  const char sep = src.separator ? src.separator : guess_separator(text, name);
  std::vector<CsvRow> rows;
  parse_csv(text, sep, name, static_cast<size_t>(kMaxCsvCells), &rows, d);
  if (rows.empty()) {
    d.error(src.at, "'" + src.path + "' has no rows: its first row must name the fields (such as word,meaning)");
    return {};
  }
  return cards_of(rows, sep, name, "", src, d);
}

}  // namespace cardstock
