// spreadsheet: one tab of an .xlsx or .ods file read into the rows a CSV file gives
// (load/sheets/csv.h), so the cards of a spreadsheet are read, checked and positioned by the
// same code as a CSV file's. A row's CsvRow::line is its row number and a cell's
// CsvCell::col its column (1 = A); empty rows are left out. Nothing throws.
#pragma once
#include <string>
#include <vector>

#include "base/diag.h"
#include "load/sheets/csv.h"

namespace cardstock {

/// The tab `tab` ("" = the first) of the spreadsheet held in `bytes`, named `file` in
/// messages, into *rows; *tab_name is set to the tab read. Errors: not an .xlsx or .ods
/// file, or a damaged one (at `at`); a part past kMaxSheetPartBytes unzipped (at `at`);
/// no such tab (at `tab_at`, naming the tabs, with a did-you-mean); merged cells and
/// more than kMaxCsvCells cells (at the cell). False after an error.
bool read_spreadsheet(const std::string& bytes, const std::string& file, const std::string& tab, const Mark& at,
                      const Mark& tab_at, std::string* tab_name, std::vector<CsvRow>* rows, Diagnostics& d);

}  // namespace cardstock
