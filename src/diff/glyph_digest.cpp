// Fonts read with FreeType, the library poppler draws them with. A code's glyph is looked
// up the ways a PDF reader may (PDF 1.7, 9.6.6.4): through the subset's (3,0) charmap at
// 0xF000 + code and at code, its (1,0) charmap, and for a WinAnsi font its (3,1) charmap
// at the code's Unicode value. Every way that finds a glyph must find the same one;
// otherwise readers could draw different glyphs and the code is not digested here (the
// caller hashes the font's bytes instead, which is never wrong, only slower).
#include "diff/glyph_digest.h"

#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_OUTLINE_H

#include <qpdf/Buffer.hh>

#include "base/hash.h"

namespace cardstock {

namespace {

// WinAnsiEncoding's codes 0x80-0x9F (PDF 1.7, D.2); 0 where it has none. The rest of
// the 8-bit codes from 0x20 are their Latin-1 values.
constexpr uint16_t kWinAnsi80[32] = {0x20AC, 0,      0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021,
                                     0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0,      0x017D, 0,
                                     0,      0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
                                     0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0,      0x017E, 0x0178};

uint32_t win_ansi(uint32_t code) {
  if (code < 0x20 || code == 0x7F) return 0;
  if (code >= 0x80 && code < 0xA0) return kWinAnsi80[code - 0x80];
  return code;
}

double number(QPDFObjectHandle o) { return o.isNumber() ? o.getNumericValue() : 0; }

}  // namespace

struct FontGlyphs::Face {
  FT_Library lib = nullptr;
  FT_Face face = nullptr;
  std::string program;  // FreeType reads it in place: it lives as long as the face
  bool win_ansi = false;
  ~Face() {
    if (face) FT_Done_Face(face);
    if (lib) FT_Done_FreeType(lib);
  }
};

FontGlyphs::FontGlyphs(QPDFObjectHandle font) {
  try {
    if (!font.isDictionary()) return;
    QPDFObjectHandle subtype = font.getKey("/Subtype");
    if (!subtype.isName()) return;
    if (subtype.getName() == "/TrueType" && read_simple(font)) code_bytes_ = 1;
    if (subtype.getName() == "/Type0" && read_composite(font)) code_bytes_ = 2;
  } catch (...) {  // a malformed font: hashed as bytes by the caller
    code_bytes_ = 0;
  }
}

FontGlyphs::~FontGlyphs() = default;

bool FontGlyphs::read_simple(QPDFObjectHandle font) {
  QPDFObjectHandle enc = font.getKey("/Encoding");
  if (!enc.isNull() && !enc.isName()) return false;  // /Differences: names, not codes
  if (!load(font.getKey("/FontDescriptor"))) return false;
  face_->win_ansi = enc.isName() && enc.getName() == "/WinAnsiEncoding";
  const int first = static_cast<int>(number(font.getKey("/FirstChar")));
  QPDFObjectHandle w = font.getKey("/Widths");
  if (w.isArray())
    for (int i = 0; i < w.getArrayNItems(); ++i) widths_[static_cast<uint32_t>(first + i)] = number(w.getArrayItem(i));
  return true;
}

bool FontGlyphs::read_composite(QPDFObjectHandle font) {
  QPDFObjectHandle enc = font.getKey("/Encoding");
  if (!enc.isName() || enc.getName() != "/Identity-H") return false;
  QPDFObjectHandle kids = font.getKey("/DescendantFonts");
  if (!kids.isArray() || kids.getArrayNItems() != 1) return false;
  QPDFObjectHandle cid = kids.getArrayItem(0);
  if (!cid.isDictionary() || !cid.getKey("/Subtype").isName() || cid.getKey("/Subtype").getName() != "/CIDFontType2")
    return false;
  QPDFObjectHandle map = cid.getKey("/CIDToGIDMap");
  if (map.isNull() || (map.isName() && map.getName() == "/Identity")) {
    identity_ = true;
  } else if (map.isStream()) {
    const auto data = map.getStreamData(qpdf_dl_generalized);
    cid_to_gid_.assign(reinterpret_cast<const char*>(data->getBuffer()), data->getSize());
  } else {
    return false;
  }
  default_width_ = cid.hasKey("/DW") ? number(cid.getKey("/DW")) : 1000;
  // /W: `c [w1 w2 ...]` gives codes from c on; `c1 c2 w` gives one width to a range.
  QPDFObjectHandle w = cid.getKey("/W");
  if (w.isArray())
    for (int i = 0; i + 1 < w.getArrayNItems();) {
      const auto c = static_cast<uint32_t>(number(w.getArrayItem(i)));
      QPDFObjectHandle next = w.getArrayItem(i + 1);
      if (next.isArray()) {
        for (int k = 0; k < next.getArrayNItems(); ++k) widths_[c + k] = number(next.getArrayItem(k));
        i += 2;
      } else {
        if (i + 2 >= w.getArrayNItems()) return false;
        const auto last = static_cast<uint32_t>(number(next));
        if (last < c || last - c > 0xFFFF) return false;
        for (uint32_t k = c; k <= last; ++k) widths_[k] = number(w.getArrayItem(i + 2));
        i += 3;
      }
    }
  return load(cid.getKey("/FontDescriptor"));
}

bool FontGlyphs::load(QPDFObjectHandle descriptor) {
  if (!descriptor.isDictionary()) return false;
  QPDFObjectHandle file = descriptor.getKey("/FontFile2");
  if (!file.isStream()) return false;
  auto f = std::make_unique<Face>();
  const auto data = file.getStreamData(qpdf_dl_generalized);
  f->program.assign(reinterpret_cast<const char*>(data->getBuffer()), data->getSize());
  if (FT_Init_FreeType(&f->lib) != 0) return false;
  if (FT_New_Memory_Face(f->lib, reinterpret_cast<const FT_Byte*>(f->program.data()),
                         static_cast<FT_Long>(f->program.size()), 0, &f->face) != 0)
    return false;
  face_ = std::move(f);
  return true;
}

uint32_t FontGlyphs::glyph_index(uint32_t code, bool* agree) const {
  if (code_bytes_ == 2) {
    if (identity_) return code;
    if (2 * code + 1 >= cid_to_gid_.size()) return 0;
    return (static_cast<unsigned char>(cid_to_gid_[2 * code]) << 8) | static_cast<unsigned char>(cid_to_gid_[2 * code + 1]);
  }
  FT_Face face = face_->face;
  uint32_t found = 0;
  auto consider = [&](FT_CharMap cm, FT_ULong c) {
    if (FT_Set_Charmap(face, cm) != 0) return false;
    const FT_UInt g = FT_Get_Char_Index(face, c);
    if (g == 0) return false;
    if (found != 0 && found != g) *agree = false;
    found = g;
    return true;
  };
  for (int i = 0; i < face->num_charmaps; ++i) {
    FT_CharMap cm = face->charmaps[i];
    if (cm->platform_id == 3 && cm->encoding_id == 0) {
      if (!consider(cm, 0xF000 + code)) consider(cm, code);
    } else if (cm->platform_id == 1 && cm->encoding_id == 0) {
      consider(cm, code);
    } else if (cm->platform_id == 3 && cm->encoding_id == 1 && face_->win_ansi && win_ansi(code) != 0) {
      consider(cm, win_ansi(code));
    }
  }
  return found;
}

const std::string& FontGlyphs::glyph(uint32_t code) {
  static const std::string none;
  if (code_bytes_ == 0) return none;
  if (auto it = memo_.find(code); it != memo_.end()) return it->second;
  std::string& out = memo_[code];
  bool agree = true;
  const uint32_t gid = glyph_index(code, &agree);
  if (!agree || (gid == 0 && code_bytes_ == 1)) return out;
  FT_Face face = face_->face;
  if (gid >= static_cast<uint32_t>(face->num_glyphs)) return out;
  if (FT_Load_Glyph(face, gid, FT_LOAD_NO_SCALE | FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP) != 0) return out;
  const FT_GlyphSlot g = face->glyph;
  if (g->format != FT_GLYPH_FORMAT_OUTLINE) return out;
  const FT_Outline& o = g->outline;
  Digest d;
  auto add = [&](long v) { d.add(std::to_string(v) + ","); };
  add(face->units_per_EM);
  add(g->advance.x);
  add(o.n_contours);
  for (int i = 0; i < o.n_contours; ++i) add(o.contours[i]);
  add(o.n_points);
  for (int i = 0; i < o.n_points; ++i) {
    add(o.points[i].x);
    add(o.points[i].y);
    add(o.tags[i] & 3);  // on the curve, conic or cubic control point
  }
  auto w = widths_.find(code);
  d.add("w" + std::to_string(w == widths_.end() ? (code_bytes_ == 2 ? default_width_ : 0) : w->second));
  out = d.hex();
  return out;
}

}  // namespace cardstock
