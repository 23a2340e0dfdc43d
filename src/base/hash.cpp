#include "base/hash.h"

#include <cstdint>
#include <cstdio>
#include <new>

#include <xxhash.h>

namespace cardstock {

std::string combine(const std::vector<std::string>& parts) {
  std::uint64_t v = 1469598103934665603ULL;
  for (const auto& p : parts)
    for (unsigned char c : p + "\n") {
      v ^= c;
      v *= 1099511628211ULL;
    }
  char hex[17];
  std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(v));
  return hex;
}

Digest::Digest() : state_(XXH3_createState()) {
  if (!state_) throw std::bad_alloc();
  XXH3_128bits_reset(static_cast<XXH3_state_t*>(state_));
}

Digest::~Digest() { XXH3_freeState(static_cast<XXH3_state_t*>(state_)); }

void Digest::add(const void* bytes, size_t n) { XXH3_128bits_update(static_cast<XXH3_state_t*>(state_), bytes, n); }

std::string Digest::hex() const {
  // The canonical (big-endian) form: the same digits on every machine.
  XXH128_canonical_t c;
  XXH128_canonicalFromHash(&c, XXH3_128bits_digest(static_cast<const XXH3_state_t*>(state_)));
  std::string out;
  char two[3];
  for (unsigned char b : c.digest) {
    std::snprintf(two, sizeof two, "%02x", b);
    out += two;
  }
  return out;
}

std::string digest(const std::vector<std::string>& parts) {
  Digest d;
  for (const auto& p : parts) {
    d.add(p);
    d.add("\n", 1);
  }
  return d.hex();
}

}  // namespace cardstock
