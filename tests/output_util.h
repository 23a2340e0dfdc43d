// Helpers for tests that build real outputs: temporary folders, build options pointing
// at the repo's templates, file contents and poppler strings.
#pragma once
#include <poppler-global.h>
#include <poll.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <functional>
#include <set>
#include <thread>
#include <vector>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <map>
#include <string>

#include "run/build.h"
#include "test_util.h"

namespace cardstock::testing {

/// What a run of the cardstock binary did.
struct Run {
  int status = -1;     // exit code; 128 + N when killed by signal N
  std::string out, err;
};

/// Runs the cardstock binary with `args` (no shell) in `cwd`, stdin closed, stdout and
/// stderr captured separately; `env` entries ("NAME=value") are added to the environment.
/// `file_size_limit` (bytes, 0: none) is set as `ulimit -f` would, for the child only.
inline Run run_cardstock(const std::vector<std::string>& args, const std::string& cwd = "",
                         const std::vector<std::string>& env = {}, long file_size_limit = 0) {
  int o[2], e[2];
  if (::pipe(o) != 0 || ::pipe(e) != 0) return {};
  const pid_t pid = ::fork();
  if (pid == 0) {
    if (!cwd.empty() && ::chdir(cwd.c_str()) != 0) ::_exit(126);
    ::dup2(o[1], 1);
    ::dup2(e[1], 2);
    ::close(0);
    ::close(o[0]);
    ::close(e[0]);
    for (const auto& kv : env) ::putenv(const_cast<char*>(kv.c_str()));
    if (file_size_limit > 0) {
      const rlimit lim{static_cast<rlim_t>(file_size_limit), static_cast<rlim_t>(file_size_limit)};
      if (::setrlimit(RLIMIT_FSIZE, &lim) != 0) ::_exit(125);
    }
    std::vector<char*> argv{const_cast<char*>(CARDSTOCK_BINARY)};
    for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    ::execv(argv[0], argv.data());
    ::_exit(127);
  }
  ::close(o[1]);
  ::close(e[1]);
  Run r;
  std::string* to[2] = {&r.out, &r.err};
  int fds[2] = {o[0], e[0]};
  pollfd p[2] = {{fds[0], POLLIN, 0}, {fds[1], POLLIN, 0}};
  int open = 2;
  char buf[8192];
  while (open > 0 && ::poll(p, 2, -1) >= 0)
    for (int k = 0; k < 2; ++k) {
      if (p[k].fd < 0 || !p[k].revents) continue;
      const ssize_t n = ::read(p[k].fd, buf, sizeof buf);
      if (n > 0) {
        to[k]->append(buf, static_cast<size_t>(n));
      } else {
        ::close(p[k].fd);
        p[k].fd = -1;
        --open;
      }
    }
  int st = 0;
  ::waitpid(pid, &st, 0);
  r.status = WIFEXITED(st) ? WEXITSTATUS(st) : WIFSIGNALED(st) ? 128 + WTERMSIG(st) : -1;
  return r;
}

/// Every regular file and symbolic link under `dir`, relative, sorted.
inline std::vector<std::string> tree_of(const std::filesystem::path& dir) {
  std::vector<std::string> v;
  std::error_code ec;
  for (auto it = std::filesystem::recursive_directory_iterator(dir, ec);
       !ec && it != std::filesystem::recursive_directory_iterator(); it.increment(ec))
    if (!it->is_directory() || it->is_symlink()) v.push_back(std::filesystem::relative(it->path(), dir).string());
  std::sort(v.begin(), v.end());
  return v;
}

inline std::string slurp(const std::filesystem::path& p);

/// The bytes of every file under `dir` (tree_of), by relative path.
inline std::map<std::string, std::string> contents_of(const std::filesystem::path& dir) {
  std::map<std::string, std::string> m;
  for (const auto& f : tree_of(dir)) m[f] = slurp(dir / f);
  return m;
}

/// Build options with the shipped templates, writing into `out`.
inline BuildOptions build_options(const std::filesystem::path& out) {
  BuildOptions o;
  o.templates_dir = source_dir() + "/templates";
  o.out_dir = out.string();
  return o;
}

inline std::string slurp(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

inline std::string utf8(const poppler::ustring& u) {
  auto v = u.to_utf8();
  return std::string(v.begin(), v.end());
}

/// Runs the cardstock binary with `args` (each quoted, no other shell syntax), stdout and
/// stderr merged in the order written, into *output if given; SOURCE_DATE_EPOCH set to
/// `epoch` unless empty. Returns the exit status (-1 if it did not exit).
inline int run_merged(const std::vector<std::string>& args, const std::string& epoch = "",
                      std::string* output = nullptr) {
  std::string cmd = (epoch.empty() ? "" : "SOURCE_DATE_EPOCH=" + epoch + " ") + std::string(CARDSTOCK_BINARY);
  for (const auto& a : args) cmd += " '" + a + "'";
  cmd += " 2>&1";
  FILE* p = popen(cmd.c_str(), "r");
  std::string out;
  char buf[512];
  while (size_t n = fread(buf, 1, sizeof buf, p)) out.append(buf, n);
  const int st = pclose(p);
  if (output) *output = out;
  return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}


/// The temporary outputs under `dir` a build is writing: each file or folder whose name
/// has ".tmp-" (a folder output's temporary folder once, not each file in it), by its
/// path relative to `dir`.
inline std::set<std::string> temporaries_under(const std::filesystem::path& dir) {
  std::set<std::string> found;
  for (const auto& f : tree_of(dir)) {
    const size_t at = f.find(".tmp-");
    if (at != std::string::npos) found.insert(f.substr(0, f.find('/', at)));
  }
  return found;
}

/// Waits until `happened()` while child `pid` (not reaped) still runs, polling every
/// millisecond, for at most `seconds`: the way to send a signal at a moment the program
/// shows (a file it writes), not after a delay a faster or slower machine would shift.
/// Empty if it happened; else why not, naming `what`, for the test to fail with.
inline std::string wait_for_event(pid_t pid, const std::string& what, const std::function<bool()>& happened,
                                  double seconds = 60) {
  const auto until = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
  for (;;) {
    if (happened()) return "";
    siginfo_t info{};
    // WNOWAIT: the caller still reaps the child and reads how it ended.
    if (::waitid(P_PID, static_cast<id_t>(pid), &info, WEXITED | WNOHANG | WNOWAIT) == 0 && info.si_pid == pid)
      return "the program ended (status " + std::to_string(info.si_status) + ") before " + what;
    if (std::chrono::steady_clock::now() > until)
      return "waited " + std::to_string(static_cast<int>(seconds)) + " s for " + what + " in vain";
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
}

}  // namespace cardstock::testing
