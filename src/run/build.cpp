// build: the entry points of a build (check_files, build_files) and the files one
// reads, for watch and preview (build_inputs, run_inputs); session.cpp runs them. Errors are printed to `err`;
// exit codes back.
#include "run/build.h"

#include <algorithm>
#include <filesystem>
#include <sstream>

#include "load/load.h"
#include "model/inputs.h"
#include "run/cache.h"
#include "base/os/interrupt.h"
#include "run/session_parts.h"

namespace fs = std::filesystem;

namespace cardstock {

int check_files(const std::vector<std::string>& files, const BuildOptions& opt, std::ostream& out,
                std::ostream& err) {
  return run_session(files, false, opt, out, err);
}

int build_files(const std::vector<std::string>& files, const BuildOptions& opt, std::ostream& out,
                std::ostream& err) {
  interrupt::install();  // Ctrl-C or SIGTERM: no temporary file left behind
  return run_session(files, true, opt, out, err);
}

WatchList build_inputs(const std::vector<std::string>& files, const BuildOptions& opt) {
  WatchList list;
  std::vector<std::string>& out = list.files;
  out.assign(files.begin(), files.end());
  for (const auto& layer : opt.template_layers) out.push_back(layer);
  Templates t;
  std::ostringstream quiet;
  if (!load_all_templates(opt, &t, quiet)) return list;
  const auto shared = template_files(t);
  out.insert(out.end(), shared.begin(), shared.end());
  for (const auto& path : files) {
    Diagnostics d;
    const auto g = load_game(path, t, d, LoadOptions{opt.allow_outside});
    if (!g) continue;
    // What the game names now (a file it cannot read yet included), and what its outputs
    // were last made from (images, fonts).
    for (const GameInput& in : game_inputs(*g)) out.push_back(in.path);
    const auto patterns = input_patterns(*g);
    list.patterns.insert(list.patterns.end(), patterns.begin(), patterns.end());
    const auto before = PreviousBuild(fs::path(opt.out_dir) / g->id).inputs();
    out.insert(out.end(), before.begin(), before.end());
  }
  list.merge({});  // sorted, each once
  return list;
}

WatchList run_inputs(const PreparedRun& run, const BuildOptions& opt) {
  WatchList list;
  std::vector<std::string>& out = list.files;
  out.assign(run.files.begin(), run.files.end());
  out.insert(out.end(), opt.template_layers.begin(), opt.template_layers.end());
  const auto shared = template_files(run.templates);
  out.insert(out.end(), shared.begin(), shared.end());
  for (const auto& g : run.games) {
    out.insert(out.end(), g->prepared.game.template_files.begin(), g->prepared.game.template_files.end());
    for (const GameInput& in : game_inputs(g->prepared.game)) out.push_back(in.path);
    const auto patterns = input_patterns(g->prepared.game);
    list.patterns.insert(list.patterns.end(), patterns.begin(), patterns.end());
  }
  list.merge({});  // sorted, each once
  return list;
}

}  // namespace cardstock
