#include "run/cache.h"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstring>

#include "base/files.h"
#include "base/os/files.h"
#include "base/json.h"
#include "plan/manifest.h"

namespace fs = std::filesystem;

namespace cardstock {

InputCache::InputCache(std::string options, std::vector<std::string> common)
    : options_(std::move(options)), common_(std::move(common)) {}

// A file's XXH3-128 (base/hash.h), hex; "" if it is not a regular file or cannot be read (a
// manifest may list anything: a FIFO is never opened, and a file of any size is read in
// fixed pieces). Kept: the templates and fonts are shared by every game of a run.
std::string InputCache::hash(const std::string& path) {
  auto it = hashes_.find(path);
  if (it != hashes_.end()) return it->second;
  std::string why;
  const int fd = open_regular_file(path, true, &why);
  if (fd < 0) return hashes_[path] = "";
  Digest digest;
  static thread_local std::vector<char> buf(size_t{1} << 18);
  for (;;) {
    const long n = read_full(fd, buf.data(), buf.size());  // a full buffer unless the file ends
    if (n < 0) {
      os::close_file(fd);
      return hashes_[path] = "";
    }
    digest.add(buf.data(), static_cast<size_t>(n));
    if (static_cast<size_t>(n) < buf.size()) break;
  }
  os::close_file(fd);
  return hashes_[path] = digest.hex();
}

std::string InputCache::key(std::vector<std::string> files) {
  std::sort(files.begin(), files.end());
  files.erase(std::unique(files.begin(), files.end()), files.end());
  std::vector<std::string> parts{options_};
  for (const auto& f : files) parts.push_back(f + " " + hash(f));
  return digest(parts);
}

void InputCache::stamp(const std::vector<std::string>& game_files, const std::vector<std::string>& content,
                       std::vector<PlannedOutput>& outputs, std::vector<std::string>* inputs, std::string* key_out) {
  std::vector<std::string> base = common_;
  base.insert(base.end(), game_files.begin(), game_files.end());
  std::vector<std::string> everything = base;
  everything.insert(everything.end(), content.begin(), content.end());
  std::sort(everything.begin(), everything.end());
  everything.erase(std::unique(everything.begin(), everything.end()), everything.end());
  *inputs = everything;
  *key_out = key(everything);
  for (auto& o : outputs) {
    std::vector<std::string> files = base;
    files.insert(files.end(), o.inputs.begin(), o.inputs.end());
    o.inputs_key = digest({key(files), kind_name(o.manifest.kind), o.file});
  }
}

namespace {

std::string string_at(const Json& j, const char* key) {
  const auto it = j.is_object() ? j.find(key) : j.end();
  return it != j.end() && it->is_string() ? it->get<std::string>() : std::string();
}

// The strings of a list; none if it is absent or holds anything else.
std::vector<std::string> strings_at(const Json& j, const char* key) {
  std::vector<std::string> out;
  const auto it = j.is_object() ? j.find(key) : j.end();
  if (it == j.end() || !it->is_array()) return out;
  for (const auto& v : *it) {
    if (!v.is_string()) return {};
    out.push_back(v.get<std::string>());
  }
  return out;
}

}  // namespace

PreviousBuild::PreviousBuild(const fs::path& dir) : dir_(dir) {
  // Read once, straight into the string (the no-op build reads every game's manifest).
  // One that cannot be read, or is past any manifest cardstock writes, is no manifest.
  std::string why;
  if (!read_regular_file((dir / "manifest.json").string(), size_t{1} << 30, &text_, &why)) text_.clear();
  head_ = read_manifest_outline(text_, /*header_only=*/true);
}

const ManifestOutline& PreviousBuild::outline() const {
  if (!whole_) whole_ = read_manifest_outline(text_);
  return *whole_;
}

std::vector<std::string> PreviousBuild::listed(const std::string& key) const {
  return strings_at(head_.header, key.c_str());
}

bool PreviousBuild::unchanged(InputCache& cache, const std::vector<std::string>& must) const {
  const std::string key = string_at(head_.header, "inputs_key");
  const std::vector<std::string> files = inputs();
  if (key.empty() || files.empty()) return false;
  // The game file, its rules text and the templates must be among them, as they are now.
  for (const auto& f : must)
    if (std::find(files.begin(), files.end(), f) == files.end()) return false;
  if (cache.key(files) != key) return false;
  // Every output must be there: named by the header's "files" (read already), or, in a
  // manifest written before that list, by its outputs, read whole.
  std::vector<std::string> made;
  const auto listed = head_.header.find("files");
  const bool plain = listed != head_.header.end() && listed->is_array() &&
                     std::all_of(listed->begin(), listed->end(), [](const Json& f) { return f.is_string(); });
  if (plain) {
    made = strings_at(head_.header, "files");
  } else {
    if (!outline().outputs_listed) return false;
    for (const auto& o : outline().outputs) made.push_back(o.file);
  }
  for (const auto& f : made)
    if (f.empty() || !fs::exists(dir_ / f)) return false;
  return true;
}

std::vector<bool> PreviousBuild::to_draw(const std::vector<PlannedOutput>& outputs) const {
  std::map<std::string, std::string> key_of;
  for (const auto& o : outline().outputs) key_of.emplace(o.file, o.inputs_key);
  std::vector<bool> draw(outputs.size(), true);
  for (size_t i = 0; i < outputs.size(); ++i) {
    const auto it = key_of.find(outputs[i].file);
    if (it != key_of.end() && it->second == outputs[i].inputs_key && fs::exists(dir_ / outputs[i].file)) draw[i] = false;
  }
  return draw;
}

namespace {

// Every key before "outputs", which the writer puts last: the no-op check looks at every
// folder of -o, and a big deck's manifest is megabytes of pages it does not need.
Json manifest_header(const fs::path& dir) {
  std::string text, why;
  if (!read_regular_file((dir / "manifest.json").string(), size_t{1} << 30, &text, &why)) return Json();
  return read_manifest_outline(text, /*header_only=*/true).header;
}

// The look of up_to_date_each; with `stop`, it ends at the first game not known to be up
// to date (its files are hashed no further: the full build hashes what it needs).
std::vector<std::optional<fs::path>> look(const fs::path& out_dir, const std::vector<std::string>& games,
                                          InputCache& cache, bool stop) {
  // Every folder's manifest header, read once, however many games are named.
  std::vector<std::pair<fs::path, Json>> heads;
  std::error_code ec;
  for (auto it = fs::directory_iterator(out_dir, ec); !ec && it != fs::directory_iterator(); it.increment(ec))
    if (it->is_directory(ec) && !it->is_symlink(ec)) heads.emplace_back(it->path(), manifest_header(it->path()));
  std::sort(heads.begin(), heads.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  std::vector<std::optional<fs::path>> found;
  for (const auto& game : games) {
    // The folder of a game is named by its id, which its file says; the file is not read
    // here. A folder whose manifest names this file as its source and the folder's name
    // as the game, with every input unchanged, was made from this very file, so it is
    // the one the id names.
    found.emplace_back();
    for (const auto& [dir, head] : heads) {
      if (string_at(head, "source") != game || string_at(head, "game") != dir.filename().string()) continue;
      const PreviousBuild previous(dir);
      const auto folders = previous.listed("folders");
      if (folders.empty()) break;
      std::vector<std::string> must{game};
      for (const auto& f : folders) {
        const auto under = files_under(f);
        must.insert(must.end(), under.begin(), under.end());
      }
      if (previous.unchanged(cache, must)) found.back() = dir;
      break;
    }
    if (stop && !found.back()) break;
  }
  return found;
}

}  // namespace

std::vector<std::optional<fs::path>> up_to_date_each(const fs::path& out_dir, const std::vector<std::string>& games,
                                                     InputCache& cache) {
  return look(out_dir, games, cache, false);
}

std::optional<std::vector<fs::path>> up_to_date_folders(const fs::path& out_dir,
                                                        const std::vector<std::string>& games,
                                                        InputCache& cache) {
  std::vector<fs::path> found;
  for (auto& dir : look(out_dir, games, cache, true)) {
    if (!dir) return std::nullopt;
    found.push_back(std::move(*dir));
  }
  return found;
}

}  // namespace cardstock
