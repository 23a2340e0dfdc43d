// unparsed: a build of several games drawn by child processes (-j) without parsing them
// here. Each child loads its own game and says its own errors; this process reads only
// each file's `game:` line (for the folder to lock and the id check) and the manifests
// (for the games up to date), and weighs a game by its file's size. When that cannot
// tell as much as loading would, nothing is done and the caller loads every game.
#include <filesystem>
#include <optional>
#include <set>
#include <sstream>

#include "base/files.h"
#include "run/cache.h"
#include "run/commit.h"
#include "run/folder_lock.h"
#include "run/session_parts.h"

namespace fs = std::filesystem;

namespace cardstock {

namespace {

bool id_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-';
}

// `game: <id>` alone on a line, with at most a comment after it: the id, or "".
std::string plain_game_line(const std::string& line) {
  size_t i = 5;  // after "game:"
  while (i < line.size() && line[i] == ' ') ++i;
  const size_t from = i;
  while (i < line.size() && id_char(line[i])) ++i;
  const std::string id = line.substr(from, i - from);
  if (from == 5 || i == from || id.front() == '-' || id.front() == '_') return "";  // `game:x` is no key
  if (id == "null" || id == "Null" || id == "NULL") return "";  // YAML's null: no id at all
  while (i < line.size() && line[i] == ' ') ++i;
  if (i < line.size() && !(line[i] == '#' && line[i - 1] == ' ')) return "";
  return id;
}

}  // namespace

// Anything that could make the loaded id differ or leave it unread ("" back): another
// top-level key that may be `game`, several documents, a top level that is not a block
// map, a tab.
std::string plain_game_id(const std::string& text) {
  std::string id;
  int lines = 0;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.find('\t') != std::string::npos) return "";
    if (line.empty() || line[0] == ' ' || line[0] == '#') continue;
    if (std::string("{[?&*!%<\"'-.|>@`").find(line[0]) != std::string::npos) return "";
    if (line.rfind("game", 0) != 0) continue;
    if (line.rfind("game:", 0) != 0 || ++lines > 1) return "";  // `game :` or `game` twice
    id = plain_game_line(line);
  }
  return id;
}

namespace {

// What is known of one game file without parsing it.
struct Unparsed {
  std::string id;
  bool up_to_date = false;
  double size = 0;  // bytes: its weight
};

// The files as seen without parsing, or nullopt where only loading can tell: a file not
// read or whose id is not plain, two of one id (the loader's check names both), a deck
// made from other files (its file's size says nothing of its work: a CSV or pictures).
std::optional<std::vector<Unparsed>> look_at(const std::vector<std::string>& files, const BuildOptions& opt,
                                             InputCache& cache) {
  std::vector<Unparsed> seen;
  std::set<std::string> ids;
  for (const auto& f : files) {
    std::string text, why;
    if (!read_regular_file(f, size_t{64} << 20, &text, &why)) return std::nullopt;
    if (text.find("images:") != std::string::npos || text.find("csv") != std::string::npos) return std::nullopt;
    Unparsed u{plain_game_id(text), false, static_cast<double>(text.size())};
    if (u.id.empty() || !ids.insert(u.id).second) return std::nullopt;
    seen.push_back(u);
  }
  if (opt.force) return seen;
  const auto up = up_to_date_each(opt.out_dir, files, cache);
  for (size_t i = 0; i < files.size(); ++i) {
    if (!up[i]) continue;
    if (up[i]->filename().string() != seen[i].id) return std::nullopt;
    seen[i].up_to_date = true;
  }
  return seen;
}

}  // namespace

std::optional<int> run_unparsed(const std::vector<std::string>& files, int jobs, const BuildOptions& opt,
                                const Templates& t, InputCache& cache, Progress& progress, std::ostream& out,
                                std::ostream& err) {
  // Progress counts outputs, which only loading knows: it keeps the loading way. (--quiet
  // is passed on: the children leave notices out as the parent would.)
  if (files.size() < 2 || opt.progress) return std::nullopt;
  std::ostringstream unsaid;  // a --paper or --stock only a game's own templates name: loaded
  if (!paper_named(opt, t, {}, unsaid) || !stocks_named(opt, t, {}, unsaid)) return std::nullopt;
  const auto seen = look_at(files, opt, cache);
  if (!seen) return std::nullopt;
  std::vector<GameWork> work;
  double total = 0, most = 0;
  for (const auto& u : *seen) {
    work.push_back(u.up_to_date ? GameWork{} : GameWork{u.size, 1});
    if (!u.up_to_date) total += u.size, most = std::max(most, u.size);
  }
  const auto units = split_work(work, jobs);
  // One game to draw is drawn here; a game well over a core's part is split into shares
  // (split_work), which needs its outputs: both are for the loading way.
  if (units.size() < 2 || most > 1.25 * total / jobs) return std::nullopt;
  std::vector<std::unique_ptr<GameRun>> games;
  std::vector<std::unique_ptr<FolderLock>> locks;  // held until every process is done
  std::vector<fs::path> made;                      // folders made here, removed if left empty
  for (size_t i = 0; i < files.size(); ++i) {
    auto& g = *games.emplace_back(std::make_unique<GameRun>());
    g.prepared.source = files[i];
    g.prepared.game.id = (*seen)[i].id;
    g.loaded = true;
    g.up_to_date = (*seen)[i].up_to_date;
    if (g.up_to_date) continue;
    OutputFolder folder(opt.out_dir, g.prepared.game.id, "");
    std::error_code ec;
    if (!fs::exists(folder.dir(), ec)) made.push_back(folder.dir());
    if (!reported(err, [&](Diagnostics& d) { return folder.make(d); })) return 1;
    locks.push_back(FolderLock::take(folder.dir(), opt.wait, err));
    if (!locks.back()) return 1;
  }
  const int status = run_units(units, work, jobs, games, opt, progress, out, err);
  // A game its child could not load left its folder as it found it: not there.
  locks.clear();
  for (const auto& dir : made) {
    std::error_code ec;
    fs::remove(dir, ec);  // only if empty
  }
  return status;
}

}  // namespace cardstock
