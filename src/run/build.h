// build: turns game files into outputs in out/<game>/: load, prepare (plan/prepare.h),
// plan (plan/plan.h), key the inputs (run/cache.h), share the work among processes
// (run/schedule.h), write each output with its format's writer (output/writer.h) and
// commit the folder all at once (run/commit.h), so a failed or interrupted build leaves
// the previous files untouched. Diagnostics print to `err`; the return value is the
// process exit code (0 ok, 1 content errors, 2 usage errors).
#pragma once
#include <memory>
#include <ostream>
#include <string>
#include <vector>

#include "base/os/watcher.h"
#include "base/version.h"

namespace cardstock {

struct PlanOptions;  // plan/plan.h

struct BuildOptions {
  std::string templates_dir = "templates";   // the shipped templates ("" = not found)
  std::vector<std::string> template_layers;  // --templates folders, layered over them in order
  std::vector<std::string> templates_looked; // where the shipped templates were looked for
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
  bool keep_stale = false;    // --keep-stale: outputs the previous build made and this one does not stay
  bool wait = true;           // --no-wait sets false: a game folder another build writes is an error
  bool lock_held = false;     // internal (--lock-held): the parent build holds the folders' locks
  std::string date;           // PDF dates; "" = from SOURCE_DATE_EPOCH or a fixed date
  // --stock: print every deck these hold (their card size, or one they accept) on them
  // instead of its own stocks; the game's other outputs are made as usual.
  std::vector<std::string> stocks;
  std::string printer;        // --printer: a printer profile file ("" = none)
  bool quiet = false;         // --quiet: diagnostics only, no summary lines or progress
  bool poll = false;          // --poll (watch, preview): look for changes every 0.5 s, not with inotify
  bool progress = false;      // show progress on stderr (a terminal: see base/progress.h)
  // Print shops, digital tables and proofs.
  bool proof = false;         // --proof: also a proof PDF a deck, for screens
  bool cmyk = false;          // --cmyk: every PDF but proofs in CMYK PDF/X-1a (Ghostscript)
  std::string tts_url;        // --tts-url: where a tts stock's images will be ("" = file names)
};

/// What `o` asks of planning, with Ghostscript looked for on the PATH.
PlanOptions plan_options(const BuildOptions& o);

/// The PDF date to pin: SOURCE_DATE_EPOCH if set and valid, else 2026-01-01.
std::string pinned_date();

/// Checks files without writing anything.
int check_files(const std::vector<std::string>& files, const BuildOptions& opt, std::ostream& out,
                std::ostream& err);

/// Builds files into opt.out_dir. An output whose inputs (game file, rules text,
/// templates, fonts, images, options, tool version) are unchanged since the last build
/// is left untouched. With opt.self_exe set and opt.jobs > 1, games, and the outputs of
/// a big game, are drawn by parallel cardstock processes; the bytes are the same.
int build_files(const std::vector<std::string>& files, const BuildOptions& opt, std::ostream& out,
                std::ostream& err);

/// The files a build of `files` reads, for `watch`: the game files, what each names (CSV,
/// rules text, icons, its own templates, read or not), the templates, and every input its
/// last manifest in opt.out_dir lists (images, fonts); and the patterns of its
/// folder-of-pictures decks, whose folders a new picture may be added to.
WatchList build_inputs(const std::vector<std::string>& files, const BuildOptions& opt);

/// `cardstock watch`: builds `files` (as build_files), then waits for a change to any
/// file the build reads or a new picture a deck's pattern matches (base/os/watcher.h:
/// inotify on their folders, or polling with opt.poll or on a network or Windows drive)
/// and builds again, printing the
/// diagnostics each time, until SIGINT or SIGTERM: then returns 0 between builds (the
/// outputs are those of the last build) or, during one, stops as an interrupted build does.
int watch_files(const std::vector<std::string>& files, const BuildOptions& opt, std::ostream& out,
                std::ostream& err);

/// Writes the duplex calibration sheet (`cardstock calibrate`) for opt.paper ("all":
/// Letter and A4) into opt.out_dir/calibration/, all at once, with its manifest.json.
int calibrate(const BuildOptions& opt, std::ostream& out, std::ostream& err);

/// Prints the stock table (`cardstock stocks`): the shipped stocks and those of the
/// --templates layers, or with `game` set, the stocks that game can use (its own too).
int list_stocks(const BuildOptions& opt, const std::string& game, std::ostream& out, std::ostream& err);

/// Prints the card-size table (`cardstock cards`): size, bleed, safe zone, corner radius
/// and shape in mm of the shipped and --templates card sizes, with `game` its own too.
int list_cards(const BuildOptions& opt, const std::string& game, std::ostream& out, std::ostream& err);

/// The content files `build`/`check` use when none are named: content/*.yaml, sorted.
std::vector<std::string> default_content_files(const std::string& content_dir);

/// Where a program built by CMake was built (its build folder) and the source tree it was
/// built from: compiled in, so a build folder anywhere (cmake -B /elsewhere, a Debian
/// package build, an IDE's) runs with its sources' templates and examples.
struct BuildTree {
  std::string dir, source;
};

/// The shipped templates folder of the program at `exe`, found as run/shipped.h finds
/// every shipped folder: <prefix>/share/cardstock/templates when it is installed in
/// <prefix>/bin; the source tree's when `exe` is still in the build folder it was built
/// in (`tree`); else templates/ beside it or at most two folders up; else `configured`
/// (the install path it was built for). "" if none of them holds templates; *looked
/// lists the places tried.
std::string find_shipped_templates(const std::string& exe, const std::string& configured,
                                   std::vector<std::string>* looked, const BuildTree& tree = {});

/// The last lines of `cardstock --help`: where the guide is beside the shipped templates
/// `templates_dir` found (<prefix>/share/doc/cardstock/README.md installed, README.md in
/// the source tree), and that `man cardstock` needs man-db, which a minimal Debian lacks.
/// "" when no guide is there.
std::string guide_footer(const std::string& templates_dir);

}  // namespace cardstock
