// pdf_digester: the digests page_digest.h gives, object by object (page_digest.cpp) and
// through content streams (content_digest.cpp). Internal to review/; throws what qpdf
// throws, and TooDeep for a hostile nesting, both caught by page_digests().
#pragma once
#include <qpdf/QPDFObjectHandle.hh>

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "base/hash.h"
#include "diff/glyph_digest.h"

namespace cardstock {

struct TooDeep {};

class PdfDigester {
 public:
  /// The digest of `o` (an indirect object stands for itself by its own digest).
  std::string of(QPDFObjectHandle o);
  /// Writes `o` into `d`; returns the lowest chain level a cycle in it reached (INT_MAX
  /// if none).
  int write(QPDFObjectHandle o, Digest& d, int depth);
  /// Writes what content (a stream or an array of streams) draws with `resources`: each
  /// resource it names stands as the digest of what the name resolves to, each shown
  /// string as its glyphs. So the same drawing digests the same whatever the writer
  /// named its forms and however it subset its fonts.
  void content(QPDFObjectHandle contents, QPDFObjectHandle resources, Digest& d, int depth);

 private:
  friend class ContentWriter;
  static void tagged(Digest& d, char tag, const std::string& s);
  int indirect(QPDFObjectHandle o, Digest& d, int depth);
  int direct(QPDFObjectHandle o, Digest& d, int depth);
  int dictionary(QPDFObjectHandle dict, Digest& d, int depth, bool drawn);
  FontGlyphs& font(QPDFObjectHandle f);

  std::map<QPDFObjGen, std::string> memo_;
  std::vector<QPDFObjGen> chain_;
  std::vector<QPDFObjectHandle> resources_;  // of the content being read: a form without its own inherits them
  std::map<QPDFObjGen, std::unique_ptr<FontGlyphs>> fonts_;
  std::vector<std::unique_ptr<FontGlyphs>> direct_fonts_;
};

}  // namespace cardstock
