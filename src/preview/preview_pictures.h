// preview_pictures: the pictures `cardstock preview` shows, drawn by the same renderer
// as the PDFs (render/png.h) at screen resolution: a card (its trim), a card larger with
// its bleed and the proof's trim, bleed and safe lines, and a printed page. Each picture
// is named by a key of what it shows, so an edit redraws only the pictures it changed;
// drawn pictures are kept within a byte budget. Thread-safe; drawing is one at a time.
#pragma once
#include <cstddef>
#include <list>
#include <map>
#include <memory>
#include <mutex>
#include <string>

#include "layout/pages.h"
#include "render/typesetter.h"

namespace cardstock {

/// What to draw for one key: a page, at `dpi` (96 = CSS pixels), with the typesetter of
/// its game; `keep` holds what the page points at (the run) alive.
struct PictureJob {
  std::shared_ptr<const void> keep;
  const Typesetter* ts = nullptr;
  PlannedPage page;
  double dpi = 96;
  // Set for a card's larger view: the proof's lines over the card are added when it is
  // drawn (they measure its text), for a card of this size.
  const CardSize* proof_of = nullptr;
  int width() const;   // pixels
  int height() const;
};

/// The page of card art `art` of size `size`: the trim alone, or (`large`) with its bleed
/// round it (the proof's lines are added by the job's proof_of when it is drawn).
PlannedPage card_picture_page(const CardArt& art, const CardSize& size, bool large);

/// 32 hex digits that change exactly when what `job` draws does: the page's size, its
/// cards' arts (layout/art_key.h) and where they are, its items, guides and `dpi`, and
/// `salt` (what the key cannot see: the image files' and fonts' dates).
std::string picture_key(const PictureJob& job, const std::string& salt);

/// Drawn pictures by key, the least recently used let go past `budget` bytes.
class PictureCache {
 public:
  explicit PictureCache(size_t budget = size_t(96) << 20) : budget_(budget) {}
  /// The PNG of `key`, drawing it with `job` if it is not kept; "" if it cannot be drawn.
  /// Drawing holds `draw_lock` (Cairo and Pango are used by one thread at a time).
  std::string get(const std::string& key, const PictureJob& job, std::mutex& draw_lock);
  /// Whether `key` is drawn already.
  bool has(const std::string& key);
  size_t bytes();

 private:
  void put(const std::string& key, std::string png);
  std::mutex mutex_;
  size_t budget_, bytes_ = 0;
  std::list<std::string> order_;  // most recently used first
  std::map<std::string, std::pair<std::string, std::list<std::string>::iterator>> kept_;
};

}  // namespace cardstock
