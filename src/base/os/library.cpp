#include "base/os/library.h"

#include <dlfcn.h>

namespace cardstock::os {

void* open_library(const std::string& file, const char** error) {
  void* h = ::dlopen(file.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!h) *error = ::dlerror();
  return h;
}

void* library_symbol(void* library, const char* name) { return ::dlsym(library, name); }

}  // namespace cardstock::os
