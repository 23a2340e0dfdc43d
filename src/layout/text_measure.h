// TextMeasurer: how layout learns the size of set text without knowing about Pango.
// All sizes in points.
#pragma once
#include <string>
#include <vector>

#include "model/model.h"

namespace cardstock {

struct TextStyle {
  std::string font;
  bool bold = false, italic = false;
  double size = 10;  // points
  Align align = Align::Left;
  bool rtl = false;
  bool markup = false;
  double line_spacing = 1;
  // The image file of each U+FFFC (object replacement character) in the text, in order:
  // an icon drawn 1 em tall on the baseline, set like a glyph ("": an ordinary U+FFFC).
  // (kIconChar, U+FFFC in UTF-8, is in model/model.h: the booklet's loader sets it too.)
  std::vector<std::string> icons;
};

struct TextExtent {
  double width = 0;   // widest line (may exceed the wrap width if a word cannot break)
  double height = 0;  // all lines
  int lines = 0;
  bool markup_ok = true;
};

/// A way in which set text is not drawn as its style asks (found by the measurer that
/// knows the fonts; layout reports it where the text came from).
struct FontIssue {
  enum class Kind {
    Fallback,  // characters the family lacks, drawn in a family not declared to draw them
    Missing,   // characters no font of the set has: drawn as empty boxes
    NoFace,    // the family has no face of the asked weight or style: drawn in another
  };
  Kind kind = Kind::Fallback;
  std::string family;                // the family the text asked for
  std::string used;                  // Fallback: the family that drew the characters
  std::string script;                // Fallback: their Unicode script ("arabic"; "common")
  std::vector<char32_t> chars;       // Fallback, Missing: the first few, in text order
  std::vector<std::string> suggest;  // Fallback: families of the set meant for them
  bool bold = false, italic = false; // NoFace: the faces the family lacks
};

class TextMeasurer {
 public:
  virtual ~TextMeasurer() = default;
  /// Sets `text` wrapped at `wrap_width` points and returns its extent.
  virtual TextExtent measure(const std::string& text, const TextStyle& style,
                             double wrap_width) const = 0;
  /// The height of each line of `text` wrapped at `wrap_width`, top to bottom; they add
  /// up to measure().height. The default splits that height evenly.
  virtual std::vector<double> line_heights(const std::string& text, const TextStyle& style,
                                           double wrap_width) const;
  /// What setting `text` needed beyond its own family's faces (see FontIssue), merged per
  /// kind, family and script. The default (no fonts) finds nothing.
  virtual std::vector<FontIssue> font_issues(const std::string& text, const TextStyle& style,
                                             double wrap_width) const;
};

/// What preparing a game asks of the renderer without knowing it (plan/ is Cairo-free):
/// text measured as it will be drawn, and each image opened as it will be drawn. The
/// render stage's Typesetter is the real one; tests and the fuzzer give their own.
class Measurer : public TextMeasurer {
 public:
  /// Whether the image file at `path` can be drawn: false with *err saying why, as
  /// words to follow the image's name ("is damaged or cut short: ...").
  virtual bool check_image(const std::string& path, std::string* err) const = 0;
};

/// A fixed-metrics measurer for tests and the fuzzer (no fonts): every character is
/// 0.5 em wide, lines are 1.2 em tall, words wrap at spaces; every image can be drawn
/// (decoding is the render stage's).
class FixedMeasurer : public Measurer {
 public:
  TextExtent measure(const std::string& text, const TextStyle& style,
                     double wrap_width) const override;
  bool check_image(const std::string&, std::string*) const override { return true; }
};

}  // namespace cardstock
