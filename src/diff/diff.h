// diff: `cardstock diff OLD NEW` compares two output folders (out/ of the main branch and
// of a pull request, say): which outputs were added, removed or changed, which pages of a
// changed PDF look different (pages whose digests differ, page_digest.h, drawn at the
// same resolution and compared pixel by pixel), and which cards on those pages changed (the pixels that differ, matched
// against the placements manifest.json records, with each card's source file:line:col).
// With a report folder it writes index.html and the pages as PNGs (report.h).
//
// Both folders may come from anyone: a symbolic link or special file in them, a missing
// or malformed manifest.json, a PDF that does not parse, too many pages, a page too
// large to draw are errors in words; nothing is written outside the report folder.
#pragma once
#include <ostream>
#include <string>
#include <vector>

#include "base/diag.h"
#include "diff/manifest_read.h"

namespace cardstock {

/// Most files (and folders) one output folder may hold, and its deepest nesting.
inline constexpr long kMaxDiffFiles = 100000;
inline constexpr int kMaxDiffDepth = 16;

struct DiffOptions {
  std::string old_dir, new_dir;
  std::string report_dir;   // "" = no report
  double dpi = 100;         // resolution pages are compared and pictured at
  int max_pictures = 200;   // pages pictured in the report; the rest are listed
  std::string source_url;   // prefix for links to sources: URL + "content/x.yaml#L12"
};

/// A card (a placement of the manifest) on a page that differs.
struct CardChange {
  std::string id, source, side;
  std::vector<long> copies;
  std::string what;   // "changed" (pixels in its box differ), "moved", "added", "removed"
  long pixels = 0;    // pixels that differ inside its box
  PageBox box;        // where, on the new page (the old one if removed), in pixels
  bool has_box = false;
};

struct PageDiff {
  int page = 0;                 // 1-based
  std::string what;             // "changed", "added", "removed"
  long pixels = 0;              // pixels that differ (0 for added and removed pages)
  long pixels_outside = 0;      // of those, outside every placement (cut guides, heads...)
  bool size_changed = false;
  double old_w = 0, old_h = 0, new_w = 0, new_h = 0;  // points; 0 if that side has none
  int old_px_w = 0, old_px_h = 0, new_px_w = 0, new_px_h = 0;  // as drawn, in pixels
  std::vector<CardChange> cards;
  /// Where the differing pixels are, in pixels: the smallest box round those of each
  /// card's copy, and one round those outside every card. Outlined in the difference
  /// picture; the report shows each close up.
  std::vector<PageBox> areas;
  // Pictures in the report folder (relative paths), "" if not pictured.
  std::string old_png, new_png, diff_png;
};

struct OutputDiff {
  std::string file;   // relative to the compared folders: "dayenu/cards-poker-3x3-letter.pdf"
  std::string what;   // "added", "removed", "changed"
  bool pdf = false;
  long old_pages = -1, new_pages = -1;  // -1: not a PDF, or that side has none
  std::vector<PageDiff> pages;          // changed PDFs: the pages that differ
  std::string note;                     // e.g. "no page looks different: only the file's bytes differ"
};

struct DiffResult {
  std::vector<OutputDiff> outputs;  // sorted by file
  long unchanged = 0;               // outputs identical in both
  long pictured = 0, not_pictured = 0;
  bool changed() const { return !outputs.empty(); }
};

/// Compares the folders and, if o.report_dir is set, writes the report there. Problems
/// go into `d` (the result is then incomplete).
DiffResult diff_folders(const DiffOptions& o, Diagnostics& d);

/// The command: compares, writes the report, prints a summary (text, or JSON with
/// `json`) on `out` and problems on `err`. Returns 0 if nothing changed, 1 if something
/// did, 2 if the folders could not be compared.
int diff_command(const DiffOptions& o, bool json, std::ostream& out, std::ostream& err);

/// The summary `diff_command` prints, as text or JSON.
std::string diff_text(const DiffResult& r, const DiffOptions& o);
std::string diff_json(const DiffResult& r, const DiffOptions& o);

}  // namespace cardstock
