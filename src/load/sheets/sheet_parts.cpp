// sheet_parts: a spreadsheet's zip container (libzip) and XML parts (libxml2's streaming
// reader), both bounded: libzip only lists and unpacks, and every part is counted as it
// is unpacked; libxml2 reads without the network, without DTDs (so without entities to
// expand) and no deeper than kMaxSheetXmlDepth.
#include "load/sheets/sheet_parts.h"

#include <libxml/xmlreader.h>
#include <zip.h>

#include "base/input_limits.h"

namespace cardstock::sheets {

namespace {

zip_t* Z(void* p) { return static_cast<zip_t*>(p); }
xmlTextReaderPtr R(void* p) { return static_cast<xmlTextReaderPtr>(p); }
const char* C(const xmlChar* s) { return reinterpret_cast<const char*>(s); }
const xmlChar* X(const char* s) { return reinterpret_cast<const xmlChar*>(s); }

// libxml2 reports errors through a callback: the first one is kept for the message.
void keep_error(void* arg, xmlErrorPtr e) {
  auto* out = static_cast<std::string*>(arg);
  if (!out->empty() || !e || !e->message) return;
  std::string m = e->message;
  while (!m.empty() && (m.back() == '\n' || m.back() == ' ')) m.pop_back();
  *out = "line " + std::to_string(e->line) + ": " + m;
}

}  // namespace

bool Zip::open(const std::string& bytes, std::string* why) {
  zip_error_t err;
  zip_error_init(&err);
  zip_source_t* src = zip_source_buffer_create(bytes.data(), bytes.size(), 0, &err);
  zip_t* z = src ? zip_open_from_source(src, ZIP_RDONLY, &err) : nullptr;
  if (!z) {
    *why = zip_error_strerror(&err);
    if (src) zip_source_free(src);
    zip_error_fini(&err);
    return false;
  }
  zip_error_fini(&err);
  zip_ = z;
  return true;
}

Zip::~Zip() {
  if (zip_) zip_discard(Z(zip_));
}

bool Zip::has(const std::string& part) const { return zip_ && zip_name_locate(Z(zip_), part.c_str(), 0) >= 0; }

bool Zip::read(const std::string& part, std::string* out, std::string* why) const {
  out->clear();
  const zip_int64_t i = zip_name_locate(Z(zip_), part.c_str(), 0);
  if (i < 0) {
    *why = "it has no part " + part;
    return false;
  }
  const std::string limit = "; the limit is " + std::to_string(kMaxSheetPartBytes >> 20) + " MB";
  zip_stat_t st;
  if (zip_stat_index(Z(zip_), static_cast<zip_uint64_t>(i), 0, &st) == 0 && (st.valid & ZIP_STAT_SIZE) &&
      st.size > static_cast<zip_uint64_t>(kMaxSheetPartBytes)) {
    *why = "its part " + part + " unpacks to " + std::to_string(st.size >> 20) + " MB" + limit;
    return false;
  }
  zip_file_t* f = zip_fopen_index(Z(zip_), static_cast<zip_uint64_t>(i), 0);
  if (!f) {
    *why = "cannot unpack its part " + part + ": " + zip_strerror(Z(zip_));
    return false;
  }
  // The size in the container may lie: what is unpacked is counted.
  char buf[65536];
  zip_int64_t n;
  bool ok = true;
  while ((n = zip_fread(f, buf, sizeof buf)) > 0) {
    if (out->size() + static_cast<size_t>(n) > static_cast<size_t>(kMaxSheetPartBytes)) {
      *why = "its part " + part + " unpacks to more than " + std::to_string(kMaxSheetPartBytes >> 20) + " MB" + limit;
      ok = false;
      break;
    }
    out->append(buf, static_cast<size_t>(n));
  }
  if (ok && n < 0) {
    *why = "cannot unpack its part " + part + ": " + zip_file_strerror(f);
    ok = false;
  }
  zip_fclose(f);
  if (!ok) out->clear();
  return ok;
}

XmlIn::XmlIn(const std::string& text, std::string part) : part_(std::move(part)) {
  // NONET: no network; no DTDLOAD, NOENT or HUGE: no external DTD, entities left alone
  // (and refused below with the DTD), libxml2's own size limits kept.
  reader_ = xmlReaderForMemory(text.data(), static_cast<int>(text.size()), nullptr, nullptr, XML_PARSE_NONET);
  if (!reader_) error_ = "cannot read " + part_;
  else xmlTextReaderSetStructuredErrorHandler(R(reader_), keep_error, &libxml_error_);
}

XmlIn::~XmlIn() {
  if (reader_) xmlFreeTextReader(R(reader_));
}

bool XmlIn::fail(const std::string& why) {
  if (error_.empty()) error_ = part_ + " " + why;
  return false;
}

bool XmlIn::next() {
  if (!reader_ || !error_.empty()) return false;
  const int r = xmlTextReaderRead(R(reader_));
  if (r < 0) return fail("is not well-formed XML" + (libxml_error_.empty() ? "" : " (" + libxml_error_ + ")"));
  if (r == 0) return false;
  type_ = xmlTextReaderNodeType(R(reader_));
  if (type_ == XML_READER_TYPE_DOCUMENT_TYPE || type_ == XML_READER_TYPE_ENTITY_REFERENCE)
    return fail("declares a DTD or entities, which no spreadsheet part has");
  if (xmlTextReaderDepth(R(reader_)) > kMaxSheetXmlDepth)
    return fail("nests more than " + std::to_string(kMaxSheetXmlDepth) + " levels deep; the limit is " +
                std::to_string(kMaxSheetXmlDepth));
  return true;
}

std::string_view XmlIn::name() const {
  const xmlChar* n = xmlTextReaderConstLocalName(R(reader_));
  return n ? C(n) : "";
}

bool XmlIn::start(std::string_view local) const { return type_ == XML_READER_TYPE_ELEMENT && name() == local; }
bool XmlIn::end(std::string_view local) const { return type_ == XML_READER_TYPE_END_ELEMENT && name() == local; }
bool XmlIn::empty() const { return type_ == XML_READER_TYPE_ELEMENT && xmlTextReaderIsEmptyElement(R(reader_)) == 1; }

bool XmlIn::is_text() const {
  return type_ == XML_READER_TYPE_TEXT || type_ == XML_READER_TYPE_CDATA || type_ == XML_READER_TYPE_WHITESPACE ||
         type_ == XML_READER_TYPE_SIGNIFICANT_WHITESPACE;
}

std::string XmlIn::text() const {
  const xmlChar* v = xmlTextReaderConstValue(R(reader_));
  return v ? C(v) : "";
}

int XmlIn::depth() const { return xmlTextReaderDepth(R(reader_)); }

std::string XmlIn::attr(const char* local, const char* ns) const {
  xmlChar* v = nullptr;
  if (ns) {
    v = xmlTextReaderGetAttributeNs(R(reader_), X(local), X(ns));
  } else {
    // By local name, whatever the prefix (r:id, x:r...).
    for (int ok = xmlTextReaderMoveToFirstAttribute(R(reader_)); ok == 1 && !v;
         ok = xmlTextReaderMoveToNextAttribute(R(reader_)))
      if (std::string_view(C(xmlTextReaderConstLocalName(R(reader_)))) == local) v = xmlTextReaderValue(R(reader_));
    xmlTextReaderMoveToElement(R(reader_));
  }
  if (!v) return "";
  std::string s = C(v);
  xmlFree(v);
  return s;
}

bool XmlIn::skip() {
  if (type_ != XML_READER_TYPE_ELEMENT || empty()) return true;
  const int d = depth();
  while (next())
    if (type_ == XML_READER_TYPE_END_ELEMENT && depth() == d) return true;
  return error_.empty();
}

bool parse_cell_name(std::string_view s, int* row, int* col) {
  size_t i = 0;
  long c = 0, r = 0;
  for (; i < s.size() && s[i] >= 'A' && s[i] <= 'Z'; ++i) {
    c = c * 26 + (s[i] - 'A' + 1);
    if (c > kMaxSheetColumns) return false;
  }
  if (i == 0 || i == s.size()) return false;
  for (; i < s.size(); ++i) {
    if (s[i] < '0' || s[i] > '9') return false;
    r = r * 10 + (s[i] - '0');
    if (r > kMaxSheetRows) return false;
  }
  if (r < 1) return false;
  *row = static_cast<int>(r);
  *col = static_cast<int>(c);
  return true;
}

bool TabSink::put(int row, int col, std::string text) {
  if (text.empty()) return true;
  std::vector<CsvRow>& rows = table->rows;
  if (rows.empty() || rows.back().line != row) {
    if (!rows.empty() && rows.back().line > row) {
      d->error(cell(row, col), "this cell comes after row " + std::to_string(rows.back().line) +
                                   " in the file: the spreadsheet is damaged; open and save it again");
      return ok = false;
    }
    rows.push_back({{}, row});
  }
  CsvRow& r = rows.back();
  if (!r.cells.empty() && r.cells.back().col >= col) {
    d->error(cell(row, col), "this cell comes twice or out of order in the file: the spreadsheet is damaged; open "
                             "and save it again");
    return ok = false;
  }
  while (static_cast<int>(r.cells.size()) + 1 < col) {  // the empty cells before it
    if (++table->cells > static_cast<size_t>(kMaxCsvCells)) break;
    r.cells.push_back({"", row, static_cast<int>(r.cells.size()) + 1});
  }
  if (++table->cells > static_cast<size_t>(kMaxCsvCells)) {
    d->error(cell(row, col), "this tab has more than " + std::to_string(kMaxCsvCells) + " cells; the limit is " +
                                 std::to_string(kMaxCsvCells));
    return ok = false;
  }
  if ((table->bytes += text.size()) > static_cast<size_t>(kMaxSheetPartBytes)) {
    d->error(cell(row, col), "the cells of this tab hold more than " + std::to_string(kMaxSheetPartBytes >> 20) +
                                 " MB of text; the limit is " + std::to_string(kMaxSheetPartBytes >> 20) + " MB");
    return ok = false;
  }
  r.cells.push_back({std::move(text), row, col});
  return true;
}

void TabSink::merged(int row1, int col1, int row2, int col2) {
  d->error(cell(row1, col1), "cells " + column_letters(col1) + std::to_string(row1) + ":" + column_letters(col2) +
                                 std::to_string(row2) +
                                 " are merged: each field of a card needs a cell of its own; unmerge them");
  ok = false;
}

}  // namespace cardstock::sheets
