// sheet_ods: the tabs and cells of an OpenDocument spreadsheet (.ods, as LibreOffice
// writes it): content.xml holds every tab (table:table) as rows of cells. A row or cell
// may stand for many (number-rows-repeated, number-columns-repeated: a sheet's empty
// tail is one row repeated a million times), so repeats are counted, never expanded,
// unless they hold text, and then within the cell limit.
#include "base/input_limits.h"
#include "load/sheets/sheet_parts.h"

namespace cardstock::sheets {

namespace {

const char* const kTable = "urn:oasis:names:tc:opendocument:xmlns:table:1.0";
const char* const kOffice = "urn:oasis:names:tc:opendocument:xmlns:office:1.0";
const char* const kText = "urn:oasis:names:tc:opendocument:xmlns:text:1.0";

// A count attribute (repeats, spans, spaces): 1 when absent, at most `most`.
long count_attr(const XmlIn& x, const char* name, const char* ns, long most) {
  const std::string v = x.attr(name, ns);
  if (v.empty()) return 1;
  const long n = std::atol(v.c_str());
  return n < 1 ? 1 : n > most ? most : n;
}

// The text of a cell's paragraphs (text:p), joined with line breaks: runs of white space
// are one space (ODF's rule), text:s is that many spaces, text:tab and text:line-break
// what they say; notes (office:annotation) are left out.
std::string paragraphs(XmlIn& x, std::string_view cell) {
  std::string out;
  if (x.empty()) return out;
  int paras = 0;
  while (x.next() && !x.end(cell)) {
    if (x.start("annotation")) {
      x.skip();
    } else if (x.start("p")) {
      if (paras++) out += '\n';
    } else if (x.start("s")) {
      out.append(static_cast<size_t>(count_attr(x, "c", kText, static_cast<long>(kMaxFieldLength))), ' ');
    } else if (x.start("tab")) {
      out += '\t';
    } else if (x.start("line-break")) {
      out += '\n';
    } else if (x.is_text()) {
      bool space = false;
      for (char c : x.text()) {
        const bool ws = c == ' ' || c == '\t' || c == '\n' || c == '\r';
        if (ws && !space) out += ' ';
        if (!ws) out += c;
        space = ws;
      }
    }
    if (out.size() > kMaxFieldLength + 1) out.resize(kMaxFieldLength + 1);  // long enough to be refused
  }
  return out;
}

// A cell's text: booleans as TRUE and FALSE, dates ISO, everything else as shown.
std::string cell_value(XmlIn& x, std::string_view cell) {
  const std::string type = x.attr("value-type", kOffice);
  const std::string boolean = x.attr("boolean-value", kOffice), date = x.attr("date-value", kOffice),
                    value = x.attr("value", kOffice);
  std::string shown = paragraphs(x, cell);
  if (type == "boolean") return boolean == "true" ? "TRUE" : "FALSE";
  if (type == "date" && !date.empty()) return iso_date_time(date);
  if (shown.empty() && (type == "float" || type == "percentage" || type == "currency")) return value;
  return shown;
}

// One table:table-row: its cells put `repeat` times from row `row` on.
bool read_row(XmlIn& x, int row, long repeat, TabSink& sink, std::string* why) {
  std::vector<std::pair<int, std::string>> cells;
  size_t bytes = 0;  // of `cells`: a long text repeated across 16384 columns is bounded too
  int col = 0;
  if (!x.empty())
    while (x.next() && !x.end("table-row")) {
      const bool covered = x.start("covered-table-cell");
      if (!covered && !x.start("table-cell")) continue;
      const std::string name(x.name());
      const long across = count_attr(x, "number-columns-repeated", kTable, kMaxSheetColumns);
      const long spanned_cols = count_attr(x, "number-columns-spanned", kTable, kMaxSheetColumns);
      const long spanned_rows = count_attr(x, "number-rows-spanned", kTable, kMaxSheetRows);
      std::string text = cell_value(x, name);
      if (!covered && (spanned_cols > 1 || spanned_rows > 1))
        sink.merged(row, col + 1, static_cast<int>(row + spanned_rows - 1), static_cast<int>(col + spanned_cols));
      if (!covered && !text.empty()) {
        if (col + across > kMaxSheetColumns) {
          *why = "row " + std::to_string(row) + " has a value past column " + std::to_string(kMaxSheetColumns);
          return false;
        }
        for (long k = 1; k <= across && bytes <= static_cast<size_t>(kMaxSheetPartBytes); ++k, bytes += text.size())
          cells.push_back({static_cast<int>(col + k), text});
      }
      col = static_cast<int>(std::min<long>(col + across, kMaxSheetColumns));
    }
  if (cells.empty()) return true;  // an empty row (or a million of them) is no row
  if (row + repeat - 1 > kMaxSheetRows) {
    *why = "row " + std::to_string(row) + " is repeated past the last row a spreadsheet can have (" +
           std::to_string(kMaxSheetRows) + ")";
    return false;
  }
  for (long k = 0; k < repeat; ++k)
    for (const auto& [c, text] : cells)
      if (!sink.put(static_cast<int>(row + k), c, text)) return false;
  return true;
}

// The rows of the table:table just entered.
bool read_table(XmlIn& x, TabSink& sink, std::string* why) {
  long row = 0;
  while (x.next() && !x.end("table")) {
    if (x.start("shapes") || x.start("named-expressions")) {
      x.skip();
    } else if (x.start("table-row")) {
      const long repeat = count_attr(x, "number-rows-repeated", kTable, kMaxSheetRows);
      if (row + 1 > kMaxSheetRows) break;  // nothing is past the last row
      if (!read_row(x, static_cast<int>(row + 1), repeat, sink, why)) return false;
      row += repeat;
    }
  }
  return x.error().empty();
}

}  // namespace

bool ods_tabs(const std::string& content, std::vector<TabInfo>* tabs, std::string* why) {
  XmlIn x(content, "content.xml");
  while (x.next())
    if (x.start("table")) {
      tabs->push_back({x.attr("name", kTable), std::to_string(tabs->size())});
      x.skip();
    }
  *why = x.error();
  return why->empty();
}

bool ods_cells(const std::string& content, size_t tab, TabSink& sink, std::string* why) {
  XmlIn x(content, "content.xml");
  size_t seen = 0;
  while (x.next())
    if (x.start("table")) {
      if (seen++ == tab) {
        const bool ok = read_table(x, sink, why);
        if (why->empty()) *why = x.error();
        return ok && why->empty();
      }
      x.skip();
    }
  *why = x.error();
  return why->empty();
}

}  // namespace cardstock::sheets
