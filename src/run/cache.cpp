#include "run/cache.h"

#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstring>

#include "base/files.h"
#include "plan/manifest.h"

namespace fs = std::filesystem;

namespace cardstock {

InputCache::InputCache(std::string options, std::vector<std::string> common)
    : options_(std::move(options)), common_(std::move(common)) {}

// A hash of a file's bytes, hex; "" if it is not a regular file or cannot be read (a
// manifest may list anything: a FIFO is never opened, and a file of any size is read in
// fixed pieces). Kept: the templates and fonts are shared by every game of a run.
std::string InputCache::hash(const std::string& path) {
  auto it = hashes_.find(path);
  if (it != hashes_.end()) return it->second;
  std::string why;
  const int fd = open_regular_file(path, true, &why);
  if (fd < 0) return hashes_[path] = "";
  // Four independent lanes of 8 bytes: fonts are megabytes, and this runs on every build,
  // a no-op one included, so the multiplications must not wait for one another.
  constexpr std::uint64_t kMul = 0x9E3779B97F4A7C15ULL;
  std::uint64_t lane[4] = {1469598103934665603ULL, 0x243F6A8885A308D3ULL, 0x13198A2E03707344ULL,
                           0xA4093822299F31D0ULL};
  std::uint64_t size = 0, tail = 1099511628211ULL;
  static thread_local std::vector<char> buf(size_t{1} << 18);
  for (;;) {
    const long n = read_full(fd, buf.data(), buf.size());  // a full buffer (a multiple of 32) unless the file ends
    if (n < 0) {
      ::close(fd);
      return hashes_[path] = "";
    }
    const size_t got = static_cast<size_t>(n);
    size += got;
    size_t i = 0;
    for (; i + 32 <= got; i += 32)
      for (int k = 0; k < 4; ++k) {
        std::uint64_t w;
        std::memcpy(&w, buf.data() + i + 8 * k, 8);
        lane[k] = (lane[k] ^ w) * kMul;
        lane[k] ^= lane[k] >> 29;
      }
    for (; i < got; ++i) tail = (tail ^ static_cast<unsigned char>(buf[i])) * 1099511628211ULL;
    if (got < buf.size()) break;
  }
  ::close(fd);
  std::uint64_t v = size * kMul ^ tail;
  for (auto l : lane) v = ((v ^ l) * kMul) ^ (v >> 31);
  char hex[17];
  std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(v));
  return hashes_[path] = hex;
}

std::string InputCache::key(std::vector<std::string> files) {
  std::sort(files.begin(), files.end());
  files.erase(std::unique(files.begin(), files.end()), files.end());
  std::vector<std::string> parts{options_};
  for (const auto& f : files) parts.push_back(f + " " + hash(f));
  return combine(parts);
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
    o.inputs_key = combine({key(files), kind_name(o.manifest.kind), o.file});
  }
}

namespace {

// A string value the manifest records under `key` (the first one in `text`).
std::string recorded(const std::string& text, const std::string& key) {
  const std::string tag = "\"" + key + "\": \"";
  const size_t at = text.find(tag);
  if (at == std::string::npos) return "";
  const size_t end = text.find('"', at + tag.size());
  return text.substr(at + tag.size(), end - at - tag.size());
}

}  // namespace

PreviousBuild::PreviousBuild(const fs::path& dir) : dir_(dir) {
  // Read once, straight into the string (the no-op build reads every game's manifest).
  // One that cannot be read, or is past any manifest cardstock writes, is no manifest.
  std::string why;
  if (!read_regular_file((dir / "manifest.json").string(), size_t{1} << 30, &text_, &why)) text_.clear();
}

std::vector<std::string> PreviousBuild::listed(const std::string& key) const {
  const std::string& m = text_;
  std::vector<std::string> files;
  const std::string list = "\"" + key + "\": [";
  const size_t at = m.find(list);
  if (at == std::string::npos) return files;
  const size_t end = m.find(']', at);
  for (size_t q = m.find('"', at + list.size()); q != std::string::npos && q < end;) {
    const size_t close = m.find('"', q + 1);
    files.push_back(m.substr(q + 1, close - q - 1));
    q = m.find('"', close + 1);
  }
  return files;
}

bool PreviousBuild::unchanged(InputCache& cache, const std::vector<std::string>& must) const {
  const std::string& m = text_;
  const std::string key = recorded(m, "inputs_key");
  if (key.empty() || m.find("\"inputs\": [") == std::string::npos) return false;
  const std::vector<std::string> files = inputs();
  if (files.empty()) return false;
  // The game file, its rules text and the templates must be among them, as they are now.
  for (const auto& f : must)
    if (std::find(files.begin(), files.end(), f) == files.end()) return false;
  if (cache.key(files) != key) return false;
  const std::string tag = "{\"file\": \"";
  for (size_t q = m.find(tag); q != std::string::npos; q = m.find(tag, q + 1)) {
    const size_t close = m.find('"', q + tag.size());
    if (!fs::exists(dir_ / m.substr(q + tag.size(), close - q - tag.size()))) return false;
  }
  return true;
}

std::vector<bool> PreviousBuild::to_draw(const std::vector<PlannedOutput>& outputs) const {
  std::vector<bool> draw(outputs.size(), true);
  for (size_t i = 0; i < outputs.size(); ++i) {
    const auto& o = outputs[i];
    const std::string tag = "{\"file\": \"" + o.file + "\"";
    const size_t at = text_.find(tag);
    if (at == std::string::npos) continue;
    const size_t end = text_.find("{\"file\": ", at + 1);
    const std::string entry = text_.substr(at, end == std::string::npos ? std::string::npos : end - at);
    if (recorded(entry, "inputs_key") == o.inputs_key && fs::exists(dir_ / o.file)) draw[i] = false;
  }
  return draw;
}

namespace {

// The first bytes of `dir`/manifest.json (where its header is), or "".
std::string manifest_head(const fs::path& dir) {
  std::string why;
  const int fd = open_regular_file((dir / "manifest.json").string(), false, &why);
  if (fd < 0) return "";
  std::string head(4096, '\0');
  const long n = read_full(fd, head.data(), head.size());
  ::close(fd);
  head.resize(n > 0 ? static_cast<size_t>(n) : 0);
  return head.substr(0, head.find("\"inputs_key\""));
}

}  // namespace

std::optional<std::vector<fs::path>> up_to_date_folders(const fs::path& out_dir,
                                                        const std::vector<std::string>& games,
                                                        InputCache& cache) {
  // Every folder's manifest header, read once, however many games are named.
  std::vector<std::pair<fs::path, std::string>> heads;
  std::error_code ec;
  for (auto it = fs::directory_iterator(out_dir, ec); !ec && it != fs::directory_iterator(); it.increment(ec))
    if (it->is_directory(ec) && !it->is_symlink(ec)) heads.emplace_back(it->path(), manifest_head(it->path()));
  std::sort(heads.begin(), heads.end());
  std::vector<fs::path> found;
  for (const auto& game : games) {
    // The folder of a game is named by its id, which its file says; the file is not read
    // here. A folder whose manifest names this file as its source and the folder's name
    // as the game, with every input unchanged, was made from this very file, so it is
    // the one the id names.
    const std::string source = "\"source\": " + json_string(game) + ",";
    bool up = false;
    for (const auto& [dir, head] : heads) {
      if (head.find(source) == std::string::npos ||
          head.find("\"game\": " + json_string(dir.filename().string()) + ",") == std::string::npos)
        continue;
      const PreviousBuild previous(dir);
      const auto folders = previous.listed("folders");
      if (folders.empty()) break;
      std::vector<std::string> must{game};
      for (const auto& f : folders) {
        const auto under = files_under(f);
        must.insert(must.end(), under.begin(), under.end());
      }
      if ((up = previous.unchanged(cache, must))) found.push_back(dir);
      break;
    }
    if (!up) return std::nullopt;
  }
  return found;
}

}  // namespace cardstock
