// csv: CSV and TSV text -> rows of cells, each cell with the line:col where it starts in
// the file, for diagnostics as exact as the YAML ones. RFC 4180 quoting (a quoted cell
// may hold separators, doubled quotes and line breaks), a UTF-8 byte-order mark, CRLF,
// LF or CR line ends, and ',', ';' or tab separators. Nothing throws.
#pragma once
#include <string>
#include <string_view>
#include <vector>

#include "base/diag.h"
#include "base/text_check.h"

namespace cardstock {

struct CsvCell {
  std::string text;  // quotes removed, "" made ", line breaks inside quotes made \n
  int line = 0;      // 1-based line of the cell's first character (its opening quote)
  int col = 0;       // 1-based; bytes, as YAML columns count, the byte-order mark not counted
};

struct CsvRow {
  std::vector<CsvCell> cells;
  int line = 0;  // where the row starts
};

/// The separator a file most likely uses: tab for a `.tsv` file name, else whichever of
/// ',', ';' and tab occurs most often outside quotes in the first row (',' on a tie or
/// when there is none): spreadsheets where the decimal mark is a comma write ';'.
char guess_separator(std::string_view text, const std::string& file_name);

/// The separator in words for messages: "','", "';'", "a tab".
std::string separator_name(char separator);

// Utf16 and utf16_kind (whether text is UTF-16) are base/text_check.h's.

/// `text` (UTF-16 as utf16_kind found it, its byte-order mark dropped) as UTF-8 in *out.
/// False with *bad_at (the byte) at a lone surrogate or an odd last byte.
bool decode_utf16(std::string_view text, Utf16 kind, std::string* out, size_t* bad_at);

/// Parses `text` (named `file` in diagnostics) into *rows. Lines with no characters at
/// all are skipped. A quote inside an unquoted cell (`5" disc`) is kept as written.
/// Errors: a quoted cell never closed (at its opening quote), text after a closing quote
/// (at that text), more than `max_cells` cells (at the first one past it). Returns false
/// after an error; the rows before it are kept.
bool parse_csv(std::string_view text, char separator, const std::string& file, size_t max_cells,
               std::vector<CsvRow>* rows, Diagnostics& d);

}  // namespace cardstock
