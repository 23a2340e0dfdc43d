#include "layout/art_classes.h"

#include "layout/art_key.h"

namespace cardstock {

size_t ArtClasses::add(const PageArt::CardOnPage& c, std::string* key) {
  const auto [cw, ch] = card_size(c);
  auto [slot, fresh] = by_address_.try_emplace(std::make_tuple(c.art, cw, ch), 0);
  if (key) key->clear();
  if (!fresh) return slot->second;
  std::string k = art_key(*c.art, cw, ch);
  std::vector<Class>& same_hash = by_hash_[hash_(k)];
  for (Class& cls : same_hash) {
    // Equal hashes say nothing: the keys decide (a card differing from another in one
    // character must never be drawn as that one).
    if (cls.key.empty()) cls.key = art_key(*cls.art, cls.w, cls.h);
    if (cls.key == k) return slot->second = cls.number;
  }
  slot->second = count_++;
  same_hash.push_back({slot->second, c.art, cw, ch, {}});
  if (key) *key = std::move(k);
  return slot->second;
}

int ArtClasses::find(const PageArt::CardOnPage& c) const {
  const auto [cw, ch] = card_size(c);
  auto it = by_address_.find(std::make_tuple(c.art, cw, ch));
  return it == by_address_.end() ? -1 : static_cast<int>(it->second);
}

void ArtClasses::done_adding() { std::unordered_map<size_t, std::vector<Class>>().swap(by_hash_); }

std::pair<double, double> ArtClasses::card_size(const PageArt::CardOnPage& c) {
  const bool turned = c.rotation == 90 || c.rotation == 270;
  return {(turned ? c.trim.h : c.trim.w) / c.scale, (turned ? c.trim.w : c.trim.h) / c.scale};
}

}  // namespace cardstock
