// Issue 16 end to end through the real binary: printer profiles read back from the PDF
// and the manifest, fold-over sheets, SVG cut files parsed back against the manifest,
// the calibration sheet, and the command line's new options with hostile input.
#include <gtest/gtest.h>
#include <poppler-document.h>
#include <poppler-page.h>
#include <sys/stat.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>

#include "output_util.h"

namespace cardstock {

namespace fs = std::filesystem;
using testing::fresh_dir;
using testing::run_cardstock;
using testing::slurp;

namespace {

const double kPt = 72.0 / 25.4;  // points a millimetre

// A deck of nine cards whose backs carry two one-letter texts far apart, so the position
// and the turn of a back can be read from the PDF's text.
const char* kGame = R"(game: home
title: Home printing
designs:
  face:
    background: "#fffaf0"
    layers:
      - {type: rect, x: 3mm, y: 3mm, w: 57.5mm, h: 82.9mm, stroke: "#203050", radius: 2.5mm}
      - {type: text, text: "{word}", x: 6mm, y: 10mm, w: 51.5mm, h: 20mm, size: 14pt, align: center}
  back:
    background: "#203050"
    layers:
      - {type: text, text: "B", x: 4mm, y: 4mm, w: 10mm, h: 10mm, size: 12pt, color: "#ffffff"}
      - {type: text, text: "K", x: 50mm, y: 76mm, w: 10mm, h: 10mm, size: 12pt, color: "#ffffff"}
decks:
  - id: cards
    card: poker
    stocks: [poker-3x3-letter]
    face: face
    back: back
    expect: {total: 11}
    cards:
      - {id: shalom, word: Shalom, count: 5}
      - {id: todah, word: Todah, count: 6}
)";

struct Built {
  fs::path dir;  // the game's output folder
  testing::Run run;
};

// Writes the game (and `files`: name -> text) into a fresh folder and builds it.
Built build(const std::string& name, const std::vector<std::string>& args,
            const std::map<std::string, std::string>& files = {}, const std::string& game = kGame) {
  const fs::path d = fresh_dir(name);
  std::ofstream(d / "home.yaml") << game;
  for (const auto& [f, text] : files) std::ofstream(d / f) << text;
  std::vector<std::string> a = {"--templates", testing::source_dir() + "/templates", "build", "home.yaml", "-o", "out"};
  a.insert(a.end(), args.begin(), args.end());
  return {d / "out" / "home", run_cardstock(a, d.string())};
}

// The manifest's entry for output `file`.
std::string entry(const fs::path& dir, const std::string& file) {
  const std::string m = slurp(dir / "manifest.json");
  const size_t at = m.find("{\"file\": \"" + file + "\"");
  if (at == std::string::npos) return "";
  const size_t end = m.find("{\"file\": ", at + 10);
  return m.substr(at, end == std::string::npos ? std::string::npos : end - at);
}

std::vector<double> numbers(const std::string& list) {
  std::vector<double> v;
  std::istringstream in(list);
  std::string n;
  while (std::getline(in, n, ',')) v.push_back(std::stod(n));
  return v;
}

struct Placed {
  std::string side;
  std::vector<double> rect;  // x, y, w, h in points
  double tilt = 0;
};

// Every placement of an entry, in order.
std::vector<Placed> placements(const std::string& e) {
  static const std::regex r(R"re("side": "(front|back)", "rect": \[([^\]]*)\], "bleed": \[[^\]]*\], "rotation": -?\d+(, "tilt": (-?[0-9.]+))?)re");
  std::vector<Placed> out;
  for (std::sregex_iterator it(e.begin(), e.end(), r), end; it != end; ++it)
    out.push_back({(*it)[1], numbers((*it)[2]), (*it)[4].matched ? std::stod((*it)[4]) : 0});
  return out;
}

struct Glyph {
  std::string text;
  double x, y;  // centre of its box, points
};

// The one-letter words "B" and "K" on page `i` of `pdf`.
std::vector<Glyph> glyphs(const fs::path& pdf, int i) {
  std::unique_ptr<poppler::document> doc(poppler::document::load_from_file(pdf.string()));
  std::vector<Glyph> out;
  if (!doc) return out;
  std::unique_ptr<poppler::page> page(doc->create_page(i));
  for (const auto& b : page->text_list()) {
    const std::string t = testing::utf8(b.text());
    if (t != "B" && t != "K") continue;
    const auto r = b.bbox();
    out.push_back({t, r.x() + r.width() / 2, r.y() + r.height() / 2});
  }
  return out;
}

}  // namespace

TEST(PrinterProfile, AnOffsetMovesEveryBackByItsNegationInTheManifestAndThePdf) {
  const Built plain = build("profile-plain", {});
  ASSERT_EQ(plain.run.status, 0) << plain.run.err;
  const Built moved = build("profile-moved", {"--printer", "printer.yaml"},
                            {{"printer.yaml", "name: school-laser\nduplex_offset: {x: 0.8mm, y: -0.5mm}\n"}});
  ASSERT_EQ(moved.run.status, 0) << moved.run.err;
  const std::string file = "cards-poker-3x3-letter.pdf";
  const auto a = placements(entry(plain.dir, file)), b = placements(entry(moved.dir, file));
  ASSERT_EQ(a.size(), 22u);  // 11 fronts, 11 backs
  ASSERT_EQ(b.size(), a.size());
  int backs = 0;
  for (size_t i = 0; i < a.size(); ++i) {
    const bool back = a[i].side == "back";
    backs += back;
    EXPECT_NEAR((b[i].rect[0] - a[i].rect[0]) / kPt, back ? -0.8 : 0, 0.01) << i;
    EXPECT_NEAR((b[i].rect[1] - a[i].rect[1]) / kPt, back ? 0.5 : 0, 0.01) << i;
    EXPECT_EQ(b[i].tilt, 0);
  }
  EXPECT_EQ(backs, 11);
  const std::string e = entry(moved.dir, file);
  EXPECT_NE(e.find("\"printer\": {\"name\": \"school-laser\", \"file\": \"printer.yaml\", \"duplex_offset_mm\": [0.8, "
                   "-0.5], \"duplex_rotation_deg\": 0, \"backs_moved_mm\": [-0.8, 0.5], \"backs_turned_deg\": 0"),
            std::string::npos)
      << e.substr(0, 600);
  EXPECT_EQ(entry(plain.dir, file).find("\"printer\""), std::string::npos);
  // In the PDF: every letter on a back page moved by exactly (-0.8, +0.5) mm; the fronts
  // did not move.
  for (int page = 0; page < 4; ++page) {
    const auto ga = glyphs(plain.dir / file, page), gb = glyphs(moved.dir / file, page);
    ASSERT_EQ(ga.size(), gb.size()) << page;
    if (page % 2 == 0) {
      EXPECT_TRUE(ga.empty());
      continue;
    }
    ASSERT_EQ(ga.size(), page == 1 ? 18u : 4u);
    for (size_t k = 0; k < ga.size(); ++k) {
      EXPECT_EQ(ga[k].text, gb[k].text);
      EXPECT_NEAR((gb[k].x - ga[k].x) / kPt, -0.8, 0.01) << page << " " << k;
      EXPECT_NEAR((gb[k].y - ga[k].y) / kPt, 0.5, 0.01) << page << " " << k;
    }
  }
}

TEST(PrinterProfile, ARotationTurnsEveryBackAboutThePageCentre) {
  const Built plain = build("profile-flat", {});
  const Built turned = build("profile-turned", {"--printer", "p.yaml"},
                             {{"p.yaml", "name: tilted\nduplex_rotation: 0.2deg\n"}});
  ASSERT_EQ(plain.run.status, 0) << plain.run.err;
  ASSERT_EQ(turned.run.status, 0) << turned.run.err;
  const std::string file = "cards-poker-3x3-letter.pdf";
  const double W = 612, H = 792, t = -0.2 * M_PI / 180;  // drawn turned back by the angle
  auto turn = [&](double x, double y) {
    const double dx = x - W / 2, dy = y - H / 2;
    return std::pair<double, double>{W / 2 + dx * std::cos(t) - dy * std::sin(t), H / 2 + dx * std::sin(t) + dy * std::cos(t)};
  };
  const auto a = placements(entry(plain.dir, file)), b = placements(entry(turned.dir, file));
  ASSERT_EQ(a.size(), b.size());
  for (size_t i = 0; i < a.size(); ++i) {
    if (a[i].side != "back") continue;
    const auto [x, y] = turn(a[i].rect[0] + a[i].rect[2] / 2, a[i].rect[1] + a[i].rect[3] / 2);
    EXPECT_NEAR((b[i].rect[0] + b[i].rect[2] / 2 - x) / kPt, 0, 0.01) << i;
    EXPECT_NEAR((b[i].rect[1] + b[i].rect[3] / 2 - y) / kPt, 0, 0.01) << i;
    EXPECT_NEAR(b[i].tilt, -0.2, 1e-9) << i;
  }
  // In the PDF every letter of the backs turned about the page centre by the angle: the
  // corner letters of the sheet, 200 mm and more apart, land where the turn puts them.
  const auto ga = glyphs(plain.dir / file, 1), gb = glyphs(turned.dir / file, 1);
  ASSERT_EQ(ga.size(), 18u);
  ASSERT_EQ(gb.size(), ga.size());
  // (poppler lists slightly turned words in another order: each is matched to the
  // nearest letter of its kind, and no letter twice.)
  std::vector<bool> used(gb.size(), false);
  for (size_t k = 0; k < ga.size(); ++k) {
    const auto [x, y] = turn(ga[k].x, ga[k].y);
    size_t best = gb.size();
    double best_d = 1e9;
    for (size_t j = 0; j < gb.size(); ++j)
      if (gb[j].text == ga[k].text && std::hypot(gb[j].x - x, gb[j].y - y) < best_d) {
        best = j;
        best_d = std::hypot(gb[j].x - x, gb[j].y - y);
      }
    ASSERT_LT(best, gb.size());
    EXPECT_FALSE(used[best]);
    used[best] = true;
    EXPECT_NEAR((gb[best].x - x) / kPt, 0, 0.01) << ga[k].text << " " << k;
    EXPECT_NEAR((gb[best].y - y) / kPt, 0, 0.01) << ga[k].text << " " << k;
    // Unturned, the same letter would be off by more than the tolerance: the test sees the turn.
    EXPECT_GT(std::hypot(ga[k].x - x, ga[k].y - y) / kPt, 0.05) << k;
  }
}

}  // namespace cardstock

namespace cardstock {

namespace {

// The shipped templates copied into `dir`/templates, with `stocks` (file -> text) added.
std::string templates_with(const fs::path& dir, const std::map<std::string, std::string>& stocks) {
  const fs::path t = dir / "templates";  // a layer over the shipped templates
  fs::create_directories(t / "stocks");
  for (const auto& [f, text] : stocks) std::ofstream(t / "stocks" / f) << text;
  return t.string();
}

// A game of the three outline shapes, each on a Silhouette stock.
const char* kShapes = R"(game: shapes
title: Shapes to cut
designs:
  face:
    background: "#f0e0c0"
    layers:
      - {type: text, text: "{name}", x: 10%, y: 40%, w: 80%, h: 20%, size: 9pt, align: center}
decks:
  - id: cards
    card: poker
    stocks: [poker-silhouette-letter]
    face: face
    cards: [{id: a, name: Card, count: 7}]
  - id: tiles
    card: hex-tile
    stocks: [hex-silhouette-letter]
    face: face
    cards: [{id: t, name: Tile, count: 8}]
  - id: discs
    card: disc-1in
    stocks: [disc-silhouette-letter]
    face: face
    cards: [{id: d, name: "1", count: 42}]
)";

struct SvgPath {
  std::vector<std::string> ops;   // M, L, H, V, A, Z
  std::vector<double> nums;       // every number, in order
  std::vector<std::pair<double, double>> ends;  // the end point of every segment
  double radius = 0;              // of its arcs (rx = ry)
};

// Parses path data of M, L, H, V, A and Z (absolute), as the cut file writes them.
SvgPath parse_path(const std::string& d) {
  static const std::regex tok(R"([MLHVAZ]|-?[0-9]+(\.[0-9]+)?)");
  SvgPath p;
  std::vector<std::string> t;
  for (std::sregex_iterator it(d.begin(), d.end(), tok), end; it != end; ++it) t.push_back(it->str());
  double x = 0, y = 0;
  for (size_t i = 0; i < t.size();) {
    const std::string op = t[i++];
    p.ops.push_back(op);
    auto num = [&] { p.nums.push_back(std::stod(t.at(i))); return std::stod(t.at(i++)); };
    if (op == "M" || op == "L") { x = num(); y = num(); }
    else if (op == "H") x = num();
    else if (op == "V") y = num();
    else if (op == "A") {
      p.radius = num();
      EXPECT_EQ(num(), p.radius);  // circular arcs
      num(); num(); num();          // rotation, large-arc and sweep flags
      x = num();
      y = num();
    }
    if (op == "Z") {  // back to where the path began
      x = p.ends.front().first;
      y = p.ends.front().second;
    }
    p.ends.push_back({x, y});
  }
  return p;
}

}  // namespace

TEST(CutFile, EveryPathMatchesTheManifestToAHundredthOfAMillimetre) {
  const fs::path d = fresh_dir("cutfile");
  const std::string templates = templates_with(
      d, {{"hex-silhouette-letter.yaml",
           "id: hex-silhouette-letter\npaper: letter\ncard: hex-tile\npacking: honeycomb\ngrid: {columns: 3, rows: 3}\n"
           "cut: lines\ncutter: silhouette\n"},
          {"disc-silhouette-letter.yaml",
           "id: disc-silhouette-letter\npaper: letter\ncard: disc-1in\ngrid: {columns: 6, rows: 7}\ngutter: 0.125in\n"
           "cut: lines\ncutter: silhouette\n"}});
  std::ofstream(d / "shapes.yaml") << kShapes;
  const testing::Run r = run_cardstock({"--templates", templates, "build", "shapes.yaml", "-o", "out"}, d.string());
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("3 SVG cut files"), std::string::npos) << r.out;
  const fs::path out = d / "out" / "shapes";
  struct Case {
    std::string deck, stock, shape;
    size_t paths;
  };
  for (const Case& c : {Case{"cards", "poker-silhouette-letter", "rect", 6}, Case{"tiles", "hex-silhouette-letter", "hex", 8},
                        Case{"discs", "disc-silhouette-letter", "circle", 42}}) {
    const std::string pdf = c.deck + "-" + c.stock + ".pdf", svg = c.deck + "-" + c.stock + "-cut.svg";
    const std::string text = slurp(out / svg);
    ASSERT_FALSE(text.empty()) << svg;
    // A page of the PDF's size, in millimetres, with the page's own coordinates.
    EXPECT_NE(text.find("width=\"215.9mm\" height=\"279.4mm\" viewBox=\"0 0 215.9 279.4\""), std::string::npos);
    const size_t reg = text.find("<g id=\"registration\" inkscape:groupmode=\"layer\"");
    const size_t cut = text.find("<g id=\"cut\" inkscape:groupmode=\"layer\" inkscape:label=\"Cut\">");
    ASSERT_NE(reg, std::string::npos);
    ASSERT_NE(cut, std::string::npos);
    // The PDF's first page, as its manifest tells it: the front placements in order.
    const std::string e = entry(out, pdf);
    const std::string page1 = e.substr(0, e.find("{\"page\": 2"));
    std::vector<Placed> fronts;
    for (const auto& p : placements(page1))
      if (p.side == "front") fronts.push_back(p);
    std::vector<std::string> ds;
    static const std::regex path_re(R"re(<path id="cut-(\d+)" d="([^"]*)" fill="none")re");
    const std::string layer = text.substr(cut);
    for (std::sregex_iterator it(layer.begin(), layer.end(), path_re), end; it != end; ++it) {
      EXPECT_EQ(std::stoul((*it)[1]), ds.size() + 1);
      ds.push_back((*it)[2]);
    }
    ASSERT_EQ(ds.size(), c.paths) << svg;
    ASSERT_EQ(fronts.size(), c.paths) << svg;
    for (size_t k = 0; k < ds.size(); ++k) {
      const SvgPath p = parse_path(ds[k]);
      ASSERT_EQ(p.ops.front(), "M");
      EXPECT_EQ(p.ops.back(), "Z") << "closed";
      EXPECT_NEAR(p.ends.front().first, p.ends.back().first, 1e-9);  // ends where it began
      EXPECT_NEAR(p.ends.front().second, p.ends.back().second, 1e-9);
      const auto& rc = fronts[k].rect;  // points
      const double x0 = rc[0] / kPt, y0 = rc[1] / kPt, x1 = (rc[0] + rc[2]) / kPt, y1 = (rc[1] + rc[3]) / kPt;
      double mx = 1e9, my = 1e9, Mx = -1e9, My = -1e9;
      for (const auto& [x, y] : p.ends) {
        mx = std::min(mx, x);
        my = std::min(my, y);
        Mx = std::max(Mx, x);
        My = std::max(My, y);
      }
      if (c.shape == "rect") {
        // A rounded rectangle: its edges on the card's trim, its corners the card's radius.
        EXPECT_NEAR(mx, x0, 0.01);
        EXPECT_NEAR(my, y0, 0.01);
        EXPECT_NEAR(Mx, x1, 0.01);
        EXPECT_NEAR(My, y1, 0.01);
        EXPECT_NEAR(p.radius, 3.175, 0.01);
        EXPECT_EQ(std::count(p.ops.begin(), p.ops.end(), "A"), 4);
      } else if (c.shape == "circle") {
        EXPECT_NEAR((mx + Mx) / 2, (x0 + x1) / 2, 0.01);
        EXPECT_NEAR(my, (y0 + y1) / 2, 0.01);  // both arcs end on the horizontal diameter
        EXPECT_NEAR(p.radius, (x1 - x0) / 2, 0.01);
        EXPECT_NEAR(Mx - mx, x1 - x0, 0.01);
      } else {
        // The hexagon's six corners, as the manifest lists them.
        EXPECT_EQ(p.ends.size(), 7u);  // six corners and back to the first
        static const std::regex poly(R"re("polygon": \[((\[[0-9.]+, [0-9.]+\](, )?){6})\])re");
        std::vector<std::vector<double>> corners;
        for (std::sregex_iterator it(page1.begin(), page1.end(), poly), end; it != end; ++it) {
          std::string list = (*it)[1];
          list.erase(std::remove_if(list.begin(), list.end(), [](char ch) { return ch == '[' || ch == ']'; }), list.end());
          corners.push_back(numbers(list));
        }
        ASSERT_EQ(corners.size(), c.paths);
        for (size_t q = 0; q < 6; ++q) {
          EXPECT_NEAR(p.ends[q].first, corners[k][2 * q] / kPt, 0.01) << k << " corner " << q;
          EXPECT_NEAR(p.ends[q].second, corners[k][2 * q + 1] / kPt, 0.01) << k << " corner " << q;
        }
        EXPECT_NEAR(p.ends[0].first, (x0 + x1) / 2, 0.01);  // the top point first
        EXPECT_NEAR(p.ends[0].second, y0, 0.01);
      }
    }
    // The registration layer holds the marks the PDF's manifest lists on its front pages.
    static const std::regex reg_re(R"re("registration": \[\s*\{"kind": "filled", "points": \[\[([0-9.]+), ([0-9.]+)\])re");
    std::smatch m;
    ASSERT_TRUE(std::regex_search(page1, m, reg_re)) << pdf;
    EXPECT_NEAR(std::stod(m[1]) / kPt, 10, 0.01);
    EXPECT_NE(text.substr(reg, cut - reg).find("<path d=\"M 10,10 L 15,10 L 15,15 L 10,15 Z\" fill=\"#000000\""),
              std::string::npos);
    EXPECT_NE(text.substr(reg, cut - reg).find("<path d=\"M 185.9,10 L 205.9,10 L 205.9,30\" fill=\"none\" "
                                               "stroke=\"#000000\" stroke-width=\"0.5\""),
              std::string::npos);
    // The manifest lists the cut file and what it is for.
    const std::string ce = entry(out, svg);
    EXPECT_NE(ce.find("\"kind\": \"cut-file\""), std::string::npos);
    EXPECT_NE(ce.find("\"for\": \"" + pdf + "\", \"cutter\": \"silhouette\""), std::string::npos) << ce.substr(0, 400);
  }
}

TEST(Foldover, BacksBesideTheirFrontsReadBackFromThePdf) {
  for (const std::vector<std::string>& extra :
       {std::vector<std::string>{"--stock", "poker-foldover-letter"},
        std::vector<std::string>{"--stock", "poker-foldover-letter", "--single-sided"}}) {
    const Built b = build("foldover", extra);
    ASSERT_EQ(b.run.status, 0) << b.run.err;
    EXPECT_FALSE(fs::exists(b.dir / "cards-poker-3x3-letter.pdf"));  // --stock replaces the deck's own
    const fs::path pdf = b.dir / "cards-poker-foldover-letter.pdf";
    std::unique_ptr<poppler::document> doc(poppler::document::load_from_file(pdf.string()));
    ASSERT_TRUE(doc);
    EXPECT_EQ(doc->pages(), 3);  // 11 cards, four pairs a sheet
    const std::string e = entry(b.dir, "cards-poker-foldover-letter.pdf");
    EXPECT_NE(e.find("\"kind\": \"foldover\""), std::string::npos);
    const auto pl = placements(e);
    ASSERT_EQ(pl.size(), 22u);
    for (size_t k = 0; k < 4; ++k) {
      ASSERT_EQ(pl[k].side, "front");
      ASSERT_EQ(pl[k + 4].side, "back");
      EXPECT_NEAR((612 - (pl[k].rect[0] + pl[k].rect[2]) - pl[k + 4].rect[0]) / kPt, 0, 0.01);
    }
    EXPECT_NE(e.find("{\"kind\": \"fold\", \"from\": [306, "), std::string::npos);
    // The backs' letters on the right half of every page, the fronts' words on the left.
    for (int page = 0; page < 3; ++page) {
      const auto g = glyphs(pdf, page);
      EXPECT_EQ(g.size(), page < 2 ? 8u : 6u);
      for (const auto& x : g) EXPECT_GT(x.x, 306 + 0.25 * 72) << page;
      std::unique_ptr<poppler::page> p(doc->create_page(page));
      for (const auto& t : p->text_list()) {
        const std::string w = testing::utf8(t.text());
        if (w == "Shalom" || w == "Todah") {
          EXPECT_LT(t.bbox().x() + t.bbox().width(), 306 - 0.25 * 72) << w;
        }
      }
    }
  }
}

TEST(Calibrate, TwoPagesInsideOutWithTheirManifest) {
  const fs::path d = fresh_dir("calibrate");
  const testing::Run r = run_cardstock({"--templates", testing::source_dir() + "/templates", "calibrate", "--paper", "letter", "-o",
                               (d / "out").string()});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(testing::tree_of(d), (std::vector<std::string>{"out/calibration/duplex-calibration-letter.pdf",
                                                           "out/calibration/manifest.json"}));
  const fs::path pdf = d / "out" / "calibration" / "duplex-calibration-letter.pdf";
  std::unique_ptr<poppler::document> doc(poppler::document::load_from_file(pdf.string()));
  ASSERT_TRUE(doc);
  ASSERT_EQ(doc->pages(), 2);
  std::string front, back;
  for (int i = 0; i < 2; ++i) {
    std::unique_ptr<poppler::page> p(doc->create_page(i));
    EXPECT_NEAR(p->page_rect().width(), 612, 1e-6);
    EXPECT_NEAR(p->page_rect().height(), 792, 1e-6);
    for (const auto& b : p->text_list()) (i ? back : front) += testing::utf8(b.text()) + " ";
  }
  EXPECT_NE(front.find("1. Print both pages on one sheet"), std::string::npos) << front;
  EXPECT_NE(front.find("2. Hold the sheet up to a light"), std::string::npos) << front;
  EXPECT_NE(front.find("duplex_rotation = (top right y - top left y) x 0.4deg."), std::string::npos) << front;
  // Ten scales, numbered every 2 mm from +4 to -4.
  size_t zeros = 0;
  for (size_t at = back.find(" 0 "); at != std::string::npos; at = back.find(" 0 ", at + 1)) ++zeros;
  EXPECT_EQ(zeros, 10u) << back;
  const std::string m = slurp(d / "out" / "calibration" / "manifest.json");
  EXPECT_NE(m.find("\"kind\": \"calibration\""), std::string::npos);
  EXPECT_NE(m.find("{\"name\": \"centre\", \"at\": [306, 396]}"), std::string::npos) << m.substr(0, 800);
  EXPECT_NE(m.find("{\"target\": \"centre\", \"axis\": \"x\", \"zero\": [306, 396]"), std::string::npos);
  // The same sheet, byte for byte, every time.
  const testing::Run again = run_cardstock({"--templates", testing::source_dir() + "/templates", "calibrate", "--paper", "letter",
                                   "-o", (d / "again").string()});
  ASSERT_EQ(again.status, 0);
  EXPECT_EQ(slurp(pdf), slurp(d / "again" / "calibration" / "duplex-calibration-letter.pdf"));
}

TEST(HomeCli, StockAndPrinterOptionsRefuseWhatTheyCannotUse) {
  Built b = build("cli-stock", {"--stock", "poker-foldover-leter"});
  EXPECT_EQ(b.run.status, 2);
  EXPECT_EQ(b.run.err, "cardstock: error: --stock: unknown stock 'poker-foldover-leter' (did you mean "
                       "'poker-foldover-letter'?) (cardstock stocks lists them; cardstock stocks FILE adds the game's own)\n");
  b = build("cli-stock", {"--stock", "poker-foldover-a4", "--paper", "letter"});
  EXPECT_EQ(b.run.status, 2);
  EXPECT_EQ(b.run.err, "cardstock: error: --stock poker-foldover-a4 is on a4 paper, but --paper asks for letter\n");
  // A stock no deck of the game can use is said; the game prints on its own stocks, or,
  // under --strict, not at all.
  b = build("cli-stock", {"--stock", "token-round-letter"});
  EXPECT_EQ(b.run.status, 0);
  EXPECT_EQ(b.run.err, "home.yaml:1:1: warning: --stock token-round-letter holds token-round cards, but no deck of "
                       "game 'home' has token-round cards (its decks have poker): its decks print on their own stocks\n");
  EXPECT_TRUE(fs::exists(b.dir / "cards-poker-3x3-letter.pdf"));
  b = build("cli-stock", {"--stock", "token-round-letter", "--strict"});
  EXPECT_EQ(b.run.status, 1);
  EXPECT_FALSE(fs::exists(b.dir));
  b = build("cli-printer", {"--printer", "nope.yaml"});
  EXPECT_EQ(b.run.status, 2);
  EXPECT_EQ(b.run.err, "nope.yaml: error: cannot read the printer profile: No such file or directory\n");
  b = build("cli-printer", {"--printer", "p.yaml"}, {{"p.yaml", "name: x\nduplex_offset: {x: 0.8}\n"}});
  EXPECT_EQ(b.run.status, 1);
  EXPECT_EQ(b.run.err, "p.yaml:2:20: error: 'x' must be a length with a unit (mm, cm, in or pt), not '0.8'\n");
  EXPECT_FALSE(fs::exists(b.dir));  // nothing built
  // A FIFO is refused before it is opened: the build neither blocks nor writes.
  const fs::path d = fresh_dir("cli-fifo");
  std::ofstream(d / "home.yaml") << kGame;
  ASSERT_EQ(::mkfifo((d / "p.yaml").c_str(), 0644), 0);
  const testing::Run f = run_cardstock({"--templates", testing::source_dir() + "/templates", "build", "home.yaml", "--printer",
                               "p.yaml", "-o", "out"},
                              d.string());
  EXPECT_EQ(f.status, 2);
  EXPECT_EQ(f.err, "p.yaml: error: cannot read the printer profile: it is a FIFO (named pipe), not a file\n");
  EXPECT_FALSE(fs::exists(d / "out"));
  // A profile is named by whoever runs the build, like a game file: it may lie anywhere.
  const fs::path elsewhere = fresh_dir("cli-profile-elsewhere");
  std::ofstream(elsewhere / "laser.yaml") << "name: laser\nduplex_offset: {y: 1mm}\n";
  b = build("cli-printer", {"--printer", (elsewhere / "laser.yaml").string()});
  EXPECT_EQ(b.run.status, 0) << b.run.err;
}

TEST(HomeCli, AGridAsWideAsThePaperIsWarnedOf) {
  const fs::path d = fresh_dir("cli-margin");
  const std::string templates = templates_with(
      d, {{"wide-letter.yaml", "id: wide-letter\npaper: letter\ncard: bridge\ngrid: {columns: 3, rows: 3}\n"
                               "gutter: 0.875in\nrow_gutter: 0\ncut: lines\n"}});
  std::string game = kGame;
  game.replace(game.find("card: poker"), 11, "card: bridge");
  game.replace(game.find("stocks: [poker-3x3-letter]"), 26, "stocks: [wide-letter]");
  std::ofstream(d / "home.yaml") << game;
  // Three 2.25 in bridge cards with 7/8 in gutters: 8.5 in, the paper's whole width.
  testing::Run r = run_cardstock({"--templates", templates, "check", "home.yaml"}, d.string());
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(r.err, templates + "/stocks/wide-letter.yaml:1:1: warning: deck 'cards' on stock 'wide-letter': 6 cards "
                               "and 6 cut guides of a sheet lie within 6.35 mm of the edge of letter paper, where "
                               "printers do not print (the closest 0 mm from it): move them in, or give the stock a "
                               "smaller margin if the printer prints closer to the edge\n");
  r = run_cardstock({"--templates", templates, "check", "--strict", "home.yaml"}, d.string());
  EXPECT_EQ(r.status, 1);
}

TEST(HomeCli, TheSameBytesWhateverJobs) {
  // Two games, so that -j 2 draws them in two processes, each told the stocks and profile.
  std::string second = kGame;
  second.replace(second.find("game: home"), 10, "game: away");
  const std::vector<std::string> opts = {"away.yaml", "--stock", "poker-silhouette-letter", "--stock", "poker-foldover-a4",
                                         "--printer", "p.yaml", "--force"};
  const std::map<std::string, std::string> files = {{"p.yaml", "name: p\nduplex_offset: {x: 1mm}\nduplex_rotation: 0.3deg\n"},
                                                    {"away.yaml", second}};
  std::vector<std::string> one = opts, two = opts;
  one.insert(one.end(), {"-j", "1"});
  two.insert(two.end(), {"-j", "2"});
  const Built a = build("jobs-1", one, files), b = build("jobs-2", two, files);
  ASSERT_EQ(a.run.status, 0) << a.run.err;
  ASSERT_EQ(b.run.status, 0) << b.run.err;
  for (const char* game : {"home", "away"}) {
    const fs::path da = a.dir.parent_path() / game, db = b.dir.parent_path() / game;
    const auto files_a = testing::tree_of(da), files_b = testing::tree_of(db);
    EXPECT_EQ(files_a, files_b);
    EXPECT_NE(std::find(files_a.begin(), files_a.end(), "cards-poker-silhouette-letter-cut.svg"), files_a.end());
    EXPECT_NE(slurp(da / "manifest.json").find("\"backs_turned_deg\": -0.3"), std::string::npos) << game;
    for (const auto& f : files_a) EXPECT_EQ(slurp(da / f), slurp(db / f)) << game << "/" << f;
  }
}

}  // namespace cardstock
