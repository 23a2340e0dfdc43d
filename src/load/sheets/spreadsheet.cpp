// spreadsheet: which kind of workbook a file is, which of its tabs to read, and the
// reading of it (sheet_xlsx.cpp, sheet_ods.cpp) turned into diagnostics.
#include "load/sheets/spreadsheet.h"

#include "load/sheets/sheet_parts.h"

namespace cardstock {

namespace {

// What a file that is no workbook most likely is, for the message.
std::string not_a_workbook(const std::string& bytes) {
  if (bytes.rfind("\xD0\xCF\x11\xE0", 0) == 0)
    return "is an old Excel .xls file or a workbook with a password: save it as .xlsx or .ods, without a password";
  if (bytes.rfind("PK", 0) == 0) return "is a zip file but no .xlsx or .ods workbook";
  return "is no .xlsx or .ods workbook (for a CSV file, write csv: instead of sheet:)";
}

std::string joined(const std::vector<sheets::TabInfo>& tabs) {
  std::string s;
  for (const auto& t : tabs) s += (s.empty() ? "" : ", ") + t.name;
  return s;
}

}  // namespace

bool read_spreadsheet(const std::string& bytes, const std::string& file, const std::string& tab, const Mark& at,
                      const Mark& tab_at, std::string* tab_name, std::vector<CsvRow>* rows, Diagnostics& d) {
  sheets::Zip z;
  std::string why;
  if (!z.open(bytes, &why)) {
    d.error(at, file + " " + not_a_workbook(bytes));
    return false;
  }
  const bool xlsx = z.has("xl/workbook.xml");
  std::string content;
  if (!xlsx && !z.has("content.xml")) {
    d.error(at, file + " " + not_a_workbook(bytes));
    return false;
  }
  std::vector<sheets::TabInfo> tabs;
  const bool listed = xlsx ? sheets::xlsx_tabs(z, &tabs, &why)
                           : z.read("content.xml", &content, &why) && sheets::ods_tabs(content, &tabs, &why);
  if (!listed || tabs.empty()) {
    d.error(at, "cannot read " + file + ": " + (why.empty() ? "it has no tabs" : why));
    return false;
  }
  size_t k = 0;
  while (!tab.empty() && k < tabs.size() && tabs[k].name != tab) ++k;
  if (k == tabs.size()) {
    std::vector<std::string> names;
    for (const auto& t : tabs) names.push_back(t.name);
    d.error(tab_at, file + " has no tab '" + tab + "'" + did_you_mean(tab, names) + "; its tabs are " + joined(tabs));
    return false;
  }
  *tab_name = tabs[k].name;
  sheets::Table table;
  sheets::TabSink sink{{file, 0, 0, tabs[k].name}, &table, &d};
  const bool read = xlsx ? sheets::xlsx_cells(z, tabs, k, sink, &why) : sheets::ods_cells(content, k, sink, &why);
  if (!read && !why.empty()) d.error(sink.at, "cannot read " + file + ": " + why);
  *rows = std::move(table.rows);
  return read && sink.ok;
}

}  // namespace cardstock
