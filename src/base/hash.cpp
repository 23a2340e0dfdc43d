#include "base/hash.h"

#include <cstdint>
#include <cstdio>

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

}  // namespace cardstock
