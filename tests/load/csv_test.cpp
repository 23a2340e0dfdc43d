// The CSV reader on its own: cells, their line:col, quoting, line ends and separators.
#include "load/sheets/csv.h"

#include <gtest/gtest.h>

namespace cardstock {

namespace {

// Every cell as "line:col=text", rows separated by " | ".
std::string cells_of(std::string_view text, char sep = ',', std::string* diags = nullptr, size_t max = 1000) {
  Diagnostics d;
  std::vector<CsvRow> rows;
  parse_csv(text, sep, "w.csv", max, &rows, d);
  if (diags) *diags = d.str();
  else EXPECT_EQ(d.str(), "");
  std::string s;
  for (const auto& r : rows) {
    if (!s.empty()) s += " | ";
    for (size_t i = 0; i < r.cells.size(); ++i)
      s += (i ? " " : "") + std::to_string(r.cells[i].line) + ":" + std::to_string(r.cells[i].col) + "=" +
           r.cells[i].text;
  }
  return s;
}

}  // namespace

TEST(Csv, CellsKnowTheirLineAndColumn) {
  EXPECT_EQ(cells_of("word,meaning\nshalom,peace\n"), "1:1=word 1:6=meaning | 2:1=shalom 2:8=peace");
  // No line end at the end of the file; empty cells, trailing separator included.
  EXPECT_EQ(cells_of("a,,c,\nx"), "1:1=a 1:3= 1:4=c 1:6= | 2:1=x");
}

TEST(Csv, QuotedCellsHoldSeparatorsQuotesAndLineBreaks) {
  // A quoted cell starts at its quote; a doubled quote is one quote.
  EXPECT_EQ(cells_of("a,\"b, \"\"c\"\"\",d\n"), "1:1=a 1:3=b, \"c\" 1:14=d");
  // A multi-line cell: the cells after it are on the lines where they really are.
  EXPECT_EQ(cells_of("id,text,n\nx,\"two\nlines\",3\ny,z,4\n"),
            "1:1=id 1:4=text 1:9=n | 2:1=x 2:3=two\nlines 3:8=3 | 4:1=y 4:3=z 4:5=4");
  // A line break inside quotes becomes \n whatever the file's line ends are.
  EXPECT_EQ(cells_of("\"a\r\nb\",c\r\nd,e\r\n"), "1:1=a\nb 2:4=c | 3:1=d 3:3=e");
  // A quote inside an unquoted cell is a character, as spreadsheets read it.
  EXPECT_EQ(cells_of("5\" disc,x\n"), "1:1=5\" disc 1:9=x");
}

TEST(Csv, ByteOrderMarkAndLineEnds) {
  // The mark is not counted in columns, as in YAML files.
  EXPECT_EQ(cells_of("\xEF\xBB\xBFword,n\r\nab,1\r\n"), "1:1=word 1:6=n | 2:1=ab 2:4=1");
  // Old Mac spreadsheets end lines with CR alone.
  EXPECT_EQ(cells_of("a,b\rc,d\r"), "1:1=a 1:3=b | 2:1=c 2:3=d");
  // Empty lines are no rows, but count as lines.
  EXPECT_EQ(cells_of("a\n\n\r\nb\n"), "1:1=a | 4:1=b");
}

TEST(Csv, SeparatorsAreGuessedFromTheFirstRow) {
  EXPECT_EQ(guess_separator("word;meaning;n\nx,y;z;1\n", "w.csv"), ';');
  EXPECT_EQ(guess_separator("word,meaning\n", "w.csv"), ',');
  EXPECT_EQ(guess_separator("word\tmeaning\n", "w.csv"), '\t');
  EXPECT_EQ(guess_separator("word,meaning\n", "w.TSV"), '\t');
  EXPECT_EQ(guess_separator("word\n", "w.csv"), ',');
  // Separators inside quotes do not count.
  EXPECT_EQ(guess_separator("\"a;b;c\",d\n", "w.csv"), ',');
  EXPECT_EQ(cells_of("a;\"b;c\";d\n", ';'), "1:1=a 1:3=b;c 1:9=d");
  EXPECT_EQ(cells_of("a\tb c\n", '\t'), "1:1=a 1:3=b c");
  EXPECT_EQ(separator_name('\t'), "a tab");
  EXPECT_EQ(separator_name(';'), "';'");
}

TEST(Csv, UnclosedQuoteIsReportedWhereItOpens) {
  std::string diags;
  EXPECT_EQ(cells_of("a,b\nc,\"never\nclosed,d\n", ',', &diags), "1:1=a 1:3=b");
  EXPECT_EQ(diags, "w.csv:2:3: error: this quoted cell is never closed (a \" is missing)\n");
}

TEST(Csv, TextAfterAClosingQuoteIsAnErrorAndKept) {
  std::string diags;
  EXPECT_EQ(cells_of("\"a\"b,c\n\"x\" ,y\n", ',', &diags), "1:1=ab 1:6=c | 2:1=x  2:6=y");
  EXPECT_EQ(diags,
            "w.csv:1:4: error: text after the closing quote of a quoted cell (a quote inside a quoted cell is "
            "written twice: \"\")\n"
            "w.csv:2:4: error: text after the closing quote of a quoted cell (a quote inside a quoted cell is "
            "written twice: \"\")\n");
}

TEST(Csv, TooManyCellsStopAtTheLimit) {
  std::string diags;
  EXPECT_EQ(cells_of("a,b\nc,d\ne,f\n", ',', &diags, 5), "1:1=a 1:3=b | 2:1=c 2:3=d");
  EXPECT_EQ(diags, "w.csv:3:3: error: this file has more than 5 cells; the limit is 5\n");
}

}  // namespace cardstock
