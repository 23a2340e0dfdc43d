// session: one `build` or `check` run: loads the templates and games, skips what is up
// to date, prepares and plans the rest, then draws them here or in child processes
// (processes.cpp) and commits each game's folder. Errors are printed to `err`; the
// process exit code back (0 ok, 1 content errors, 2 usage errors).
#include <algorithm>
#include <filesystem>
#include <map>
#include <optional>
#include <set>
#include <sstream>
#include <thread>

#include "base/files.h"
#include "base/os/process.h"
#include "base/text_check.h"
#include "load/load.h"
#include "model/inputs.h"
#include "plan/manifest.h"
#include "plan/plan.h"
#include "run/cache.h"
#include "run/commit.h"
#include "run/folder_lock.h"
#include "base/progress.h"
#include "run/session_parts.h"

namespace fs = std::filesystem;

namespace cardstock {

// Prints a failed game's diagnostics and summary; true if it failed.
bool game_failed(const GameRun& g, bool write, const BuildOptions& opt, Progress& progress, std::ostream& err) {
  const Diagnostics& d = g.prepared.diags;
  progress.clear();
  // The shares of a game drawn by several processes all find the same problems; the
  // first one tells.
  if (opt.shard == 0) err << d.str(!opt.quiet);  // --quiet: no notices
  if (g.loaded && !d.has_errors()) return false;
  if (opt.shard == 0)
    err << printable_lead(g.prepared.source) << ": " << d.error_count() << " error(s), " << d.warning_count() << " warning(s); "
         << (write ? "nothing written" : "check failed") << "\n";
  return true;
}

namespace {

// Files named on the command line must be there and be files: a typo is a usage
// error (exit 2), reported with the system's reason before anything is built.
bool named_files_exist(const std::vector<std::string>& given, std::ostream& err) {
  bool ok = true;
  for (const auto& f : given)
    if (std::string why = not_a_regular_file(f); !why.empty()) {
      say_error(err, Mark{f}, "cannot read: " + why);
      ok = false;
    }
  return ok;
}

// Two game files of one id would build into one folder, the second's outputs and
// manifest replacing the first's: an error naming both, before anything is written.
bool ids_unique(const std::vector<std::unique_ptr<GameRun>>& games, const BuildOptions& opt, std::ostream& err) {
  Diagnostics d;
  std::map<std::string, const GameRun*> first;
  for (const auto& g : games) {
    const Game& game = g->prepared.game;
    if (!g->loaded || game.id.empty()) continue;
    const auto [it, fresh] = first.emplace(game.id, g.get());
    if (fresh) continue;
    const Game& other = it->second->prepared.game;
    std::error_code ec;
    if (fs::equivalent(g->prepared.source, it->second->prepared.source, ec)) {
      d.error(Mark{g->prepared.source}, "this game file is named twice; name it once");
      continue;
    }
    d.error(game.id_mark, "game id '" + game.id + "' is also the id of " + it->second->prepared.source +
                              ": both would build into " + game_folder(opt, *g).string() +
                              "/, one replacing the other; give one of them another id");
    d.note(other.id_mark, "'" + game.id + "' is first the id here");
  }
  err << d.str();
  return !d.has_errors();
}

// A build whose every game is up to date says so before any YAML is parsed: the
// manifests name each game's folder and inputs (cache.h). A printer profile is
// parsed to be keyed, and the processes drawing shares of a game have work to do:
// those take the full way, as does anything the quick look cannot tell.
bool nothing_to_do(const std::vector<std::string>& files, const BuildOptions& opt, std::ostream& out) {
  if (opt.force || !opt.printer.empty() || opt.shards > 1 || opt.templates_dir.empty() || files.empty())
    return false;
  // A folder of pictures (`cards: {images: "art/*.png"}`) gains a card when a picture is
  // added, though no file the last build read changed: only loading the game tells, so
  // a game file that may have one takes the full way.
  for (const auto& f : files) {
    std::string text, why;
    if (!read_regular_file(f, size_t{64} << 20, &text, &why) || text.find("images:") != std::string::npos) return false;
  }
  InputCache cache(options_key(opt, std::nullopt), {});
  const auto folders = up_to_date_folders(opt.out_dir, files, cache);
  if (!folders) return false;
  for (const auto& f : *folders) {
    FolderLock::sweep_if_idle(f);  // what a killed build left goes, even when nothing is built
    out << "up to date: " << f.string() << "/\n";
  }
  return true;
}

class Session {
 public:
  Session(const BuildOptions& opt, std::ostream& out, std::ostream& err)
      : opt_(opt), plan_opt_(plan_options(opt)), out_(out), err_(err) {}

  int run(const std::vector<std::string>& given, bool write) {
    const std::vector<std::string> files = given.empty() ? default_content_files("content") : given;
    if (write && nothing_to_do(files, opt_, out_)) return 0;
    const int jobs = opt_.jobs > 0 ? opt_.jobs : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    // Several cores: games, and the outputs of a big game, are drawn by fresh cardstock
    // processes (run/schedule.h says why processes).
    const bool children = write && jobs > 1 && !opt_.self_exe.empty() && opt_.shards <= 1;
    if (const int status = begin(given, files, write); status != 0) return status;
    // Whole games, each loaded only by its own process, when the files tell enough.
    if (children)
      if (const auto status = run_unparsed(files, jobs, opt_, templates_, *cache_, progress_, out_, err_)) return *status;
    size_t to_prepare = 0;
    if (const int status = load_games(files, write, &to_prepare); status != 0) return status;
    if (children && to_prepare > 0) {
      std::vector<GameWork> work;
      for (const auto& g : games_)
        work.push_back(g->loaded && !g->up_to_date
                           ? estimate_work(g->prepared.game, templates_of(g->prepared.game, templates_), plan_opt_)
                           : GameWork{});
      const auto units = split_work(work, jobs);
      if (units.size() > 1) {
        std::vector<std::unique_ptr<FolderLock>> locks;  // held until every process is done
        if (!lock_folders(&locks)) return 1;
        return run_units(units, work, jobs, games_, opt_, progress_, out_, err_);
      }
    }
    if (to_prepare && !start_fonts()) return 1;
    prepare_all();
    return write ? write_all() : report_checks();
  }

  // As a check, the games kept in *run (preview): what the run needs stays alive there.
  void keep(const std::vector<std::string>& given, PreparedRun* run) {
    run->files = given.empty() ? default_content_files("content") : given;
    size_t to_prepare = 0;
    run->status = load_all(given, run->files, false, &to_prepare);
    if (run->status == 0 && to_prepare && !start_fonts()) run->status = 1;
    if (run->status == 0) prepare_all();
    for (const auto& g : games_)
      if (!g->loaded || g->prepared.diags.has_errors()) run->status = std::max(run->status, 1);
    run->templates = std::move(templates_);
    run->fonts = std::move(fonts_);
    run->printer = std::move(printer_);
    run->games = std::move(games_);
  }

  // For a build drawn by child processes: the folder of every game to draw, made and
  // locked (each once: two game files may share a folder). False after saying why.
  bool lock_folders(std::vector<std::unique_ptr<FolderLock>>* locks) {
    std::set<std::string> done;
    for (const auto& g : games_) {
      if (!g->loaded || g->up_to_date || !done.insert(game_folder(opt_, *g).string()).second) continue;
      OutputFolder folder(opt_.out_dir, g->prepared.game.id, "");
      if (!reported(err_, [&](Diagnostics& d) { return folder.make(d); })) return false;
      locks->push_back(FolderLock::take(folder.dir(), opt_.wait, err_));
      if (!locks->back()) return false;
    }
    return true;
  }

 private:
  // Loads the templates, checks the options and loads every game; 0, or the exit code
  // (said on err_) when nothing can be built. *to_prepare: the games to prepare.
  int load_all(const std::vector<std::string>& given, const std::vector<std::string>& files, bool write,
               size_t* to_prepare) {
    if (const int status = begin(given, files, write); status != 0) return status;
    return load_games(files, write, to_prepare);
  }

  // Loads the templates and checks the options and that the files are there: 0, or the
  // exit code (said on err_).
  int begin(const std::vector<std::string>& given, const std::vector<std::string>& files, bool write) {
    if (!start()) return 1;
    if (const int status = start_options(); status != 0) return status;
    if (!named_files_exist(given, err_)) return 2;
    if (files.empty()) {
      // A usage error (2), as a missing FILE is: nothing the content says can mend it, and
      // `watch` stops on it instead of watching nothing.
      say_error(err_, kProgram,
                "no game files named and no content/*.yaml in this folder; name one, as in 'cardstock " +
                    std::string(write ? "build" : "check") + " my-deck.yaml'");
      return 2;
    }
    return 0;
  }

  // Loads every game and checks what needs them all (ids, --paper, --stock): 0, or the
  // exit code (said on err_). *to_prepare: the games to prepare.
  int load_games(const std::vector<std::string>& files, bool write, size_t* to_prepare) {
    for (const auto& path : files) *to_prepare += load(path, write);
    if (!ids_unique(games_, opt_, err_)) return 1;
    if (!paper_named(opt_, templates_, games_templates(), err_) ||
        !stocks_named(opt_, templates_, games_templates(), err_))
      return 2;
    return 0;
  }

  // Resolving and planning is quick (a tenth of the drawing); it runs here, in order.
  void prepare_all() {
    for (auto& g : games_)
      if (g->loaded && !g->up_to_date) prepare(*g);
  }

  // The templates of every game loaded (its own papers, stocks... over the shipped ones).
  std::vector<const Templates*> games_templates() const {
    std::vector<const Templates*> out;
    for (const auto& g : games_) out.push_back(&templates_of(g->prepared.game, templates_));
    return out;
  }

  // Loads the templates; false (after printing) on error.
  bool start() {
    return load_all_templates(opt_, &templates_, err_);
  }

  // The options that name things: a --printer profile must be a regular file (else a
  // usage error, 2, as for a game file) that is valid (else 1); --paper and --stock are
  // checked once the games are loaded, since they may name a game's own. Then the
  // cache, which the options key.
  int start_options() {
    if (int r = command_line_options(opt_, templates_, &printer_, err_)) return r;
    cache_ = std::make_unique<InputCache>(options_key(opt_, printer_), template_files(templates_));
    return 0;
  }

  // Loads a game; true if it is to be prepared (loaded, and not up to date).
  bool load(const std::string& path, bool write) {
    auto g = std::make_unique<GameRun>();
    g->prepared.source = path;
    if (auto game = load_game(path, templates_, g->prepared.diags, LoadOptions{opt_.allow_outside})) {
      g->prepared.game = std::move(*game);
      g->loaded = !g->prepared.diags.has_errors();
      if (g->loaded && write && !opt_.force) {
        const PreviousBuild previous(game_folder(opt_, *g));
        g->previous_manifest = previous.manifest();
        std::vector<std::string> must = cache_->common();
        must.push_back(path);
        for (const GameInput& in : game_inputs(g->prepared.game))
          if (always_recorded(in, g->prepared.game)) must.push_back(in.path);
        g->up_to_date = previous.unchanged(*cache_, must);
      }
    }
    const bool todo = g->loaded && !g->up_to_date;
    games_.push_back(std::move(g));
    return todo;
  }

  // Loads the private font set; false (after printing) on error.
  bool start_fonts() {
    Diagnostics d;
    fonts_ = Fonts::load(templates_.fonts, {opt_.templates_dir + "/fonts.yaml", 0, 0}, d);
    err_ << d.str(!opt_.quiet);
    return !d.has_errors();
  }

  // Resolves, checks and plans a game, and keys its outputs. A game that adds fonts of
  // its own is set with a font set of its own.
  void prepare(GameRun& g) {
    PreparedGame& p = g.prepared;
    const Templates& t = templates_of(p.game, templates_);
    const Fonts* fonts = fonts_.get();
    if (!same_fonts(t.fonts, templates_.fonts)) {
      g.fonts = Fonts::load(t.fonts, p.game.mark, p.diags);
      if (!g.fonts) return;
      fonts = g.fonts.get();
    }
    g.typesetter = std::make_unique<Typesetter>(*fonts);
    prepare_game(p, t, *g.typesetter, opt_.strict);
    if (p.diags.has_errors()) return;
    g.outputs = plan_outputs(p, t, plan_opt_, p.diags, printer_ ? &*printer_ : nullptr);
    g.boxes = card_boxes_json(p);
    std::vector<std::string> game_files{p.source};
    game_files.insert(game_files.end(), p.game.template_files.begin(), p.game.template_files.end());
    cache_->stamp(game_files, p.content_inputs(), g.outputs, &g.inputs, &g.inputs_key);
  }

  // What temporary files end in: this process's id, or for a share of a game drawn by
  // several processes the parent's id and the share, so the parent can find them.
  std::string temp_suffix() const {
    if (opt_.shards > 1) return ".tmp-" + std::to_string(::getppid()) + "-" + std::to_string(opt_.shard);
    return ".tmp-" + std::to_string(process_id());
  }

  // Prints a failed game's diagnostics and summary; true if it failed.
  bool failed(const GameRun& g, bool write) const { return game_failed(g, write, opt_, progress_, err_); }

  int report_checks() const {
    int status = 0;
    for (const auto& gp : games_) {
      if (failed(*gp, false)) {
        status = 1;
        continue;
      }
      long cards = 0;
      for (const auto& deck : gp->prepared.game.decks) cards += deck.total_cards();
      // "1 deck, 54 cards": a teacher reads this line, so it speaks plainly.
      auto n = [](size_t k, const char* what) { return std::to_string(k) + " " + what + (k == 1 ? "" : "s"); };
      out_ << gp->prepared.source << ": ok (" << n(gp->prepared.game.decks.size(), "deck") << ", "
           << n(static_cast<size_t>(cards), "card") << ", " << n(gp->outputs.size(), "output");
      if (gp->prepared.diags.warning_count()) out_ << ", " << gp->prepared.diags.warning_count() << " warning(s)";
      out_ << ")\n";
    }
    return status;
  }

  int write_all() {
    int status = 0;
    for (const auto& gp : games_)
      if (gp->loaded && !gp->up_to_date) progress_.add_total(gp->outputs.size());
    for (auto& gp : games_) {
      GameRun& g = *gp;
      if (g.up_to_date) {
        progress_.clear();
        if (!opt_.lock_held && opt_.shards <= 1) FolderLock::sweep_if_idle(game_folder(opt_, g));
        if (opt_.shard == 0) out_ << "up to date: " << game_folder(opt_, g).string() << "/\n";
        continue;
      }
      if (failed(g, true) || !write_game(g)) status = 1;
      g.let_go_of_typesetter();
    }
    return status;
  }

  // Draws the outputs of a game that changed (this process's share of them), then
  // commits the folder.
  bool write_game(GameRun& g) {
    OutputFolder folder(opt_.out_dir, g.prepared.game.id, temp_suffix());
    if (!reported(err_, [&](Diagnostics& d) { return folder.make(d); })) return false;
    // One build at a time in the folder; what is there is read again once it is ours.
    std::unique_ptr<FolderLock> lock;
    if (!opt_.lock_held && opt_.shards <= 1 && !(lock = FolderLock::take(folder.dir(), opt_.wait, err_))) return false;
    const PreviousBuild previous(folder.dir());
    // Also under --force: the outputs it lists that this build does not make are stale.
    g.previous_manifest = previous.manifest();
    std::vector<bool> draw(g.outputs.size(), true);
    if (!opt_.force) draw = previous.to_draw(g.outputs);
    std::vector<bool> mine(g.outputs.size(), true);
    if (opt_.shards > 1) {
      std::vector<double> weights;
      for (size_t i = 0; i < g.outputs.size(); ++i) weights.push_back(draw[i] ? g.outputs[i].weight : -1);
      // An imposed booklet is drawn by the share that draws the booklet it places (else
      // that share would draw the booklet a second time, for it alone).
      mine = share_of(weights, opt_.shards, opt_.shard, drawn_together(g.outputs));
    }
    {  // what the outputs draw for one another is let go before the manifest is made
      std::vector<bool> here(g.outputs.size());
      for (size_t i = 0; i < g.outputs.size(); ++i) here[i] = draw[i] && mine[i];
      if (!draw_outputs(g, folder, here, opt_, progress_, err_)) return false;
    }
    // The kept text and images are this game's alone, and no longer needed: freed before
    // the manifest is assembled, so the two never take memory at once. The drawn pages
    // go too (the manifest needs only their count and what the planners wrote of them).
    g.let_go_of_typesetter();
    for (auto& o : g.outputs) drop_pages(o);
    return commit(g, folder, draw, previous);
  }

  // Writes the manifest (only if it changed) and renames everything into place.
  bool commit(GameRun& g, OutputFolder& folder, const std::vector<bool>& drawn, const PreviousBuild& previous) {
    const ManifestHeader h{g.prepared.game.id, g.prepared.game.title,
                           g.prepared.source,  g.inputs,
                           g.inputs_key,       templates_of(g.prepared.game, templates_).dirs,
                           g.boxes};
    const std::string manifest = manifest_json(h, g.outputs);
    if ((manifest != g.previous_manifest || opt_.force) && opt_.shard == 0 &&
        !reported(err_, [&](Diagnostics& d) { return folder.write_text("manifest.json", manifest, d); })) {
      folder.discard();
      return false;
    }
    if (!reported(err_, [&](Diagnostics& d) { return folder.commit(opt_.shards <= 1, d); })) return false;
    if (opt_.shard != 0) return true;
    progress_.clear();
    out_ << built_line(folder.dir().string(), g.outputs, drawn);
    // A game drawn in shares is committed by the parent, which removes them (processes.cpp).
    if (opt_.shards <= 1 && !g.previous_manifest.empty()) {
      std::vector<std::string> made;  // what the manifest just written lists
      for (const auto& o : g.outputs) made.push_back(o.file);
      remove_stale_outputs(folder.dir(), previous.outputs(), made, opt_.keep_stale, out_);
    }
    return true;
  }

  const BuildOptions& opt_;
  const PlanOptions plan_opt_;  // what opt_ asks of planning
  std::ostream& out_;
  std::ostream& err_;
  Templates templates_;
  std::unique_ptr<Fonts> fonts_;  // loaded only when something is to be laid out
  std::unique_ptr<InputCache> cache_;
  std::optional<PrinterProfile> printer_;  // --printer, loaded
  std::vector<std::unique_ptr<GameRun>> games_;
  mutable Progress progress_{err_, opt_.progress, escapes_allowed()};  // cleared before anything is printed
};

}  // namespace

int run_session(const std::vector<std::string>& given, bool write, const BuildOptions& opt, std::ostream& out,
                std::ostream& err) {
  return Session(opt, out, err).run(given, write);
}

std::unique_ptr<PreparedRun> prepare_run(const std::vector<std::string>& files, const BuildOptions& opt) {
  auto run = std::make_unique<PreparedRun>();
  std::ostringstream said;
  std::ostream nowhere(nullptr);
  Session(opt, nowhere, said).keep(files, run.get());
  run->said = said.str();
  return run;
}

}  // namespace cardstock
