// Hostile and broken input, one table row a case: each row writes its files into a fresh
// folder, runs the real cardstock binary on them (stdin closed, as in CI) and checks the
// exit code, the exact diagnostics and every file on disk afterwards: nothing outside
// -o, no temporary file left, and only the outputs the case expects.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <fstream>

#include "output_util.h"

namespace cardstock {

namespace fs = std::filesystem;

namespace {

struct HostileCase {
  std::string name;
  // Files to write, relative to the case folder D (whose game files live in D/g/).
  // "@D@" in a path or content becomes the case folder's absolute path; content
  // "@symlink:TARGET" makes a symbolic link, "@dir" an empty folder.
  std::vector<std::pair<std::string, std::string>> files;
  std::vector<std::string> args;  // after the binary; "@D@" as above
  int status;
  std::string err;                  // exact stderr, with the case folder shown as "D"
  std::vector<std::string> outputs;  // files expected under D/out afterwards, sorted
};

// A small valid game whose deck id, game id or other values a case replaces.
std::string game(const std::string& game_id = "g", const std::string& deck_id = "d",
                 const std::string& extra = "") {
  return "game: " + game_id + "\ntitle: G\ndesigns:\n  face:\n    layers: [{type: text, text: \"{t}\"}]\n" +
         "decks:\n  - id: " + deck_id + "\n    face: face\n    stocks: [poker-3x3-letter]\n" +
         "    cards: [{id: a, t: hi}]\n" + extra;
}

std::string replace_first(std::string s, const std::string& from, const std::string& to) {
  return s.replace(s.find(from), from.size(), to);
}

// A game whose one card shows the image its field `i` names.
std::string image_game(const std::string& src) {
  return "game: g\ntitle: G\ndesigns:\n  face:\n    layers: [{type: image, src: \"{i}\"}]\n"
         "decks:\n  - {id: d, face: face, stocks: [poker-3x3-letter], cards: [{id: a, i: \"" + src + "\"}]}\n";
}

// A 1 x 1 PNG, the same cut short in its pixel data, and a bare header claiming
// 100000 x 100000 pixels.
std::string bytes(std::initializer_list<unsigned char> b) { return std::string(b.begin(), b.end()); }
const std::string kPng = bytes({0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00, 0x00, 0x1f, 0x15, 0xc4, 0x89, 0x00, 0x00, 0x00, 0x0a, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9c, 0x63, 0x00, 0x01, 0x00, 0x00, 0x05, 0x00, 0x01, 0x0d, 0x0a, 0x2d, 0xb4, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82});
const std::string kHugePng = bytes({0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52, 0x00, 0x01, 0x86, 0xa0, 0x00, 0x01, 0x86, 0xa0, 0x08, 0x02, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00});
const std::string kHugePngBase64 = "iVBORw0KGgoAAAANSUhEUgABhqAAAYagCAIAAAAAAAAA";

std::string svg(const std::string& body, const std::string& prolog = "") {
  return prolog + "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" "
                  "width=\"10\" height=\"10\">" + body + "</svg>";
}

const std::string kRule =
    " (ids name output files: use letters, digits, '-', '_' and '.' only, not starting with '.', "
    "1 to 64 characters)\n";

std::string failed(int errors, int warnings = 0, const std::string& file = "D/g/g.yaml") {
  return file + ": " + std::to_string(errors) + " error(s), " + std::to_string(warnings) +
         " warning(s); nothing written\n";
}

std::vector<HostileCase> cases() {
  const std::vector<std::string> build = {"build", "@D@/g/g.yaml", "-o", "@D@/out"};
  const std::vector<std::string> ok_outputs = {"out/g/d-poker-3x3-letter.pdf", "out/g/manifest.json"};
  std::vector<HostileCase> v;
  // 1. Ids that reach file names.
  auto bad_deck = [&](const std::string& name, const std::string& id, const std::string& shown,
                      const std::string& why) {
    v.push_back({name, {{"g/g.yaml", game("g", id)}}, build, 1,
                 "D/g/g.yaml:7:9: error: deck id '" + shown + "' cannot name a file: " + why + kRule + failed(1), {}});
  };
  bad_deck("DeckIdClimbsOut", "../../x", "../../x", "it contains '/'");
  bad_deck("DeckIdAbsolute", "@D@/escaped", "D/escaped", "it contains '/'");
  bad_deck("DeckIdWithSlash", "a/b", "a/b", "it contains '/'");
  bad_deck("DeckIdDotDot", "'..'", "..", "it names a folder, not a file");
  bad_deck("DeckIdDot", "'.'", ".", "it names a folder, not a file");
  bad_deck("DeckIdEmpty", "''", "", "it is empty");
  bad_deck("DeckIdHidden", ".hidden", ".hidden", "it starts with '.' (a hidden file)");
  bad_deck("DeckIdBackslash", "'a\\b'", "a\\b", "it contains '\\'");
  bad_deck("DeckIdSpace", "'a b'", "a b", "it contains a space");
  bad_deck("DeckIdNonAscii", "caf\xc3\xa9", "caf\xc3\xa9", "it contains '\xc3\xa9' (only ASCII letters are allowed)");
  bad_deck("DeckIdTooLong", std::string(65, 'x'), std::string(65, 'x'), "it is 65 characters long");
  auto bad_game = [&](const std::string& name, const std::string& id, const std::string& shown,
                      const std::string& why) {
    v.push_back({name, {{"g/g.yaml", game(id)}}, build, 1,
                 "D/g/g.yaml:1:7: error: game id '" + shown + "' cannot name a file: " + why + kRule + failed(1), {}});
  };
  bad_game("GameIdClimbsOut", "../../x", "../../x", "it contains '/'");
  bad_game("GameIdAbsolute", "@D@/escaped", "D/escaped", "it contains '/'");
  bad_game("GameIdDotDot", "'..'", "..", "it names a folder, not a file");
  bad_game("GameIdHidden", ".g", ".g", "it starts with '.' (a hidden file)");
  v.push_back({"BoardIdClimbsOut",
               {{"g/g.yaml", game("g", "d", "boards:\n  - {id: ../b, deck: d, rows: [[a]]}\n")}},
               build, 1,
               "D/g/g.yaml:12:10: error: board id '../b' cannot name a file: it contains '/'" + kRule + failed(1), {}});
  v.push_back({"CardIdWithSlash",
               {{"g/g.yaml", "game: g\ntitle: G\ndesigns:\n  face:\n    layers: [{type: rect}]\n"
                             "decks:\n  - {id: d, face: face, stocks: [poker-3x3-letter], cards: [{id: x/y}]}\n"}},
               build, 1,
               "D/g/g.yaml:7:66: error: card id 'x/y' cannot name a file: it contains '/'" + kRule + failed(1), {}});
  // Two outputs of one name would overwrite each other.
  v.push_back({"TwoOutputsOfOneName",
               {{"g/g.yaml", game("g", "d",
                                  "  - {id: t, card: hex-tile, face: face, stocks: [hex-tile-letter], cards: [{id: h, t: x}]}\n"
                                  "boards:\n  - {id: d-poker-3x3, deck: t, rows: [[h]]}\n")}},
               {"build", "@D@/g/g.yaml", "-o", "@D@/out", "--paper", "letter"}, 1,
               "D/g/g.yaml:13:5: error: the output 'd-poker-3x3-letter.pdf' of board 'd-poker-3x3' has the "
               "same name as the output of deck 'd' on stock 'poker-3x3-letter'; rename one of them\n" +
                   failed(1), {}});
  // Defence in depth: an output folder that is a symbolic link to elsewhere is refused
  // by the one place that opens outputs, whatever the ids are.
  v.push_back({"OutputFolderLinksOutside",
               {{"g/g.yaml", game()}, {"elsewhere", "@dir"}, {"out/g", "@symlink:@D@/elsewhere"}},
               build, 1,
               "cardstock: error: refusing to write 'D/out/g': it resolves to D/elsewhere, outside the "
               "output folder D/out\n", {}});
  // 2. Limits: each a positioned error naming the limit and the value found.
  {
    std::string many = "game: g\ntitle: G\ndesigns:\n  face:\n    layers: [{type: rect}]\ndecks:\n"
                       "  - id: d\n    face: face\n    stocks: [poker-3x3-letter]\n    cards:\n";
    for (int i = 0; i < 40; ++i) many += "      - {id: c" + std::to_string(i) + ", count: 100000}\n";
    v.push_back({"MillionsOfCards", {{"g/g.yaml", many}}, build, 1,
                 "D/g/g.yaml:7:5: error: deck 'd' brings the game to 4000000 cards (counting copies); a game may "
                 "have at most 100000\n" + failed(1), {}});
  }
  v.push_back({"TooManyPages",
               {{"g/g.yaml", "game: g\ntitle: G\ndesigns:\n  face:\n    layers: [{type: rect}]\ndecks:\n"
                             "  - {id: d, card: tablet, face: face, back: face, stocks: [tablet-2x2-letter, tablet-2x2-a4],"
                             " cards: [{id: a, count: 99999}]}\n"}},
               build, 1,
               "D/g/g.yaml:1:1: error: the outputs of game 'g' would have 100000 pages; the limit is 50000 pages a "
               "game\n" + failed(1), {}});
  {
    std::string refs;
    for (int i = 0; i < 2000; ++i) refs += "{t}";
    v.push_back({"FieldExpandedThousandsOfTimes",
                 {{"g/g.yaml", "game: g\ntitle: G\ndesigns:\n  face:\n    layers: [{type: text, text: \"" + refs +
                                   "\"}]\ndecks:\n  - {id: d, face: face, stocks: [poker-3x3-letter], cards: [{id: a, t: \"" +
                                   std::string(9000, 'x') + "\"}]}\n"}},
                 build, 1,
                 "D/g/g.yaml:7:72: error: card 'a': the layer at D/g/g.yaml:5:14 makes a text of 18000000 bytes once "
                 "its {fields} are filled in; a text may be at most 10000 bytes\n" + failed(1), {}});
  }
  v.push_back({"TextOfAMegabyte",
               {{"g/g.yaml", "game: g\ntitle: G\ndesigns:\n  face:\n    layers: [{type: text, text: \"" +
                                 std::string(1 << 20, 'w') + "\"}]\ndecks:\n  - {id: d, face: face, cards: [{id: a}]}\n"}},
               build, 1,
               "D/g/g.yaml:5:33: error: 'text' is 1048576 bytes long; a text may be at most 10000 bytes\n" + failed(1), {}});
  {
    std::string chain = "game: g\ntitle: G\ndesigns:\n";
    for (int i = 0; i < 40; ++i) chain += "  d" + std::to_string(i) + ": {extends: d" + std::to_string(i + 1) + "}\n";
    chain += "  d40: {layers: [{type: rect}]}\ndecks:\n  - {id: d, face: d0, cards: [{id: a}]}\n";
    v.push_back({"ExtendsChainTooLong", {{"g/g.yaml", chain}}, build, 1,
                 "D/g/g.yaml:4:7: error: design 'd0' extends a chain of more than 32 designs ('d0' -> 'd1' -> ...); "
                 "the limit is 32\n" + failed(1), {}});
  }
  {
    std::string layers;
    for (int i = 0; i < 501; ++i) layers += std::string(i ? ", " : "") + "{type: rect}";
    v.push_back({"DesignWithTooManyLayers",
                 {{"g/g.yaml", "game: g\ntitle: G\ndesigns:\n  face:\n    layers: [" + layers +
                                   "]\ndecks:\n  - {id: d, face: face, cards: [{id: a}]}\n"}},
                 build, 1,
                 "D/g/g.yaml:5:5: error: design 'face' draws 501 layers (its extends chain included); the limit is "
                 "500\n" + failed(1), {}});
  }
  {
    // Ten lines of aliases standing for ten billion values.
    std::string bomb = "game: g\ntitle: G\na0: &a0 [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]\n";
    for (int i = 1; i < 10; ++i) {
      bomb += "a" + std::to_string(i) + ": &a" + std::to_string(i) + " [";
      for (int k = 0; k < 10; ++k) bomb += std::string(k ? ", " : "") + "*a" + std::to_string(i - 1);
      bomb += "]\n";
    }
    v.push_back({"AliasBomb", {{"g/g.yaml", bomb + "decks: []\n"}}, build, 1,
                 "D/g/g.yaml:3:28: error: this file holds more than 4000000 values once its aliases (*name) are "
                 "expanded; the limit is 4000000\n" + failed(1), {}});
  }
  v.push_back({"FontSizeAbsurd",
               {{"g/g.yaml", "game: g\ntitle: G\ndesigns:\n  face:\n    layers: [{type: text, text: x, size: 1000in}]\n"
                             "decks:\n  - {id: d, face: face, cards: [{id: a}]}\n"}},
               build, 1,
               "D/g/g.yaml:5:42: error: 'size' is 72000pt; a font size may be at most 1000pt\n" + failed(1), {}});
  v.push_back({"BookletTooBig",
               {{"g/g.yaml", game("g", "d", "booklet: {source: r.md}\n")}, {"g/r.md", "# R\n\n" + std::string(2 << 20, 'x')}},
               build, 1,
               "D/g/g.yaml:11:10: error: cannot read the booklet source 'r.md': it is 2 MB; the limit is 1 MB "
               "(looked for D/g/r.md)\n" + failed(1), {}});
  v.push_back({"BookletParagraphTooLong",
               {{"g/g.yaml", game("g", "d", "booklet: {source: r.md}\n")},
                {"g/r.md", "# R\n\n" + std::string(30000, 'x') + "\n"}},
               build, 1, "D/g/r.md:3:1: error: this block is 30000 bytes long; a paragraph, list item, table or callout "
                         "may be at most 20000 bytes (split it)\n" + failed(1), {}});
  {
    // Thousands of mistakes: the first thousand are shown, the rest counted.
    std::string y = "game: g\ntitle: G\n";
    for (int i = 0; i < 1500; ++i) y += "k" + std::to_string(i) + ": 1\n";
    HostileCase c{"ThousandsOfErrors", {{"g/g.yaml", y + "decks: []\n"}}, build, 1, "", {}};
    for (int i = 0; i < 1000; ++i)
      c.err += "D/g/g.yaml:" + std::to_string(i + 3) + ":1: error: unknown key 'k" + std::to_string(i) + "' in game\n";
    c.err += "D/g/g.yaml: note: 500 more error(s) and 0 more warning(s) not shown (only the first 1000 are)\n" +
             failed(1500);
    v.push_back(c);
  }
  // 5. The command line: a paper no stock of a deck is on builds nothing: an error.
  v.push_back({"PaperNoStockIsOn",
               {{"g/g.yaml", "game: g\ntitle: G\ndesigns:\n  face:\n    layers: [{type: rect}]\ndecks:\n"
                             "  - {id: d, face: face, stocks: [poker-3x3-a4, poker-labels-a4], cards: [{id: a}]}\n"}},
               {"build", "@D@/g/g.yaml", "-o", "@D@/out", "--paper", "letter"}, 1,
               "D/g/g.yaml:7:5: error: deck 'd' has no stock on letter paper, which --paper asks for; its stocks are "
               "poker-3x3-a4 (a4), poker-labels-a4 (a4)\n" + failed(1), {}});
  v.push_back({"PaperSomeStockIsOn",
               {{"g/g.yaml", "game: g\ntitle: G\ndesigns:\n  face:\n    layers: [{type: rect}]\ndecks:\n"
                             "  - {id: d, face: face, stocks: [poker-3x3-a4, poker-labels-letter], cards: [{id: a}]}\n"}},
               {"build", "@D@/g/g.yaml", "-o", "@D@/out", "--paper", "letter"}, 0, "",
               {"out/g/d-poker-labels-letter.pdf", "out/g/manifest.json"}});
  v.push_back({"DeckOfZeroCopies",
               {{"g/g.yaml", "game: g\ntitle: G\ndesigns:\n  face:\n    layers: [{type: rect}]\ndecks:\n"
                             "  - {id: d, face: face, stocks: [poker-3x3-letter], cards: [{id: a, count: 0}]}\n"}},
               build, 1, "D/g/g.yaml:7:5: error: deck 'd' prints no cards: every card has count 0\n" + failed(1), {}});
  v.push_back({"EmptyOutputFolderName", {{"g/g.yaml", game()}}, {"build", "@D@/g/g.yaml", "-o", ""}, 2,
               "cardstock: error: -o wants a folder, not an empty name\n", {}});
  // 4. Images: reported at the field that names them, in plain words, before decoding.
  auto bad_image = [&](const std::string& name, const std::string& src,
                       std::vector<std::pair<std::string, std::string>> files, const std::string& why) {
    files.insert(files.begin(), {"g/g.yaml", image_game(src)});
    v.push_back({name, files, build, 1,
                 "D/g/g.yaml:7:72: error: card 'a': " + why + " (layer at D/g/g.yaml:5:14)\n" + failed(1), {}});
  };
  bad_image("ImageMissing", "x.png", {},
            "image 'x.png' cannot be read: No such file or directory (looked for D/g/x.png)");
  // Named by the design itself: the design's mistake, said once with the cards it
  // spoils, not once a card.
  v.push_back({"ImageOfTheDesignMissing",
               {{"g/g.yaml", "game: g\ntitle: G\ndesigns:\n  face:\n    layers: [{type: image, src: x.png}]\ndecks:\n"
                             "  - {id: d, face: face, stocks: [poker-3x3-letter], cards: [{id: a}, {id: b}, {id: c}]}\n"}},
               build, 1,
               "D/g/g.yaml:5:33: error: design 'face': image 'x.png' cannot be read: No such file or directory "
               "(looked for D/g/x.png); 3 cards of deck 'd' show it\n" + failed(1), {}});
  bad_image("ImageIsADirectory", "x.png", {{"g/x.png", "@dir"}},
            "image 'x.png' cannot be used: it is a directory, not a file (looked for D/g/x.png)");
  bad_image("ImageIsAFifo", "x.png", {{"g/x.png", "@fifo"}},
            "image 'x.png' cannot be used: it is a FIFO (named pipe), not a file (looked for D/g/x.png)");
  bad_image("ImageEmpty", "x.png", {{"g/x.png", ""}}, "image 'x.png' is empty (0 bytes)");
  bad_image("ImageTextNamedPng", "x.png", {{"g/x.png", "hello\n"}},
            "image 'x.png' is not a PNG file (it does not start with PNG's signature)");
  bad_image("ImageJpegNamedPng", "x.png", {{"g/x.png", "\xff\xd8\xff\xe0 jfif"}},
            "image 'x.png' is a JPEG file, not a PNG: convert it to PNG");
  bad_image("ImagePngHeaderCut", "x.png", {{"g/x.png", kPng.substr(0, 20)}},
            "image 'x.png' is damaged or cut short: its PNG header is incomplete");
  bad_image("ImagePngPixelsCut", "x.png", {{"g/x.png", kPng.substr(0, 45)}},
            "image 'x.png' is damaged or cut short: its pixels cannot be decoded");
  bad_image("ImageTooManyPixels", "x.png", {{"g/x.png", kHugePng}},
            "image 'x.png' is 100000 x 100000 pixels (10000 megapixels); images are limited to 40 megapixels");
  // A broken SVG in our words, at the SVG's own line and column (never libxml2's).
  bad_image("SvgMalformed", "x.svg", {{"g/x.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\"><rect></svg>"}},
            "image 'x.svg' is not a valid SVG file: at line 1, column 53, </svg> closes <rect> (opened on line 1), "
            "which must be closed first");
  bad_image("SvgCutShort", "x.svg", {{"g/x.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\">\n<rect/>"}},
            "image 'x.svg' is not a valid SVG file: at line 2, column 8, the file ends before <svg> (opened on line "
            "1) is closed");
  bad_image("SvgAttributeTwice", "x.svg", {{"g/x.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\">\n<rect x=\"1\" x=\"2\"/></svg>"}},
            "image 'x.svg' is not a valid SVG file: at line 2, column 18, the attribute 'x' is given twice");
  bad_image("SvgLinksBrokenSvg", "x.svg", {{"g/x.svg", svg("<image href=\"y.svg\"/>")}, {"g/y.svg", "<svg>\n\n<g></svg>"}},
            "image 'x.svg' links to 'y.svg', which is not a valid SVG file: at line 3, column 10, </svg> closes <g> "
            "(opened on line 3), which must be closed first");
  // A picture of no size draws nothing: an error at the <svg> element's line.
  bad_image("SvgZeroWidth", "x.svg", {{"g/x.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"0\" height=\"10\"/>"}},
            "image 'x.svg' is drawn 0 wide: the <svg> element (line 1) has width=\"0\"; give it a width above 0");
  bad_image("SvgNegativeHeight", "x.svg", {{"g/x.svg", "<?xml version=\"1.0\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"5mm\" height=\"-2mm\"/>"}},
            "image 'x.svg' is drawn 0 high: the <svg> element (line 2) has height=\"-2mm\"; give it a height above 0");
  bad_image("SvgViewBoxOfNoWidth", "x.svg", {{"g/x.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 0 10\"/>"}},
            "image 'x.svg' is drawn 0 wide: the <svg> element (line 1) has viewBox=\"0 0 0 10\", whose width must be "
            "above 0");
  bad_image("SvgLinksZeroWidthSvg", "x.svg", {{"g/x.svg", svg("<image href=\"y.svg\"/>")}, {"g/y.svg", "<svg width=\"0\"/>"}},
            "image 'x.svg' links to 'y.svg', which is drawn 0 wide: the <svg> element (line 1) has width=\"0\"; give "
            "it a width above 0");
  // SVGs that link to one another (or to themselves): a loop, with the chain.
  bad_image("SvgLinksEachOther", "x.svg", {{"g/x.svg", svg("<image href=\"y.svg\"/>")}, {"g/y.svg", svg("<image href=\"x.svg\"/>")}},
            "image 'x.svg' links to 'y.svg', which links to 'x.svg', which closes a loop (SVGs that link to one "
            "another draw nothing there): remove one of the links");
  bad_image("SvgLinksItself", "x.svg", {{"g/x.svg", svg("<image href=\"x.svg\"/><rect/>")}},
            "image 'x.svg' links to 'x.svg', which closes a loop (SVGs that link to one another draw nothing "
            "there): remove one of the links");
  bad_image("SvgLoopOfThree", "x.svg",
            {{"g/x.svg", svg("<use href=\"y.svg#a\"/>")}, {"g/y.svg", svg("<image href=\"sub/z.svg\"/>")},
             {"g/sub/z.svg", svg("<image href=\"../y.svg\"/>")}},
            "image 'x.svg' links to 'y.svg#a', which links to 'sub/z.svg', which links to '../y.svg', which closes a "
            "loop (SVGs that link to one another draw nothing there): remove one of the links");
  v.push_back({"IconOfZeroWidth",
               {{"g/g.yaml", replace_first(game(), "title: G", "title: G\nicons: {i: x.svg}")},
                {"g/x.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"0\" height=\"10\"/>"}},
               build, 1,
               "D/g/g.yaml:3:12: error: icon 'i': image 'x.svg' is drawn 0 wide: the <svg> element (line 1) has "
               "width=\"0\"; give it a width above 0\n" + failed(1), {}});
  bad_image("SvgNotSvg", "x.svg", {{"g/x.svg", "just text"}}, "image 'x.svg' is not an SVG file (no <svg> element)");
  bad_image("SvgCompressed", "x.svg", {{"g/x.svg", "\x1f\x8b\x08\0"}},
            "image 'x.svg' is compressed (SVGZ); save it as a plain SVG file");
  bad_image("SvgEmbedsHugePicture", "x.svg",
            {{"g/x.svg", svg("<image width=\"10\" height=\"10\" xlink:href=\"data:image/png;base64," + kHugePngBase64 + "\"/>")}},
            "image 'x.svg' embeds a image/png picture, which is 100000 x 100000 pixels (10000 megapixels); images "
            "are limited to 40 megapixels");
  bad_image("SvgLinksHugePicture", "x.svg", {{"g/x.svg", svg("<image href=\"big.png\" width=\"10\" height=\"10\"/>")}, {"g/big.png", kHugePng}},
            "image 'x.svg' links to 'big.png', which is 100000 x 100000 pixels (10000 megapixels); images are "
            "limited to 40 megapixels");
  bad_image("SvgLinksOutside", "x.svg", {{"g/x.svg", svg("<image href=\"../secret.png\"/>")}, {"secret.png", kPng}},
            "image 'x.svg' links to '../secret.png', which leads outside the project folder D/g (pass "
            "--allow-outside to permit it)");
  bad_image("SvgLinksAbsolute", "x.svg", {{"g/x.svg", svg("<image href=\"file:///etc/passwd\"/>")}},
            "image 'x.svg' links to 'file:///etc/passwd', which is an absolute path; files must be inside the "
            "project folder D/g (pass --allow-outside to permit it)");
  bad_image("SvgLinksRemote", "x.svg", {{"g/x.svg", svg("<image href=\"https://example.com/a.png\"/>")}},
            "image 'x.svg' links to 'https://example.com/a.png', which is not a file; an SVG may only link to "
            "files in the project");
  bad_image("SvgLinksMissing", "x.svg", {{"g/x.svg", svg("<use xlink:href=\"parts.svg#a\"/>")}},
            "image 'x.svg' links to 'parts.svg#a', which cannot be read: No such file or directory");
  bad_image("SvgLinksText", "x.svg", {{"g/x.svg", svg("<image href=\"notes.txt\"/>")}, {"g/notes.txt", "hi"}},
            "image 'x.svg' links to 'notes.txt', which is not a PNG, JPEG, GIF or SVG picture");
  bad_image("SvgStylesheet", "x.svg", {{"g/x.svg", svg("<rect/>", "<?xml-stylesheet href=\"s.css\"?>")}, {"g/s.css", "rect{}"}},
            "image 'x.svg' links to 's.css', which is not a PNG, JPEG, GIF or SVG picture");
  bad_image("SvgExternalEntity", "x.svg",
            {{"g/x.svg", svg("<text>&e;</text>", "<!DOCTYPE svg [<!ENTITY e SYSTEM \"/etc/passwd\">]>")}},
            "image 'x.svg' declares the entity 'e' from another file (SYSTEM or PUBLIC); entities in SVG files are "
            "limited to plain text");
  bad_image("SvgEntityLoop", "x.svg",
            {{"g/x.svg", svg("<text>&b;</text>", "<!DOCTYPE svg [<!ENTITY a \"&b;\"><!ENTITY b \"&a;\">]>")}},
            "image 'x.svg' declares the entity 'a' that builds markup or refers to other entities; entities in SVG "
            "files are limited to plain text");
  bad_image("SvgEntityHidesLink", "x.svg",
            {{"g/x.svg", svg("<image href=\"&f;\"/>", "<!DOCTYPE svg [<!ENTITY f \"../secret.png\">]>")}, {"secret.png", kPng}},
            "image 'x.svg' links to '../secret.png', which leads outside the project folder D/g (pass "
            "--allow-outside to permit it)");
  bad_image("SvgCharRefHidesLink", "x.svg", {{"g/x.svg", svg("<image href=\"&#46;&#46;/secret.png\"/>")}, {"secret.png", kPng}},
            "image 'x.svg' links to '../secret.png', which leads outside the project folder D/g (pass "
            "--allow-outside to permit it)");
  bad_image("SvgNestedTooDeep", "x.svg",
            {{"g/x.svg", svg("<image href=\"1.svg\"/>")}, {"g/1.svg", svg("<image href=\"2.svg\"/>")},
             {"g/2.svg", svg("<image href=\"3.svg\"/>")}, {"g/3.svg", svg("<image href=\"4.svg\"/>")},
             {"g/4.svg", svg("<image href=\"5.svg\"/>")}, {"g/5.svg", svg("<rect/>")}},
            "image 'x.svg' links to '1.svg', which links to '2.svg', which links to '3.svg', which links to "
            "'4.svg', which links to '5.svg', which nests SVGs more than 4 deep");
  // Files that are not files, named on the command line or as a booklet source.
  v.push_back({"GameFileMissing", {}, build, 2, "D/g/g.yaml: error: cannot read: No such file or directory\n", {}});
  v.push_back({"GameFileIsAFifo", {{"g/g.yaml", "@fifo"}}, build, 2,
               "D/g/g.yaml: error: cannot read: it is a FIFO (named pipe), not a file\n", {}});
  v.push_back({"GameFileIsADirectory", {{"g/g.yaml", "@dir"}}, build, 2,
               "D/g/g.yaml: error: cannot read: it is a directory, not a file\n", {}});
  v.push_back({"BookletSourceIsAFifo", {{"g/g.yaml", game("g", "d", "booklet: {source: r.md}\n")}, {"g/r.md", "@fifo"}},
               build, 1,
               "D/g/g.yaml:11:10: error: cannot read the booklet source 'r.md': it is a FIFO (named pipe), not a "
               "file (looked for D/g/r.md)\n" + failed(1), {}});
  v.push_back({"BookletSourceIsADirectory", {{"g/g.yaml", game("g", "d", "booklet: {source: r.md}\n")}, {"g/r.md", "@dir"}},
               build, 1,
               "D/g/g.yaml:11:10: error: cannot read the booklet source 'r.md': it is a directory, not a file "
               "(looked for D/g/r.md)\n" + failed(1), {}});
  // YAML mistakes, reported where they are made.
  v.push_back({"YamlBracketNeverClosed",
               {{"g/g.yaml", "game: g\ntitle: G\ndecks:\n  - id: d\n    stocks: [poker-3x3-letter, poker-3x3-a4\n"
                             "    face: face\n    cards: []\n"}},
               build, 1, "D/g/g.yaml:5:13: error: YAML syntax: this '[' is never closed (a ']' is missing)\n" + failed(1), {}});
  v.push_back({"YamlBraceNeverClosed",
               {{"g/g.yaml", "game: g\ntitle: G\ndecks:\n  - {id: d, face: face, cards: []\n  - {id: e}\n"}},
               build, 1, "D/g/g.yaml:4:5: error: YAML syntax: this '{' is never closed (a '}' is missing)\n" + failed(1), {}});
  v.push_back({"YamlQuoteNeverClosed", {{"g/g.yaml", "game: g\ntitle: \"G\ndecks: []\n"}},
               build, 1, "D/g/g.yaml:2:8: error: YAML syntax: this quoted text is never closed (a \" is missing)\n" + failed(1), {}});
  v.push_back({"YamlBadIndent", {{"g/g.yaml", "game: g\ntitle: G\n decks: []\n"}},
               build, 1, "D/g/g.yaml:3:7: error: YAML syntax: illegal map value\n" + failed(1), {}});
  v.push_back({"YamlTag", {{"g/g.yaml", replace_first(game(), "title: G", "title: !include title.txt")}},
               build, 1,
               "D/g/g.yaml:2:8: error: YAML tags are not supported: remove '!include' and write the value itself\n" +
                   failed(1), {}});
  v.push_back({"YamlKeyThatIsAList", {{"g/g.yaml", game("g", "d", "colors:\n  ? [a, b]\n  : \"#123456\"\n")}},
               build, 1, "D/g/g.yaml:12:5: error: a map key must be text, not a list (in 'colors')\n" + failed(1), {}});
  // A command misspelt: named, with the one meant, and shown escaped.
  const std::string commands =
      "; the commands are build, watch, preview, check, stocks, cards, schema, calibrate, diff and example (cardstock --help says more)\n";
  v.push_back({"CommandMisspelt", {}, {"bulid"}, 2,
               "cardstock: error: unknown command 'bulid' (did you mean 'build'?)" + commands, {}});
  v.push_back({"CommandMisspeltWithAFile", {{"g/g.yaml", game()}}, {"--templates", "@D@/g", "chek", "@D@/g/g.yaml"}, 2,
               "cardstock: error: unknown command 'chek' (did you mean 'check'?)" + commands, {}});
  v.push_back({"CommandWithControlCharacters", {}, {"bu\x1b[2Jlid\x7f"}, 2,
               "cardstock: error: unknown command 'bu\\x1B[2Jlid\\x7F'" + commands, {}});
  v.push_back({"CommandUnknown", {}, {"zzz"}, 2, "cardstock: error: unknown command 'zzz'" + commands, {}});
  // A sound SVG linking a picture beside it, one of no width or height written (drawn at
  // its drawing's size), one linking into itself by #id, and a PNG, build (controls).
  v.push_back({"SvgOfNoSizeWrittenBuilds", {{"g/g.yaml", image_game("x.svg")},
               {"g/x.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\"><rect width=\"4\" height=\"4\"/></svg>"}},
               build, 0, "", ok_outputs});
  v.push_back({"SvgLinkingInsideItselfBuilds", {{"g/g.yaml", image_game("x.svg")},
               {"g/x.svg", svg("<rect id=\"r\" width=\"4\" height=\"4\"/><use href=\"#r\"/>")}},
               build, 0, "", ok_outputs});
  v.push_back({"SvgWithLinkedPngBuilds", {{"g/g.yaml", image_game("x.svg")}, {"g/x.svg", svg("<image href=\"p.png\" width=\"10\" height=\"10\"/>")}, {"g/p.png", kPng}},
               build, 0, "", ok_outputs});
  v.push_back({"PngBuilds", {{"g/g.yaml", image_game("p.png")}, {"g/p.png", kPng}}, build, 0, "", ok_outputs});
  // CSV files are read as game files are: regular files inside the project folder.
  {
    const std::string csv_game = "game: g\ntitle: G\ndesigns:\n  face:\n    layers: [{type: text, text: \"{t}\"}]\n"
                                 "decks:\n  - {id: d, face: face, stocks: [poker-3x3-letter], cards: {csv: w.csv}}\n";
    v.push_back({"CsvIsAFifo", {{"g/g.yaml", csv_game}, {"g/w.csv", "@fifo"}}, build, 1,
                 "D/g/g.yaml:7:66: error: cannot read CSV 'w.csv': it is a FIFO (named pipe), not a file (looked "
                 "for D/g/w.csv)\n" + failed(1), {}});
    v.push_back({"CsvLinksOutside", {{"g/g.yaml", csv_game}, {"secret.csv", "t\nx\n"}, {"g/w.csv", "@symlink:@D@/secret.csv"}},
                 build, 1,
                 "D/g/g.yaml:7:66: error: CSV 'w.csv' is a symbolic link to D/secret.csv, outside the project folder "
                 "D/g (pass --allow-outside to permit it)\n" + failed(1), {}});
    v.push_back({"CsvIdClimbsOut", {{"g/g.yaml", csv_game}, {"g/w.csv", "id,t\n../../x,hi\n"}}, build, 1,
                 "D/g/w.csv:2:1: error: card id '../../x' cannot name a file: it contains '/'" + kRule + failed(1), {}});
    v.push_back({"CsvBuilds", {{"g/g.yaml", csv_game}, {"g/w.csv", "id,t\na,hi\n"}}, build, 0, "", ok_outputs});
  }
  // Issue 28 §6: bad input that passed in silence or was reported badly.
  v.push_back({"YamlTagOnAKey", {{"g/g.yaml", replace_first(game(), "title: G", "!x title: G")}}, build, 1,
               "D/g/g.yaml:2:1: error: YAML tags are not supported: remove '!x' and write the value itself\n" + failed(1), {}});
  v.push_back({"YamlTagInTemplatesFolder",
               {{"g/g.yaml", replace_first(game(), "title: G", "title: G\ntemplates: [mine]")},
                {"g/mine/stocks/s.yaml", "id: !!str s\npaper: letter\ncard: poker\ngrid: {columns: 1, rows: 1}\n"}},
               build, 1,
               "D/g/mine/stocks/s.yaml:1:5: error: YAML tags are not supported: remove '!!str' and write the value "
               "itself\n" + failed(1), {}});
  v.push_back({"YamlKeyThatIsAMap", {{"g/g.yaml", game("g", "d", "colors:\n  {a: 1}: \"#123456\"\n")}},
               build, 1, "D/g/g.yaml:12:3: error: a map key must be text, not a map (in 'colors')\n" + failed(1), {}});
  v.push_back({"YamlKeyThatIsNull", {{"g/g.yaml", game("g", "d", "colors: {~: \"#123456\"}\n")}},
               build, 1, "D/g/g.yaml:11:10: error: a map key must be text, not empty or null (in 'colors')\n" + failed(1), {}});
  v.push_back({"YamlMergeKey",
               {{"g/g.yaml", "game: g\ntitle: G\ndesigns:\n  base: &b {layers: [{type: rect}]}\n  face:\n    <<: *b\n"
                             "decks:\n  - {id: d, face: face, stocks: [poker-3x3-letter], cards: [{id: a}]}\n"}},
               build, 1, "D/g/g.yaml:6:5: error: unknown key '<<' in design\n" + failed(1), {}});
  // Nesting too deep: at the bracket where the limit is reached, on its own line, the
  // brackets closed or not; a few left open are a bracket never closed.
  v.push_back({"YamlHundredThousandBrackets", {{"g/g.yaml", "game: g\ntitle: G\nx: " + std::string(100000, '[') + "\n"}},
               build, 1, "D/g/g.yaml:3:502: error: YAML nesting is deeper than 500 levels\n" + failed(1), {}});
  v.push_back({"YamlDeepBracketsClosed",
               {{"g/g.yaml", "game: g\ntitle: G\nx: " + std::string(600, '[') + std::string(600, ']') + "\n"}},
               build, 1, "D/g/g.yaml:3:502: error: YAML nesting is deeper than 500 levels\n" + failed(1), {}});
  v.push_back({"YamlManyBracketsNeverClosed", {{"g/g.yaml", "game: g\ntitle: G\nx: " + std::string(260, '[') + "\n"}},
               build, 1, "D/g/g.yaml:3:263: error: YAML syntax: this '[' is never closed (a ']' is missing)\n" + failed(1), {}});
  {
    std::string braces;
    for (int i = 0; i < 100000; ++i) braces += "{a: ";
    v.push_back({"YamlHundredThousandBraces", {{"g/g.yaml", "game: g\ntitle: G\nx: " + braces + "\n"}},
                 build, 1, "D/g/g.yaml:3:1993: error: YAML nesting is deeper than 500 levels\n" + failed(1), {}});
  }
  // Text in UTF-16 without a byte-order mark is said to be UTF-16, in every file read as text.
  auto utf16 = [](const std::string& s, bool le) {
    std::string o;
    for (char c : s) o += le ? std::string{c, '\0'} : std::string{'\0', c};
    return o;
  };
  const std::string kSaveAs = "the encoding \"UTF-8\" in the editor's Save As; or iconv -f UTF-16";
  v.push_back({"GameFileUtf16WithoutBom", {{"g/g.yaml", utf16(game(), true)}}, build, 1,
               "D/g/g.yaml: error: this file is UTF-16 text (little-endian, without a byte-order mark), not UTF-8: "
               "save it as UTF-8 (" + kSaveAs + "LE -t UTF-8)\n" + failed(1), {}});
  v.push_back({"GameFileUtf16BigEndianWithoutBom", {{"g/g.yaml", utf16(game(), false)}}, build, 1,
               "D/g/g.yaml: error: this file is UTF-16 text (big-endian, without a byte-order mark), not UTF-8: "
               "save it as UTF-8 (" + kSaveAs + "BE -t UTF-8)\n" + failed(1), {}});
  v.push_back({"BookletUtf16WithoutBom",
               {{"g/g.yaml", game("g", "d", "booklet: {source: r.md}\n")}, {"g/r.md", utf16("# R\n\nhello\n", true)}},
               build, 1,
               "D/g/r.md: error: this file is UTF-16 text (little-endian, without a byte-order mark), not UTF-8: "
               "save it as UTF-8 (" + kSaveAs + "LE -t UTF-8)\n" + failed(1), {}});
  {
    const std::string tsv_game = "game: g\ntitle: G\ndesigns:\n  face:\n    layers: [{type: text, text: \"{t}\"}]\n"
                                 "decks:\n  - {id: d, face: face, stocks: [poker-3x3-letter], cards: {csv: w.tsv}}\n";
    v.push_back({"TsvUtf16WithoutBomBuilds", {{"g/g.yaml", tsv_game}, {"g/w.tsv", utf16("id\tt\na\thello\n", true)}},
                 build, 0, "", ok_outputs});
  }
  // A {field} the cards lack: one error at the text, with how many and what they have.
  v.push_back({"FieldMissingOnEveryCard",
               {{"g/g.yaml", replace_first(replace_first(game(), "{t}", "{nmae}"), "{id: a, t: hi}",
                                           "{id: a, name: x}, {id: b, name: y}, {id: c, name: z, cost: 1}")}},
               build, 1,
               "D/g/g.yaml:5:33: error: design 'face' uses {nmae}, but none of the 3 cards of deck 'd' has a field "
               "'nmae' (did you mean 'name'?); the cards have: cost, name\n" + failed(1), {}});
  v.push_back({"FieldMissingOnSomeCards",
               {{"g/g.yaml", replace_first(game(), "{id: a, t: hi}",
                                           "{id: a, t: x}, {id: b, tt: y}, {id: c, t: z}, {id: e, tt: w}")}},
               build, 1,
               "D/g/g.yaml:5:33: error: design 'face' uses {t}, but 2 of the 4 cards of deck 'd' ('b', 'e') have no "
               "field 't' (did you mean 'tt'?); the cards have: tt\n" + failed(1), {}});
  // An answer key's column, and a rule's fact, that no entry gives: at their place, with the facts.
  const std::string facts_deck = "game: g\ntitle: G\ndesigns:\n  face:\n    layers: [{type: text, text: \"{name}\"}]\n"
                                 "decks:\n  - id: d\n    face: face\n    stocks: [poker-3x3-letter]\n"
                                 "    cards: [{id: a, name: A, map: x}]\n"
                                 "    facts: {key: name, entries: [{name: A, kind: god, regions: [y]}]}\n";
  v.push_back({"AnswerKeyColumnUnknown",
               {{"g/g.yaml", facts_deck + "    answer_key: {title: K, columns: [name, regoins]}\n"}}, build, 1,
               "D/g/g.yaml:12:44: error: answer key column 'regoins' is not a fact of any entry (did you mean "
               "'regions'?); the facts are name, kind, regions\n" + failed(1), {}});
  v.push_back({"UnrelatedRuleFactUnknown", {{"g/g.yaml", facts_deck + "    unrelated: [{field: map, fact: region}]\n"}},
               build, 1,
               "D/g/g.yaml:12:36: error: the 'unrelated' rule's fact 'region' is not a fact of any entry (did you mean "
               "'regions'?); the facts are name, kind, regions\n" + failed(1), {}});
  // A rule's field that no card has: once, at the rule, with the fields the cards have
  // (before, once a card).
  v.push_back({"UnrelatedRuleFieldOnNoCard",
               {{"g/g.yaml", replace_first(facts_deck, "{id: a, name: A, map: x}",
                                           "{id: a, name: A, map: x}, {id: b, name: A, map: y}") +
                                 "    unrelated: [{field: mapp, fact: regions}]\n"}},
               build, 1,
               "D/g/g.yaml:12:17: error: the 'unrelated' rule's field 'mapp' is a field of none of the 2 cards (did "
               "you mean 'map'?); the cards have: map, name\n" + failed(1), {}});
  // A file named as a font that is no font: at its entry, what it is, no package advice.
  {
    const std::string g = replace_first(game(), "title: G", "title: G\ntemplates: [mine]");
    const std::string fonts = "fonts:\n  - family: Fake\n    package: fonts-fake\n    files: [fake.ttf]\n";
    v.push_back({"FontFileIsAPdf", {{"g/g.yaml", g}, {"g/mine/fonts.yaml", fonts}, {"g/mine/fake.ttf", "%PDF-1.4\n"}},
                 build, 1,
                 "D/g/mine/fonts.yaml:4:13: error: font file 'fake.ttf' of 'Fake' cannot be used: it is not a font file "
                 "(it starts with '%PDF'; it is a PDF file)\n" + failed(1), {}});
    v.push_back({"FontFileIsText", {{"g/g.yaml", g}, {"g/mine/fonts.yaml", fonts}, {"g/mine/fake.ttf", "hello"}},
                 build, 1,
                 "D/g/mine/fonts.yaml:4:13: error: font file 'fake.ttf' of 'Fake' cannot be used: it is not a font file "
                 "(it starts with 'hell')\n" + failed(1), {}});
    v.push_back({"FontFileEmpty", {{"g/g.yaml", g}, {"g/mine/fonts.yaml", fonts}, {"g/mine/fake.ttf", ""}},
                 build, 1,
                 "D/g/mine/fonts.yaml:4:13: error: font file 'fake.ttf' of 'Fake' cannot be used: it is empty (0 "
                 "bytes)\n" + failed(1), {}});
    v.push_back({"FontFileMissingKeepsThePackage", {{"g/g.yaml", g}, {"g/mine/fonts.yaml", fonts}}, build, 1,
                 "D/g/mine/fonts.yaml:4:13: error: font file 'fake.ttf' of 'Fake' cannot be used: No such file or "
                 "directory (install Debian package fonts-fake)\n" + failed(1), {}});
  }
  // Two game files of one id would build into one folder: an error naming both.
  v.push_back({"TwoGameFilesOfOneId", {{"g/g.yaml", game()}, {"g/h.yaml", game()}},
               {"build", "@D@/g/g.yaml", "@D@/g/h.yaml", "-o", "@D@/out"}, 1,
               "D/g/h.yaml:1:7: error: game id 'g' is also the id of D/g/g.yaml: both would build into D/out/g/, one "
               "replacing the other; give one of them another id\nD/g/g.yaml:1:7: note: 'g' is first the id here\n", {}});
  v.push_back({"TwoGameFilesOfOneIdChecked", {{"g/g.yaml", game()}, {"g/h.yaml", game()}},
               {"check", "@D@/g/g.yaml", "@D@/g/h.yaml"}, 1,
               "D/g/h.yaml:1:7: error: game id 'g' is also the id of D/g/g.yaml: both would build into out/g/, one "
               "replacing the other; give one of them another id\nD/g/g.yaml:1:7: note: 'g' is first the id here\n", {}});
  v.push_back({"GameFileNamedTwice", {{"g/g.yaml", game()}}, {"build", "@D@/g/g.yaml", "@D@/g/g.yaml", "-o", "@D@/out"}, 1,
               "D/g/g.yaml: error: this game file is named twice; name it once\n", {}});
  // An option or argument a command does not know: named, with the one meant.
  v.push_back({"OptionMisspelt", {{"g/g.yaml", game()}}, {"build", "--strcit", "@D@/g/g.yaml", "-o", "@D@/out"}, 2,
               "cardstock: error: unknown option '--strcit' of 'cardstock build' (did you mean '--strict'?); cardstock "
               "build --help lists the options\n", {}});
  v.push_back({"OptionMisspeltWithValue", {}, {"diff", "a", "b", "--dpii=72"}, 2,
               "cardstock: error: unknown option '--dpii' of 'cardstock diff' (did you mean '--dpi'?); cardstock diff "
               "--help lists the options\n", {}});
  v.push_back({"ArgumentNotTaken", {}, {"schema", "extra"}, 2,
               "cardstock: error: unexpected argument 'extra' of 'cardstock schema'; cardstock schema --help lists what "
               "it takes\n", {}});
  // The sane game builds, as a control for the cases above.
  // A deck with neither cards nor a face (the check for a folder of pictures asked the
  // absent `cards:` what it was, and yaml-cpp threw: the fuzzer found it).
  v.push_back({"DeckWithoutCardsOrFace",
               {{"g/g.yaml", "game: g\ntitle: G\ndecks:\n  - {id: d, stocks: [poker-3x3-letter]}\n"}}, build, 1,
               "D/g/g.yaml:4:5: error: missing required key 'cards' in deck\n"
               "D/g/g.yaml:4:5: error: missing required key 'face' in deck\n" + failed(2), {}});
  v.push_back({"ControlBuilds", {{"g/g.yaml", game()}}, build, 0, "", ok_outputs});
  return v;
}

// gtest prints a failing case by name, not as bytes.
void PrintTo(const HostileCase& c, std::ostream* os) { *os << c.name; }

class Hostile : public ::testing::TestWithParam<HostileCase> {};

TEST_P(Hostile, ExitCodeMessageAndFilesOnDisk) {
  const HostileCase& c = GetParam();
  const fs::path dir = testing::fresh_dir("hostile-" + c.name);
  const std::string d = dir.string();
  std::vector<std::string> expected;
  for (const auto& [rel, text] : c.files) {
    const fs::path p = dir / testing::replace_all(rel, "@D@", d);
    fs::create_directories(p.parent_path());
    const std::string content = testing::replace_all(text, "@D@", d);
    if (content.rfind("@symlink:", 0) == 0) {
      fs::create_symlink(content.substr(9), p);
    } else if (content == "@fifo") {
      ASSERT_EQ(::mkfifo(p.c_str(), 0644), 0);
    } else if (content == "@dir") {
      fs::create_directories(p);
      continue;
    } else {
      std::ofstream(p, std::ios::binary) << content;
    }
    expected.push_back(fs::relative(p, dir).string());
  }
  std::vector<std::string> args;
  for (const auto& a : c.args) args.push_back(testing::replace_all(a, "@D@", d));
  const testing::Run r = testing::run_cardstock(args, d);
  EXPECT_EQ(r.status, c.status) << r.err;
  EXPECT_EQ(testing::replace_all(r.err, d, "D"), c.err);
  for (const auto& o : c.outputs) expected.push_back(o);
  std::sort(expected.begin(), expected.end());
  // Everything in the case folder: the inputs and the expected outputs, nothing else
  // (no file escaped -o, no temporary file was left).
  EXPECT_EQ(testing::tree_of(dir), expected);
}

INSTANTIATE_TEST_SUITE_P(Cases, Hostile, ::testing::ValuesIn(cases()),
                         [](const ::testing::TestParamInfo<HostileCase>& i) { return i.param.name; });

}  // namespace

}  // namespace cardstock
