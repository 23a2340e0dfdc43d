// preview: the command's loop. Rebuilding is a `check` (load, prepare, plan: no file
// written) whose pictures are keyed by what they show, so after an edit only the cards
// it changed are drawn again, before the page is told; the rest come from the cache or
// the browser's own. Signals are blocked in the server's threads and let in only while
// this thread waits for a change (base/os/watcher.h), so Ctrl-C stops it between rebuilds.
#include "preview/preview.h"

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <thread>

#include "base/diag.h"
#include "base/os/process.h"
#include "base/text_check.h"
#include "preview/preview_server.h"
#include "preview/preview_state.h"
#include "base/os/interrupt.h"
#include "run/prepared_run.h"
#include "base/os/watcher.h"

namespace cardstock {

namespace {

constexpr size_t kMostWarmed = 64;  // pictures drawn before the page is told; the rest when asked
// A save's events (write, rename) come within a millisecond or two; watch's 150 ms would
// be a third of the 500 ms an update may take (issue 30).
constexpr int kQuietMs = 50;

// What the terminal says of a run: as `check` says it.
void say(const PreparedRun& run, std::ostream& err) {
  err << run.said;
  for (const auto& g : run.games) err << g->prepared.diags.str();
  err.flush();
}

// Draws the cards an edit changed before the page asks for them (the page asks as soon
// as it hears of the change; a picture drawn already is then sent at once).
size_t warm(const Snapshot& now, const Snapshot& before, PictureCache& cache, std::mutex& draw_lock) {
  size_t drawn = 0;
  for (const auto& g : now.games)
    for (const auto& [key, job] : g.pictures) {
      if (drawn >= kMostWarmed) return drawn;
      if (job.proof_of || job.dpi < 90 || before.picture(key) || cache.has(key)) continue;
      cache.get(key, job, draw_lock);
      ++drawn;
    }
  return drawn;
}

// The page opened in the browser by xdg-open; where there is none (a minimal Debian, WSL)
// or it fails, the address to open by hand is said instead.
void open_browser(const std::string& url, std::ostream& out) {
  const std::string by_hand = "open this address in your browser: " + url + "\n";
  const std::string opener = find_program("xdg-open");
  if (opener.empty()) {
    out << by_hand << std::flush;
    return;
  }
  std::thread([opener, url, by_hand, &out] {
    const ProgramRun r = run_program({opener, url}, {}, [](const char*, size_t) { return true; });
    if (r.status != 0) out << by_hand << std::flush;
  }).detach();
}

bool loopback(const std::string& host) { return host == "127.0.0.1" || host == "localhost" || host == "::1"; }

std::shared_ptr<const PreparedRun> rebuild(const std::vector<std::string>& files, const BuildOptions& opt,
                                           std::mutex& draw_lock) {
  std::lock_guard<std::mutex> l(draw_lock);  // Pango and fontconfig: one thread at a time
  return prepare_run(files, opt);
}

}  // namespace

int preview_files(const std::vector<std::string>& files, const BuildOptions& opt, const PreviewOptions& popt,
                  std::ostream& out, std::ostream& err) {
  interrupt::install();
  // A preview writes no file: a signal at any moment (even while it says where it
  // listens, or rebuilds) is recorded and ends the serving loop, and the exit is 0.
  interrupt::set_waiting(true);
  std::mutex draw_lock;
  PictureCache cache;
  auto run = rebuild(files, opt, draw_lock);
  say(*run, err);
  if (run->status == 2) return 2;
  long version = 1;
  std::shared_ptr<const Snapshot> shown = make_snapshot(run, nullptr, version);
  ServerOptions so;
  so.host = popt.host;
  so.port = popt.port;
  if (!loopback(popt.host)) so.token = random_token();
  PreviewServer server(so, cache, draw_lock);
  // The server's threads start with the handled signals blocked: they reach this thread.
  std::string why;
  const bool listening = interrupt::with_signals_blocked([&] { return server.start(&why); });
  if (!listening) {
    say_error(err, Mark{"cardstock"}, why);
    return 2;
  }
  server.publish(shown);
  const std::string url = "http://127.0.0.1:" + std::to_string(server.port()) + "/" +
                          (so.token.empty() ? "" : "?token=" + so.token);
  out << "Preview at " << url << std::endl;
  if (!so.token.empty())
    out << "listening on " << printable(popt.host) << ": other computers open this address with this computer's name or "
        << "address in place of 127.0.0.1; requests without the token are refused" << std::endl;
  out << shown->card_count() << " cards; watching for changes (Ctrl-C to stop)" << std::endl;
  if (!popt.no_open && stdout_is_terminal()) open_browser(url, out);
  Watcher w(opt.poll, kQuietMs);
  if (!w.ok()) {
    say_error(err, Mark{"cardstock"}, "cannot watch for changes: the preview will not update by itself");
    while (!interrupt::signal_received()) std::this_thread::sleep_for(std::chrono::milliseconds(200));
  }
  WatchList inputs = run_inputs(*run, opt);
  const std::string out_dir = std::filesystem::absolute(opt.out_dir).lexically_normal().string();
  while (w.ok()) {
    w.watch(inputs);
    if (const std::string note = w.take_note(); !note.empty()) err << "note: " << printable(note) << std::endl;
    const std::string changed = w.wait(run->status != 0, out_dir);
    if (changed.empty()) break;
    const auto started = std::chrono::steady_clock::now();
    run = rebuild(files, opt, draw_lock);
    say(*run, err);
    auto next = make_snapshot(run, shown.get(), ++version);
    const size_t drawn = warm(*next, *shown, cache, draw_lock);
    shown = next;
    server.publish(shown);
    inputs.merge(run_inputs(*run, opt));  // a file a broken game lost stays watched
    const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - started);
    out << "changed: " << printable(changed) << "; " << (run->status == 0 ? "updated" : "errors shown") << " in " << ms.count()
        << " ms (" << drawn << " pictures redrawn)" << std::endl;
  }
  server.stop();
  out << "stopped" << std::endl;
  return 0;
}

}  // namespace cardstock
