#include "base/os/children.h"

#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>

#include "base/os/interrupt.h"

namespace cardstock {

namespace {

// Child processes being run: started, their output read as it comes (so none blocks on
// a full pipe), reaped when their output ends.
class Children {
 public:
  Children(std::vector<ChildResult>& results, const std::function<void(size_t)>& ended)
      : results_(results), ended_(ended) {}
  bool empty() const { return running_.empty(); }
  size_t size() const { return running_.size(); }

  void start(size_t i, const std::vector<std::string>& argv) {
    int o[2], e[2];
    if (::pipe(o) != 0) return cannot_start(i);
    if (::pipe(e) != 0) {
      ::close(o[0]);
      ::close(o[1]);
      return cannot_start(i);
    }
    std::vector<char*> args;
    for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
    args.push_back(nullptr);
    const pid_t parent = ::getpid();
    const pid_t pid = interrupt::fork_child();
    if (pid == 0) {
      // A build killed outright takes its children with it: they would only draw files
      // nobody renames (the next build removes them).
      ::prctl(PR_SET_PDEATHSIG, SIGKILL);
      if (::getppid() != parent) ::_exit(1);
      ::dup2(o[1], 1);
      ::dup2(e[1], 2);
      for (int fd : {o[0], e[0], o[1], e[1]}) ::close(fd);
      ::execv(args[0], args.data());
      ::_exit(127);
    }
    ::close(o[1]);
    ::close(e[1]);
    if (pid < 0) {
      ::close(o[0]);
      ::close(e[0]);
      return cannot_start(i);
    }
    running_.push_back({pid, {o[0], e[0]}, i});
  }

  // Waits until some child wrote or ended; reads what they wrote, reaps those done.
  void pump() {
    std::vector<pollfd> fds;
    for (const auto& c : running_)
      for (int fd : c.fd)
        if (fd >= 0) fds.push_back({fd, POLLIN, 0});
    if (!fds.empty() && ::poll(fds.data(), fds.size(), -1) < 0) {
      if (errno == EINTR) return;
      for (auto& f : fds) f.revents = POLLIN;  // poll itself failed: read in turn, blocking
    }
    for (auto& c : running_) read(c, fds);
    reap();
  }

 private:
  struct Child {
    pid_t pid;
    int fd[2];  // its stdout and stderr, -1 once read to the end
    size_t index;
  };

  void cannot_start(size_t i) { results_[i].err = "cardstock: error: cannot start a build process\n"; }

  void read(Child& c, const std::vector<pollfd>& fds) {
    char buf[8192];
    for (int k = 0; k < 2; ++k) {
      if (c.fd[k] < 0) continue;
      auto f = std::find_if(fds.begin(), fds.end(), [&](const pollfd& p) { return p.fd == c.fd[k]; });
      if (f == fds.end() || !f->revents) continue;
      const ssize_t got = ::read(c.fd[k], buf, sizeof buf);
      if (got > 0) {
        (k ? results_[c.index].err : results_[c.index].out).append(buf, static_cast<size_t>(got));
      } else if (got == 0 || errno != EINTR) {
        ::close(c.fd[k]);
        c.fd[k] = -1;
      }
    }
  }

  void reap() {
    for (auto it = running_.begin(); it != running_.end();) {
      if (it->fd[0] >= 0 || it->fd[1] >= 0) {
        ++it;
        continue;
      }
      int status = 0;
      ::waitpid(it->pid, &status, 0);
      interrupt::untrack_child(it->pid);
      ChildResult& r = results_[it->index];
      r.status = WIFEXITED(status) ? WEXITSTATUS(status) : 1;
      if (!WIFEXITED(status))
        r.err += "cardstock: error: a build process stopped with signal " + std::to_string(WTERMSIG(status)) + "\n";
      const size_t index = it->index;
      it = running_.erase(it);
      if (ended_) ended_(index);
    }
  }

  std::vector<ChildResult>& results_;
  const std::function<void(size_t)>& ended_;
  std::vector<Child> running_;
};

}  // namespace

std::vector<ChildResult> run_children(const std::vector<std::vector<std::string>>& argvs, int jobs,
                                      const std::function<void(size_t)>& ended) {
  std::vector<ChildResult> results(argvs.size());
  Children children(results, ended);
  // Interrupted: the children were asked to stop; start no more and wait for them.
  for (size_t i = 0; i < argvs.size() && !interrupt::signal_received(); ++i) {
    while (static_cast<int>(children.size()) >= std::max(1, jobs) && !interrupt::signal_received()) children.pump();
    if (!interrupt::signal_received()) children.start(i, argvs[i]);
  }
  while (!children.empty()) children.pump();
  return results;
}

}  // namespace cardstock
