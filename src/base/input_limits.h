// input_limits: every bound cardstock puts on its input, in one place. Input past a limit is
// refused with a positioned error that names the limit and the value found; never a
// crash, an endless build or an out-of-memory abort. docs/format.md lists them all (a
// test checks it against input_limits()).
#pragma once
#include <cstddef>
#include <string>
#include <vector>

namespace cardstock {

/// Largest content file read (game file, template file, CSV file, spreadsheet, booklet source).
inline constexpr long kMaxFileBytes = 16L << 20;
/// Most copies one card row may ask for.
inline constexpr long kMaxCardCount = 100000;
/// Most cards (counting copies) in one game.
inline constexpr long kMaxCardsPerGame = 100000;
/// Most pages all the outputs of one game may have together.
inline constexpr long kMaxPagesPerGame = 50000;
/// Longest card field, in bytes.
inline constexpr size_t kMaxFieldLength = 10000;
/// Longest text once its {fields} are filled in (a card's text, a colour, an image name).
inline constexpr size_t kMaxTextBytes = 10000;
/// Largest rule booklet source: about 400 pages of text. (Its pages are all set in
/// memory at once; 16 MB of Markdown would take gigabytes.)
inline constexpr long kMaxBookletBytes = 1L << 20;
/// Longest block of a rule booklet (a paragraph, list item, table or callout), in bytes.
inline constexpr size_t kMaxBookletBlockBytes = 20000;
/// Most layers one design may draw, its `extends` chain included.
inline constexpr size_t kMaxLayersPerDesign = 500;
/// Longest `extends` chain of designs.
inline constexpr int kMaxExtendsDepth = 32;
/// Largest font size, in points.
inline constexpr double kMaxFontSizePt = 1000;
/// Longest length, in points (1000 in), and widest percentage either way.
inline constexpr double kMaxLengthPt = 72000;
inline constexpr double kMaxPercent = 1000;
/// Most columns or rows of a stock's grid.
inline constexpr long kMaxGridSide = 100;
/// Most values (keys, scalars, lists and maps) a YAML file may hold once its aliases
/// (*name) are expanded: ten lines of aliases can otherwise stand for billions of values.
inline constexpr long kMaxYamlValues = 4000000;
/// Most layers all the designs of one game may have together, `extends` included.
inline constexpr size_t kMaxLayersPerGame = 20000;
/// Deepest YAML nesting (yaml-cpp's own guard; reported as an error, not a crash).
inline constexpr int kMaxYamlDepth = 500;
/// Longest id that names an output file or folder.
inline constexpr size_t kMaxNameLength = 64;
/// Largest image file, and most pixels of one image (an SVG's pictures counted together).
inline constexpr long kMaxImageBytes = 32L << 20;
inline constexpr long kMaxImagePixels = 40L * 1000 * 1000;
/// How deep SVGs may link to (or embed) other SVGs.
inline constexpr int kMaxSvgDepth = 4;
/// Most cells one CSV file may hold (a cell costs memory whatever its text): a deck of
/// 10,000 cards of 100 columns.
inline constexpr long kMaxCsvCells = 1000000;
/// Most bytes one part of a spreadsheet (.xlsx, .ods) may hold once unzipped: a zip
/// within kMaxFileBytes can unpack to gigabytes (a "zip bomb").
inline constexpr long kMaxSheetPartBytes = 64L << 20;
/// Rows and columns of a spreadsheet's tab (Excel's and LibreOffice's own bounds), and
/// the deepest XML nesting read in its parts (they nest about 10 deep).
inline constexpr int kMaxSheetRows = 1048576;
inline constexpr int kMaxSheetColumns = 16384;
inline constexpr int kMaxSheetXmlDepth = 100;
/// Highest resolution a stock's images may ask for (a shop asks 300), and most pixels of
/// one image a build makes (a card face, a Tabletop Simulator sheet): 40 megapixels is
/// 160 MB while it is drawn.
inline constexpr long kMaxDpi = 1200;
inline constexpr long kMaxRasterPixels = 40L * 1000 * 1000;
/// Largest printer profile file (a few lines of YAML).
inline constexpr long kMaxPrinterProfileBytes = 64L << 10;
/// Largest duplex offset a printer profile may give, either way, in millimetres: a back
/// page further off than 2 cm is a paper jam or a wrong setting, not something to correct.
inline constexpr double kMaxDuplexOffsetMm = 20;
/// Largest duplex rotation a printer profile may give, either way, in degrees.
inline constexpr double kMaxDuplexRotationDeg = 5;

/// One limit as the documentation states it: "a game has at most 100000 cards".
struct InputLimit {
  std::string what;   // "cards in one game, counting copies"
  std::string value;  // "100000"
};

/// Every limit above, for the documentation test.
std::vector<InputLimit> input_limits();

}  // namespace cardstock
