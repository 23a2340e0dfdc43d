// Printer profiles and the stock keys of issue 16, parsed from strings: exact messages at
// their file:line:col.
#include "load/printer.h"

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>

#include "load/load.h"
#include "test_util.h"

namespace cardstock {

namespace {

std::string profile_errors(const std::string& text) {
  Diagnostics d;
  parse_printer_profile(text, "printer.yaml", d);
  return d.str();
}

std::string stock_errors(const std::string& text) {
  Diagnostics d;
  parse_stock(text, "s.yaml", testing::shipped_templates(), d);
  return d.str();
}

}  // namespace

TEST(Printer, AProfileReadsItsValues) {
  Diagnostics d;
  const auto p = parse_printer_profile(
      "# printer.yaml\nname: school-laser\nduplex_offset: {x: 0.8mm, y: -0.5mm}\nduplex_rotation: 0.2deg\n",
      "printer.yaml", d);
  ASSERT_TRUE(p) << d.str();
  EXPECT_EQ(d.str(), "");
  EXPECT_EQ(p->name, "school-laser");
  EXPECT_NEAR(p->offset_x.in_mm(), 0.8, 1e-12);
  EXPECT_NEAR(p->offset_y.in_mm(), -0.5, 1e-12);
  EXPECT_NEAR(p->rotation, 0.2, 1e-12);
  // Everything but the name is optional: a printer that lands right needs no numbers.
  const auto q = parse_printer_profile("name: exact\nduplex_rotation: 0\n", "p.yaml", d);
  ASSERT_TRUE(q);
  EXPECT_EQ(q->offset_x.pt, 0);
  EXPECT_EQ(q->rotation, 0);
  EXPECT_NEAR(parse_printer_profile("name: n\nduplex_offset: {x: -0.03in}\n", "p.yaml", d)->offset_x.in_mm(), -0.762,
              1e-12);
}

TEST(Printer, WrongKeysAndUnitsArePositioned) {
  EXPECT_EQ(profile_errors("name: a\nduplex_ofset: {x: 1mm}\n"),
            "printer.yaml:2:1: error: unknown key 'duplex_ofset' in printer profile (did you mean 'duplex_offset'?)\n");
  EXPECT_EQ(profile_errors("name: a\nduplex_offset: {x: 0.8, z: 1mm}\n"),
            "printer.yaml:2:20: error: 'x' must be a length with a unit (mm, cm, in or pt), not '0.8'\n"
            "printer.yaml:2:25: error: unknown key 'z' in duplex offset (did you mean 'x'?)\n");
  EXPECT_EQ(profile_errors("name: a\nduplex_rotation: 0.2\n"),
            "printer.yaml:2:18: error: 'duplex_rotation' must be an angle in degrees (e.g. 0.2deg), not '0.2'\n");
  EXPECT_EQ(profile_errors("name: a\nduplex_rotation: 0.2rad\n"),
            "printer.yaml:2:18: error: 'duplex_rotation' must be an angle in degrees (e.g. 0.2deg), not '0.2rad'\n");
  EXPECT_EQ(profile_errors("duplex_offset: 1mm\n"),
            "printer.yaml:1:16: error: 'duplex_offset' must be a map\n"
            "printer.yaml:1:1: error: missing required key 'name' in printer profile\n");
  EXPECT_EQ(profile_errors("- name: a\n"), "printer.yaml:1:1: error: printer profile must be a map of keys to values\n");
}

TEST(Printer, HugeOffsetsAndAbsurdRotationsAreRefused) {
  EXPECT_EQ(profile_errors("name: a\nduplex_offset: {x: 25mm, y: -3cm}\n"),
            "printer.yaml:2:20: error: duplex_offset x is 25mm; a printer profile may correct at most 20mm either way "
            "(print the calibration sheet again, flip on long edge)\n"
            "printer.yaml:2:29: error: duplex_offset y is -30mm; a printer profile may correct at most 20mm either way "
            "(print the calibration sheet again, flip on long edge)\n");
  EXPECT_EQ(profile_errors("name: a\nduplex_rotation: -45deg\n"),
            "printer.yaml:2:18: error: duplex_rotation is -45deg; a printer profile may correct at most 5deg either way\n");
  EXPECT_EQ(profile_errors("name: a\nduplex_offset: {x: 1e300mm}\n"),
            "printer.yaml:2:20: error: 'x' must be between -1000in and 1000in, not '1e300mm'\n");
  EXPECT_EQ(profile_errors("name: a\nduplex_rotation: 1e400deg\n"),
            "printer.yaml:2:18: error: 'duplex_rotation' must be an angle in degrees (e.g. 0.2deg), not '1e400deg'\n");
}

TEST(Printer, TheFileIsReadLikeAGameFile) {
  EXPECT_EQ(profile_errors("name: \"a\\x01\"\n"),
            "printer.yaml:1:7: error: \"a\\x01\": control character U+0001 cannot be drawn: remove it\n");
  EXPECT_EQ(profile_errors("name: a\nname: b\n").substr(0, 48), "printer.yaml:2:1: error: 'name' is defined twice");
  EXPECT_NE(profile_errors("name: a\n---\nname: b\n").find("a printer profile holds one YAML document"),
            std::string::npos);
  const auto dir = std::filesystem::path(CARDSTOCK_TEST_TMP) / ("printer-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  const std::string fifo = (dir / "fifo.yaml").string();
  ::unlink(fifo.c_str());
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0644), 0);
  Diagnostics d;
  EXPECT_FALSE(load_printer_profile(fifo, d));  // refused before it is opened: never blocks
  EXPECT_EQ(d.str(), fifo + ": error: cannot read the printer profile: it is a FIFO (named pipe), not a file\n");
  Diagnostics big;
  const std::string large = (dir / "large.yaml").string();
  {
    FILE* f = std::fopen(large.c_str(), "w");
    ASSERT_TRUE(f);
    std::string pad(70 * 1024, '#');
    std::fputs(pad.c_str(), f);
    std::fclose(f);
  }
  EXPECT_FALSE(load_printer_profile(large, big));
  EXPECT_EQ(big.str(), large + ": error: cannot read the printer profile: it is 70 KB; the limit is 64 KB\n");
  std::filesystem::remove_all(dir);
}

TEST(StockKeys, FoldKeysBelongToFoldOverStocks) {
  EXPECT_EQ(stock_errors("id: s\npaper: letter\ncard: poker\ngrid: {columns: 3, rows: 3}\nfold: vertical\n"),
            "s.yaml:5:7: error: 'fold' is for fold-over stocks (kind: foldover) only\n");
  EXPECT_EQ(stock_errors("id: s\npaper: letter\ncard: poker\nkind: foldover\ngrid: {columns: 2, rows: 3}\n"),
            "s.yaml:5:7: error: stock 's': 2 x 3 poker cards and their backs need 266.7 x 266.7 mm but letter paper "
            "is 215.9 x 279.4 mm\n");
  EXPECT_EQ(stock_errors("id: s\npaper: letter\ncard: hex-tile\nkind: foldover\npacking: honeycomb\n"
                         "grid: {columns: 1, rows: 1}\n"),
            "s.yaml:5:10: error: a fold-over stock cannot pack a honeycomb: each tile needs its back across the fold\n");
  EXPECT_EQ(stock_errors("id: s\npaper: letter\ncard: poker\nkind: fold-over\ngrid: {columns: 1, rows: 1}\n"),
            "s.yaml:4:7: error: 'kind' must be 'cardstock', 'labels' or 'foldover', not 'fold-over' (did you mean "
            "'foldover'?)\n");
}

TEST(StockKeys, MarginsRowGuttersAndLabelAreas) {
  Diagnostics d;
  const auto s = parse_stock("id: s\npaper: a4\ncard: poker\ngrid: {columns: 2, rows: 2}\ngutter: 5mm\nrow_gutter: 1mm\n"
                             "margin: 3mm\ncutter: silhouette\n",
                             "s.yaml", testing::shipped_templates(), d);
  ASSERT_TRUE(s) << d.str();
  EXPECT_NEAR(s->margin.in_mm(), 3, 1e-12);
  EXPECT_NEAR(s->gutter.in_mm(), 5, 1e-12);
  EXPECT_NEAR(s->row_gutter.in_mm(), 1, 1e-12);
  EXPECT_EQ(s->cutter, Cutter::Silhouette);
  const auto plain = parse_stock("id: s\npaper: a4\ncard: poker\ngrid: {columns: 2, rows: 2}\ngutter: 5mm\n", "s.yaml",
                                 testing::shipped_templates(), d);
  EXPECT_NEAR(plain->row_gutter.in_mm(), 5, 1e-12);  // the gutter, unless given
  EXPECT_NEAR(plain->margin.in_mm(), 6.35, 1e-12);   // the paper's
  EXPECT_EQ(stock_errors("id: s\npaper: a4\ncard: poker\ngrid: {columns: 1, rows: 1}\nmargin: 105mm\n"),
            "s.yaml:5:9: error: stock 's': a margin of 105 mm leaves nothing of a4 paper to print on\n");
  EXPECT_EQ(stock_errors("id: s\npaper: a4\ncard: poker\ngrid: {columns: 1, rows: 1}\n"
                         "label_area: {x: 10mm, y: 0, w: 205mm, h: 297mm}\n"),
            "s.yaml:5:13: error: stock 's': its label area runs off a4 paper\n");
  EXPECT_EQ(stock_errors("id: s\npaper: a4\ncard: poker\ngrid: {columns: 1, rows: 1}\nlabel_area: {x: 0, y: 0, w: 1mm}\n"),
            "s.yaml:5:13: error: missing required key 'h' in label area\n");
  EXPECT_EQ(stock_errors("id: s\npaper: a4\ncard: poker\ngrid: {columns: 1, rows: 1}\ncutter: cameo\n"),
            "s.yaml:5:9: error: 'cutter' must be 'none', 'silhouette' or 'cricut', not 'cameo'\n");
}

}  // namespace cardstock
