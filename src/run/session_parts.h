// session_parts: what the files of a build (build.cpp, session.cpp, options.cpp,
// write_outputs.cpp, processes.cpp) share and no other stage needs: a game's run, the
// options and templates side, and the drawing of outputs. Errors are printed to the
// `err` given (false or an exit code back); nothing here throws.
#pragma once
#include <filesystem>
#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "base/diag.h"
#include "load/printer.h"
#include "plan/planned.h"
#include "plan/prepare.h"
#include "render/fonts.h"
#include "render/typesetter.h"
#include "run/build.h"
#include "run/manifest_outline.h"
#include "run/prepared_run.h"
#include "run/schedule.h"

namespace cardstock {

class InputCache;
class OutputFolder;
class Progress;
struct WriteContext;

// Errors about no one file (an option, the command line) are the program's own.
inline const Mark kProgram{"cardstock"};

// A game's output folder, out/<game>.
inline std::filesystem::path game_folder(const BuildOptions& opt, const GameRun& g) {
  return std::filesystem::path(opt.out_dir) / g.prepared.game.id;
}

// --- options.cpp: the options and templates side ---

// The shipped templates and the --templates layers over them; false (after printing
// why) if they cannot be used.
bool load_all_templates(const BuildOptions& opt, Templates* t, std::ostream& err);

// Every file of the templates folders (the shipped one and the --templates layers), the
// fonts and the hyphenation dictionary, sorted: what every output is made from.
std::vector<std::string> template_files(const Templates& t);

// The templates a game was loaded with: its own layered ones, or those of the build.
const Templates& templates_of(const Game& g, const Templates& shared);

// Whether two font sets draw alike (the same families from the same files).
bool same_fonts(const FontSet& a, const FontSet& b);

// Everything besides input files that changes the outputs (options.cpp says which).
std::string options_key(const BuildOptions& opt, const std::optional<PrinterProfile>& printer);

// --paper names a paper by its id: any of the shipped templates (A3, Tabloid...), or of a
// game's own (B5). False after saying why, with the shipped ids.
bool paper_named(const BuildOptions& opt, const Templates& t, const std::vector<const Templates*>& games,
                 std::ostream& err);

// After a game's build is committed in `dir`: removes the outputs `previous_manifest`
// (the manifest before this build) lists and the new manifest does not, if cardstock
// wrote them (a plain file, or a folder of the files listed in it; never a symbolic
// link), and says so in one line on `out`; with `keep` (--keep-stale) names them instead.
void remove_stale_outputs(const std::filesystem::path& dir, const std::string& previous_manifest, bool keep,
                          std::ostream& out);
// The same, given what the previous manifest listed and the files the new one lists.
void remove_stale_outputs(const std::filesystem::path& dir, const std::vector<ManifestOutline::Output>& previous,
                          const std::vector<std::string>& made, bool keep, std::ostream& out);

// Every --stock is a stock of the shipped templates or of a loaded game's own, on the
// paper --paper asks for. False after saying why.
bool stocks_named(const BuildOptions& opt, const Templates& t, const std::vector<const Templates*>& games,
                  std::ostream& err);

// --paper and --printer, checked against the templates and loaded before any game: 0, 2
// (a usage error) or 1 (a printer profile with errors), the reason printed.
int command_line_options(const BuildOptions& opt, const Templates& t, std::optional<PrinterProfile>* printer,
                         std::ostream& err);

// --- write_outputs.cpp: drawing a game's outputs ---

// A rough cost of drawing a loaded game before anything is laid out (the units of
// pages_weight), and how many outputs it will have: to share games among processes.
GameWork estimate_work(const Game& g, const Templates& t, const PlanOptions& opt);

// "built out/echad/: 9 PDFs, 98 pages, manifest.json", with what was left unchanged.
std::string built_line(const std::string& dir, const std::vector<PlannedOutput>& outputs,
                       const std::vector<bool>& drawn);

// The command line of a child process that draws share u.share of the game at `source`.
std::vector<std::string> child_argv(const BuildOptions& opt, const std::string& source, const Unit& u);

// For share_of: an output that places another's pages and that output go to one
// process, numbered by the placed output's index; -1 for the rest.
std::vector<int> drawn_together(const std::vector<PlannedOutput>& outputs);

// An output's planned pages, kept as a count.
void drop_pages(PlannedOutput& o);

// Draws the outputs of `g` marked in `here` into `folder`, in order, counting each on
// `progress`. False (the folder discarded, the reason printed) if one fails.
bool draw_outputs(GameRun& g, OutputFolder& folder, const std::vector<bool>& here, const BuildOptions& opt,
                  Progress& progress, std::ostream& err);

// --- session.cpp and processes.cpp: a build or check run ---

// Prints a failed game's diagnostics and summary; true if it failed.
bool game_failed(const GameRun& g, bool write, const BuildOptions& opt, Progress& progress, std::ostream& err);

// Runs the units as child processes, then for each game renames what its shares drew
// (the manifest last) if every share succeeded, or removes it all if one failed. The
// exit code.
int run_units(const std::vector<Unit>& units, const std::vector<GameWork>& work, int jobs,
              const std::vector<std::unique_ptr<GameRun>>& games, const BuildOptions& opt, Progress& progress,
              std::ostream& out, std::ostream& err);

// --- unparsed.cpp: a build drawn by child processes, its games parsed only there ---

// A game file's id as its loader reads it, from its text alone: the one top-level `game:`
// line, in the plain form `game: my-game` (a comment may follow). "" when the text could
// hold another (unparsed.cpp says what), and only loading can tell.
std::string plain_game_id(const std::string& text);

// Builds `files` (two or more) as whole games in child processes, `jobs` at once, without
// parsing them here when their files tell enough (unparsed.cpp says what): the exit code;
// nullopt, nothing done or said, when only loading the games can tell.
std::optional<int> run_unparsed(const std::vector<std::string>& files, int jobs, const BuildOptions& opt,
                                const Templates& t, InputCache& cache, Progress& progress, std::ostream& out,
                                std::ostream& err);

// Checks (write false) or builds `given` (none: content/*.yaml): the exit code.
int run_session(const std::vector<std::string>& given, bool write, const BuildOptions& opt, std::ostream& out,
                std::ostream& err);

}  // namespace cardstock
