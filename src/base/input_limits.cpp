#include "base/input_limits.h"

namespace cardstock {

namespace {

std::string num(double v) {
  std::string s = std::to_string(static_cast<long long>(v));
  return s;
}

}  // namespace

std::vector<InputLimit> input_limits() {
  return {
      {"bytes in a game, template, CSV or spreadsheet file", std::to_string(kMaxFileBytes >> 20) + " MB"},
      {"copies of one card (`count`)", num(kMaxCardCount)},
      {"cards in one game, counting copies", num(kMaxCardsPerGame)},
      {"pages of all the outputs of one game", num(kMaxPagesPerGame)},
      {"bytes in a card field", num(kMaxFieldLength)},
      {"bytes in a text once its {fields} are filled in", num(kMaxTextBytes)},
      {"bytes in a rule booklet's source", std::to_string(kMaxBookletBytes >> 20) + " MB"},
      {"bytes in one block of a rule booklet", num(kMaxBookletBlockBytes)},
      {"layers of one design, `extends` included", num(kMaxLayersPerDesign)},
      {"designs in an `extends` chain", num(kMaxExtendsDepth)},
      {"font size", num(kMaxFontSizePt) + "pt"},
      {"length", num(kMaxLengthPt / 72) + "in"},
      {"percentage either way", num(kMaxPercent) + "%"},
      {"columns or rows of a stock's grid", num(kMaxGridSide)},
      {"levels of YAML nesting", num(kMaxYamlDepth)},
      {"values in a YAML file, its aliases expanded", num(kMaxYamlValues)},
      {"layers of all the designs of one game", num(kMaxLayersPerGame)},
      {"characters in an id that names a file", num(kMaxNameLength)},
      {"bytes in an image file", std::to_string(kMaxImageBytes >> 20) + " MB"},
      {"pixels of one image (an SVG's pictures together)", num(kMaxImagePixels / 1000000) + " megapixels"},
      {"SVGs linked or embedded inside one another", num(kMaxSvgDepth)},
      {"cells in a CSV file or a spreadsheet's tab", num(kMaxCsvCells)},
      {"bytes of one part of a spreadsheet once unzipped", std::to_string(kMaxSheetPartBytes >> 20) + " MB"},
      {"rows of a spreadsheet's tab", num(kMaxSheetRows)},
      {"columns of a spreadsheet's tab", num(kMaxSheetColumns)},
      {"levels of XML nesting in a spreadsheet", num(kMaxSheetXmlDepth)},
      {"dots per inch of a stock's images (`dpi`)", num(kMaxDpi)},
      {"pixels of one image a stock makes", num(kMaxRasterPixels / 1000000) + " megapixels"},
      {"bytes in a printer profile", std::to_string(kMaxPrinterProfileBytes >> 10) + " KB"},
      {"duplex offset of a printer profile, either way", num(kMaxDuplexOffsetMm) + "mm"},
      {"duplex rotation of a printer profile, either way", num(kMaxDuplexRotationDeg) + "deg"},
  };
}

}  // namespace cardstock
