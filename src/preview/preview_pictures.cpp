// preview_pictures: card and page pictures for the preview, keyed by what they show. The
// proof's marks (layout/proof.h) are the ones `build --proof` prints, so the larger view
// and the proof PDF agree.
#include "preview/preview_pictures.h"

#include <cmath>
#include <cstring>

#include "base/diag.h"
#include "base/hash.h"
#include "layout/art_key.h"
#include "layout/proof.h"
#include "render/png.h"

namespace cardstock {

namespace {

// Doubles by their bits, as art_key does: any change is a new key.
void add_number(Digest& d, double v) { d.add(&v, sizeof v); }

void add_rect(Digest& d, const Rect& r) {
  for (double v : {r.x, r.y, r.w, r.h}) add_number(d, v);
}

// Free items (proof marks, sheet texts, booklet text) keyed as the art of a card would be.
void add_items(Digest& d, const std::vector<ArtItem>& items, const PlannedPage& page) {
  CardArt as_art;
  as_art.items = items;
  d.add(art_key(as_art, page.width, page.height));
}

}  // namespace

int PictureJob::width() const { return std::max(1, static_cast<int>(std::lround(page.width * dpi / 72))); }
int PictureJob::height() const { return std::max(1, static_cast<int>(std::lround(page.height * dpi / 72))); }

PlannedPage card_picture_page(const CardArt& art, const CardSize& size, bool large) {
  const double w = size.width.pt, h = size.height.pt, b = large ? size.bleed.pt : 0;
  PlannedPage page;
  page.width = w + 2 * b;
  page.height = h + 2 * b;
  page.boxes = whole_page_boxes(page.width, page.height);
  PageArt::CardOnPage c;
  c.art = &art;
  c.trim = {b, b, w, h};
  c.bleed = {0, 0, page.width, page.height};
  c.shape = size.shape;
  page.art.cards.push_back(c);
  return page;
}

std::string picture_key(const PictureJob& job, const std::string& salt) {
  Digest d;
  const PlannedPage& p = job.page;
  for (double v : {p.width, p.height, job.dpi}) add_number(d, v);
  d.add(salt);
  d.add(job.proof_of ? "proof" : "plain");
  for (const auto& c : p.art.cards) {
    d.add(c.art ? art_key(*c.art, c.trim.w, c.trim.h) : std::string("none"));
    add_rect(d, c.trim);
    add_rect(d, c.bleed);
    for (double v : {static_cast<double>(c.rotation), static_cast<double>(c.shape), c.scale, c.tilt, c.radius})
      add_number(d, v);
  }
  for (const auto& s : p.art.cuts)
    for (double v : {s.x1, s.y1, s.x2, s.y2, static_cast<double>(s.kind)}) add_number(d, v);
  for (const auto& c : p.art.circles)
    for (double v : {c.cx, c.cy, c.r}) add_number(d, v);
  add_number(d, static_cast<double>(p.art.registration.size()));
  d.add("underlay");
  add_items(d, p.art.underlay, p);
  d.add("items");
  add_items(d, p.art.items, p);
  return d.hex();
}

std::string PictureCache::get(const std::string& key, const PictureJob& job, std::mutex& draw_lock) {
  {
    std::lock_guard<std::mutex> l(mutex_);
    if (auto it = kept_.find(key); it != kept_.end()) {
      order_.splice(order_.begin(), order_, it->second.second);
      return it->second.first;
    }
  }
  std::string png;
  {
    std::lock_guard<std::mutex> l(draw_lock);
    {  // drawn by another request while this one waited
      std::lock_guard<std::mutex> k(mutex_);
      if (auto it = kept_.find(key); it != kept_.end()) return it->second.first;
    }
    if (!job.ts) return "";
    PlannedPage page = job.page;
    if (job.proof_of && !page.art.cards.empty() && page.art.cards[0].art)
      page.art.items = proof_marks(*page.art.cards[0].art, *job.proof_of, page.art.cards[0].trim, *job.ts);
    Diagnostics d;
    if (!render_png(page, job.width(), job.height(), job.dpi, *job.ts, &png, Mark{"preview"}, d)) return "";
  }
  put(key, png);
  return png;
}

bool PictureCache::has(const std::string& key) {
  std::lock_guard<std::mutex> l(mutex_);
  return kept_.count(key) > 0;
}

size_t PictureCache::bytes() {
  std::lock_guard<std::mutex> l(mutex_);
  return bytes_;
}

void PictureCache::put(const std::string& key, std::string png) {
  std::lock_guard<std::mutex> l(mutex_);
  if (kept_.count(key)) return;
  bytes_ += png.size();
  order_.push_front(key);
  kept_[key] = {std::move(png), order_.begin()};
  while (bytes_ > budget_ && order_.size() > 1) {
    auto last = kept_.find(order_.back());
    bytes_ -= last->second.first.size();
    kept_.erase(last);
    order_.pop_back();
  }
}

}  // namespace cardstock
