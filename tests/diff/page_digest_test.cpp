// Page digests (diff/page_digest.h): pages whose digests agree are not drawn by `diff`,
// so a digest must change with anything the picture depends on (an image a page uses
// while its content stream stays the same, an inherited page box) and not with how the
// file happens to number its objects. PDFs written here by hand, object by object.
#include "diff/page_digest.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <sstream>

namespace cardstock {

namespace {

// A PDF of `objects` (object k + 1 is objects[k]; object 1 the catalog), with an exact
// cross-reference table, as qpdf reads it without recovery.
std::string pdf(const std::vector<std::string>& objects) {
  std::string s = "%PDF-1.4\n";
  std::vector<size_t> at;
  for (size_t k = 0; k < objects.size(); ++k) {
    at.push_back(s.size());
    s += std::to_string(k + 1) + " 0 obj\n" + objects[k] + "\nendobj\n";
  }
  const size_t xref = s.size();
  s += "xref\n0 " + std::to_string(objects.size() + 1) + "\n0000000000 65535 f \n";
  for (size_t a : at) {
    char line[32];
    std::snprintf(line, sizeof line, "%010zu 00000 n \n", a);
    s += line;
  }
  return s + "trailer\n<< /Size " + std::to_string(objects.size() + 1) + " /Root 1 0 R >>\nstartxref\n" +
         std::to_string(xref) + "\n%%EOF\n";
}

std::string stream(const std::string& dict, const std::string& data) {
  return "<< " + dict + " /Length " + std::to_string(data.size()) + " >>\nstream\n" + data + "\nendstream";
}

// Two pages: page 1 draws image `pixel` (one grey byte) through the same content stream
// whatever the pixel; page 2 draws a square. `image_at` and `content_at` (5 or 6) are the
// numbers of the image and of page 1's content stream; `box` the page tree's MediaBox,
// which both pages inherit.
std::string two_pages(char pixel, int image_at = 5, int content_at = 6, const std::string& box = "[0 0 100 100]") {
  std::vector<std::string> o(7);
  o[0] = "<< /Type /Catalog /Pages 2 0 R >>";
  o[1] = "<< /Type /Pages /Kids [3 0 R 4 0 R] /Count 2 /MediaBox " + box + " >>";
  o[2] = "<< /Type /Page /Parent 2 0 R /Resources << /XObject << /Im " + std::to_string(image_at) +
         " 0 R >> >> /Contents " + std::to_string(content_at) + " 0 R >>";
  o[3] = "<< /Type /Page /Parent 2 0 R /Resources << >> /Contents 7 0 R >>";
  o[image_at - 1] = stream("/Type /XObject /Subtype /Image /Width 1 /Height 1 /ColorSpace /DeviceGray /BitsPerComponent 8",
                           std::string(1, pixel));
  o[content_at - 1] = stream("", "q 100 0 0 100 0 0 cm /Im Do Q");
  o[6] = stream("", "0 0 50 50 re f");
  return pdf(o);
}

std::string file_bytes(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  std::stringstream s;
  s << f.rdbuf();
  return s.str();
}

constexpr const char* kSans = "/usr/share/fonts/truetype/noto/NotoSans-Regular.ttf";
constexpr const char* kSerif = "/usr/share/fonts/truetype/noto/NotoSerif-Regular.ttf";

// One page showing `text` in a simple TrueType font (WinAnsi) whose program is the file
// `font`, named `tag`+NotoSans whatever the file, with every width `width`, drawn
// through a form the page names `form` (the form chooses the font unless `form_font` is
// false, when its text has none).
std::string text_page(const std::string& text, const char* font, const std::string& tag = "AAAAAA",
                      const std::string& form = "/A0", int width = 600, bool form_font = true) {
  std::string widths;
  for (int c = 32; c <= 126; ++c) widths += std::to_string(width) + " ";
  std::vector<std::string> o(7);
  o[0] = "<< /Type /Catalog /Pages 2 0 R >>";
  o[1] = "<< /Type /Pages /Kids [3 0 R] /Count 1 /MediaBox [0 0 200 100] >>";
  o[2] = "<< /Type /Page /Parent 2 0 R /Resources << /XObject << " + form + " 4 0 R >> >> /Contents 5 0 R >>";
  o[3] = stream("/Type /XObject /Subtype /Form /BBox [0 0 200 100] /Resources << /Font << /F1 6 0 R >> >>",
                std::string("BT ") + (form_font ? "/F1 12 Tf " : "") + "10 10 Td (" + text + ") Tj ET");
  o[4] = stream("", "q " + form + " Do Q");
  o[5] = "<< /Type /Font /Subtype /TrueType /BaseFont /" + tag + "+NotoSans /FirstChar 32 /LastChar 126 /Widths [" +
         widths + "] /Encoding /WinAnsiEncoding /FontDescriptor 7 0 R >>";
  o[6] = "<< /Type /FontDescriptor /FontName /" + tag +
         "+NotoSans /Flags 32 /FontBBox [0 0 1000 1000] /ItalicAngle 0 /Ascent 1000 /Descent 0 /CapHeight 700 "
         "/StemV 80 /FontFile2 8 0 R >>";
  o.push_back(stream("", file_bytes(font)));
  return pdf(o);
}

// Fonts are digested glyph by glyph (glyph_digest.h) and forms through what they draw, so
// the name a writer gives them does not count, and what they draw always does.
TEST(PageDigest, FontsAndFormsCountByWhatTheyDrawNotByName) {
  const auto a = page_digests(text_page("Shalom", kSans));
  ASSERT_EQ(a.size(), 1u);
  EXPECT_EQ(page_digests(text_page("Shalom", kSans, "BBBBBB", "/X9")), a);  // other names, same drawing
  EXPECT_NE(page_digests(text_page("Shalom!", kSans)), a);                  // another text
  EXPECT_NE(page_digests(text_page("Shalom", kSerif)), a);  // the same name, another font program
  EXPECT_NE(page_digests(text_page("Shalom", kSans, "AAAAAA", "/A0", 500)), a);  // other widths
  // A code the font has no glyph for is read as the font's bytes and the code: still
  // told apart by the font program.
  EXPECT_NE(page_digests(text_page("\\001", kSans)), page_digests(text_page("\\001", kSerif)));
  EXPECT_EQ(page_digests(text_page("\\001", kSans)), page_digests(text_page("\\001", kSans)));
  // Text in a form before any font is chosen draws with the font of whoever draws the
  // form: no digests (every page is drawn).
  EXPECT_TRUE(page_digests(text_page("Shalom", kSans, "AAAAAA", "/A0", 600, false)).empty());
}

TEST(PageDigest, OneAPageAndEqualForTheSameFile) {
  const auto a = page_digests(two_pages('\x00'));
  ASSERT_EQ(a.size(), 2u);
  EXPECT_EQ(a[0].size(), 32u);
  EXPECT_NE(a[0], a[1]);
  EXPECT_EQ(page_digests(two_pages('\x00')), a);
}

TEST(PageDigest, AnImageChangedUnderTheSameContentStreamChangesItsPage) {
  const auto a = page_digests(two_pages('\x00')), b = page_digests(two_pages('\xFF'));
  ASSERT_EQ(a.size(), 2u);
  ASSERT_EQ(b.size(), 2u);
  EXPECT_NE(a[0], b[0]);  // the image page
  EXPECT_EQ(a[1], b[1]);  // the other page
}

TEST(PageDigest, ObjectNumbersDoNotCount) {
  EXPECT_EQ(page_digests(two_pages('\x00', 5, 6)), page_digests(two_pages('\x00', 6, 5)));
}

TEST(PageDigest, AnInheritedPageBoxCounts) {
  const auto a = page_digests(two_pages('\x00')), b = page_digests(two_pages('\x00', 5, 6, "[0 0 100 120]"));
  ASSERT_EQ(b.size(), 2u);
  EXPECT_NE(a[0], b[0]);
  EXPECT_NE(a[1], b[1]);
}

TEST(PageDigest, NoDigestsForAFileQpdfCannotReadAsWritten) {
  EXPECT_TRUE(page_digests("not a PDF").empty());
  std::string broken = two_pages('\x00');
  broken.replace(broken.find("startxref\n") + 10, 1, "9");  // the table is not where it says
  EXPECT_TRUE(page_digests(broken).empty());
  // A cycle through the resources (a form drawing itself) still gets digests.
  std::vector<std::string> o(4);
  o[0] = "<< /Type /Catalog /Pages 2 0 R >>";
  o[1] = "<< /Type /Pages /Kids [3 0 R] /Count 1 /MediaBox [0 0 10 10] >>";
  o[2] = "<< /Type /Page /Parent 2 0 R /Resources << /XObject << /F 4 0 R >> >> >>";
  o[3] = stream("/Type /XObject /Subtype /Form /BBox [0 0 1 1] /Resources << /XObject << /F 4 0 R >> >>", "/F Do");
  EXPECT_EQ(page_digests(pdf(o)).size(), 1u);
}

}  // namespace

}  // namespace cardstock
