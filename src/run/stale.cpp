// stale: outputs a game's previous build made and this one no longer does (after
// `--stock tts`, the card sheets of the plain build before it), removed so that nobody
// prints a sheet the manifest no longer lists (run/session_parts.h).
#include <algorithm>
#include <filesystem>
#include <set>
#include <system_error>

#include "base/files.h"
#include "base/json.h"
#include "base/text_check.h"
#include "run/manifest_outline.h"
#include "run/session_parts.h"

namespace fs = std::filesystem;

namespace cardstock {

namespace {

// An output's name as a manifest lists it: a plain name inside the folder, never a
// path, a hidden file or the manifest itself (a hand-edited manifest names nothing else).
bool plain_output_name(const std::string& name) {
  return !name.empty() && name[0] != '.' && name.find('/') == std::string::npos && name != "manifest.json";
}

// The outputs a manifest lists, each with the files inside it when it is a folder (its
// pages and saved object); none when the text is not a manifest. Read by SAX: a big
// deck's manifest is megabytes of cards, and this runs after every build that had one.
std::vector<ManifestOutline::Output> listed_outputs(const std::string& text) {
  std::vector<ManifestOutline::Output> out;
  for (auto& o : read_manifest_outline(text).outputs)
    if (!o.file.empty()) out.push_back(std::move(o));
  return out;
}

// Removes `name` from `dir` if it is what cardstock wrote there: a regular file, or a
// folder of the files the manifest listed in it (left in place if anything else is
// there too). Symbolic links are never followed or removed. True if it went.
bool remove_output(const fs::path& dir, const std::string& name, const std::vector<std::string>& inside) {
  std::error_code ec;
  const fs::path p = dir / name;
  const fs::file_status st = fs::symlink_status(p, ec);
  if (ec || fs::is_symlink(st)) return false;
  // A file output is a PDF or an SVG cut file (model/enums.h's formats); anything else
  // under that name was not written by cardstock as an output.
  const std::string ext = p.extension().string();
  if (fs::is_regular_file(st)) return (ext == ".pdf" || ext == ".svg") && fs::remove(p, ec) && !ec;
  if (!fs::is_directory(st)) return false;
  for (const auto& f : inside)
    if (plain_output_name(f) && fs::is_regular_file(fs::symlink_status(p / f, ec))) fs::remove(p / f, ec);
  return fs::is_empty(p, ec) && !ec && fs::remove(p, ec) && !ec;
}

}  // namespace

void remove_stale_outputs(const fs::path& dir, const std::string& previous_manifest, bool keep, std::ostream& out) {
  if (previous_manifest.empty()) return;
  std::string now, why;
  if (!read_regular_file((dir / "manifest.json").string(), size_t{1} << 30, &now, &why)) return;
  std::vector<std::string> made;
  for (const auto& o : listed_outputs(now)) made.push_back(o.file);
  remove_stale_outputs(dir, listed_outputs(previous_manifest), made, keep, out);
}

void remove_stale_outputs(const fs::path& dir, const std::vector<ManifestOutline::Output>& previous,
                          const std::vector<std::string>& made_now, bool keep, std::ostream& out) {
  const std::set<std::string> made(made_now.begin(), made_now.end());
  std::vector<std::string> gone, kept;
  for (const auto& [name, key, inside] : previous) {
    if (made.count(name) || !plain_output_name(name)) continue;
    std::error_code ec;
    if (!fs::exists(fs::symlink_status(dir / name, ec))) continue;
    if (keep) kept.push_back(name);
    else if (remove_output(dir, name, inside)) gone.push_back(name);
  }
  auto listed = [](const std::vector<std::string>& v) {
    std::string s;
    for (const auto& n : v) s += (s.empty() ? "" : ", ") + printable(n);
    return s;
  };
  if (!gone.empty())
    out << "removed " << gone.size() << (gone.size() == 1 ? " output" : " outputs")
        << " the previous build made and this one does not: " << listed(gone) << " (--keep-stale keeps them)\n";
  if (!kept.empty())
    out << "kept " << kept.size() << (kept.size() == 1 ? " output" : " outputs")
        << " this build no longer makes (--keep-stale): " << listed(kept) << "\n";
}

}  // namespace cardstock
