// interrupt: what happens when a build is interrupted (SIGINT from Ctrl-C, SIGTERM,
// SIGHUP). The temporary files this process is writing are removed at once, the build
// processes it started are asked to stop (they remove theirs), and the previous outputs
// stay as they were. Async-signal-safe; no allocation in the handler.
#pragma once
#include <functional>
#include <memory>
#include <string>

namespace cardstock::interrupt {

/// Installs the handlers (once; later calls do nothing).
void install();

/// A temporary file (or folder, tracked before the files in it) about to be created, to
/// remove if the build is interrupted, and the same once renamed into place or removed.
void track(const std::string& path);
void untrack(const std::string& path);

/// fork() for a build process: in the parent the child is tracked (asked to stop if this
/// process is interrupted) before any signal can come in between; the child starts with
/// the signal mask the parent had. Returns what fork() returns.
int fork_child();

/// A build process has ended.
void untrack_child(int pid);

/// The signal that interrupted the build (0 if none). A parent whose children were asked
/// to stop waits for them, removes what they left, and then calls finish().
int signal_received();

/// While on (`watch` waiting for a change, nothing being written), a signal is only
/// recorded: the waiting call returns (EINTR) and the caller ends by itself. Turn it on
/// before saying "watching", so a signal sent on seeing that line is never fatal. Returns
/// the previous setting.
bool set_waiting(bool on);

/// Runs `f` with the handled signals blocked in the calling thread (threads it starts
/// inherit the mask, so the signals reach the thread that waits for them); returns what
/// `f` returns.
bool with_signals_blocked(const std::function<bool()>& f);

/// The handled signals blocked in the calling thread while it lives (so a check of
/// signal_received() cannot miss one), and let in only inside wait_readable().
class SignalGate {
 public:
  SignalGate();
  ~SignalGate();
  SignalGate(const SignalGate&) = delete;
  SignalGate& operator=(const SignalGate&) = delete;
  /// Waits (ppoll) until `fd` can be read, `timeout_ms` has passed (< 0: no limit) or a
  /// handled signal came: > 0, 0, or < 0 (errno EINTR for the signal).
  int wait_readable(int fd, long timeout_ms);
  /// Sleeps `ms` (ppoll on no file), ended early by a handled signal: 0, or < 0 (EINTR).
  int sleep(long ms);

 private:
  struct Mask;
  std::unique_ptr<Mask> old_;
};

/// SIGXFSZ ignored: over a file size limit a write fails with EFBIG instead.
void ignore_file_size_signal();

/// Dies of the signal received, as the shell expects (exit status 128 + signal).
[[noreturn]] void finish();

}  // namespace cardstock::interrupt
