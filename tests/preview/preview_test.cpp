// `cardstock preview` as a process, spoken to over HTTP with cpp-httplib's client: its
// first line, the cards of state.json against the manifest a build writes, its pictures,
// 404 for every path that is not its own (traversal, encoded slashes, absolute paths,
// a symlink beside the game), 403 without the token, a live update after a saved CSV
// (only the changed card gets a new picture), a broken save shown over the stale cards,
// and a clean stop on SIGTERM.
#include <gtest/gtest.h>
#include <httplib.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <fcntl.h>
#include <fstream>
#include <functional>
#include <regex>
#include <set>
#include <thread>

#include "base/json.h"
#include "output_util.h"

namespace fs = std::filesystem;

namespace cardstock {

namespace {

const char* kGame = R"(game: p
title: Previewed
designs:
  face:
    layers:
      - {type: rect, x: 0, y: 0, w: 100%, h: 100%, fill: "#ffffff", stroke: "#202020", stroke_width: 1pt}
      - {type: text, text: "{word}", x: 5mm, y: 5mm, w: 50mm, h: 20mm, size: 14pt}
decks:
  - id: d
    face: face
    stocks: [poker-3x3-letter]
    cards: {csv: words.csv}
)";

// The preview process: started in `dir`, stdout and stderr into files there; stopped
// (SIGTERM, then SIGKILL) whatever the test does.
class Preview {
 public:
  Preview(const fs::path& dir, const std::vector<std::string>& args) : dir_(dir) {
    pid_ = ::fork();
    if (pid_ == 0) {
      if (::chdir(dir.c_str()) != 0) ::_exit(126);
      const int o = ::open("preview.out", O_WRONLY | O_CREAT | O_TRUNC, 0644);
      const int e = ::open("preview.err", O_WRONLY | O_CREAT | O_TRUNC, 0644);
      ::dup2(o, 1);
      ::dup2(e, 2);
      ::close(0);
      std::vector<std::string> all{"--shipped-templates", testing::source_dir() + "/templates", "preview",
                                   "--port", "0"};
      all.insert(all.end(), args.begin(), args.end());
      std::vector<char*> argv{const_cast<char*>(CARDSTOCK_BINARY)};
      for (auto& a : all) argv.push_back(a.data());
      argv.push_back(nullptr);
      ::execv(argv[0], argv.data());
      ::_exit(127);
    }
  }
  ~Preview() { stop(); }
  // The exit status after SIGTERM (-1 if it had to be killed).
  int stop() {
    if (pid_ <= 0) return status_;
    ::kill(pid_, SIGTERM);
    for (int i = 0; i < 200; ++i) {
      int st = 0;
      if (::waitpid(pid_, &st, WNOHANG) == pid_) {
        pid_ = 0;
        return status_ = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    ::kill(pid_, SIGKILL);
    ::waitpid(pid_, nullptr, 0);
    pid_ = 0;
    return status_;
  }
  std::string out() const { return testing::slurp(dir_ / "preview.out"); }
  std::string err() const { return testing::slurp(dir_ / "preview.err"); }

 private:
  fs::path dir_;
  pid_t pid_ = -1;
  int status_ = -1;
};

// Polls `done` every 50 ms for up to 30 s (the machine may be busy).
bool within_30s(const std::function<bool()>& done) {
  for (int i = 0; i < 600; ++i) {
    if (done()) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  return done();
}

// The port of the first line, which must be exactly the address (and the token).
int port_of(const Preview& p, bool token, std::string* tok = nullptr) {
  std::string first;
  if (!within_30s([&] {
        const std::string o = p.out();
        first = o.substr(0, o.find('\n'));
        return o.find('\n') != std::string::npos;
      }))
    return -1;
  std::smatch m;
  const std::regex want(token ? R"(Preview at http://127\.0\.0\.1:(\d+)/\?token=([0-9a-f]{32}))"
                              : R"(Preview at http://127\.0\.0\.1:(\d+)/)");
  if (!std::regex_match(first, m, want)) {
    ADD_FAILURE() << "first line: " << first << "\n" << p.err();
    return -1;
  }
  if (tok && token) *tok = m[2];
  return std::stoi(m[1]);
}

httplib::Client client(int port) {
  httplib::Client c("127.0.0.1", port);
  c.set_url_encode(false);  // the paths are sent exactly as written
  c.set_read_timeout(30);
  return c;
}

Json state_of(int port) {
  auto c = client(port);
  auto r = c.Get("/state.json");
  if (!r || r->status != 200) return Json();
  return Json::parse(r->body);
}

// The cards state.json shows: "deck/id" -> front picture key.
std::map<std::string, std::string> cards_of(const Json& s) {
  std::map<std::string, std::string> out;
  for (const auto& g : s["games"])
    for (const auto& d : g["decks"])
      for (const auto& c : d["cards"]) out[d["id"].get<std::string>() + "/" + c["id"].get<std::string>()] = c["front"];
  return out;
}

fs::path game_dir(const std::string& name) {
  const fs::path dir = testing::fresh_dir(name);
  std::ofstream(dir / "p.yaml") << kGame;
  std::ofstream(dir / "words.csv") << "word,count\nshalom,2\ntoda,1\nboker,1\n";
  return dir;
}

}  // namespace

TEST(Preview, ServesTheManifestsCardsAndNothingElse) {
  const fs::path dir = game_dir("preview-routes");
  // What a build says the deck holds: its cards by id, from the manifest.
  const auto built = testing::run_cardstock({"--shipped-templates", testing::source_dir() + "/templates", "build",
                                             "p.yaml", "-o", "out", "-j", "1"},
                                            dir.string());
  ASSERT_EQ(built.status, 0) << built.err;
  const Json manifest = Json::parse(testing::slurp(dir / "out/p/manifest.json"));
  std::set<std::string> ids;
  long fronts = 0;
  for (const auto& o : manifest["outputs"])
    if (o["kind"] == "cards")
      for (const auto& page : o["pages"])
        for (const auto& pl : page["placements"])
          if (pl["side"] == "front") ids.insert(o["deck"].get<std::string>() + "/" + pl["id"].get<std::string>()), ++fronts;
  fs::create_symlink("/etc/passwd", dir / "passwd");
  Preview p(dir, {"--no-open", "p.yaml"});
  const int port = port_of(p, false);
  ASSERT_GT(port, 0);
  const Json s = state_of(port);
  const auto cards = cards_of(s);
  std::set<std::string> shown;
  long copies = 0;
  for (const auto& [id, key] : cards) shown.insert(id);
  for (const auto& d : s["games"][0]["decks"])
    for (const auto& c : d["cards"]) copies += c["copies"].get<long>();
  EXPECT_EQ(shown, ids);
  EXPECT_EQ(copies, fronts);
  auto c = client(port);
  auto page = c.Get("/");
  ASSERT_TRUE(page);
  EXPECT_EQ(page->status, 200);
  EXPECT_NE(page->body.find("<title>cardstock preview</title>"), std::string::npos);
  for (const char* asset : {"/preview.css", "/preview.js"}) EXPECT_EQ(c.Get(asset)->status, 200) << asset;
  // A card's picture: a PNG of the card at 96 dpi (63.5 x 88.9 mm: 240 x 336 pixels).
  auto pic = c.Get(("/pic/" + cards.at("d/d-1") + ".png").c_str());
  ASSERT_TRUE(pic);
  ASSERT_EQ(pic->status, 200);
  EXPECT_EQ(pic->get_header_value("Content-Type"), "image/png");
  ASSERT_GT(pic->body.size(), 24u);
  EXPECT_EQ(pic->body.substr(1, 3), "PNG");
  auto be32 = [&](size_t at) {
    return (static_cast<unsigned char>(pic->body[at]) << 24) | (static_cast<unsigned char>(pic->body[at + 1]) << 16) |
           (static_cast<unsigned char>(pic->body[at + 2]) << 8) | static_cast<unsigned char>(pic->body[at + 3]);
  };
  EXPECT_EQ(be32(16), 240);
  EXPECT_EQ(be32(20), 336);
  for (const char* path : {"/../etc/passwd", "/%2e%2e%2fetc%2fpasswd", "/%2e%2e/%2e%2e/etc/passwd", "/pic%2F..%2Fp.yaml",
                           "/etc/passwd", "//etc/passwd", "/p.yaml", "/words.csv", "/passwd", "/pic/../p.yaml",
                           "/pic/00000000000000000000000000000000.png", "/preview.js/..", "/index.html"}) {
    auto r = c.Get(path);
    ASSERT_TRUE(r) << path;
    EXPECT_EQ(r->status, 404) << path;
    EXPECT_EQ(r->body.find("root:"), std::string::npos) << path;
  }
  EXPECT_EQ(p.stop(), 0) << p.err();
  EXPECT_NE(p.out().find("\nstopped\n"), std::string::npos) << p.out();
  // Nothing written beside the game (a preview draws in memory).
  EXPECT_EQ(testing::tree_of(dir).size(), testing::tree_of(dir).size());
  for (const auto& f : testing::tree_of(dir)) EXPECT_EQ(f.find(".tmp"), std::string::npos) << f;
}

TEST(Preview, AnOpenAddressNeedsItsToken) {
  const fs::path dir = game_dir("preview-token");
  Preview p(dir, {"--no-open", "--host", "0.0.0.0", "p.yaml"});
  std::string token;
  const int port = port_of(p, true, &token);
  ASSERT_GT(port, 0);
  auto c = client(port);
  for (const char* path : {"/", "/state.json", "/preview.js", "/?token=0123", "/../etc/passwd"}) {
    auto r = c.Get(path);
    ASSERT_TRUE(r) << path;
    EXPECT_EQ(r->status, 403) << path;
  }
  // The event stream, let in, would never end: a short wait, so that fails instead of hanging.
  auto quick = client(port);
  quick.set_read_timeout(3);
  auto events = quick.Get("/events");
  ASSERT_TRUE(events) << "/events streamed without the token";
  EXPECT_EQ(events->status, 403);
  auto page = c.Get(("/?token=" + token).c_str());
  ASSERT_TRUE(page);
  EXPECT_EQ(page->status, 200);
  EXPECT_EQ(page->get_header_value("Set-Cookie"),
            "cardstock_token=" + token + "; Path=/; HttpOnly; SameSite=Strict");
  auto state = c.Get("/state.json", {{"Cookie", "cardstock_token=" + token}});
  ASSERT_TRUE(state);
  EXPECT_EQ(state->status, 200);
  EXPECT_EQ(c.Get(("/state.json?token=" + token).c_str())->status, 200);
  EXPECT_EQ(c.Get(("/%2e%2e%2fetc%2fpasswd?token=" + token).c_str())->status, 404);
  EXPECT_EQ(p.stop(), 0);
}

TEST(Preview, ASavedChangeRedrawsOnlyItsCardAndABrokenSaveShowsOverStaleCards) {
  const fs::path dir = game_dir("preview-live");
  Preview p(dir, {"--no-open", "p.yaml"});
  const int port = port_of(p, false);
  ASSERT_GT(port, 0);
  const Json first = state_of(port);
  const auto before = cards_of(first);
  ASSERT_EQ(before.size(), 3u);
  // Saved as a spreadsheet saves: a new file renamed over the old one.
  std::ofstream(dir / "words.csv.new") << "word,count\nshalom,2\ntodah,1\nboker,1\n";
  fs::rename(dir / "words.csv.new", dir / "words.csv");
  Json next;
  ASSERT_TRUE(within_30s([&] {
    next = state_of(port);
    return next["version"].get<long>() > first["version"].get<long>();
  })) << p.out() << p.err();
  const auto after = cards_of(next);
  // The ids come from the row numbers (d-1...), so the changed card keeps its id.
  ASSERT_EQ(after.size(), 3u);
  size_t changed = 0;
  for (const auto& [id, key] : after) changed += before.at(id) != key;
  EXPECT_EQ(changed, 1u);
  EXPECT_NE(p.out().find("(1 pictures redrawn)"), std::string::npos) << p.out();
  // A quote never closed: the error at its cell, the cards kept and marked stale.
  std::ofstream(dir / "words.csv") << "word,count\nshalom,2\n\"todah,1\nboker,1\n";
  // (The note that the rows are numbered is a problem of the page too, before and after.)
  Json broken, error;
  ASSERT_TRUE(within_30s([&] {
    broken = state_of(port);
    for (const Json& problem : broken["problems"])
      if (problem["severity"] == "error") error = problem;
    return !error.is_null();
  })) << p.err();
  EXPECT_EQ(error["where"].get<std::string>().rfind("words.csv:3:", 0), 0u) << broken["problems"];
  EXPECT_TRUE(broken["games"][0]["stale"].get<bool>());
  EXPECT_EQ(cards_of(broken), after);
  EXPECT_NE(p.err().find("words.csv:3:"), std::string::npos) << p.err();
  EXPECT_EQ(p.stop(), 0);
}

}  // namespace cardstock
