// Golden digests: every file a build of the fixtures writes (the four games and
// tests/golden/sizes.yaml, one deck a card size on every stock that holds it) has the
// SHA-256 recorded in tests/golden/digests.sha256. Any byte that changes fails here, and
// the failure says what changed as `cardstock diff` sees it: the output, the page, the
// card (from fingerprints of every page and card drawn at 50 dpi, tests/golden/cards.txt),
// and, when an earlier passing run left its outputs in the build tree, the real
// `cardstock diff` of those against these. A deliberate change is re-recorded with
// `bash scripts/golden.sh --update` (tests/golden/README.md), so the commit shows the
// digests beside the code.
#include <gtest/gtest.h>
#include <poppler-document.h>
#include <poppler-image.h>
#include <poppler-page-renderer.h>
#include <poppler-page.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <memory>
#include <regex>
#include <set>

#include "output_util.h"
#include "diff/manifest_read.h"

namespace cardstock::testing {
namespace {

namespace fs = std::filesystem;

const char* const kDigests = "tests/golden/digests.sha256";
const char* const kCards = "tests/golden/cards.txt";
constexpr double kFingerprintDpi = 50;

bool updating() {
  const char* v = std::getenv("CARDSTOCK_UPDATE_GOLDENS");
  return v && std::string(v) == "1";
}

// The fixture games, as the build is given them (relative to the checkout).
std::vector<std::string> fixtures() {
  std::vector<std::string> v{"tests/golden/sizes.yaml"};
  for (const auto& e : fs::directory_iterator(source_dir() + "/content"))
    if (e.path().extension() == ".yaml") v.push_back("content/" + e.path().filename().string());
  std::sort(v.begin(), v.end());
  return v;
}

// manifest.json names the files it was made from by where they are on this machine (the
// checkout's templates) and keys them by those names: both are replaced, so the digest
// pins everything else it says, whichever folder the checkout is in.
std::string pinned_manifest(std::string text) {
  static const std::regex key("\"inputs_key\": \"[0-9a-f]+\"");
  text = std::regex_replace(text, key, "\"inputs_key\": \"-\"");
  const std::string root = fs::canonical(source_dir()).string();
  std::string out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    const bool list = line.rfind("  \"inputs\": [", 0) == 0 || line.rfind("  \"folders\": [", 0) == 0;
    if (list) {
      const size_t a = line.find('['), b = line.rfind(']');
      auto names = nlohmann::json::parse(line.substr(a, b - a + 1)).get<std::vector<std::string>>();
      for (auto& n : names)
        if (n.rfind(root + "/", 0) == 0 || n == root) n = "<checkout>" + n.substr(root.size());
      std::sort(names.begin(), names.end());
      line = line.substr(0, a) + nlohmann::json(names).dump() + line.substr(b + 1);
    }
    out += line + "\n";
  }
  return out;
}

// SHA-256 of each file, by `sha256sum` (coreutils): the digests file can be checked by
// hand with the same tool, manifests aside.
std::map<std::string, std::string> sha256_of(const fs::path& dir, const std::vector<std::string>& files) {
  std::map<std::string, std::string> out;
  const fs::path list = dir.parent_path() / "files.txt";
  {
    std::ofstream l(list);
    for (const auto& f : files) l << f << '\0';
  }
  const std::string cmd = "cd '" + dir.string() + "' && xargs -0 sha256sum < '" + list.string() + "'";
  FILE* p = ::popen(cmd.c_str(), "r");
  if (!p) return out;
  char buf[4096];
  std::string all;
  for (size_t n; (n = std::fread(buf, 1, sizeof buf, p)) > 0;) all.append(buf, n);
  ::pclose(p);
  std::istringstream in(all);
  for (std::string line; std::getline(in, line);)
    if (line.size() > 66) out[line.substr(66)] = line.substr(0, 64);
  return out;
}

std::map<std::string, std::string> read_record(const std::string& path, size_t name_at) {
  std::map<std::string, std::string> m;
  std::ifstream in(source_dir() + "/" + path);
  for (std::string line; std::getline(in, line);)
    if (line.size() > name_at && line[0] != '#') m[line.substr(name_at)] = line.substr(0, name_at).substr(0, line.find(' '));
  return m;
}

std::uint64_t fnv(const void* data, size_t n, std::uint64_t h = 1469598103934665603ULL) {
  const auto* p = static_cast<const unsigned char*>(data);
  for (size_t i = 0; i < n; ++i) h = (h ^ p[i]) * 1099511628211ULL;
  return h;
}

std::string hex16(std::uint64_t v) {
  char b[17];
  std::snprintf(b, sizeof b, "%016llx", static_cast<unsigned long long>(v));
  return b;
}

// Fingerprints of what is drawn: each PDF page, and each card (id, side, source) over
// every place it is drawn, from the pixels inside its rectangle at kFingerprintDpi. The
// names are "page FILE N" and "card GAME ID SIDE SOURCE"; `where` gets, per card name,
// the pages that show it.
std::map<std::string, std::string> fingerprints(const fs::path& out,
                                                std::map<std::string, std::set<std::string>>* where) {
  std::map<std::string, std::string> fp;
  std::map<std::string, std::uint64_t> cards;
  for (const auto& g : fs::directory_iterator(out)) {
    if (!g.is_directory()) continue;
    const std::string game = g.path().filename().string();
    ManifestInfo info;
    Diagnostics d;
    std::set<std::string> all;
    const std::string mtext = slurp(g.path() / "manifest.json");
    if (!read_manifest(mtext, "manifest.json", {}, &info, d)) continue;
    for (const auto& o : info.outputs) all.insert(o.file);
    if (!read_manifest(mtext, "manifest.json", all, &info, d)) continue;
    for (const auto& o : info.outputs) {
      if (fs::path(o.file).extension() != ".pdf") continue;
      const std::string file = game + "/" + o.file;
      std::unique_ptr<poppler::document> doc(poppler::document::load_from_file((g.path() / o.file).string()));
      if (!doc) continue;
      poppler::page_renderer r;
      r.set_render_hint(poppler::page_renderer::antialiasing, true);
      r.set_render_hint(poppler::page_renderer::text_antialiasing, true);
      for (int i = 0; i < doc->pages(); ++i) {
        std::unique_ptr<poppler::page> pg(doc->create_page(i));
        const poppler::image im = r.render_page(pg.get(), kFingerprintDpi, kFingerprintDpi);
        const int w = im.width(), h = im.height(), stride = im.bytes_per_row();
        const char* px = im.const_data();
        fp["page " + file + " " + std::to_string(i + 1)] = hex16(fnv(px, static_cast<size_t>(stride) * h));
        for (const auto& mp : o.pages) {
          if (mp.page != i + 1) continue;
          for (const auto& c : mp.placements) {
            const double k = kFingerprintDpi / 72;
            const int x0 = std::clamp(static_cast<int>(c.rect.x * k), 0, w), x1 = std::clamp(static_cast<int>((c.rect.x + c.rect.w) * k), 0, w);
            const int y0 = std::clamp(static_cast<int>(c.rect.y * k), 0, h), y1 = std::clamp(static_cast<int>((c.rect.y + c.rect.h) * k), 0, h);
            const std::string name = "card " + game + " " + c.id + " " + (c.side.empty() ? "-" : c.side) + " " +
                                     (c.source.empty() ? "-" : c.source);
            auto [it, fresh] = cards.emplace(name, 1469598103934665603ULL);
            for (int y = y0; y < y1; ++y) it->second = fnv(px + static_cast<size_t>(y) * stride + x0 * 4, (x1 - x0) * 4, it->second);
            if (where) (*where)[name].insert(file + " page " + std::to_string(i + 1));
          }
        }
      }
    }
  }
  for (const auto& [name, h] : cards) fp[name] = hex16(h);
  return fp;
}

void write_record(const std::string& path, const std::string& head, const std::map<std::string, std::string>& m,
                  const char* sep) {
  std::ofstream o(source_dir() + "/" + path);
  o << head;
  for (const auto& [name, v] : m) o << v << sep << name << "\n";
}

TEST(Golden, EveryFileTheFixturesWriteHasItsRecordedDigest) {
  const fs::path dir = fresh_dir("golden-run");
  const fs::path out = dir / "out";
  std::vector<std::string> args{"build", "-q", "-o", out.string()};
  for (const auto& f : fixtures()) args.push_back(f);
  // PDF dates come from SOURCE_DATE_EPOCH when it is set: pinned to the default here.
  const cardstock::testing::Run run = run_cardstock(args, source_dir(), {"SOURCE_DATE_EPOCH="});
  ASSERT_EQ(run.status, 0) << run.err;

  std::vector<std::string> files = tree_of(out);
  const fs::path pinned = dir / "pinned";
  for (const auto& f : files) {
    fs::create_directories((pinned / f).parent_path());
    if (fs::path(f).filename() == "manifest.json") {
      std::ofstream(pinned / f, std::ios::binary) << pinned_manifest(slurp(out / f));
    } else {
      fs::create_hard_link(out / f, pinned / f);
    }
  }
  const auto now = sha256_of(pinned, files);
  ASSERT_EQ(now.size(), files.size()) << "sha256sum did not digest every file";
  // Fingerprints are drawn only when recording, or to explain a failure.
  std::map<std::string, std::set<std::string>> where;
  if (updating()) {
    const auto prints = fingerprints(out, &where);
    write_record(kDigests,
                 "# SHA-256 of every file `cardstock build` writes for tests/golden/sizes.yaml and\n"
                 "# content/*.yaml (manifest.json with its input names and keys pinned: see\n"
                 "# tests/golden/README.md). Re-record with: bash scripts/golden.sh --update\n",
                 now, "  ");
    write_record(kCards,
                 "# Fingerprints of every page and card those files draw, at 50 dpi: they name what\n"
                 "# changed when a digest does not match. Re-recorded with the digests.\n",
                 prints, " ");
    GTEST_SKIP() << "recorded " << now.size() << " digests and " << prints.size() << " fingerprints";
  }

  const auto want = read_record(kDigests, 66);
  std::vector<std::string> changed, added, removed;
  for (const auto& [f, h] : now) {
    auto it = want.find(f);
    if (it == want.end()) added.push_back(f);
    else if (it->second != h) changed.push_back(f);
  }
  for (const auto& [f, h] : want)
    if (!now.count(f)) removed.push_back(f);
  const fs::path reference = fs::path(CARDSTOCK_TEST_TMP) / "golden-reference";
  if (changed.empty() && added.empty() && removed.empty()) {
    // Kept for the next failure: the real `cardstock diff` then compares against it.
    std::error_code ec;
    fs::remove_all(reference, ec);
    fs::rename(out, reference, ec);
    fs::remove_all(dir, ec);
    return;
  }

  std::ostringstream why;
  why << (changed.size() + added.size() + removed.size()) << " of " << want.size()
      << " recorded files differ from " << kDigests << ":\n";
  for (const auto& f : changed) why << "  changed " << f << "\n";
  for (const auto& f : added) why << "  added   " << f << "\n";
  for (const auto& f : removed) why << "  removed " << f << "\n";
  const auto prints = fingerprints(out, &where);
  const auto was = read_record(kCards, 17);
  std::vector<std::string> pages, cards;
  for (const auto& [name, h] : prints) {
    auto it = was.find(name);
    if (it != was.end() && it->second == h) continue;
    (name.rfind("page ", 0) == 0 ? pages : cards).push_back(name + (it == was.end() ? " (new)" : ""));
  }
  for (const auto& [name, h] : was)
    if (!prints.count(name)) (name.rfind("page ", 0) == 0 ? pages : cards).push_back(name + " (gone)");
  why << "What looks different at " << kFingerprintDpi << " dpi:\n";
  for (const auto& p : pages) why << "  " << p << "\n";
  for (const auto& c : cards) {
    why << "  " << c << "\n";
    auto w = where.find(c);
    if (w != where.end())
      for (const auto& at : w->second) why << "      on " << at << "\n";
  }
  if (pages.empty() && cards.empty()) why << "  nothing: only the files' bytes differ\n";
  if (fs::exists(reference / "sizes" / "manifest.json")) {
    const cardstock::testing::Run d = run_cardstock({"diff", reference.string(), out.string(), "--dpi", "50"}, source_dir());
    why << "cardstock diff against the last passing run's outputs (" << reference.string() << "):\n" << d.out << d.err;
  }
  why << "If the change is meant: bash scripts/golden.sh --update, and commit tests/golden/ with it.\n";
  ADD_FAILURE() << why.str();
}

}  // namespace
}  // namespace cardstock::testing
