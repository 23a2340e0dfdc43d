// planned: an output as planning leaves it and a writer takes it: the file it becomes,
// the format that writes it, its pages, and what manifest.json says of it. Plain data;
// which planner made it is not needed past here.
#pragma once
#include <functional>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "base/diag.h"
#include "layout/pages.h"

namespace cardstock {

/// What manifest.json says of one output: labels, then planner-written JSON for the
/// members that differ by kind (`extra`, placed after "page_count") and the elements of
/// its "pages" array. The planner knows its pages; the manifest writer only assembles.
/// The pages are written when the manifest is, after drawing (a deck of thousands of
/// cards makes megabytes of it, which need not be held while pages are drawn).
struct ManifestEntry {
  std::string kind;                // "cards", "labels", "answer-key", "board", "booklet"...
  std::string deck, stock, paper;  // "" = not written
  std::string extra;               // e.g. ", \"contents\": [...]"
  std::function<void(std::ostream&)> pages;  // writes its pages, each starting "\n      {"
};

struct PlannedOutput {
  std::string file;            // name inside out/<game>/
  std::string format = "pdf";  // the writer that makes the file (output/writer.h): pdf,
                               // pdf-cmyk (converted by Ghostscript), png (a folder)
  std::string title;           // document title
  double width = 0, height = 0;  // the page size it is made for (pages may differ)
  std::vector<PlannedPage> pages;
  ManifestEntry manifest;
  double weight = 0;                 // rough drawing cost, to share outputs among processes
  std::vector<std::string> inputs;   // files it is made from beyond the game's common ones
  Mark mark;                         // what in the game file asks for it
  std::string origin;                // the same in words: "deck 'cards' on stock '...'"
  std::string inputs_key;            // set by the cache: changes when its inputs do
  // An output that is a folder (png, tts): the file each page becomes, in page order, its
  // size in pixels and resolution, and further files written beside the pages (name,
  // text: the Tabletop Simulator saved object). The folder is `file`.
  std::vector<std::string> page_files;
  std::vector<std::pair<int, int>> page_pixels;
  double dpi = 0;
  std::vector<std::pair<std::string, std::string>> texts;
  double ink_limit = 0;  // format pdf-cmyk: the most total ink (%) the shop takes; 0 = none
  std::string imposes;   // the output (file) whose pages its pages show (PageArt::placed)
  bool is_folder() const { return !page_files.empty() || !texts.empty(); }
  /// Every file inside the folder, pages first.
  std::vector<std::string> folder_files() const {
    std::vector<std::string> v = page_files;
    for (const auto& t : texts) v.push_back(t.first);
    return v;
  }
};

}  // namespace cardstock
