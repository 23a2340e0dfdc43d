// random: bytes from the system's random source, for secrets (the preview's token).
#pragma once
#include <cstddef>

namespace cardstock::os {

/// Fills `out` with `size` random bytes (getrandom(2)), waiting for the source if it must.
void random_bytes(unsigned char* out, size_t size);

}  // namespace cardstock::os
