// examples: listing the shipped example games and copying one (run/examples.h).
#include "run/examples.h"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>

#include "base/diag.h"
#include "base/files.h"
#include "base/input_limits.h"
#include "base/text_check.h"
#include "load/load.h"
#include "load/schema/schema.h"
#include "model/inputs.h"
#include "run/session_parts.h"

namespace fs = std::filesystem;

namespace cardstock {

namespace {

// A game file's first comment line, the editor's schema line skipped: what it is.
std::string about(const fs::path& game) {
  std::ifstream in(game);
  for (std::string line; std::getline(in, line) && line.size() < 1000;) {
    if (line.empty() || line[0] != '#') return "";
    const size_t from = line.find_first_not_of("# ");
    if (from == std::string::npos || line.find("yaml-language-server") != std::string::npos) continue;
    return printable(line.substr(from));
  }
  return "";
}

int not_found(const std::vector<std::string>& looked, std::ostream& err) {
  std::string places;
  for (const auto& l : looked) places += (places.empty() ? "" : ", ") + l;
  say_error(err, kProgram,
            "the shipped examples folder was not found (looked in " + places +
                "); install cardstock with `cmake --install` or its .deb package, or run it from its build folder");
  return 1;
}

// A folder as a shell takes it in `cd FOLDER`: quoted when it holds more than letters,
// digits and ./_-.
std::string for_shell(const std::string& s) {
  const bool plain = !s.empty() && std::all_of(s.begin(), s.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || std::string_view("./_-+").find(c) != std::string_view::npos;
  });
  if (plain) return s;
  std::string q = "'";
  for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return printable(q + "'");
}

// The files example `ex` uses, relative to its game file's folder (the game file first),
// as its loader lists them; false after saying why (it does not load, or names a file
// outside its folder or missing).
bool files_of(const BuildOptions& opt, const Example& ex, std::vector<fs::path>* rels, std::ostream& err) {
  Templates t;
  if (!load_all_templates(opt, &t, err)) return false;
  Diagnostics d;
  const auto g = load_game(ex.game_file, t, d, LoadOptions{});
  if (!g || d.has_errors()) {
    err << d.str();
    say_error(err, kProgram, "the example '" + ex.name + "' does not load: nothing was copied");
    return false;
  }
  const fs::path root = fs::absolute(fs::path(ex.game_file)).parent_path().lexically_normal();
  rels->push_back(fs::path(ex.game_file).filename());
  for (const GameInput& in : game_inputs(*g)) {
    const fs::path rel = fs::absolute(in.path).lexically_normal().lexically_relative(root);
    std::error_code ec;
    // An image name a card could show but does not (a layer's `when:` false for it:
    // Dayenu's "assets/dayenu/.svg" where a card has no picture) names no file.
    if (in.kind == InputKind::Image && !fs::exists(fs::symlink_status(root / rel, ec))) continue;
    if (rel.empty() || *rel.begin() == ".." || !fs::is_regular_file(root / rel, ec)) {
      say_error(err, Mark{in.path},
                "the example '" + ex.name + "' uses this file, which is not in its folder " + root.string() +
                    ": nothing was copied (the installation is incomplete)");
      return false;
    }
    rels->push_back(rel);
  }
  std::sort(rels->begin() + 1, rels->end());
  rels->erase(std::unique(rels->begin(), rels->end()), rels->end());
  return true;
}

// Whether `folder` can take every file of `rels` without replacing one; false after
// naming the first that is already there.
bool nothing_there(const fs::path& folder, const std::vector<fs::path>& rels, std::ostream& err) {
  std::error_code ec;
  if (fs::exists(fs::symlink_status(folder, ec)) && !fs::is_directory(folder, ec)) {
    say_error(err, Mark{folder.string()}, "this is a file, not a folder: nothing was copied");
    return false;
  }
  std::vector<std::string> there;
  for (const auto& rel : rels)
    if (fs::exists(fs::symlink_status(folder / rel, ec))) there.push_back((folder / rel).string());
  if (there.empty()) return true;
  const size_t more = there.size() - 1;
  say_error(err, Mark{there.front()},
            "this file is already there" +
                (more ? " (and " + std::to_string(more) + " more of the example's files)" : std::string()) +
                ": nothing was copied; give a new folder, or move the files away");
  return false;
}

// The editor's schema line of a game file: its first line, when it is one.
constexpr std::string_view kSchemaLine = "# yaml-language-server: $schema=";
// The schema a copy takes beside its game file (an editor on the Windows side of WSL
// cannot reach /usr/share), and the licence of the examples' content (CC BY-SA 4.0).
constexpr const char* kSchemaFile = "cardstock.schema.json";
constexpr const char* kLicenceFile = "LICENSE";

// The licence file of example `ex`: beside its game file (content/ in the source tree),
// else in the examples folder `dir` (installed); "" when neither has one.
fs::path licence_of(const std::string& dir, const Example& ex) {
  std::error_code ec;
  for (const fs::path& p : {fs::path(ex.game_file).parent_path() / kLicenceFile, fs::path(dir) / kLicenceFile})
    if (fs::is_regular_file(p, ec)) return p;
  return {};
}

// The copy's game file `game` names the schema beside it: its first line, when it is
// the editor's schema line, points to kSchemaFile. False after saying why.
bool point_to_schema(const fs::path& game, std::ostream& err) {
  std::string text, why;
  if (!read_regular_file(game.string(), static_cast<size_t>(kMaxFileBytes), &text, &why)) {
    say_error(err, Mark{game.string()}, "cannot read the example's game file here: " + why);
    return false;
  }
  if (text.rfind(kSchemaLine, 0) != 0) return true;
  const size_t eol = text.find('\n');
  text = std::string(kSchemaLine) + kSchemaFile + (eol == std::string::npos ? "" : text.substr(eol));
  if (!write_file(game.string(), text, &why)) {
    say_error(err, Mark{game.string()}, "cannot write the example's game file here: " + why);
    return false;
  }
  return true;
}

// Copies each (source, path in `to`) of `copies`, then writes the editor schema beside
// the game file (copies[0]) and points the game file to it. False after saying why.
bool write_copy(const std::vector<std::pair<fs::path, fs::path>>& copies, const fs::path& to, std::ostream& err) {
  for (const auto& [source, rel] : copies) {
    std::error_code ec;
    fs::create_directories((to / rel).parent_path(), ec);
    if (!ec) fs::copy_file(source, to / rel, fs::copy_options::none, ec);
    if (ec) {
      say_error(err, Mark{(to / rel).string()}, "cannot copy the example's file here: " + ec.message());
      return false;
    }
  }
  const fs::path schema = to / copies.front().second.parent_path() / kSchemaFile;
  std::string why;
  if (!write_file(schema.string(), json_schema(), &why)) {
    say_error(err, Mark{schema.string()}, "cannot write the editor schema here: " + why);
    return false;
  }
  return point_to_schema(to / copies.front().second, err);
}

}  // namespace

std::vector<Example> examples_in(const std::string& dir) {
  std::vector<Example> v;
  std::error_code ec;
  if (dir.empty()) return v;
  for (auto it = fs::directory_iterator(dir, ec); !ec && it != fs::directory_iterator(); it.increment(ec)) {
    const fs::path p = it->path();
    fs::path game = p;
    if (it->is_directory(ec)) game = p / (p.filename().string() + ".yaml");
    if (game.extension() == ".yaml" && fs::is_regular_file(game, ec))
      v.push_back({game.stem().string(), game.string(), about(game)});
  }
  std::sort(v.begin(), v.end(), [](const Example& a, const Example& b) { return a.name < b.name; });
  return v;
}

int list_examples(const std::string& dir, const std::vector<std::string>& looked, std::ostream& out,
                  std::ostream& err) {
  if (dir.empty()) return not_found(looked, err);
  const auto all = examples_in(dir);
  size_t w = 7;
  for (const auto& e : all) w = std::max(w, e.name.size());
  for (const auto& e : all) out << printable_lead(e.name) << std::string(w + 2 - e.name.size(), ' ') << e.about << "\n";
  out << "cardstock example NAME FOLDER copies one into FOLDER, with every file it uses\n";
  return 0;
}

int copy_example(const BuildOptions& opt, const std::string& dir, const std::vector<std::string>& looked,
                 const std::string& name, const std::string& folder, std::ostream& out, std::ostream& err) {
  if (dir.empty()) return not_found(looked, err);
  const auto all = examples_in(dir);
  const auto ex = std::find_if(all.begin(), all.end(), [&](const Example& e) { return e.name == name; });
  if (ex == all.end()) {
    std::vector<std::string> names;
    std::string listed;
    for (const auto& e : all) {
      listed += (names.empty() ? "" : &e == &all.back() ? " and " : ", ") + e.name;
      names.push_back(e.name);
    }
    say_error(err, kProgram,
              "unknown example '" + shown_text(name, 0) + "'" + did_you_mean(name, names) + "; the examples are " +
                  listed + " (cardstock example lists them)");
    return 2;
  }
  std::vector<fs::path> rels;
  if (!files_of(opt, *ex, &rels, err)) return 1;
  const fs::path from = fs::path(ex->game_file).parent_path();
  std::vector<std::pair<fs::path, fs::path>> copies;
  for (const auto& rel : rels) copies.emplace_back(from / rel, rel);
  if (const fs::path licence = licence_of(dir, *ex); !licence.empty()) copies.emplace_back(licence, kLicenceFile);
  std::vector<fs::path> written;
  for (const auto& c : copies) written.push_back(c.second);
  written.emplace_back(kSchemaFile);
  const fs::path to = folder.empty() ? fs::path(name) : fs::path(folder);
  if (!nothing_there(to, written, err)) return 2;
  if (!write_copy(copies, to, err)) return 1;
  const bool licensed = copies.size() > rels.size();
  out << "copied the example '" << name << "' (" << rels.size() << " files) into " << printable(to.string())
      << ", with " << (licensed ? "its licence (LICENSE) and " : "") << "the schema your editor checks it with ("
      << kSchemaFile << ")\n"
      << "next: cd " << for_shell(to.string()) << " && cardstock build " << for_shell(rels.front().string())
      << "   (or cardstock preview " << for_shell(rels.front().string()) << " to see it in the browser)\n";
  return 0;
}

}  // namespace cardstock
