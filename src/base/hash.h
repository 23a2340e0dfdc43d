// hash: keys of bytes. Input keys (what an output is made from) use XXH3-128 from xxHash:
// a maintained, tested hash that reads gigabytes a second, with 128 bits so that two
// different inputs never meet in practice. `combine` is a short FNV-1a of names, kept for
// ids that are pinned in outputs (Tabletop Simulator object ids). Not cryptographic;
// no errors.
#pragma once
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace cardstock {

/// A hash of `parts`, each followed by a newline, as 16 hex digits (FNV-1a 64).
std::string combine(const std::vector<std::string>& parts);

/// XXH3-128 of bytes added in any number of pieces, as 32 hex digits.
class Digest {
 public:
  Digest();
  ~Digest();
  Digest(const Digest&) = delete;
  Digest& operator=(const Digest&) = delete;
  void add(const void* bytes, size_t n);
  void add(std::string_view s) { add(s.data(), s.size()); }
  std::string hex() const;

 private:
  void* state_;  // an XXH3_state_t (xxhash.h stays out of this header)
};

/// XXH3-128 of `parts`, each followed by a newline, as 32 hex digits.
std::string digest(const std::vector<std::string>& parts);

}  // namespace cardstock
