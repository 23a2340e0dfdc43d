// glyph_digest: what a PDF font draws for each character code, independent of how the
// writer subset the font. Two builds of a deck subset the same font differently (a new
// letter on one card renumbers the subset), yet draw the same glyphs on every other page;
// `diff` digests the glyph outlines (read with FreeType), not the subset's bytes. Never
// throws; a font or code it cannot map exactly gives "" and the caller hashes raw bytes.
#pragma once
#include <qpdf/QPDFObjectHandle.hh>

#include <cstdint>
#include <map>
#include <memory>
#include <string>

namespace cardstock {

/// One embedded TrueType font of a PDF (a simple /TrueType font, or a /Type0 font with
/// /Identity-H over a /CIDFontType2): each code's glyph outline in font units, its
/// advance and the width the PDF gives it.
class FontGlyphs {
 public:
  explicit FontGlyphs(QPDFObjectHandle font);
  ~FontGlyphs();
  FontGlyphs(const FontGlyphs&) = delete;
  FontGlyphs& operator=(const FontGlyphs&) = delete;

  /// Bytes a code takes in a string shown with this font (1 or 2); 0 if the font cannot
  /// be read this way (another kind of font, no embedded TrueType program, a charmap
  /// that disagrees with itself).
  int code_bytes() const { return code_bytes_; }

  /// The digest of what `code` draws (outline, advance, PDF width), or "" when the code
  /// maps to no glyph or to glyphs the font's charmaps disagree on.
  const std::string& glyph(uint32_t code);

 private:
  struct Face;
  std::unique_ptr<Face> face_;
  int code_bytes_ = 0;
  bool identity_ = false;    // CID = glyph index
  std::string cid_to_gid_;   // a /CIDToGIDMap stream: two bytes a CID
  std::map<uint32_t, double> widths_;
  double default_width_ = 0;
  std::map<uint32_t, std::string> memo_;

  bool read_simple(QPDFObjectHandle font);
  bool read_composite(QPDFObjectHandle font);
  bool load(QPDFObjectHandle descriptor);
  uint32_t glyph_index(uint32_t code, bool* agree) const;
};

}  // namespace cardstock
