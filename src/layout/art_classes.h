// art_classes: the card arts of some pages numbered by what they draw, for drawing each
// once (render/). Equal arts (equal art_key at their card size) get one number, in order
// of first appearance. Pure, no errors; sizes in points.
#pragma once
#include <cstddef>
#include <functional>
#include <map>
#include <string>
#include <tuple>
#include <unordered_map>
#include <utility>
#include <vector>

#include "layout/pages.h"

namespace cardstock {

/// Keys are compared whole but not kept: a deck of thousands of distinct cards has
/// megabytes of them. A number keeps the hash of its key and the first card that showed
/// it; a new key with the same hash is compared with that card's key, made again once
/// (then kept). Each art object and size is keyed once, however many cards place it.
/// `hash` is std::hash unless a test gives another (one that makes every key collide).
class ArtClasses {
 public:
  using Hash = std::function<size_t(const std::string&)>;
  explicit ArtClasses(Hash hash = std::hash<std::string>{}) : hash_(std::move(hash)) {}

  /// The number of the art `c` shows. *key (if given) is set to its key when the number
  /// is new, else emptied (a key is never empty: it holds at least the card size).
  size_t add(const PageArt::CardOnPage& c, std::string* key = nullptr);
  /// The number of an art add() has seen (same object, same size), or -1.
  int find(const PageArt::CardOnPage& c) const;
  /// How many numbers add() has given.
  size_t size() const { return count_; }
  /// Lets go of what add() compares with; afterwards only find() and size() answer.
  void done_adding();

  /// The card-local size of the art of `c` (trim turned back upright, at scale 1).
  static std::pair<double, double> card_size(const PageArt::CardOnPage& c);

 private:
  struct Class {
    size_t number = 0;
    const CardArt* art = nullptr;  // the first card's, at its size:
    double w = 0, h = 0;
    std::string key;  // made when a second key of the same hash is compared with it
  };
  Hash hash_;
  std::map<std::tuple<const CardArt*, double, double>, size_t> by_address_;
  std::unordered_map<size_t, std::vector<Class>> by_hash_;
  size_t count_ = 0;
};

}  // namespace cardstock
