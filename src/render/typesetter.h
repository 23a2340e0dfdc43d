// Typesetter: sets text with the private fonts (measuring it for layout, keeping it for
// drawing) and decodes images. Units are points; a problem is returned, never thrown.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "layout/text_measure.h"
#include "render/fonts.h"

namespace cardstock {


/// What a game's outputs are set with: one Pango context over the private fonts, the text
/// it has set and the images it has decoded. render_pdf draws the very layout measure()
/// made, so a text is shaped once however many outputs show it. Kept text is bounded by
/// `cache_bytes` (an estimate; the oldest is dropped first) and never changes a drawn
/// byte: a dropped text is set again identically. Not for use from two threads.
class Typesetter : public Measurer {
 public:
  static constexpr size_t kDefaultCacheBytes = size_t(48) << 20;
  explicit Typesetter(const Fonts& fonts, size_t cache_bytes = kDefaultCacheBytes);
  ~Typesetter() override;
  Typesetter(const Typesetter&) = delete;
  Typesetter& operator=(const Typesetter&) = delete;
  TextExtent measure(const std::string& text, const TextStyle& style,
                     double wrap_width) const override;
  std::vector<double> line_heights(const std::string& text, const TextStyle& style,
                                   double wrap_width) const override;
  /// Which fonts drew `text`, as set for measuring (see FontIssue and fonts.yaml's
  /// `scripts` and `fallback`).
  std::vector<FontIssue> font_issues(const std::string& text, const TextStyle& style,
                                     double wrap_width) const override;
  /// Opens and decodes an image (SVG or PNG) within the limits of images.h and keeps it
  /// for drawing. Returns false with *err saying why it cannot be used, as words to
  /// follow the image's name: "is damaged or cut short: its pixels cannot be decoded".
  bool check_image(const std::string& path, std::string* err) const override;
  /// Lets go of the kept text and the decoded images, when nothing more is to be drawn
  /// with them (the build, once its last output of the game is drawn, before that file's
  /// finishing pass). Drawing after this still works: text is set and images decoded again.
  void let_go();
  /// How often set text was found kept (for tests and benchmarks).
  struct Stats {
    long sets = 0, hits = 0;
  };
  Stats stats() const;
  struct State;
  State* state() const { return state_.get(); }

 private:
  std::unique_ptr<State> state_;
};

}  // namespace cardstock
