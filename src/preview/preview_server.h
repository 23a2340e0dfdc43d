// preview_server: the preview's HTTP server (cpp-httplib). It serves only its own routes:
// the page and its assets, /state.json, /events (server-sent events: the state each time
// it changes) and /pic/<key>.png (pictures it drew); anything else is 404,
// whatever the disk holds. With a token every request must carry it (?token= or the
// cookie the page gets) or is refused with 403. Connections are bounded: a fixed pool of
// threads, a bounded queue, a cap on event streams, timeouts for slow clients.
#pragma once
#include <memory>
#include <mutex>
#include <string>

#include "preview/preview_pictures.h"
#include "preview/preview_state.h"

namespace cardstock {

struct ServerOptions {
  std::string host = "127.0.0.1";
  int port = 8421;     // 0: a free port
  std::string token;   // "" = none asked
  size_t threads = 16; // requests served at once
  size_t streams = 8;  // event streams (open tabs) at once; more get 503 and retry
};

class PreviewServer {
 public:
  PreviewServer(ServerOptions opt, PictureCache& cache, std::mutex& draw_lock);
  ~PreviewServer();
  PreviewServer(const PreviewServer&) = delete;
  PreviewServer& operator=(const PreviewServer&) = delete;

  /// Binds the address and starts serving in a thread of its own; false with *why.
  bool start(std::string* why);
  /// The port it listens on (after start).
  int port() const;
  /// Shows `s` from now on and tells every open page.
  void publish(std::shared_ptr<const Snapshot> s);
  /// The state shown now (null before the first).
  std::shared_ptr<const Snapshot> current() const;
  /// Ends the event streams and stops serving; waits for the server's threads.
  void stop();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

/// A random token: 32 hex digits from the system's random source.
std::string random_token();

}  // namespace cardstock
