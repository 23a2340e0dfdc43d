// sheet_parts: what the spreadsheet readers share, inside load/: one part of a zip
// container read with a size cap (libzip), a streaming XML reader that refuses DTDs
// and never reaches the network (libxml2), and the cell table both formats fill in.
// Nothing throws; every failure is a message for the caller to report.
#pragma once
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "base/diag.h"
#include "load/sheets/csv.h"

namespace cardstock::sheets {

/// A zip container held in memory.
class Zip {
 public:
  /// Opens `bytes` (kept by the caller while the Zip lives); false with *why if it is no zip.
  bool open(const std::string& bytes, std::string* why);
  ~Zip();
  bool has(const std::string& part) const;
  /// The part's bytes, at most kMaxSheetPartBytes once unpacked (counted while
  /// unpacking, whatever the container claims); false with *why.
  bool read(const std::string& part, std::string* out, std::string* why) const;

 private:
  void* zip_ = nullptr;  // zip_t*
  void* src_ = nullptr;  // zip_source_t*, owned by zip_ once opened
};

/// One XML part read node by node. Element names are local names (the prefix dropped).
class XmlIn {
 public:
  XmlIn(const std::string& text, std::string part);
  ~XmlIn();
  /// Steps to the next node; false at the end or on an error (then error() is set).
  bool next();
  bool start(std::string_view local) const;  // an element's start tag named `local`
  bool end(std::string_view local) const;    // its end tag (an empty element has none)
  bool empty() const;                        // an empty element (<c r="A1"/>)
  bool is_text() const;                      // text, CDATA or whitespace
  std::string_view name() const;
  std::string text() const;
  int depth() const;
  /// The attribute with this local name (and namespace URI, when given); "" if none.
  std::string attr(const char* local, const char* ns = nullptr) const;
  /// Skips the rest of the current element (its children); false on an error.
  bool skip();
  const std::string& error() const { return error_; }

 private:
  bool fail(const std::string& why);
  void* reader_ = nullptr;  // xmlTextReaderPtr
  std::string part_, error_, libxml_error_;
  int type_ = 0;
};

/// The cells of one tab as rows (CsvRow::line the row, CsvCell::col the column, both
/// 1-based), each row padded with empty cells up to its last value; empty rows left out.
struct Table {
  std::vector<CsvRow> rows;
  size_t cells = 0;
  size_t bytes = 0;  // of all the cells' text: one shared string in a million cells is
                     // a million copies, so the text is bounded as a part is
};

/// Where one tab's cells are reported and what they may hold.
struct TabSink {
  Mark at;  // file and tab; line/col 0
  Table* table;
  Diagnostics* d;
  bool ok = true;
  /// Puts `text` at (row, col); empty text only moves nothing. False (after an error at
  /// the cell) past kMaxCsvCells cells or kMaxSheetPartBytes of text, or out of order.
  bool put(int row, int col, std::string text);
  Mark cell(int row, int col) const { return {at.file, row, col, at.tab}; }
  /// A merged range (from row1/col1 to row2/col2) reported at its first cell.
  void merged(int row1, int col1, int row2, int col2);
};

/// A tab's name and where its cells are (xlsx: the worksheet part; ods: its index).
struct TabInfo {
  std::string name;
  std::string part;
};

/// "A3" -> row 3, col 1; false if it is no cell name within the bounds above.
bool parse_cell_name(std::string_view s, int* row, int* col);

/// Reads the workbook's tabs (`tabs`), then the cells of `tab` (an index in it) into
/// sink. The xlsx reader (sheet_xlsx.cpp) and the ods one (sheet_ods.cpp).
bool xlsx_tabs(const Zip& z, std::vector<TabInfo>* tabs, std::string* why);
bool xlsx_cells(const Zip& z, const std::vector<TabInfo>& tabs, size_t tab, TabSink& sink, std::string* why);
bool ods_tabs(const std::string& content, std::vector<TabInfo>* tabs, std::string* why);
bool ods_cells(const std::string& content, size_t tab, TabSink& sink, std::string* why);

/// The text an .xlsx number shows under a format code ("General", "0.00", "0%",
/// "yyyy-mm-dd"...): sheet_numbers.cpp. Dates and times come out as ISO 8601.
std::string shown_number(const std::string& value, const std::string& format, bool date1904);
/// An XML date or date-time ("2024-03-05T14:30:00") as a cell shows it in ISO 8601:
/// "2024-03-05", or "2024-03-05 14:30" when it has a time of day.
std::string iso_date_time(const std::string& value);
/// The format code of a built-in number format id (14 -> "mm-dd-yy"); "General" if unknown.
std::string builtin_format(int id);

}  // namespace cardstock::sheets
