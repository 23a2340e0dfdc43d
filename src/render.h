// render: the only code that includes Cairo, Pango, fontconfig or librsvg. Draws laid-out
// pages into PDF files. Units are points; errors are returned as text, never thrown.
#pragma once
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "diag.h"
#include "layout.h"
#include "model.h"
#include "text_measure.h"

namespace cardstock {

/// The private font set: a fontconfig configuration holding exactly the files listed in
/// templates/fonts.yaml, so installing other fonts never changes the output.
class Fonts {
 public:
  /// Missing font files are reported as errors at `where`.
  static std::unique_ptr<Fonts> load(const FontSet& set, const Mark& where, Diagnostics& d);
  ~Fonts();
  Fonts(const Fonts&) = delete;
  Fonts& operator=(const Fonts&) = delete;
  struct Impl;
  Impl* impl() const { return impl_.get(); }

 private:
  explicit Fonts(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

/// Measures text exactly as render_pdf will set it.
class PangoMeasurer : public TextMeasurer {
 public:
  explicit PangoMeasurer(const Fonts& fonts);
  ~PangoMeasurer() override;
  TextExtent measure(const std::string& text, const TextStyle& style,
                     double wrap_width) const override;
  std::vector<double> line_heights(const std::string& text, const TextStyle& style,
                                   double wrap_width) const override;

 private:
  const Fonts& fonts_;
  struct State;
  std::unique_ptr<State> state_;
};

/// What one page shows: cards (their art, footprint and rotation), cut guides, and free
/// items in page coordinates (e.g. an answer-key table).
struct PageArt {
  struct CardOnPage {
    const CardArt* art = nullptr;
    Rect trim, bleed;
    int rotation = 0;
    Shape shape = Shape::Rect;
    double scale = 1;  // art drawn at card size times this (board previews)
  };
  std::vector<CardOnPage> cards;
  std::vector<CutSegment> cuts;
  std::vector<CutCircle> circles;
  std::vector<ArtItem> underlay;  // drawn before the cards
  std::vector<ArtItem> items;     // drawn after them
};

struct PdfInfo {
  std::string title;
  std::string creator;       // "cardstock 0.1.0"
  std::string date;          // ISO 8601, pinned for reproducible output
  double width = 0, height = 0;
};

/// Largest image file accepted, and largest PNG in pixels (width x height).
inline constexpr long kMaxImageBytes = 32L << 20;
inline constexpr long kMaxImagePixels = 40L * 1000 * 1000;

/// Opens and decodes an image (SVG or PNG) as render_pdf would, within the limits above.
/// Returns false with *err saying why it cannot be used.
bool check_image(const std::string& path, std::string* err);

/// Draws `pages` into a new PDF at `path`. Card art is drawn within each card's bleed
/// rectangle, turned by its rotation. Returns false with *err set on failure.
bool render_pdf(const std::string& path, const PdfInfo& info, const std::vector<PageArt>& pages,
                const Fonts& fonts, std::string* err);

}  // namespace cardstock
