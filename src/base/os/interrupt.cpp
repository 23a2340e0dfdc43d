#include "base/os/interrupt.h"

#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <vector>

namespace cardstock::interrupt {

namespace {

// Changed only with the handled signals blocked, so the handler never reads a list
// half-changed; it only reads c_str() and calls unlink() and kill(), which are safe.
std::vector<std::string>* temps = nullptr;
std::vector<pid_t>* children = nullptr;
volatile sig_atomic_t received = 0;
volatile sig_atomic_t waiting_for_changes = 0;  // `watch` between builds: it stops by itself
constexpr int kSignals[] = {SIGINT, SIGTERM, SIGHUP};

class Blocked {
 public:
  Blocked() {
    sigset_t s;
    sigemptyset(&s);
    for (int sig : kSignals) sigaddset(&s, sig);
    sigprocmask(SIG_BLOCK, &s, &old_);
  }
  ~Blocked() { sigprocmask(SIG_SETMASK, &old_, nullptr); }

 private:
  sigset_t old_;
};

sigset_t handled_set() {
  sigset_t s;
  sigemptyset(&s);
  for (int sig : kSignals) sigaddset(&s, sig);
  return s;
}

void on_signal(int sig) {
  if (received) return;
  received = sig;
  // Newest first: the files of a folder output go before their folder (rmdir, once
  // empty, for what is not a file).
  if (temps)
    for (auto t = temps->rbegin(); t != temps->rend(); ++t)
      if (::unlink(t->c_str()) != 0) ::rmdir(t->c_str());
  bool waiting = false;
  if (children)
    for (pid_t p : *children) waiting = ::kill(p, SIGTERM) == 0 || waiting;
  // A parent waits for its children in its loop and finishes there, `watch` between builds
  // returns from its wait; anyone else stops now.
  if (!waiting && !waiting_for_changes) {
    ::signal(sig, SIG_DFL);
    ::raise(sig);
  }
}

}  // namespace

void install() {
  static std::atomic<bool> done{false};
  if (done.exchange(true)) return;
  temps = new std::vector<std::string>;  // never freed: the handler may run at any time
  children = new std::vector<pid_t>;
  struct sigaction sa {};
  sa.sa_handler = on_signal;
  sigemptyset(&sa.sa_mask);
  for (int sig : kSignals) sigaddset(&sa.sa_mask, sig);
  for (int sig : kSignals) {
    struct sigaction prev {};
    sigaction(sig, nullptr, &prev);
    if (prev.sa_handler == SIG_IGN) continue;  // e.g. nohup: keep ignoring it
    sigaction(sig, &sa, nullptr);
  }
}

void track(const std::string& path) {
  if (!temps) return;
  Blocked b;
  temps->push_back(path);
}

void untrack(const std::string& path) {
  if (!temps) return;
  Blocked b;
  temps->erase(std::remove(temps->begin(), temps->end(), path), temps->end());
}

int fork_child() {
  sigset_t s, old;
  sigemptyset(&s);
  for (int sig : kSignals) sigaddset(&s, sig);
  sigprocmask(SIG_BLOCK, &s, &old);
  const pid_t pid = ::fork();
  if (pid == 0) {
    // The child is a fresh build: none of the parent's files or children are its own.
    temps = nullptr;
    children = nullptr;
  } else if (pid > 0 && children) {
    children->push_back(pid);
  }
  sigprocmask(SIG_SETMASK, &old, nullptr);
  return pid;
}

void untrack_child(int pid) {
  if (!children) return;
  Blocked b;
  children->erase(std::remove(children->begin(), children->end(), pid), children->end());
}

int signal_received() { return received; }

bool set_waiting(bool on) {
  const bool was = waiting_for_changes != 0;
  waiting_for_changes = on;
  return was;
}

bool with_signals_blocked(const std::function<bool()>& f) {
  sigset_t block = handled_set(), old;
  pthread_sigmask(SIG_BLOCK, &block, &old);
  const bool r = f();
  pthread_sigmask(SIG_SETMASK, &old, nullptr);
  return r;
}

struct SignalGate::Mask {
  sigset_t set;
};

SignalGate::SignalGate() : old_(new Mask) {
  sigset_t block = handled_set();
  sigprocmask(SIG_BLOCK, &block, &old_->set);
}

SignalGate::~SignalGate() { sigprocmask(SIG_SETMASK, &old_->set, nullptr); }

int SignalGate::wait_readable(int fd, long timeout_ms) {
  pollfd p{fd, POLLIN, 0};
  timespec t{timeout_ms / 1000, timeout_ms % 1000 * 1000000L};
  return ppoll(&p, 1, timeout_ms < 0 ? nullptr : &t, &old_->set);  // signals let in only here
}

int SignalGate::sleep(long ms) {
  timespec t{ms / 1000, ms % 1000 * 1000000L};
  return ppoll(nullptr, 0, &t, &old_->set);  // signals let in only here
}

void ignore_file_size_signal() { ::signal(SIGXFSZ, SIG_IGN); }

void finish() {
  const int sig = received ? received : SIGTERM;
  ::signal(sig, SIG_DFL);
  ::raise(sig);
  std::_Exit(128 + sig);
}

}  // namespace cardstock::interrupt
