// Counting which art one PDF shows more than once, and the card transforms.
#include "render/shared_art.h"

#include <cmath>

#include "load/images/images.h"

namespace cardstock {

SharedArt::SharedArt(const std::vector<PlannedPage>& pages, const ArtBook* book) {
  std::string key;
  for (const auto& page : pages)
    for (const auto& c : page.art.cards) {
      const size_t cls = classes_.add(c, &key);
      if (!key.empty()) {
        uses_.push_back(0);
        const auto in_book = book ? book->page_of.find(key) : decltype(book->page_of)::const_iterator{};
        book_page_.push_back(book && in_book != book->page_of.end() ? in_book->second : -1);
      }
      if (book_page_[cls] >= 0) {
        any_ = true;  // its images are drawn in the book, with it
        continue;
      }
      if (++uses_[cls] == 2) any_ = true;
      for (const auto& it : c.art->items)
        if (it.type == LayerType::Image && picture_kind(it.image) != PictureKind::Png && ++image_uses_[it.image] == 2) any_ = true;
    }
  classes_.done_adding();
  shared_index_.assign(uses_.size(), -1);
}

int SharedArt::in_book(const PageArt::CardOnPage& c) const {
  const int cls = classes_.find(c);
  return cls < 0 ? -1 : book_page_[static_cast<size_t>(cls)];
}

int SharedArt::image(const std::string& path, const ImageCache::Image* decoded) {
  auto it = image_uses_.find(path);
  if (it == image_uses_.end() || it->second < 2) return -1;
  auto [slot, fresh] = image_index_.try_emplace(path, static_cast<int>(first_.size()));
  if (fresh) first_.push_back({{}, decoded});
  return slot->second;
}

int SharedArt::shared(const PageArt::CardOnPage& c) {
  const int cls = classes_.find(c);
  if (cls < 0 || uses_[static_cast<size_t>(cls)] < 2 || book_page_[static_cast<size_t>(cls)] >= 0) return -1;
  int& k = shared_index_[static_cast<size_t>(cls)];
  if (k < 0) {
    k = static_cast<int>(first_.size());
    first_.push_back({c, nullptr});
  }
  return k;
}

cairo_matrix_t tilt_matrix(const PageArt::CardOnPage& c) {
  cairo_matrix_t m;
  cairo_matrix_init_identity(&m);
  if (c.tilt == 0) return m;
  const double cx = c.trim.x + c.trim.w / 2, cy = c.trim.y + c.trim.h / 2;
  cairo_matrix_translate(&m, cx, cy);
  cairo_matrix_rotate(&m, c.tilt * M_PI / 180.0);
  cairo_matrix_translate(&m, -cx, -cy);
  return m;
}

cairo_matrix_t card_matrix(const PageArt::CardOnPage& c) {
  const auto [cw, ch] = SharedArt::art_size(c);
  cairo_matrix_t m;
  cairo_matrix_init_translate(&m, c.trim.x + c.trim.w / 2, c.trim.y + c.trim.h / 2);
  cairo_matrix_rotate(&m, c.rotation * M_PI / 180.0);
  cairo_matrix_scale(&m, c.scale, c.scale);
  cairo_matrix_translate(&m, -cw / 2, -ch / 2);
  return m;
}

}  // namespace cardstock
