// hyphen: where English words may break, from a libhyphen (TeX pattern) dictionary, and
// soft hyphens (U+00AD) put there in Pango markup so Pango can break and draw a hyphen.
// Loading failures are returned as text; nothing throws.
#pragma once
#include <memory>
#include <string>
#include <vector>

namespace cardstock {

class Hyphenator {
 public:
  virtual ~Hyphenator() = default;
  /// Byte offsets inside `word` (lower-case ASCII letters) before which it may break.
  virtual std::vector<size_t> breaks(const std::string& word) const = 0;
};

/// A libhyphen dictionary (e.g. /usr/share/hyphen/hyph_en_US.dic).
class DictHyphenator : public Hyphenator {
 public:
  /// The dictionary, or none and `error` saying it cannot be loaded.
  struct Loaded {
    std::unique_ptr<DictHyphenator> dict;
    std::string error;
  };
  static Loaded load(const std::string& path);
  ~DictHyphenator() override;
  std::vector<size_t> breaks(const std::string& word) const override;

 private:
  explicit DictHyphenator(void* dict) : dict_(dict) {}
  void* dict_;
};

/// Inserts soft hyphens into the words of `markup` (ASCII letter runs of 6 or more, at
/// least 2 letters before and 3 after a break), leaving tags and entities untouched.
std::string hyphenate_markup(const std::string& markup, const Hyphenator& h);

}  // namespace cardstock
