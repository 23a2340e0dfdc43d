#include "run/commit.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>

#include "base/files.h"
#include "base/os/files.h"
#include "base/os/process.h"
#include "base/paths.h"
#include "base/os/interrupt.h"

namespace fs = std::filesystem;

namespace cardstock {

namespace {

// Errors about no one file (an output path refused) are the program's own.
const Mark kProgram{"cardstock"};

}  // namespace

std::string said_as_final(std::string message, const std::string& tmp, const std::string& fin) {
  if (tmp.empty()) return message;
  for (size_t at = 0; (at = message.find(tmp, at)) != std::string::npos; at += fin.size())
    message.replace(at, tmp.size(), fin);
  return message;
}

bool replace_path(const fs::path& tmp, const fs::path& fin, std::string* err) {
  std::error_code ec;
  if (!fs::is_directory(fs::symlink_status(tmp, ec))) {
    fs::rename(tmp, fin, ec);  // a file: rename(2) replaces the old one in one step
    if (ec) *err = ec.message();
    return !ec;
  }
  if (!fs::exists(fs::symlink_status(fin, ec))) {
    fs::rename(tmp, fin, ec);
    if (ec) *err = ec.message();
    return !ec;
  }
  // rename(2) cannot put a folder over a folder that holds files; exchanging the two
  // (Linux's renameat2) is one step, so a build killed at any moment leaves a whole
  // folder in place, old or new. The old one, now at `tmp`, is removed after.
  const os::Exchange swapped = os::exchange_paths(tmp.string(), fin.string(), err);
  if (swapped == os::Exchange::done) {
    fs::remove_all(tmp, ec);
    return true;
  }
  if (swapped == os::Exchange::failed) return false;
  // A file system without exchange: the old folder aside, the new one in, the old one
  // removed. Killed in between, the place is empty until the next build; the old folder,
  // named like a temporary file of this (then dead) process, is removed by that build.
  const fs::path aside = tmp.string() + "-old";
  fs::rename(fin, aside, ec);
  if (!ec) fs::rename(tmp, fin, ec);
  if (ec) {
    *err = ec.message();
    return false;
  }
  fs::remove_all(aside, ec);
  return true;
}

OutputFolder::OutputFolder(std::string root, const std::string& name, std::string temp_suffix)
    : root_(std::move(root)), dir_(fs::path(root_) / name), suffix_(std::move(temp_suffix)) {}

bool OutputFolder::make(Diagnostics& d) const {
  std::error_code ec;
  std::string e;
  if (!inside_output(root_, dir_.string(), &e)) {
    d.error(kProgram, e);
    return false;
  }
  fs::create_directories(dir_, ec);
  if (ec || !fs::is_directory(dir_)) {
    d.error(Mark{dir_.string()}, "cannot create output folder: " + (ec ? ec.message() : std::string("not a directory")));
    return false;
  }
  return true;
}

std::string OutputFolder::temporary(const std::string& file, std::string* err) {
  const std::string fin = (dir_ / file).string();
  const std::string tmp = fin + suffix_;
  if (!inside_output(root_, tmp, err) || !inside_output(root_, fin, err)) return "";
  interrupt::track(tmp);
  temps_.push_back({tmp, fin});
  return tmp;
}

std::string OutputFolder::temporary_folder(const std::string& file, const std::vector<std::string>& inner,
                                          std::string* err) {
  const std::string tmp = temporary(file, err);
  if (tmp.empty()) return "";
  for (const auto& name : inner) {
    const std::string path = tmp + "/" + name;
    if (name.empty() || name.find('/') != std::string::npos || !inside_output(root_, path, err)) {
      if (err->empty()) *err = "refusing to write '" + path + "': not a plain file name";
      return "";
    }
    interrupt::track(path);  // after the folder: removed before it
    inner_.push_back(path);
  }
  return tmp;
}

std::string OutputFolder::scratch(const std::string& name, std::string* err) {
  const std::string tmp = (dir_ / name).string() + suffix_;
  if (name.empty() || name.find('/') != std::string::npos || !inside_output(root_, tmp, err)) {
    if (err->empty()) *err = "refusing to write '" + tmp + "': not a plain file name";
    return "";
  }
  interrupt::track(tmp);
  scratch_.push_back(tmp);
  return tmp;
}

void OutputFolder::drop_scratch() {
  std::error_code ec;
  for (const auto& s : scratch_) {
    fs::remove_all(s, ec);
    interrupt::untrack(s);
  }
  scratch_.clear();
}

bool OutputFolder::write_text(const std::string& file, const std::string& text, Diagnostics& d) {
  std::string e;
  const std::string tmp = temporary(file, &e);
  if (tmp.empty()) {
    d.error(kProgram, e);
    return false;
  }
  // write(2) rather than a stream: a full disk or a file size limit has a reason to give.
  std::string why;
  if (!write_file(tmp, text, &why)) {
    d.error(Mark{(dir_ / file).string()}, "cannot write " + file + ": " + why);
    return false;
  }
  return true;
}

void OutputFolder::discard() {
  drop_scratch();
  std::error_code ec;
  for (const auto& [tmp, fin] : temps_) {
    fs::remove_all(tmp, ec);  // a file, or a folder output's temporary folder
    interrupt::untrack(tmp);
  }
  for (const auto& f : inner_) interrupt::untrack(f);
  temps_.clear();
  inner_.clear();
}

bool OutputFolder::commit(bool rename, Diagnostics& d) {
  if (!rename) return true;  // a share: the parent renames once every share succeeded
  std::stable_partition(temps_.begin(), temps_.end(),
                        [](const auto& t) { return fs::path(t.second).filename() != "manifest.json"; });
  std::error_code ec;
  for (const auto& [tmp, fin] : temps_) {
    std::string e;
    if (!inside_output(root_, fin, &e)) {
      d.error(kProgram, e);
      discard();
      return false;
    }
    std::string why;
    if (!replace_path(tmp, fin, &why)) {
      d.error(Mark{fin}, "cannot rename: " + why);
      discard();
      return false;
    }
    interrupt::untrack(tmp);
  }
  for (const auto& f : inner_) interrupt::untrack(f);
  temps_.clear();
  inner_.clear();
  return true;
}

bool OutputFolder::adopt_shares(bool keep, Diagnostics& d) const {
  const std::string tag = ".tmp-" + std::to_string(process_id()) + "-";
  std::vector<std::pair<fs::path, fs::path>> files;  // temporary, final
  std::error_code ec;
  for (const auto& e : fs::directory_iterator(dir_, ec)) {
    const std::string name = e.path().filename().string();
    const size_t at = name.rfind(tag);
    if (at == std::string::npos || name.find_first_not_of("0123456789", at + tag.size()) != std::string::npos)
      continue;
    files.push_back({e.path(), dir_ / name.substr(0, at)});
  }
  std::sort(files.begin(), files.end(), [](const auto& a, const auto& b) {
    const bool ma = a.second.filename() == "manifest.json", mb = b.second.filename() == "manifest.json";
    return ma != mb ? mb : a.second < b.second;
  });
  // Interrupted half-way, the files not yet renamed are removed, not left behind.
  for (const auto& [tmp, fin] : files) interrupt::track(tmp.string());
  for (const auto& [tmp, fin] : files) {
    interrupt::untrack(tmp.string());
    std::string e;
    if (keep && !inside_output(root_, fin.string(), &e)) {
      d.error(kProgram, e);
      keep = false;
    }
    if (keep) {
      std::string why;
      if (replace_path(tmp, fin, &why)) continue;
      d.error(Mark{fin.string()}, "cannot rename: " + why);
      keep = false;
    }
    fs::remove_all(tmp, ec);
  }
  return keep;
}

}  // namespace cardstock
