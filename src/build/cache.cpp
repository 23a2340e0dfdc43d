#include "build/cache.h"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>

namespace fs = std::filesystem;

namespace cardstock {

std::string combine(const std::vector<std::string>& parts) {
  std::uint64_t v = 1469598103934665603ULL;
  for (const auto& p : parts)
    for (unsigned char c : p + "\n") {
      v ^= c;
      v *= 1099511628211ULL;
    }
  char hex[17];
  std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(v));
  return hex;
}

InputCache::InputCache(std::string options, std::vector<std::string> common)
    : options_(std::move(options)), common_(std::move(common)) {}

// A hash of a file's bytes, hex; "" if it cannot be read. Kept: the templates and fonts
// are shared by every game of a run.
std::string InputCache::hash(const std::string& path) {
  auto it = hashes_.find(path);
  if (it != hashes_.end()) return it->second;
  std::ifstream in(path, std::ios::binary);
  std::string h;
  if (in) {
    std::stringstream ss;
    ss << in.rdbuf();
    const std::string bytes = ss.str();
    // Eight bytes a step (fonts are megabytes and this runs on every build).
    std::uint64_t v = 1469598103934665603ULL ^ bytes.size();
    size_t i = 0;
    for (; i + 8 <= bytes.size(); i += 8) {
      std::uint64_t w;
      std::memcpy(&w, bytes.data() + i, 8);
      v = (v ^ w) * 0x9E3779B97F4A7C15ULL;
      v ^= v >> 29;
    }
    for (; i < bytes.size(); ++i) v = (v ^ static_cast<unsigned char>(bytes[i])) * 1099511628211ULL;
    char hex[17];
    std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(v));
    h = hex;
  }
  return hashes_[path] = h;
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
    o.inputs_key = combine({key(files), o.manifest.kind, o.file});
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
  std::ifstream in(dir / "manifest.json", std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  text_ = ss.str();
}

std::vector<std::string> PreviousBuild::inputs() const {
  const std::string& m = text_;
  std::vector<std::string> files;
  const std::string list = "\"inputs\": [";
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

}  // namespace cardstock
