// What a content stream draws, as digest bytes: its operators and operands in order, but
// a resource name (a form, a graphics state, a pattern...) as the digest of the object it
// names, and a shown string as the digests of its glyphs (glyph_digest.h). A writer that
// names its shared forms /A0 in one build and /A1 in the next, or subsets a font anew
// because one card gained a letter, draws the other pages the same, and they digest the
// same. Wherever the font is not one read glyph by glyph, its bytes are hashed instead.
// Text shown before any font is chosen in a form (it would draw with the font of whoever
// draws the form) gives up: every page is drawn, as for a damaged file.
#include <qpdf/QPDFObjectHandle.hh>

#include <initializer_list>
#include <string>
#include <vector>

#include "diff/pdf_digester.h"

namespace cardstock {

namespace {

struct Unsure {};

bool is(const std::string& op, std::initializer_list<const char*> names) {
  for (const char* n : names)
    if (op == n) return true;
  return false;
}

}  // namespace

class ContentWriter : public QPDFObjectHandle::ParserCallbacks {
 public:
  ContentWriter(PdfDigester& h, QPDFObjectHandle resources, Digest& d, int depth)
      : h_(h), resources_(resources), d_(d), depth_(depth) {}

  void handleObject(QPDFObjectHandle o) override {
    if (!o.isOperator()) {
      operands_.push_back(o);
      return;
    }
    op(o.getOperatorValue());
    operands_.clear();
  }
  void handleEOF() override {
    for (auto& o : operands_) operand(o);
  }

 private:
  struct Font {
    QPDFObjectHandle object;
    FontGlyphs* glyphs = nullptr;
  };

  void operand(QPDFObjectHandle o) { h_.write(o, d_, depth_ + 1); }

  // The object `name` stands for in the resources' `category`, or the name itself when
  // there is none (a device colour space, a name the reader will not find).
  QPDFObjectHandle resolved(const char* category, QPDFObjectHandle name) {
    if (!name.isName() || !resources_.isDictionary()) return name;
    QPDFObjectHandle cat = resources_.getKey(category);
    if (!cat.isDictionary() || !cat.hasKey(name.getName())) return name;
    return cat.getKey(name.getName());
  }

  void resource(const char* category, QPDFObjectHandle name) {
    QPDFObjectHandle o = resolved(category, name);
    PdfDigester::tagged(d_, 'r', category);
    operand(o);
  }

  void op(const std::string& name) {
    const size_t n = operands_.size();
    if (name == "Tf" && n == 2) {
      choose_font(operands_[0]);
      operand(operands_[1]);
    } else if (is(name, {"Tj", "'"}) && n == 1) {
      shown(operands_[0]);
    } else if (name == "\"" && n == 3) {
      operand(operands_[0]);
      operand(operands_[1]);
      shown(operands_[2]);
    } else if (name == "TJ" && n == 1 && operands_[0].isArray()) {
      PdfDigester::tagged(d_, '[', std::to_string(operands_[0].getArrayNItems()));
      for (auto& item : operands_[0].getArrayAsVector()) item.isString() ? shown(item) : operand(item);
    } else if (name == "Do" && n == 1) {
      resource("/XObject", operands_[0]);
    } else if (name == "gs" && n == 1) {
      resource("/ExtGState", operands_[0]);
    } else if (is(name, {"cs", "CS"}) && n == 1) {
      resource("/ColorSpace", operands_[0]);
    } else if (name == "sh" && n == 1) {
      resource("/Shading", operands_[0]);
    } else if (is(name, {"scn", "SCN"}) && n >= 1 && operands_.back().isName()) {
      for (size_t i = 0; i + 1 < n; ++i) operand(operands_[i]);
      resource("/Pattern", operands_.back());
    } else if (is(name, {"BDC", "DP"}) && n == 2) {
      operand(operands_[0]);
      resource("/Properties", operands_[1]);
    } else if (name == "ID") {  // an inline image's dictionary: its colour space may be a resource
      for (size_t i = 0; i < n; ++i) {
        const bool space = i > 0 && operands_[i - 1].isName() &&
                           (operands_[i - 1].getName() == "/CS" || operands_[i - 1].getName() == "/ColorSpace");
        space ? resource("/ColorSpace", operands_[i]) : operand(operands_[i]);
      }
    } else {
      for (auto& o : operands_) operand(o);
    }
    if (name == "q") saved_.push_back(font_);
    if (name == "Q" && !saved_.empty()) {
      font_ = saved_.back();
      saved_.pop_back();
    }
    PdfDigester::tagged(d_, 'o', name);
  }

  void choose_font(QPDFObjectHandle name) {
    font_ = Font{resolved("/Font", name), nullptr};
    if (font_.object.isDictionary()) {
      FontGlyphs& g = h_.font(font_.object);
      if (g.code_bytes() > 0) font_.glyphs = &g;
    }
    if (font_.glyphs) {
      PdfDigester::tagged(d_, 'F', font_.object.getKey("/Subtype").getName());
    } else {
      operand(font_.object);  // its bytes, subset and all
    }
  }

  void shown(QPDFObjectHandle s) {
    if (!s.isString()) return operand(s);
    if (!font_.object.isInitialized()) throw Unsure{};
    const std::string bytes = s.getStringValue();
    if (!font_.glyphs) return PdfDigester::tagged(d_, 's', bytes);
    const size_t w = static_cast<size_t>(font_.glyphs->code_bytes());
    PdfDigester::tagged(d_, 'T', std::to_string(bytes.size() / w));
    for (size_t i = 0; i + w <= bytes.size(); i += w) {
      uint32_t code = 0;
      for (size_t k = 0; k < w; ++k) code = (code << 8) | static_cast<unsigned char>(bytes[i + k]);
      const std::string& g = font_.glyphs->glyph(code);
      if (!g.empty()) {
        PdfDigester::tagged(d_, 'g', g);
      } else {  // a code not read as a glyph: the font's bytes and the code
        operand(font_.object);
        PdfDigester::tagged(d_, 'c', std::to_string(code));
      }
    }
    if (bytes.size() % w) PdfDigester::tagged(d_, 's', bytes.substr(bytes.size() - bytes.size() % w));
  }

  PdfDigester& h_;
  QPDFObjectHandle resources_;
  Digest& d_;
  int depth_;
  std::vector<QPDFObjectHandle> operands_;
  Font font_;
  std::vector<Font> saved_;
};

void PdfDigester::content(QPDFObjectHandle contents, QPDFObjectHandle resources, Digest& d, int depth) {
  if (contents.isNull()) return;
  resources_.push_back(resources);
  ContentWriter w(*this, resources, d, depth);
  try {
    QPDFObjectHandle::parseContentStream(contents, &w);
  } catch (...) {
    resources_.pop_back();
    throw;
  }
  resources_.pop_back();
}

FontGlyphs& PdfDigester::font(QPDFObjectHandle f) {
  if (!f.isIndirect()) {  // a direct font dictionary (rare): read each time it is chosen
    direct_fonts_.push_back(std::make_unique<FontGlyphs>(f));
    return *direct_fonts_.back();
  }
  auto& slot = fonts_[f.getObjGen()];
  if (!slot) slot = std::make_unique<FontGlyphs>(f);
  return *slot;
}

}  // namespace cardstock
