// prepared_run: the games of a run loaded, prepared and planned as `check` does them
// (the same templates, options and defaults), kept whole for a caller that draws them
// itself (`cardstock preview`). Nothing is written; every problem is in a game's
// Diagnostics or, for those about no game (templates, options), in `said`.
#pragma once
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "load/printer.h"
#include "plan/planned.h"
#include "plan/prepare.h"
#include "render/fonts.h"
#include "render/typesetter.h"
#include "run/build.h"

namespace cardstock {

// One game of a build: prepared, planned, and what is to be done with it.
struct GameRun {
  std::unique_ptr<Fonts> fonts;  // its own font set, when it adds fonts (outlives `prepared`)
  // What measures and draws its text (prepared.measurer points to it until it is let go).
  std::unique_ptr<Typesetter> typesetter;
  PreparedGame prepared;
  void let_go_of_typesetter() {
    prepared.measurer = nullptr;
    typesetter.reset();
  }
  bool loaded = false, up_to_date = false;
  std::vector<PlannedOutput> outputs;
  std::vector<std::string> inputs;  // every file the outputs were made from
  std::string inputs_key;
  std::string boxes;                // the manifest's boxes_mm (plan/manifest.h), taken while the cards are kept
  std::string previous_manifest;    // as found in out/<game>/
};

/// A run's games with everything their pages point at (templates, fonts, printer profile).
struct PreparedRun {
  int status = 0;     // the exit code `check` would give: 0 ok, 1 content errors, 2 usage
  std::string said;   // diagnostics about no one game, as the terminal shows them
  Templates templates;
  std::unique_ptr<Fonts> fonts;
  std::optional<PrinterProfile> printer;
  std::vector<std::unique_ptr<GameRun>> games;  // in the order of the files
  std::vector<std::string> files;               // the game files (content/*.yaml when none named)
};

/// Loads, prepares and plans `files` (none: content/*.yaml) as check_files does; never
/// null. A game that fails keeps its diagnostics with loaded false or no outputs.
std::unique_ptr<PreparedRun> prepare_run(const std::vector<std::string>& files, const BuildOptions& opt);

/// The files `run` was made from, for a watch: the game files, the --templates layers,
/// the templates' files and every input each loaded game names; and its decks' picture
/// patterns (model/inputs.h input_patterns).
WatchList run_inputs(const PreparedRun& run, const BuildOptions& opt);

}  // namespace cardstock
