// Helpers for tests that build real outputs: temporary folders, build options pointing
// at the repo's templates, file contents and poppler strings.
#pragma once
#include <poppler-global.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "build.h"
#include "test_util.h"

namespace cardstock::testing {

/// An empty folder under the system temp dir, unique to this process and `name`.
inline std::filesystem::path fresh_dir(const std::string& name) {
  auto d = std::filesystem::temp_directory_path() /
           ("cardstock-" + name + "-" + std::to_string(::getpid()));
  std::filesystem::remove_all(d);
  std::filesystem::create_directories(d);
  return d;
}

/// Build options with the shipped templates, writing into `out`.
inline BuildOptions build_options(const std::filesystem::path& out) {
  BuildOptions o;
  o.templates_dir = source_dir() + "/templates";
  o.out_dir = out.string();
  return o;
}

inline std::string slurp(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

inline std::string utf8(const poppler::ustring& u) {
  auto v = u.to_utf8();
  return std::string(v.begin(), v.end());
}

}  // namespace cardstock::testing
