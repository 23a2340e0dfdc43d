// svg_xml_problem (svg_xml.h): libxml2's first error turned into plain words (its own
// text, "Premature end of data in tag svg line 1", is never shown), and the root
// element's size checked: librsvg draws nothing for a picture 0 wide, in silence.
#include "load/images/svg_xml.h"

#include <libxml/parser.h>
#include <libxml/xmlerror.h>

#include <cstdlib>
#include <memory>
#include <sstream>

#include "base/text_check.h"

namespace cardstock {

namespace {

struct FirstError {
  bool set = false;
  int code = 0, line = 0, col = 0, int1 = 0;
  std::string str1, str2;
};

void keep_first(void* self, xmlErrorPtr e) {
  auto* f = static_cast<FirstError*>(self);
  if (f->set || !e || e->level < XML_ERR_ERROR) return;
  *f = {true, e->code, e->line, e->int2, e->int1, e->str1 ? e->str1 : "", e->str2 ? e->str2 : ""};
}

std::string tag(const std::string& name) { return "<" + shown_text(name, 0) + ">"; }

// What the first error means, in words.
std::string error_words(const FirstError& e) {
  const std::string opened = " (opened on line " + std::to_string(e.int1) + ")";
  switch (e.code) {
    case XML_ERR_DOCUMENT_EMPTY: return "the file holds no XML";
    case XML_ERR_DOCUMENT_END: return "something follows the end of the <svg> element";
    case XML_ERR_TAG_NOT_FINISHED: return "the file ends before " + tag(e.str1) + opened + " is closed";
    case XML_ERR_TAG_NAME_MISMATCH:
      return "</" + shown_text(e.str2, 0) + "> closes " + tag(e.str1) + opened + ", which must be closed first";
    case XML_ERR_UNDECLARED_ENTITY:
    case XML_WAR_UNDECLARED_ENTITY: return "the entity '&" + shown_text(e.str1, 0) + ";' is not declared";
    case XML_ERR_ATTRIBUTE_REDEFINED: return "the attribute '" + shown_text(e.str1, 0) + "' is given twice";
    case XML_ERR_ATTRIBUTE_NOT_STARTED:
    case XML_ERR_ATTRIBUTE_NOT_FINISHED: return "an attribute's value is not in quotes, or its quote is not closed";
    case XML_ERR_ATTRIBUTE_WITHOUT_VALUE: return "an attribute has no value";
    case XML_ERR_LT_IN_ATTRIBUTE: return "an attribute's value holds a '<'";
    case XML_ERR_GT_REQUIRED:
      return e.str1.empty() ? "a tag is not closed with '>'" : "the tag " + tag(e.str1) + opened + " is not closed with '>'";
    default: return "the XML is not well-formed";
  }
}

// The number a width, height or viewBox part starts with ("0", "-3mm"); false if none.
bool number(std::istringstream& in, double* v) {
  while (in.peek() == ',' || in.peek() == ' ') in.get();
  return static_cast<bool>(in >> *v);
}

// The root element's width, height and viewBox: a size of zero or less draws nothing.
std::string size_problem(xmlNodePtr root) {
  const std::string at = "the <svg> element (line " + std::to_string(xmlGetLineNo(root)) + ")";
  for (const char* a : {"width", "height"}) {
    std::unique_ptr<xmlChar, decltype(xmlFree)> v(xmlGetProp(root, reinterpret_cast<const xmlChar*>(a)), xmlFree);
    if (!v) continue;
    const std::string text = reinterpret_cast<const char*>(v.get());
    std::istringstream in(text);
    double n = 0;
    if (number(in, &n) && n <= 0)
      return "is drawn " + std::string(a[0] == 'w' ? "0 wide" : "0 high") + ": " + at + " has " + a + "=\"" +
             shown_text(text, 0) + "\"; give it a " + a + " above 0";
  }
  std::unique_ptr<xmlChar, decltype(xmlFree)> vb(xmlGetProp(root, reinterpret_cast<const xmlChar*>("viewBox")), xmlFree);
  if (vb) {
    const std::string text = reinterpret_cast<const char*>(vb.get());
    std::istringstream in(text);
    double x = 0, y = 0, w = 0, h = 0;
    if (number(in, &x) && number(in, &y) && number(in, &w) && number(in, &h) && (w <= 0 || h <= 0))
      return "is drawn " + std::string(w <= 0 ? "0 wide" : "0 high") + ": " + at + " has viewBox=\"" +
             shown_text(text, 0) + "\", whose " + (w <= 0 ? "width" : "height") + " must be above 0";
  }
  return "";
}

}  // namespace

std::string svg_xml_problem(const std::string& bytes) {
  FirstError first;
  // libxml2 says its errors through a handler of the thread; ours only while parsing.
  xmlSetStructuredErrorFunc(&first, keep_first);
  // NONET: no network; no DTDLOAD, NOENT or HUGE: no external DTD, entities left as
  // they are (images.cpp allows only plain text ones), libxml2's own limits kept.
  xmlDocPtr doc = xmlReadMemory(bytes.data(), static_cast<int>(bytes.size()), nullptr, nullptr, XML_PARSE_NONET);
  xmlSetStructuredErrorFunc(nullptr, nullptr);
  std::unique_ptr<xmlDoc, decltype(&xmlFreeDoc)> kept(doc, xmlFreeDoc);
  if (first.set || !doc)
    return "is not a valid SVG file: at line " + std::to_string(first.line) + ", column " +
           std::to_string(first.col) + ", " + error_words(first);
  xmlNodePtr root = xmlDocGetRootElement(doc);
  return root ? size_problem(root) : "is not a valid SVG file: it has no root element";
}

}  // namespace cardstock
