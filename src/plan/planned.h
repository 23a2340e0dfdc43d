// planned: an output as planning leaves it and a writer takes it: the file it becomes,
// the format that writes it, its pages, and what manifest.json says of it. Plain data;
// which planner made it is not needed past here. Kinds and formats are enums, so a
// `switch` over them is checked by the compiler; their names live in one table each.
#pragma once
#include <functional>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "base/diag.h"
#include "layout/pages.h"

namespace cardstock {

/// The writer that makes an output's file (output/writer.h's writer_for).
enum class OutputFormat {
  Pdf,      // a PDF drawn by Cairo, finished by qpdf
  PdfCmyk,  // the same, converted to CMYK PDF/X-1a by Ghostscript
  Png,      // a folder of PNG images (print shops, Tabletop Simulator), and its texts
  SvgCut,   // a cutting machine's SVG file
};
inline constexpr OutputFormat kOutputFormats[] = {OutputFormat::Pdf, OutputFormat::PdfCmyk, OutputFormat::Png,
                                                  OutputFormat::SvgCut};

/// What an output is: manifest.json's "kind".
enum class OutputKind {
  Cards, Labels, Foldover, CutFile, Images, Tts, Proof, AnswerKey, Board, Booklet, BookletImposed, Calibration,
};

/// The names manifest.json and messages use: "pdf", "pdf-cmyk", "png", "svg-cut"; "cards",
/// "labels", "foldover", "cut-file", "images", "tts", "proof", "answer-key", "board",
/// "booklet", "booklet-imposed", "calibration".
inline const char* format_name(OutputFormat f) {
  switch (f) {
    case OutputFormat::Pdf: return "pdf";
    case OutputFormat::PdfCmyk: return "pdf-cmyk";
    case OutputFormat::Png: return "png";
    case OutputFormat::SvgCut: return "svg-cut";
  }
  return "?";
}
inline const char* kind_name(OutputKind k) {
  switch (k) {
    case OutputKind::Cards: return "cards";
    case OutputKind::Labels: return "labels";
    case OutputKind::Foldover: return "foldover";
    case OutputKind::CutFile: return "cut-file";
    case OutputKind::Images: return "images";
    case OutputKind::Tts: return "tts";
    case OutputKind::Proof: return "proof";
    case OutputKind::AnswerKey: return "answer-key";
    case OutputKind::Board: return "board";
    case OutputKind::Booklet: return "booklet";
    case OutputKind::BookletImposed: return "booklet-imposed";
    case OutputKind::Calibration: return "calibration";
  }
  return "?";
}
/// True for the kinds that are a deck's printed sheets (cards, labels, fold-over).
inline bool is_sheet_kind(OutputKind k) {
  return k == OutputKind::Cards || k == OutputKind::Labels || k == OutputKind::Foldover;
}

/// What manifest.json says of one output: labels, then planner-written JSON for the
/// members that differ by kind (`extra`, placed after "page_count") and the elements of
/// its "pages" array. The planner knows its pages; the manifest writer only assembles.
/// The pages are written when the manifest is, after drawing (a deck of thousands of
/// cards makes megabytes of it, which need not be held while pages are drawn).
struct ManifestEntry {
  OutputKind kind = OutputKind::Cards;
  std::string deck, stock, paper;  // "" = not written
  std::string extra;               // e.g. ", \"contents\": [...]"
  std::function<void(std::ostream&)> pages;  // writes its pages, each starting "\n      {"
};

struct PlannedOutput {
  std::string file;            // name inside out/<game>/
  OutputFormat format = OutputFormat::Pdf;  // the writer that makes the file
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
  bool near_black_to_k = false;  // format pdf-cmyk: near-black prints in black ink only (stock's black: pure-k)
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
