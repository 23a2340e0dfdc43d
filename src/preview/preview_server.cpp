// preview_server: cpp-httplib (Debian's libcpp-httplib-dev) rather than a server of our
// own: it is maintained, packaged by Debian, parses HTTP for us, serves from a pool of
// threads whose queue we can bound (new_task_queue), and streams with a chunked content
// provider, which is what server-sent events need. The routes are exact paths; nothing
// maps a URL to a file, so a path with `..`, an encoded slash or a symlink has no file
// to reach and gets 404.
#include "preview/preview_server.h"

#include <httplib.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <thread>

#include "base/os/random.h"
#include "preview/preview_assets.h"

namespace cardstock {

namespace {

// httplib's pool with a bounded queue: when every thread is busy and `max_queued`
// connections wait, the accepting thread waits too (the kernel's backlog holds the
// rest), so a flood of connections cannot grow memory without bound.
class BoundedPool : public httplib::TaskQueue {
 public:
  BoundedPool(size_t threads, size_t max_queued) : max_queued_(max_queued) {
    for (size_t i = 0; i < threads; ++i) threads_.emplace_back([this] { work(); });
  }
  void enqueue(std::function<void()> fn) override {
    std::unique_lock<std::mutex> l(mutex_);
    room_.wait(l, [&] { return jobs_.size() < max_queued_ || shutdown_; });
    jobs_.push_back(std::move(fn));
    l.unlock();
    ready_.notify_one();
  }
  void shutdown() override {
    {
      std::lock_guard<std::mutex> l(mutex_);
      shutdown_ = true;
    }
    ready_.notify_all();
    room_.notify_all();
    for (auto& t : threads_) t.join();
  }

 private:
  void work() {
    for (;;) {
      std::function<void()> fn;
      {
        std::unique_lock<std::mutex> l(mutex_);
        ready_.wait(l, [&] { return !jobs_.empty() || shutdown_; });
        if (jobs_.empty()) return;  // shut down, nothing left
        fn = std::move(jobs_.front());
        jobs_.pop_front();
      }
      room_.notify_one();
      fn();  // serves the connection and closes it
    }
  }
  size_t max_queued_;
  bool shutdown_ = false;
  std::mutex mutex_;
  std::condition_variable ready_, room_;
  std::deque<std::function<void()>> jobs_;
  std::vector<std::thread> threads_;
};

bool equal_in_constant_time(const std::string& a, const std::string& b) {
  if (a.size() != b.size()) return false;
  unsigned char diff = 0;
  for (size_t i = 0; i < a.size(); ++i) diff |= static_cast<unsigned char>(a[i] ^ b[i]);
  return diff == 0;
}

std::string cookie_token(const httplib::Request& req) {
  const std::string cookies = req.get_header_value("Cookie");
  const std::string name = "cardstock_token=";
  for (size_t at = 0; (at = cookies.find(name, at)) != std::string::npos; at += name.size())
    if (at == 0 || cookies[at - 1] == ' ' || cookies[at - 1] == ';') {
      const size_t start = at + name.size();
      return cookies.substr(start, cookies.find(';', start) - start);
    }
  return "";
}

// A path the routes could never mean, refused before routing whatever it decodes to:
// `..`, encoded characters (an encoded slash or dot), backslashes, doubled slashes.
bool strange_target(const std::string& target) {
  const std::string path = target.substr(0, target.find('?'));
  return path.empty() || path[0] != '/' || path.find("..") != std::string::npos ||
         path.find('%') != std::string::npos || path.find('\\') != std::string::npos ||
         path.find("//") != std::string::npos;
}

}  // namespace

struct PreviewServer::Impl {
  ServerOptions opt;
  PictureCache& cache;
  std::mutex& draw_lock;
  httplib::Server server;
  std::thread thread;
  int port = 0;
  mutable std::mutex mutex;
  std::condition_variable changed;
  std::shared_ptr<const Snapshot> snapshot;
  bool stopping = false;
  std::atomic<size_t> streams{0};
  std::atomic<bool> listen_returned{false};

  Impl(ServerOptions o, PictureCache& c, std::mutex& d) : opt(std::move(o)), cache(c), draw_lock(d) {}

  std::shared_ptr<const Snapshot> now() const {
    std::lock_guard<std::mutex> l(mutex);
    return snapshot;
  }

  // 403 without the token, 404 for paths no route can mean; else on to the routes.
  httplib::Server::HandlerResponse screen(const httplib::Request& req, httplib::Response& res) {
    if (!opt.token.empty() && !equal_in_constant_time(req.get_param_value("token"), opt.token) &&
        !equal_in_constant_time(cookie_token(req), opt.token)) {
      res.status = 403;
      res.set_content("403: this preview needs the token printed with its address\n", "text/plain");
      return httplib::Server::HandlerResponse::Handled;
    }
    if (strange_target(req.target)) {
      res.status = 404;
      res.set_content("404: not found\n", "text/plain");
      return httplib::Server::HandlerResponse::Handled;
    }
    res.set_header("X-Content-Type-Options", "nosniff");
    res.set_header("Referrer-Policy", "no-referrer");
    return httplib::Server::HandlerResponse::Unhandled;
  }

  void asset(const std::string& route, const std::string& name) {
    server.Get(route, [this, name](const httplib::Request& req, httplib::Response& res) {
      const PreviewAsset* a = preview_asset(name);
      if (name == "index.html" && !opt.token.empty() && req.has_param("token"))
        res.set_header("Set-Cookie", "cardstock_token=" + opt.token + "; Path=/; HttpOnly; SameSite=Strict");
      res.set_header("Cache-Control", "no-cache");
      res.set_header("Content-Security-Policy",
                     "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; connect-src 'self'");
      res.set_content(std::string(a->text), std::string(a->type).c_str());
    });
  }

  void routes() {
    server.set_pre_routing_handler([this](const httplib::Request& req, httplib::Response& res) { return screen(req, res); });
    asset("/", "index.html");
    asset("/preview.css", "preview.css");
    asset("/preview.js", "preview.js");
    server.Get("/state.json", [this](const httplib::Request&, httplib::Response& res) {
      const auto s = now();
      res.set_header("Cache-Control", "no-store");
      res.set_content(s ? s->json : std::string("{\"version\":0,\"games\":[],\"problems\":[]}"), "application/json");
    });
    server.Get(R"(/pic/([0-9a-f]{32})\.png)", [this](const httplib::Request& req, httplib::Response& res) {
      picture(req.matches[1], res);
    });
    server.Get("/events", [this](const httplib::Request&, httplib::Response& res) { events(res); });
    server.set_error_handler([](const httplib::Request&, httplib::Response& res) {
      if (res.body.empty()) res.set_content(std::to_string(res.status) + "\n", "text/plain");
    });
  }

  void picture(const std::string& key, httplib::Response& res) {
    const auto s = now();
    const PictureJob* job = s ? s->picture(key) : nullptr;
    std::string png = job ? cache.get(key, *job, draw_lock) : std::string();
    if (png.empty()) {
      res.status = 404;
      return;
    }
    // A key names what the picture shows: it never changes, so browsers keep it.
    res.set_header("Cache-Control", "private, max-age=86400, immutable");
    res.set_content(std::move(png), "image/png");
  }

  // One open page: the state now and at every change, a comment every 10 s
  // (a client that has gone is found out by the write failing).
  void events(httplib::Response& res) {
    if (streams.fetch_add(1) >= opt.streams) {
      streams.fetch_sub(1);
      res.status = 503;
      res.set_header("Retry-After", "5");
      return;
    }
    res.set_header("Cache-Control", "no-store");
    auto sent = std::make_shared<long>(-1);
    res.set_chunked_content_provider(
        "text/event-stream",
        [this, sent](size_t, httplib::DataSink& sink) {
          std::unique_lock<std::mutex> l(mutex);
          changed.wait_for(l, std::chrono::seconds(10), [&] {
            return stopping || (snapshot && snapshot->version != *sent);
          });
          if (stopping) return false;
          std::string msg = ": still here\n\n";
          if (snapshot && snapshot->version != *sent) {  // the state itself: one line of JSON
            *sent = snapshot->version;
            msg = "retry: 1000\nevent: state\ndata: " + snapshot->json + "\n\n";
          }
          l.unlock();
          return sink.write(msg.data(), msg.size());
        },
        [this](bool) { streams.fetch_sub(1); });
  }
};

PreviewServer::PreviewServer(ServerOptions opt, PictureCache& cache, std::mutex& draw_lock)
    : impl_(std::make_unique<Impl>(std::move(opt), cache, draw_lock)) {}

PreviewServer::~PreviewServer() { stop(); }

bool PreviewServer::start(std::string* why) {
  Impl& m = *impl_;
  const size_t threads = m.opt.threads;
  m.server.new_task_queue = [threads] { return new BoundedPool(threads, threads * 4); };
  m.server.set_keep_alive_timeout(2);  // an idle connection gives its thread back soon
  m.server.set_keep_alive_max_count(100);
  m.server.set_read_timeout(5);
  m.server.set_write_timeout(5);  // a slow client is dropped, not waited for
  m.server.set_payload_max_length(64 * 1024);
  m.routes();
  m.port = m.opt.port == 0 ? m.server.bind_to_any_port(m.opt.host) : m.server.bind_to_port(m.opt.host, m.opt.port)
                                                                         ? m.opt.port
                                                                         : -1;
  if (m.port <= 0) {
    *why = "cannot listen on " + m.opt.host + ":" + std::to_string(m.opt.port) +
           " (is another preview running? --port 0 takes a free port)";
    return false;
  }
  m.thread = std::thread([&m] {
    m.server.listen_after_bind();
    m.listen_returned = true;
  });
  // httplib's stop() does nothing until listen has begun: a stop that came first (a
  // SIGTERM the moment the address is printed) left the listening thread running and
  // stop() joining it for ever. Return only once it listens.
  while (!m.server.is_running() && !m.listen_returned) std::this_thread::sleep_for(std::chrono::milliseconds(1));
  return true;
}

int PreviewServer::port() const { return impl_->port; }

void PreviewServer::publish(std::shared_ptr<const Snapshot> s) {
  {
    std::lock_guard<std::mutex> l(impl_->mutex);
    impl_->snapshot = std::move(s);
  }
  impl_->changed.notify_all();
}

std::shared_ptr<const Snapshot> PreviewServer::current() const { return impl_->now(); }

void PreviewServer::stop() {
  if (!impl_ || !impl_->thread.joinable()) return;
  {
    std::lock_guard<std::mutex> l(impl_->mutex);
    impl_->stopping = true;
  }
  impl_->changed.notify_all();
  impl_->server.stop();
  impl_->thread.join();
}

std::string random_token() {
  unsigned char bytes[16] = {};
  os::random_bytes(bytes, sizeof bytes);
  static const char* hex = "0123456789abcdef";
  std::string out;
  for (unsigned char b : bytes) out += {hex[b >> 4], hex[b & 15]};
  return out;
}

}  // namespace cardstock
