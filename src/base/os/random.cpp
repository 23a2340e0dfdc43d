#include "base/os/random.h"

#include <sys/random.h>

namespace cardstock::os {

void random_bytes(unsigned char* out, size_t size) {
  size_t got = 0;
  while (got < size) {
    const ssize_t n = ::getrandom(out + got, size - got, 0);
    if (n > 0) got += static_cast<size_t>(n);
  }
}

}  // namespace cardstock::os
