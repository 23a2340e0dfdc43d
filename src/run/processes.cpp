// processes: a build drawn by child cardstock processes (-j): runs the units
// (run/schedule.h), prints what each said, and adopts or removes the files their shares
// drew. Errors are printed to `err`; the exit code back.
#include <algorithm>

#include "base/text_check.h"
#include "run/commit.h"
#include "run/folder_lock.h"
#include "base/os/interrupt.h"
#include "base/progress.h"
#include "run/session_parts.h"

namespace cardstock {

namespace {

// Prints what game `k`'s processes said; adopts the files of its shares. True if all
// of them succeeded.
bool collect(size_t k, const std::vector<Unit>& units, const std::vector<ChildResult>& results,
             const std::vector<std::unique_ptr<GameRun>>& games, const BuildOptions& opt, std::ostream& out,
             std::ostream& err) {
  std::vector<const ChildResult*> mine;  // by share
  for (size_t u = 0; u < units.size(); ++u)
    if (units[u].game == k) {
      if (mine.size() < static_cast<size_t>(units[u].shares)) mine.resize(static_cast<size_t>(units[u].shares));
      mine[static_cast<size_t>(units[u].share)] = &results[u];
    }
  bool ok = true;
  for (const ChildResult* r : mine) {
    err << r->err;
    ok = ok && r->status == 0;
  }
  if (mine.size() > 1 && !reported(err, [&](Diagnostics& d) {
        return OutputFolder(opt.out_dir, games[k]->prepared.game.id, "").adopt_shares(ok, d);
      }))
    ok = false;
  if (ok) out << mine[0]->out;
  // Shares are committed here: the outputs the game's previous build made and the
  // share's manifest no longer lists go now (a game drawn whole did it itself).
  if (ok && mine.size() > 1)
    remove_stale_outputs(game_folder(opt, *games[k]), games[k]->previous_manifest, opt.keep_stale, out);
  return ok;
}

}  // namespace

int run_units(const std::vector<Unit>& units, const std::vector<GameWork>& work, int jobs,
              const std::vector<std::unique_ptr<GameRun>>& games, const BuildOptions& opt, Progress& progress,
              std::ostream& out, std::ostream& err) {
  std::vector<std::vector<std::string>> argvs;
  for (const auto& u : units) argvs.push_back(child_argv(opt, games[u.game]->prepared.source, u));
  // Progress by process: each share counts its part of its game's (estimated) outputs.
  for (const auto& w : work) progress.add_total(static_cast<size_t>(std::max(0, w.outputs)));
  const auto results = run_children(argvs, jobs, [&](size_t i) {
    const Unit& u = units[i];
    const size_t n = static_cast<size_t>(std::max(0, work[u.game].outputs));
    const size_t shares = static_cast<size_t>(u.shares);
    progress.done(n / shares + (u.share == 0 ? n % shares : 0), games[u.game]->prepared.game.id);
  });
  progress.clear();
  if (interrupt::signal_received()) {
    // Each child removed its own temporary files; what finished shares left is ours.
    for (const auto& g : games)
      if (g->loaded && !g->up_to_date)
        reported(err, [&](Diagnostics& d) {
          return OutputFolder(opt.out_dir, g->prepared.game.id, "").adopt_shares(false, d);
        });
    interrupt::finish();
  }
  int status = 0;
  for (size_t k = 0; k < games.size(); ++k) {
    const GameRun& g = *games[k];
    if (!g.loaded) {
      game_failed(g, true, opt, progress, err);
      status = 1;
      continue;
    }
    if (g.up_to_date) {
      FolderLock::sweep_if_idle(game_folder(opt, g));
      out << "up to date: " << printable(game_folder(opt, g).string()) << "/\n";
      continue;
    }
    if (!collect(k, units, results, games, opt, out, err)) status = 1;
  }
  return status;
}

}  // namespace cardstock
