#include "base/os/process.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>

extern char** environ;

namespace cardstock {

int process_id() { return static_cast<int>(::getpid()); }

bool stdout_is_terminal() { return ::isatty(STDOUT_FILENO) == 1; }

bool stderr_is_terminal() { return ::isatty(STDERR_FILENO) == 1; }

std::string program_path() {
  std::error_code ec;
  const std::filesystem::path p = std::filesystem::read_symlink("/proc/self/exe", ec);
  return ec ? "" : p.string();
}

std::string find_program(const std::string& name) {
  const char* path = std::getenv("PATH");
  if (!path || name.empty() || name.find('/') != std::string::npos) return "";
  std::string dirs = path;
  size_t start = 0;
  while (start <= dirs.size()) {
    const size_t end = std::min(dirs.find(':', start), dirs.size());
    const std::string dir = dirs.substr(start, end - start);
    start = end + 1;
    if (dir.empty()) continue;  // the current folder is never searched
    const std::string full = dir + "/" + name;
    struct stat st {};
    if (::stat(full.c_str(), &st) == 0 && S_ISREG(st.st_mode) && ::access(full.c_str(), X_OK) == 0) return full;
  }
  return "";
}

ProgramRun run_program(const std::vector<std::string>& argv, const std::vector<std::string>& env,
                       const std::function<bool(const char*, size_t)>& out) {
  ProgramRun r;
  if (argv.empty()) {
    r.why = "no program";
    return r;
  }
  // Everything the child needs is made before fork(): after it, only async-signal-safe
  // calls until exec.
  std::vector<std::string> envs;
  for (char** e = environ; *e; ++e) {
    const std::string kv = *e;
    bool replaced = false;
    for (const auto& add : env) replaced = replaced || kv.compare(0, add.find('=') + 1, add, 0, add.find('=') + 1) == 0;
    if (!replaced) envs.push_back(kv);
  }
  envs.insert(envs.end(), env.begin(), env.end());
  std::vector<char*> cargv, cenv;
  for (const auto& a : argv) cargv.push_back(const_cast<char*>(a.c_str()));
  cargv.push_back(nullptr);
  for (const auto& e : envs) cenv.push_back(const_cast<char*>(e.c_str()));
  cenv.push_back(nullptr);
  int o[2], e[2];
  if (::pipe2(o, O_CLOEXEC) != 0 || ::pipe2(e, O_CLOEXEC) != 0) {
    r.why = std::strerror(errno);
    return r;
  }
  const pid_t parent = ::getpid();
  const pid_t pid = ::fork();
  if (pid < 0) {
    r.why = std::strerror(errno);
    ::close(o[0]), ::close(o[1]), ::close(e[0]), ::close(e[1]);
    return r;
  }
  if (pid == 0) {
    // If cardstock dies (a signal that cannot be caught), the program goes with it
    // rather than write on in the output folder.
    ::prctl(PR_SET_PDEATHSIG, SIGTERM);
    if (::getppid() != parent) ::_exit(127);
    const int devnull = ::open("/dev/null", O_RDONLY);
    if (devnull >= 0) ::dup2(devnull, 0);
    ::dup2(o[1], 1);
    ::dup2(e[1], 2);
    ::execve(cargv[0], cargv.data(), cenv.data());
    ::_exit(127);
  }
  ::close(o[1]);
  ::close(e[1]);
  pollfd p[2] = {{o[0], POLLIN, 0}, {e[0], POLLIN, 0}};
  int open = 2;
  bool reading = true;
  char buf[65536];
  while (open > 0) {
    if (::poll(p, 2, -1) < 0) {
      if (errno == EINTR) continue;
      break;
    }
    for (int k = 0; k < 2; ++k) {
      if (p[k].fd < 0 || !p[k].revents) continue;
      const ssize_t n = ::read(p[k].fd, buf, sizeof buf);
      if (n > 0) {
        if (k == 0 && reading && !out(buf, static_cast<size_t>(n))) {
          reading = false;
          ::kill(pid, SIGTERM);
        }
        if (k == 1 && r.err.size() < 65536) r.err.append(buf, static_cast<size_t>(n));
      } else if (n == 0 || errno != EINTR) {
        ::close(p[k].fd);
        p[k].fd = -1;
        --open;
      }
    }
  }
  int st = 0;
  while (::waitpid(pid, &st, 0) < 0 && errno == EINTR) {
  }
  r.status = WIFEXITED(st) ? WEXITSTATUS(st) : WIFSIGNALED(st) ? 128 + WTERMSIG(st) : -1;
  if (r.status == 127 && r.err.empty()) r.why = "it could not be started";
  return r;
}

}  // namespace cardstock
