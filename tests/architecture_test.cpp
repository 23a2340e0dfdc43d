// The pipeline's direction: a stage includes only itself and the stages before it
//   base -> model -> load -> layout -> plan -> render -> output -> run -> diff -> preview -> cli
// (a file's stage is its first folder under src/: load/yaml/ is load),
// and only render includes Cairo, Pango, fontconfig or librsvg; only diff/poppler_pages.cpp
// (the module loaded on first use) includes poppler; only base/os/ includes a POSIX or
// Linux header.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <string>
#include <vector>

#include "test_util.h"

namespace cardstock {

namespace fs = std::filesystem;

TEST(Architecture, IncludesRunDownThePipeline) {
  const std::vector<std::string> stages = {"base",   "model", "load", "layout",  "plan", "render",
                                           "output", "run",   "diff", "preview", "cli"};
  auto rank = [&](const std::string& s) {
    for (size_t i = 0; i < stages.size(); ++i)
      if (stages[i] == s) return static_cast<int>(i);
    return -1;
  };
  const std::regex own(R"(#include\s+"([a-z]+)/[^"]+")"), drawing(R"(#include\s+[<"](cairo|pango|fontconfig|librsvg))"),
      reading(R"(#include\s+[<"]poppler)");
  int files = 0;
  const fs::path src = testing::source_dir() + "/src";
  for (const auto& e : fs::recursive_directory_iterator(src)) {
    if (!e.is_regular_file()) continue;
    // A file's stage is the first folder under src/: load/yaml/x.cpp is in load.
    const fs::path rel = e.path().lexically_relative(src);
    const std::string stage = rel.begin()->string();
    ASSERT_TRUE(rel.has_parent_path() && rank(stage) >= 0) << e.path() << " is in no stage folder";
    std::ifstream in(e.path());
    std::string line;
    for (int n = 1; std::getline(in, line); ++n) {
      std::smatch m;
      if (std::regex_search(line, m, own)) {
        EXPECT_LE(rank(m[1]), rank(stage)) << e.path().string() << ":" << n << " runs back up: " << line;
      }
      if (std::regex_search(line, m, drawing)) {
        EXPECT_EQ(stage, "render") << e.path().string() << ":" << n << ": " << line;
      }
      // poppler only in the module the program loads when it first reads a PDF back.
      if (std::regex_search(line, m, reading)) {
        EXPECT_EQ(rel.generic_string(), "diff/poppler_pages.cpp")
            << e.path().string() << ":" << n << ": " << line;
      }
    }
    ++files;
  }
  EXPECT_GT(files, 20);
}

// Linux's own calls (processes, signals, inotify, flock, dlopen, getrandom) live in base/os/
// alone, so a port to another system changes one folder. <csignal> stays allowed elsewhere:
// std::signal and std::raise are ISO C++; SIGXFSZ, sigaction and masks are not, and need
// <signal.h>, which is refused. Tests may include what they like.
TEST(Architecture, OnlyBaseOsCallsTheSystem) {
  const std::regex posix(
      R"(#\s*include\s*<(unistd|fcntl|signal|poll|dlfcn|pthread|spawn|dirent|termios|netdb|glob|grp|pwd|sched|semaphore)\.h>)"
      R"(|#\s*include\s*<(sys|linux|arpa|netinet|asm)/)");
  const fs::path src = testing::source_dir() + "/src";
  int files = 0, os_files = 0;
  for (const auto& e : fs::recursive_directory_iterator(src)) {
    if (!e.is_regular_file()) continue;
    const std::string rel = e.path().lexically_relative(src).generic_string();
    const bool os = rel.rfind("base/os/", 0) == 0;
    std::ifstream in(e.path());
    std::string line;
    bool calls = false;
    for (int n = 1; std::getline(in, line); ++n) {
      if (!std::regex_search(line, posix)) continue;
      calls = true;
      EXPECT_TRUE(os) << "src/" << rel << ":" << n << " includes a system header outside base/os/: " << line;
    }
    ++files;
    os_files += os && calls;
  }
  EXPECT_GT(files, 20);
  EXPECT_GE(os_files, 5);  // the layer is there, and the pattern finds its headers
}

}  // namespace cardstock
