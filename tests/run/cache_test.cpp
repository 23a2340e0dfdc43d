// The input cache and the no-op check made before anything is parsed: a game's folder is
// found by what its manifest says, and anything that could change an output (an input's
// bytes, a new file in a templates folder, a missing output, another game file, a folder
// not named by the game) sends the build the full way. Manifests are written here by hand,
// in the writer's format, so every condition is changed alone.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <fstream>

#include "run/cache.h"
#include "plan/manifest.h"
#include "output_util.h"

namespace cardstock {

namespace fs = std::filesystem;

namespace {

struct Scene {
  fs::path dir, out, game, templates, image;
};

// A game file, a templates folder with one file, an image, and out/demo/ as a build of
// them left it (one output, x.pdf), keyed with options "opt".
Scene scene(const std::string& name, std::vector<std::string> extra_inputs = {}) {
  Scene s;
  s.dir = testing::fresh_dir(name);
  s.out = s.dir / "out";
  s.game = s.dir / "g.yaml";
  s.templates = s.dir / "templates";
  s.image = s.dir / "a.svg";
  fs::create_directories(s.templates);
  fs::create_directories(s.out / "demo");
  std::ofstream(s.game) << "game: demo\n";
  std::ofstream(s.templates / "papers.yaml") << "papers: []\n";
  std::ofstream(s.image) << "<svg/>\n";
  std::ofstream(s.out / "demo" / "x.pdf") << "%PDF\n";
  std::vector<std::string> inputs{s.game.string(), (s.templates / "papers.yaml").string(), s.image.string()};
  inputs.insert(inputs.end(), extra_inputs.begin(), extra_inputs.end());
  InputCache cache("opt", {});
  const ManifestHeader h{"demo", "Demo", s.game.string(), inputs, cache.key(inputs), {s.templates.string()}};
  PlannedOutput o;
  o.file = "x.pdf";
  std::ofstream(s.out / "demo" / "manifest.json") << manifest_json(h, {o});
  return s;
}

std::optional<std::vector<fs::path>> check(const Scene& s, const std::string& options = "opt") {
  InputCache cache(options, {});
  return up_to_date_folders(s.out, {s.game.string()}, cache);
}

}  // namespace

TEST(NoOpCheck, FindsTheFolderWhoseManifestNamesTheGameFile) {
  const Scene s = scene("noop-found");
  const auto found = check(s);
  ASSERT_TRUE(found);
  EXPECT_EQ(*found, std::vector<fs::path>{s.out / "demo"});
}

TEST(NoOpCheck, AnyChangeThatCouldRedrawSendsTheBuildTheFullWay) {
  {
    const Scene s = scene("noop-image");
    std::ofstream(s.image, std::ios::app) << "<!-- edited -->\n";
    EXPECT_FALSE(check(s)) << "an input's bytes changed";
  }
  {
    const Scene s = scene("noop-new-template");
    std::ofstream(s.templates / "stocks.yaml") << "stocks: []\n";
    EXPECT_FALSE(check(s)) << "a file added to a templates folder is a new input";
  }
  {
    const Scene s = scene("noop-output-gone");
    fs::remove(s.out / "demo" / "x.pdf");
    EXPECT_FALSE(check(s)) << "an output is missing";
  }
  {
    const Scene s = scene("noop-options");
    EXPECT_FALSE(check(s, "other options")) << "the options changed";
  }
  {
    const Scene s = scene("noop-renamed-folder");
    fs::rename(s.out / "demo", s.out / "copy");
    EXPECT_FALSE(check(s)) << "a folder not named by its manifest's game";
  }
  {
    const Scene s = scene("noop-other-game");
    InputCache cache("opt", {});
    std::ofstream(s.dir / "h.yaml") << "game: demo\n";
    EXPECT_FALSE(up_to_date_folders(s.out, {s.game.string(), (s.dir / "h.yaml").string()}, cache))
        << "one game of two has no folder";
  }
  {
    const Scene s = scene("noop-no-folders");
    std::string m = testing::slurp(s.out / "demo" / "manifest.json");
    const size_t at = m.find("  \"folders\"");
    ASSERT_NE(at, std::string::npos);
    m.erase(at, m.find('\n', at) + 1 - at);
    std::ofstream(s.out / "demo" / "manifest.json") << m;
    EXPECT_FALSE(check(s)) << "a manifest that does not say which folders it listed";
  }
}

// The header's "files" names every output, so the check reads no further: a manifest whose
// outputs list is cut off is still up to date while its files are there; a manifest with
// no usable "files" (written before it, or edited) is read whole as before.
TEST(NoOpCheck, TheHeadersFilesAloneSayWhetherEveryOutputIsThere) {
  const Scene s = scene("noop-files");
  const fs::path manifest = s.out / "demo" / "manifest.json";
  std::string m = testing::slurp(manifest);
  ASSERT_NE(m.find("\"files\": [\"x.pdf\"],\n  \"outputs\""), std::string::npos) << m;
  const std::string cut = m.substr(0, m.find("\"outputs\"")) + "\"outputs\": [{\"file\": ";
  std::ofstream(manifest) << cut;
  EXPECT_TRUE(check(s)) << "the outputs past the header are not read";
  fs::remove(s.out / "demo" / "x.pdf");
  EXPECT_FALSE(check(s)) << "a file the header names is gone";
  std::ofstream(s.out / "demo" / "x.pdf") << "%PDF\n";
  std::string old = m;
  old.replace(old.find("\"files\": [\"x.pdf\"]"), 18, "\"files\": [\"x.pdf\", 3]");
  std::ofstream(manifest) << old;
  EXPECT_TRUE(check(s)) << "a list that is not all names: the outputs are read";
  old.replace(old.find("{\"file\": \"x.pdf\""), 16, "{\"file\": \"y.pdf\"");
  std::ofstream(manifest) << old;
  EXPECT_FALSE(check(s)) << "and the outputs name a file that is not there";
}

// A manifest is a file anyone can leave in -o: an input it lists that is a FIFO is never
// opened (opening one for reading waits for a writer), and counts as unreadable.
TEST(NoOpCheck, AFifoAmongTheInputsIsNeverOpened) {
  const fs::path dir = testing::fresh_dir("noop-fifo-made");
  const std::string fifo = (dir / "pipe").string();
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  const Scene s = scene("noop-fifo", {fifo});
  const auto found = check(s);
  ASSERT_TRUE(found) << "the FIFO counts as an unreadable file, as it did when the key was made";
}

// The key is of the bytes: the same bytes under another name key alike as content, a
// byte changed anywhere (past the hash's 32-byte blocks too) changes it.
TEST(NoOpCheck, TheKeyFollowsEveryByte) {
  const fs::path dir = testing::fresh_dir("noop-key");
  std::string bytes(3 * 1024 * 1024 + 7, 'x');
  std::ofstream(dir / "a", std::ios::binary) << bytes;
  InputCache before("opt", {});
  const std::string k = before.key({(dir / "a").string()});
  for (size_t at : {size_t{0}, size_t{31}, size_t{1 << 20}, bytes.size() - 1}) {
    std::string changed = bytes;
    changed[at] = 'y';
    std::ofstream(dir / "a", std::ios::binary) << changed;
    InputCache after("opt", {});
    EXPECT_NE(after.key({(dir / "a").string()}), k) << "byte " << at;
  }
  std::ofstream(dir / "a", std::ios::binary) << bytes;
  InputCache again("opt", {});
  EXPECT_EQ(again.key({(dir / "a").string()}), k);
}

}  // namespace cardstock

namespace cardstock {

// Input keys are XXH3-128 (xxHash), in its canonical hex: the values xxhsum -H2 prints
// for the same bytes.
TEST(NoOpCheck, KeysAreXxh3Of128Bits) {
  EXPECT_EQ(Digest().hex(), "99aa06d3014798d86001c324468d497f");
  Digest abc;
  abc.add("ab");
  abc.add("c\n");
  EXPECT_EQ(abc.hex(), "158bbebef0c159c99914d27c01087efa");
  EXPECT_EQ(digest({"abc"}), "158bbebef0c159c99914d27c01087efa");
}

// A manifest left by a build before the keys were XXH3 (16 hex digits of a home-made
// hash) is a miss, never a wrong hit: the build goes the full way.
TEST(NoOpCheck, AManifestKeyedTheOldWayIsAMiss) {
  const Scene s = scene("noop-old-key");
  ASSERT_TRUE(check(s));
  std::string m = testing::slurp(s.out / "demo" / "manifest.json");
  const std::string tag = "\"inputs_key\": \"";
  const size_t at = m.find(tag);
  ASSERT_NE(at, std::string::npos);
  const size_t end = m.find('"', at + tag.size());
  EXPECT_EQ(end - at - tag.size(), 32u);
  m.replace(at + tag.size(), end - at - tag.size(), "0123456789abcdef");
  std::ofstream(s.out / "demo" / "manifest.json") << m;
  EXPECT_FALSE(check(s));
}

// The no-op check reads manifests with a JSON parser: one that is cut short, or whose
// header is not a manifest's, is not up to date (and nothing crashes).
TEST(NoOpCheck, AManifestThatIsNotJsonIsAMiss) {
  const Scene s = scene("noop-not-json");
  const std::string m = testing::slurp(s.out / "demo" / "manifest.json");
  for (const std::string& bad : {m.substr(0, m.size() / 2), std::string("[1, 2]"), std::string("{\"game\": [[[")}) {
    std::ofstream(s.out / "demo" / "manifest.json") << bad;
    EXPECT_FALSE(check(s)) << bad;
  }
}

}  // namespace cardstock
