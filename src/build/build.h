// build: turns game files into outputs in out/<game>/. Every output is rendered to a
// temporary file beside its final path and renamed only when all of a game's outputs
// succeeded, so a failed build leaves the previous files untouched. Diagnostics print
// to `err`; the return value is the process exit code (0 ok, 1 content errors).
#pragma once
#include <memory>
#include <ostream>
#include <string>
#include <vector>

#include "layout/booklet_layout.h"
#include "base/diag.h"
#include "layout/layout.h"
#include "model/model.h"

namespace cardstock {

inline constexpr const char* kVersion = "0.1.0";

struct BuildOptions {
  std::string templates_dir = "templates";
  std::string out_dir = "out";
  std::string paper = "all";  // a paper id (letter, a4, ...) or "all"
  bool backs = true;          // false: fronts only, no back pages
  bool strict = false;        // warnings count as errors
  bool allow_outside = false; // images and booklet sources may lie outside the game's folder
  bool force = false;         // render every output even if its inputs did not change
  int jobs = 0;               // processes at once; 0 = one per core
  std::string self_exe;       // the cardstock program, to build in processes ("" = all here)
  // Internal (--shard K/N, set by the parent build): draw only share K of the one game's
  // outputs into temporary files and rename nothing; share 0 also writes the manifest.
  int shard = 0, shards = 1;
  std::string date;           // PDF dates; "" = from SOURCE_DATE_EPOCH or a fixed date
};

/// The PDF date to pin: SOURCE_DATE_EPOCH if set and valid, else 2026-01-01.
std::string pinned_date();

/// One planned output file of a game.
struct OutputPlan {
  std::string file;   // name inside out/<game>/
  std::string kind;   // "cards", "labels", "answer-key", "board", "booklet", "booklet-imposed"
  std::string deck;   // deck id
  std::string stock;  // stock id ("" for the answer key)
  std::string paper;  // paper id
  SheetLayout sheets;            // for cards and labels
  std::vector<ArtItem> items;    // for the answer key (page coordinates)
  std::shared_ptr<const BookletLayout> booklet;  // booklet pages (both booklet kinds)
  std::vector<ImposedSide> imposed;              // booklet-imposed: one per sheet side
  std::string inputs_key;  // over everything this output is made from (incremental builds)
  Mark mark;               // what in the game file asks for it
  std::string origin;      // the same in words: "deck 'cards' on stock 'poker-3x3-letter'"
};

/// Checks files without writing anything.
int check_files(const std::vector<std::string>& files, const BuildOptions& opt, std::ostream& out,
                std::ostream& err);

/// Builds files into opt.out_dir. An output whose inputs (game file, rules text,
/// templates, fonts, images, options, tool version) are unchanged since the last build
/// is left untouched. With opt.self_exe set and opt.jobs > 1, games, and the outputs of
/// a big game, are drawn by parallel cardstock processes; the bytes are the same.
int build_files(const std::vector<std::string>& files, const BuildOptions& opt, std::ostream& out,
                std::ostream& err);

/// Prints the stock table (`cardstock stocks`).
int list_stocks(const BuildOptions& opt, std::ostream& out, std::ostream& err);

/// The content files `build`/`check` use when none are named: content/*.yaml, sorted.
std::vector<std::string> default_content_files(const std::string& content_dir);

}  // namespace cardstock
