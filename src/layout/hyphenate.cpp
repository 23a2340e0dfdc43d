#include "layout/hyphenate.h"

#include <hyphen.h>

#include <cctype>

namespace cardstock {

DictHyphenator::Loaded DictHyphenator::load(const std::string& path) {
  HyphenDict* d = hnj_hyphen_load(path.c_str());
  if (!d) return {nullptr, "cannot load hyphenation dictionary '" + path + "'"};
  return {std::unique_ptr<DictHyphenator>(new DictHyphenator(d)), ""};
}

DictHyphenator::~DictHyphenator() { hnj_hyphen_free(static_cast<HyphenDict*>(dict_)); }

std::vector<size_t> DictHyphenator::breaks(const std::string& word) const {
  std::vector<char> hyphens(word.size() + 5, '0');
  char** rep = nullptr;
  int* pos = nullptr;
  int* cut = nullptr;
  std::vector<size_t> out;
  if (hnj_hyphen_hyphenate2(static_cast<HyphenDict*>(dict_), word.c_str(), static_cast<int>(word.size()),
                            hyphens.data(), nullptr, &rep, &pos, &cut) == 0) {
    // An odd digit after letter i allows a break between i and i+1.
    for (size_t i = 0; i + 1 < word.size(); ++i)
      if ((hyphens[i] - '0') % 2 == 1) out.push_back(i + 1);
  }
  if (rep) {
    for (size_t i = 0; i < word.size(); ++i) free(rep[i]);
    free(rep);
  }
  free(pos);
  free(cut);
  return out;
}

std::string hyphenate_markup(const std::string& m, const Hyphenator& h) {
  static const std::string shy = "\xC2\xAD";
  std::string out;
  out.reserve(m.size() + m.size() / 8);
  size_t i = 0;
  while (i < m.size()) {
    const char c = m[i];
    if (c == '<') {  // a tag: copy through '>'
      const size_t e = m.find('>', i);
      const size_t stop = e == std::string::npos ? m.size() : e + 1;
      out.append(m, i, stop - i);
      i = stop;
      continue;
    }
    if (c == '&') {  // an entity: copy through ';'
      const size_t e = m.find(';', i);
      const size_t stop = e == std::string::npos ? m.size() : e + 1;
      out.append(m, i, stop - i);
      i = stop;
      continue;
    }
    if (!std::isalpha(static_cast<unsigned char>(c))) {
      out += c;
      ++i;
      continue;
    }
    size_t j = i;
    while (j < m.size() && std::isalpha(static_cast<unsigned char>(m[j]))) ++j;
    // Letters glued to non-ASCII bytes (accents, Hebrew) are left alone.
    const bool glued = (j < m.size() && (static_cast<unsigned char>(m[j]) & 0x80)) ||
                       (i > 0 && (static_cast<unsigned char>(m[i - 1]) & 0x80));
    const std::string word = m.substr(i, j - i);
    if (word.size() < 6 || glued) {
      out += word;
      i = j;
      continue;
    }
    std::string lower = word;
    for (auto& ch : lower) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    size_t from = 0;
    for (size_t b : h.breaks(lower)) {
      if (b < 2 || b + 3 > word.size()) continue;
      out.append(word, from, b - from);
      out += shy;
      from = b;
    }
    out.append(word, from, std::string::npos);
    i = j;
  }
  return out;
}

}  // namespace cardstock
