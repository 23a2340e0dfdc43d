// csv_cards: a deck's cards read from a CSV or TSV file beside the game file
// (`cards: {csv: words.csv}`) or from a tab of a spreadsheet (`cards: {sheet: words.xlsx,
// tab: Animals}`, read into the same rows by load/sheets/spreadsheet.h). The header row names
// the fields, as a teacher types them ("Latin name" is {latin_name}); `id`, `count`,
// `face` and `back` columns mean what those keys mean on a YAML card. Every card field
// keeps the place of its cell (line:col, or a spreadsheet's tab!B7), so every later
// diagnostic about a value points into the file.
#pragma once
#include <string>
#include <vector>

#include "base/diag.h"
#include "model/model.h"

namespace cardstock {

/// Where the cards are and how to read them (a `{csv: ...}` or `{sheet: ...}` entry of
/// a deck's `cards`).
struct CsvSource {
  std::string path;       // as written, relative to the game file
  bool sheet = false;     // an .xlsx or .ods spreadsheet, not CSV text
  std::string tab;        // the spreadsheet's tab to read ("" = the first)
  std::string dir;        // the game file's folder
  bool allow_outside = false;
  char separator = 0;     // 0: guess (csv.h)
  std::string id_from;    // a column whose values make the ids ("" = none)
  Mark at, id_from_at, tab_at;  // where the entry, its id_from and its tab are written
};

/// One card of the file, with the marks the loader checks it at.
struct CsvCard {
  Card card;             // id "" when the row gives none and `id_from` is not set
  bool derived = false;  // the id was made from `id_from`'s value: make it unique
  Mark id_mark, face_mark, back_mark;
};

/// Reads the cards of `src` (at most kMaxCsvCells cells): the file is confined to the
/// game's folder, a regular file within kMaxFileBytes, and UTF-8 or UTF-16 text (or a
/// spreadsheet); a header that is no field name is read as one (field_name_for) and a
/// note says so, once; two headers read as the same name, a cell past the header's
/// columns, a count that is no whole number and an id that cannot name a file are
/// errors at their cell. *file is set to the file as diagnostics name it (the game's
/// folder joined to the path), "" if it is refused.
std::vector<CsvCard> read_csv_cards(const CsvSource& src, std::string* file, Diagnostics& d);

/// The cards of a CSV file's text (`name`: the file as diagnostics name it), checked as
/// read_csv_cards does once it has read the file. For it and the fuzzer.
std::vector<CsvCard> csv_cards_from_text(const std::string& text, const std::string& name, const CsvSource& src,
                                         Diagnostics& d);

/// An id made of `value` for a file name: lower-case ASCII letters and digits, accented
/// Latin letters without their accents, anything else one '-'; "" if nothing is left.
std::string id_from_value(const std::string& value);

/// The field name a column header is read as ("Part of speech" -> "part_of_speech",
/// "Fact 1" -> "fact_1", "Größe" -> "grosse"), "" if nothing of it is left.
std::string field_name_for(const std::string& header);

}  // namespace cardstock
