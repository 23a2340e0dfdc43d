// progress: the one line a long build shows on a terminal, "cardstock: 12/40 outputs,
// prophets/tiles-hex-tile-letter.pdf", redrawn in place on stderr as outputs are done,
// and within an output as its pages are drawn ("..., page 120/445"), at most ten times a
// second. Names from the input are shown escaped.
// Nothing at all is written when it is off: output that is not a terminal, --quiet, or a
// build process started by another. Without escape sequences (NO_COLOR, TERM=dumb) the
// line is overwritten with spaces instead of erased.
#pragma once
#include <chrono>
#include <cstddef>
#include <ostream>
#include <string>
#include <utility>

namespace cardstock {

/// Whether a build shows progress: not `quiet`, stderr is a terminal, TERM is not "dumb".
bool progress_wanted(bool quiet);

/// Whether terminal escape sequences may be written: NO_COLOR unset or empty, TERM not
/// "dumb" (https://no-color.org).
bool escapes_allowed();

class Progress {
 public:
  Progress(std::ostream& err, bool on, bool escapes) : err_(err), on_(on), escapes_(escapes) {}
  ~Progress() { clear(); }
  Progress(const Progress&) = delete;
  Progress& operator=(const Progress&) = delete;
  /// The words round the count: "cardstock: " and " outputs" unless set (diff: "cardstock:
  /// comparing pages " and "").
  void words(std::string lead, std::string unit) {
    lead_ = std::move(lead);
    unit_ = std::move(unit);
  }
  /// `n` more outputs to do.
  void add_total(size_t n) { total_ += n; }
  /// `n` outputs done, the last of them `what`; redraws the line.
  void done(size_t n, const std::string& what);
  /// Within output `what`: `k` of its `n` units (pages, images, card arts) drawn; redraws
  /// the line if a tenth of a second has passed since it was last drawn, or k == n.
  void step(const std::string& what, size_t k, size_t n, const char* unit);
  /// Erases the line, before anything else is printed (and at the end).
  void clear();

 private:
  std::ostream& err_;
  const bool on_, escapes_;
  size_t total_ = 0, done_ = 0, shown_ = 0;
  std::string lead_ = "cardstock: ", unit_ = " outputs";
  std::chrono::steady_clock::time_point drawn_at_{};

  // Draws "cardstock: done/total outputs" with `what` (shortened from its start to fit
  // 78 columns) and `tail` after it.
  void draw(const std::string& what, const std::string& tail);
};

}  // namespace cardstock
