// sheet_xlsx: the tabs and cells of an Office Open XML workbook (.xlsx, as Excel,
// LibreOffice, Google Sheets and openpyxl write it): xl/workbook.xml names the tabs,
// its relationships say where each tab's cells are, xl/sharedStrings.xml holds the text
// and xl/styles.xml the number formats the cells are shown with.
#include <map>

#include "base/input_limits.h"
#include "load/sheets/sheet_parts.h"

namespace cardstock::sheets {

namespace {

bool ends_with(const std::string& s, const std::string& tail) {
  return s.size() >= tail.size() && s.compare(s.size() - tail.size(), tail.size(), tail) == 0;
}

// A relationship's target as a part name: relative to xl/ unless it starts with '/'.
std::string part_of(const std::string& target) {
  if (!target.empty() && target[0] == '/') return target.substr(1);
  return "xl/" + target;
}

// An XML part read through `each`, called on every node; false with *why on an error.
template <class Each>
bool read_part(const Zip& z, const std::string& part, std::string* why, Each&& each) {
  std::string text;
  if (!z.read(part, &text, why)) return false;
  XmlIn x(text, part);
  while (x.next())
    if (!each(x)) break;
  if (!x.error().empty()) *why = x.error();
  return x.error().empty() && why->empty();
}

struct Rels {
  std::map<std::string, std::string> by_id;
  std::string shared = "xl/sharedStrings.xml", styles = "xl/styles.xml";
};

struct Workbook {
  std::vector<TabInfo> tabs;
  Rels rels;
  bool date1904 = false;
};

bool read_workbook(const Zip& z, Workbook* w, std::string* why) {
  bool ok = read_part(z, "xl/_rels/workbook.xml.rels", why, [&](XmlIn& x) {
    if (!x.start("Relationship")) return true;
    const std::string type = x.attr("Type"), target = part_of(x.attr("Target"));
    w->rels.by_id[x.attr("Id")] = target;
    if (ends_with(type, "/sharedStrings")) w->rels.shared = target;
    if (ends_with(type, "/styles")) w->rels.styles = target;
    return true;
  });
  std::vector<std::string> ids;
  ok = ok && read_part(z, "xl/workbook.xml", why, [&](XmlIn& x) {
    if (x.start("workbookPr")) w->date1904 = x.attr("date1904") == "1" || x.attr("date1904") == "true";
    if (x.start("sheet")) {
      const auto it = w->rels.by_id.find(x.attr("id"));
      w->tabs.push_back({x.attr("name"), it == w->rels.by_id.end() ? "" : it->second});
    }
    return true;
  });
  return ok;
}

// Every <si> of the shared strings: its <t> texts, phonetic guides (<rPh>) left out.
bool read_shared(const Zip& z, const std::string& part, std::vector<std::string>* out, std::string* why) {
  if (!z.has(part)) return true;  // a workbook of numbers only
  bool in_t = false;
  int rph = 0;
  return read_part(z, part, why, [&](XmlIn& x) {
    if (x.start("si")) {
      if (out->size() >= static_cast<size_t>(kMaxCsvCells)) {
        *why = part + " holds more than " + std::to_string(kMaxCsvCells) + " texts; the limit is " +
               std::to_string(kMaxCsvCells);
        return false;
      }
      out->emplace_back();
    } else if (x.start("rPh") && !x.empty()) {
      ++rph;
    } else if (x.end("rPh")) {
      --rph;
    } else if (x.start("t")) {
      in_t = !x.empty();
    } else if (x.end("t")) {
      in_t = false;
    } else if (in_t && rph == 0 && x.is_text() && !out->empty()) {
      out->back() += x.text();
    }
    return true;
  });
}

// The number format code of each cell style (a cell's `s` is an index in <cellXfs>).
bool read_styles(const Zip& z, const std::string& part, std::vector<std::string>* out, std::string* why) {
  if (!z.has(part)) return true;
  std::map<int, std::string> custom;
  bool in_xfs = false;
  return read_part(z, part, why, [&](XmlIn& x) {
    if (x.start("numFmt")) custom[std::atoi(x.attr("numFmtId").c_str())] = x.attr("formatCode");
    if (x.start("cellXfs")) in_xfs = !x.empty();
    if (x.end("cellXfs")) in_xfs = false;
    if (in_xfs && x.start("xf") && out->size() < 65536) {
      const int id = std::atoi(x.attr("numFmtId").c_str());
      const auto it = custom.find(id);
      out->push_back(it != custom.end() ? it->second : builtin_format(id));
    }
    return true;
  });
}

// What one <c> holds: its value (<v>) and inline text (<is>), formulas (<f>) left out.
struct RawCell {
  std::string type, style, v, inline_text;
};

void read_cell(XmlIn& x, RawCell* c) {
  if (x.empty()) return;
  enum { None, V, T } in = None;
  int rph = 0;
  while (x.next() && !x.end("c")) {
    if (x.start("v")) in = V;
    else if (x.start("t") && rph == 0) in = T;
    else if (x.end("v") || x.end("t")) in = None;
    else if (x.start("rPh") && !x.empty()) ++rph;
    else if (x.end("rPh")) --rph;
    else if (x.is_text() && in == V) c->v += x.text();
    else if (x.is_text() && in == T) c->inline_text += x.text();
  }
}

struct CellContext {
  const std::vector<std::string>& shared;
  const std::vector<std::string>& formats;
  bool date1904;
};

// The cell's text as the cell shows it; false (after an error at it) if it names no text.
bool cell_text(const RawCell& c, const CellContext& k, const Mark& at, Diagnostics& d, std::string* out) {
  if (c.type == "s") {
    char* end = nullptr;
    const unsigned long i = std::strtoul(c.v.c_str(), &end, 10);
    if (c.v.empty() || *end || i >= k.shared.size()) {
      d.error(at, "this cell names text " + c.v + " of the shared strings, which hold " +
                      std::to_string(k.shared.size()) + ": the spreadsheet is damaged; open and save it again");
      return false;
    }
    *out = k.shared[i];
  } else if (c.type == "inlineStr") {
    *out = c.inline_text;
  } else if (c.type == "b") {
    *out = c.v == "1" || c.v == "true" ? "TRUE" : "FALSE";
  } else if (c.type == "d") {
    *out = iso_date_time(c.v);
  } else if (c.type == "str" || c.type == "e") {
    *out = c.v;
  } else {
    const size_t s = static_cast<size_t>(std::atol(c.style.c_str()));
    *out = shown_number(c.v, s < k.formats.size() ? k.formats[s] : "General", k.date1904);
  }
  return true;
}

}  // namespace

bool xlsx_tabs(const Zip& z, std::vector<TabInfo>* tabs, std::string* why) {
  Workbook w;
  if (!read_workbook(z, &w, why)) return false;
  *tabs = std::move(w.tabs);
  return true;
}

bool xlsx_cells(const Zip& z, const std::vector<TabInfo>& tabs, size_t tab, TabSink& sink, std::string* why) {
  Workbook w;
  std::vector<std::string> shared, formats;
  if (!read_workbook(z, &w, why) || !read_shared(z, w.rels.shared, &shared, why) ||
      !read_styles(z, w.rels.styles, &formats, why))
    return false;
  const CellContext k{shared, formats, w.date1904};
  int row = 0, col = 0;
  return read_part(z, tabs[tab].part, why, [&](XmlIn& x) {
    if (x.start("row")) {
      const std::string r = x.attr("r");
      row = r.empty() ? row + 1 : std::atoi(r.c_str());
      col = 0;
      if (row < 1 || row > kMaxSheetRows) {
        *why = "row " + r + " is past the last row a spreadsheet can have (" + std::to_string(kMaxSheetRows) + ")";
        return false;
      }
    } else if (x.start("c")) {
      const std::string ref = x.attr("r");
      int r = row, c = col + 1;
      if (!ref.empty() && !parse_cell_name(ref, &r, &c)) {
        *why = "a cell is named '" + ref + "', which is no cell of a spreadsheet";
        return false;
      }
      col = c;
      RawCell raw{x.attr("t"), x.attr("s"), "", ""};
      read_cell(x, &raw);
      std::string text;
      if (cell_text(raw, k, sink.cell(r, c), *sink.d, &text) && !sink.put(r, c, std::move(text))) return false;
    } else if (x.start("mergeCell")) {
      const std::string ref = x.attr("ref");
      int r1, c1, r2, c2;
      const size_t colon = ref.find(':');
      if (colon != std::string::npos && parse_cell_name(ref.substr(0, colon), &r1, &c1) &&
          parse_cell_name(ref.substr(colon + 1), &r2, &c2))
        sink.merged(r1, c1, r2, c2);
    }
    return true;
  });
}

}  // namespace cardstock::sheets
