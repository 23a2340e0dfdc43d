#include "base/files.h"

#include <algorithm>
#include <filesystem>

namespace cardstock {

std::string byte_size(size_t bytes) {
  if (bytes < 1024) return std::to_string(bytes) + (bytes == 1 ? " byte" : " bytes");
  if (bytes < (size_t(1) << 20)) return std::to_string(bytes >> 10) + " KB";
  if (bytes < (size_t(10) << 20)) {
    const size_t tenths = bytes * 10 / (size_t(1) << 20);
    return std::to_string(tenths / 10) + (tenths % 10 ? "." + std::to_string(tenths % 10) : "") + " MB";
  }
  return std::to_string(bytes >> 20) + " MB";
}

std::vector<std::string> files_under(const std::string& dir) {
  namespace fs = std::filesystem;
  std::vector<std::string> files;
  std::error_code ec;
  for (auto it = fs::recursive_directory_iterator(dir, ec); !ec && it != fs::recursive_directory_iterator();
       it.increment(ec))
    if (it->is_regular_file(ec)) files.push_back(it->path().string());
  std::sort(files.begin(), files.end());
  return files;
}

}  // namespace cardstock
