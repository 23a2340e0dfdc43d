// Page digests through qpdf. Each object is written into the digest with a type letter and
// lengths, so no two different graphs write the same bytes; an indirect object is hashed
// once and stands for itself by its digest wherever it is used (a font shared by 50,000
// pages is read once). A reference back to an object still being hashed (a cycle) is
// written as how far up the chain it points, which keeps the digest independent of object
// numbers; such an object's digest depends on where it was reached from, so it is not
// kept for reuse. What is drawn (pages, forms, tiling patterns) is digested through its
// content stream (content_digest.cpp), so resource names and font subsets do not count.
#include "diff/page_digest.h"

#include <algorithm>
#include <climits>

#include <qpdf/Buffer.hh>
#include <qpdf/QPDF.hh>
#include <qpdf/QPDFPageDocumentHelper.hh>
#include <qpdf/QPDFPageObjectHelper.hh>

#include "diff/pdf_digester.h"

namespace cardstock {

namespace {

// Deeper than any real PDF nests; a hostile file nesting deeper gets no digests.
constexpr int kMaxDigestDepth = 200;

bool name_is(QPDFObjectHandle o, const char* name) { return o.isName() && o.getName() == name; }

// A stream whose bytes are drawing operators: a form XObject or a tiling pattern.
bool drawn(QPDFObjectHandle stream) {
  QPDFObjectHandle dict = stream.getDict();
  return name_is(dict.getKey("/Subtype"), "/Form") ||
         (dict.getKey("/PatternType").isInteger() && dict.getKey("/PatternType").getIntValue() == 1);
}

}  // namespace

void PdfDigester::tagged(Digest& d, char tag, const std::string& s) {
  d.add(&tag, 1);
  d.add(std::to_string(s.size()) + ":");
  d.add(s);
}

std::string PdfDigester::of(QPDFObjectHandle o) {
  Digest d;
  write(o, d, 0);
  return d.hex();
}

int PdfDigester::write(QPDFObjectHandle o, Digest& d, int depth) {
  if (depth > kMaxDigestDepth) throw TooDeep{};
  if (o.isIndirect()) return indirect(o, d, depth);
  return direct(o, d, depth);
}

int PdfDigester::indirect(QPDFObjectHandle o, Digest& d, int depth) {
  const QPDFObjGen og = o.getObjGen();
  if (auto it = memo_.find(og); it != memo_.end()) {
    tagged(d, 'R', it->second);
    return INT_MAX;
  }
  if (auto it = std::find(chain_.begin(), chain_.end(), og); it != chain_.end()) {
    const int level = static_cast<int>(it - chain_.begin());
    tagged(d, '^', std::to_string(chain_.size() - level));
    return level;
  }
  chain_.push_back(og);
  Digest own;
  const int low = direct(o, own, depth + 1);
  chain_.pop_back();
  const std::string hex = own.hex();
  // A form without resources of its own draws with those of whoever draws it.
  const bool inherits = o.isStream() && drawn(o) && !o.getDict().hasKey("/Resources");
  if (low >= static_cast<int>(chain_.size()) && !inherits) memo_.emplace(og, hex);  // no cycle leaves it
  tagged(d, 'R', hex);
  return low >= static_cast<int>(chain_.size()) ? INT_MAX : low;
}

int PdfDigester::direct(QPDFObjectHandle o, Digest& d, int depth) {
  int low = INT_MAX;
  if (o.isNull()) {
    tagged(d, 'n', "");
  } else if (o.isBool()) {
    tagged(d, 'b', o.getBoolValue() ? "1" : "0");
  } else if (o.isInteger()) {
    tagged(d, 'i', std::to_string(o.getIntValue()));
  } else if (o.isReal()) {
    tagged(d, 'f', o.getRealValue());
  } else if (o.isName()) {
    tagged(d, '/', o.getName());
  } else if (o.isString()) {
    tagged(d, 's', o.getStringValue());
  } else if (o.isArray()) {
    const int n = o.getArrayNItems();
    tagged(d, '[', std::to_string(n));
    for (int i = 0; i < n; ++i) low = std::min(low, write(o.getArrayItem(i), d, depth + 1));
  } else if (o.isStream() && drawn(o)) {
    QPDFObjectHandle dict = o.getDict();
    low = dictionary(dict, d, depth, true);
    QPDFObjectHandle res = dict.getKey("/Resources");
    content(o, res.isDictionary() || resources_.empty() ? res : resources_.back(), d, depth + 1);
  } else if (o.isDictionary() || o.isStream()) {
    QPDFObjectHandle dict = o.isStream() ? o.getDict() : o;
    low = dictionary(dict, d, depth, false);
    if (o.isStream()) {
      // The bytes as written: the same picture compressed otherwise only costs a
      // drawing, never a wrong "equal".
      const auto data = o.getRawStreamData();
      tagged(d, 'S', std::to_string(data->getSize()));
      d.add(data->getBuffer(), data->getSize());
    }
  } else {  // operators and inline images appear only inside content streams
    tagged(d, '?', o.unparse());
  }
  return low;
}

// `drawn`: the dictionary of a form or pattern, whose content is digested decoded and
// through its resources, so neither its filters nor its resource names count.
int PdfDigester::dictionary(QPDFObjectHandle dict, Digest& d, int depth, bool drawn) {
  int low = INT_MAX;
  const auto keys = dict.getKeys();  // a std::set: sorted
  tagged(d, '<', std::to_string(keys.size()));
  for (const auto& k : keys) {
    // Up the page tree and back to the page: what a page inherits is written with the
    // page itself (page_digests); the rest would pull in every other page.
    if (k == "/Parent" || k == "/P") continue;
    if (drawn && (k == "/Resources" || k == "/Length" || k == "/Filter" || k == "/DecodeParms")) continue;
    tagged(d, 'k', k);
    low = std::min(low, write(dict.getKey(k), d, depth + 1));
  }
  return low;
}

std::vector<std::string> page_digests(const std::string& bytes) {
  std::vector<std::string> out;
  try {
    QPDF q;
    q.setSuppressWarnings(true);
    q.setAttemptRecovery(false);  // what poppler reads of a damaged file may differ
    q.processMemoryFile("pdf", bytes.data(), bytes.size());
    if (q.isEncrypted()) return {};
    PdfDigester h;
    QPDFObjectHandle root = q.getRoot();
    const std::string whole = h.of(root.getKey("/OCProperties")) + h.of(root.getKey("/AcroForm"));
    for (QPDFPageObjectHelper& page : QPDFPageDocumentHelper(q).getAllPages()) {
      Digest d;
      d.add(whole);
      // The page's own keys but its content and resources, then what it inherits, then
      // what its content draws.
      QPDFObjectHandle dict = page.getObjectHandle().shallowCopy();
      dict.removeKey("/Contents");
      dict.removeKey("/Resources");
      h.write(dict, d, 0);
      for (const char* key : {"/MediaBox", "/CropBox", "/Rotate", "/UserUnit"}) {
        d.add(key);
        h.write(page.getAttribute(key, false), d, 0);
      }
      d.add("/Contents");
      h.content(page.getObjectHandle().getKey("/Contents"), page.getAttribute("/Resources", false), d, 0);
      out.push_back(d.hex());
    }
    if (q.anyWarnings()) return {};
  } catch (...) {  // QPDFExc, std::runtime_error, TooDeep: draw every page instead
    return {};
  }
  return out;
}

}  // namespace cardstock
