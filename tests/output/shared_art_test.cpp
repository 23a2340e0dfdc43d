// Card art shown more than once in a PDF is drawn once and placed wherever it appears
// (render_pdf_bytes with PdfPieces, put together by finish_pdf). What is checked: the
// pieced PDF looks as the one drawn card by card (every shape, turn, tilt and scale a
// placement can have, read back as pixels with poppler), the drawing is in the file once,
// its text is still text, two cards that differ in one character are never taken for
// each other, and the bytes are the same run to run. The same for a deck's book (art
// drawn once for all the PDFs of a deck, output/writer.h): which outputs share one, and
// that a file placing its drawings looks as the file drawn card by card. And an imposed
// booklet that places the finished pages of its reading-order PDF looks as one drawn.
#include <gtest/gtest.h>
#include <poppler-document.h>
#include <poppler-page-renderer.h>
#include <poppler-page.h>

#include <cstdlib>
#include <fstream>
#include <memory>
#include <regex>

#include "output/pdf_finish.h"
#include "output/writer.h"
#include "output_util.h"
#include "render/pdf.h"
#include "shops_util.h"

namespace fs = std::filesystem;

namespace cardstock {

namespace {

const char* const kDate = "2026-01-01T00:00:00Z";

// A text item: `text` in `font` at `size` pt, in `color`, set in `box`.
ArtItem text_item(const Rect& box, const std::string& text, const std::string& font, double size, const Color& color) {
  ArtItem t;
  t.type = LayerType::Text;
  t.box = box;
  t.text = text;
  t.style.font = font;
  t.style.size = size;
  t.color = color;
  return t;
}

CardArt named_card(const std::string& name) {
  CardArt art;
  art.background = {1, 0.95, 0.85, 1, false};
  ArtItem border;
  border.type = LayerType::Rect;
  border.box = {6, 6, 60, 88};
  border.stroke = {0.1, 0.2, 0.6, 1, false};
  border.fill = {0, 0, 0, 0, true};
  border.stroke_width = 1.5;
  border.radius = 5;
  art.items.push_back(border);
  ArtItem text = text_item({8, 10, 56, 20}, name, "Noto Serif", 9, {0.7, 0.1, 0.1, 1, false});
  text.style.align = Align::Center;
  art.items.push_back(text);
  ArtItem image;
  image.type = LayerType::Image;
  image.image = testing::source_dir() + "/content/assets/echad/maps/egypt.svg";
  image.box = {8, 34, 56, 40};
  art.items.push_back(image);
  return art;
}

struct Fixture {
  std::unique_ptr<Fonts> fonts;
  std::unique_ptr<Typesetter> ts;
  Fixture() {
    Diagnostics d;
    fonts = Fonts::load(testing::shipped_templates().fonts, {}, d);
    EXPECT_TRUE(fonts) << d.str();
    ts = std::make_unique<Typesetter>(*fonts);
  }
};

// A 72 x 100 pt card at `x`, `y` with 6 pt of bleed, as layout places one.
PageArt::CardOnPage at(const CardArt* art, double x, double y, int rotation = 0, Shape shape = Shape::Rect,
                       double tilt = 0, double scale = 1) {
  const bool turned = rotation == 90 || rotation == 270;
  const double w = (turned ? 100 : 72) * scale, h = (turned ? 72 : 100) * scale;
  PageArt::CardOnPage c;
  c.art = art;
  c.trim = {x, y, w, h};
  c.bleed = {x - 6, y - 6, w + 12, h + 12};
  if (shape == Shape::Hex) c.bleed = {x - 6, y - 6, (h + 12) * 0.8660254, h + 12};
  c.rotation = rotation;
  c.shape = shape;
  c.tilt = tilt;
  c.scale = scale;
  return c;
}

// Two pages of 400 x 300 pt: shared art in every kind of placement, one card shown
// once, and what a page draws around its cards (an underlay, an item, cut lines).
std::vector<PlannedPage> mixed_pages(const CardArt& a, const CardArt& b, const CardArt& once) {
  std::vector<PlannedPage> pages(2);
  for (auto& p : pages) {
    p.width = 400;
    p.height = 300;
    p.boxes = whole_page_boxes(400, 300);
    ArtItem band;
    band.type = LayerType::Rect;
    band.box = {0, 0, 400, 20};
    band.fill = {0.8, 0.9, 0.8, 1, false};
    p.art.underlay.push_back(band);
    p.art.cuts.push_back({0, 150, 400, 150, CutKind::Line});
  }
  auto& one = pages[0].art.cards;
  one.push_back(at(&a, 20, 30));
  one.push_back(at(&b, 110, 30, 90));
  one.push_back(at(&once, 230, 30));
  one.push_back(at(&a, 310, 40, 0, Shape::Hex));
  auto& two = pages[1].art.cards;
  two.push_back(at(&b, 20, 30, 0, Shape::Circle));
  two.push_back(at(&a, 110, 30, 270, Shape::Rect, 180));
  two.push_back(at(&b, 250, 40, 0, Shape::Rect, 0, 0.5));
  two.push_back(at(&a, 300, 160, 180));
  ArtItem note;
  note.type = LayerType::Rect;
  note.box = {200, 280, 100, 10};
  note.fill = {0.2, 0.2, 0.2, 1, false};
  pages[1].art.items.push_back(note);
  return pages;
}

std::string finished(const Typesetter& ts, const std::vector<PlannedPage>& pages, bool pieced, const fs::path& out) {
  std::string bytes, err;
  PdfPieces pieces;
  Diagnostics d;
  EXPECT_TRUE(render_pdf_bytes(&bytes, {"t", "test", kDate, 400, 300}, pages, ts, d, pieced ? &pieces : nullptr))
      << d.str();
  EXPECT_EQ(pieces.pieced(), pieced);
  EXPECT_TRUE(finish_pdf(bytes, false, pages, {kDate, false, "", true}, out.string(), &err, &pieces)) << err;
  return testing::slurp(out);
}

poppler::image picture(const fs::path& pdf, int page, double dpi) {
  std::unique_ptr<poppler::document> doc(poppler::document::load_from_file(pdf.string()));
  EXPECT_TRUE(doc);
  if (!doc) return {};
  std::unique_ptr<poppler::page> p(doc->create_page(page));
  poppler::page_renderer r;
  r.set_render_hint(poppler::page_renderer::antialiasing, true);
  return r.render_page(p.get(), dpi, dpi);
}

std::string page_text(const fs::path& pdf, int page) {
  std::unique_ptr<poppler::document> doc(poppler::document::load_from_file(pdf.string()));
  if (!doc) return "";
  std::unique_ptr<poppler::page> p(doc->create_page(page));
  return testing::utf8(p->text());
}

// The largest difference of one colour channel between two pictures of the same size,
// and how many pixels differ by more than `tolerance`.
struct Difference {
  int largest = 0;
  long over = 0, pixels = 0;
};
Difference compare(const poppler::image& x, const poppler::image& y, int tolerance) {
  Difference d;
  if (x.width() != y.width() || x.height() != y.height()) return {255, 1, 1};
  for (int row = 0; row < x.height(); ++row) {
    const auto* p = reinterpret_cast<const unsigned char*>(x.const_data()) + row * x.bytes_per_row();
    const auto* q = reinterpret_cast<const unsigned char*>(y.const_data()) + row * y.bytes_per_row();
    for (int col = 0; col < x.width(); ++col) {
      int worst = 0;
      for (int k = 0; k < 3; ++k) worst = std::max(worst, std::abs(p[4 * col + k] - q[4 * col + k]));
      d.largest = std::max(d.largest, worst);
      d.over += worst > tolerance;
      ++d.pixels;
    }
  }
  return d;
}

}  // namespace

TEST(SharedArt, PiecedPdfLooksAsDrawnCardByCard) {
  Fixture f;
  const CardArt a = named_card("Abraham 1"), b = named_card("Sarah 2"), once = named_card("Isaac 3");
  const auto pages = mixed_pages(a, b, once);
  const fs::path dir = testing::fresh_dir("shared-art-looks");
  finished(*f.ts, pages, false, dir / "direct.pdf");
  finished(*f.ts, pages, true, dir / "pieced.pdf");
  for (int page = 0; page < 2; ++page) {
    const poppler::image x = picture(dir / "direct.pdf", page, 150), y = picture(dir / "pieced.pdf", page, 150);
    ASSERT_TRUE(x.is_valid() && y.is_valid());
    // Anti-aliased edges may round apart by a few levels (the placement is the same
    // transform, written in six decimals); anything misplaced, missing or clipped
    // differently differs by far more, over far more pixels. The circle clip is four
    // Bezier quarters instead of Cairo's arc: within a pixel, at the bleed's edge.
    const Difference d = compare(x, y, 64);
    EXPECT_LT(d.over, 40) << "page " << page + 1 << ": " << d.over << " of " << d.pixels
                          << " pixels differ by more than 64 levels (largest " << d.largest << ")";
  }
  // And the test sees a misplaced card: the same pages with one card moved by 2 pt.
  auto moved = pages;
  moved[1].art.cards[1].trim.x += 2;
  moved[1].art.cards[1].bleed.x += 2;
  finished(*f.ts, moved, true, dir / "moved.pdf");
  const Difference d = compare(picture(dir / "direct.pdf", 1, 150), picture(dir / "moved.pdf", 1, 150), 64);
  EXPECT_GT(d.over, 200) << "a card moved by 2 pt went unseen";
}

TEST(SharedArt, EachDrawingIsInTheFileOnceAndItsTextStaysText) {
  Fixture f;
  const CardArt a = named_card("Abraham 1");
  // 18 pages of nine cards, all the same art.
  std::vector<PlannedPage> pages(18);
  for (auto& p : pages) {
    p.width = 400;
    p.height = 300;
    p.boxes = whole_page_boxes(400, 300);
    for (int i = 0; i < 9; ++i) p.art.cards.push_back(at(&a, 10 + (i % 5) * 76, 10 + (i / 5) * 140));
  }
  const fs::path dir = testing::fresh_dir("shared-art-once");
  const std::string direct = finished(*f.ts, pages, false, dir / "direct.pdf");
  const std::string pieced = finished(*f.ts, pages, true, dir / "pieced.pdf");
  EXPECT_TRUE(testing::qpdf_check(dir / "pieced.pdf").clean()) << testing::qpdf_check(dir / "pieced.pdf").output;
  // The drawing's operators (with its text) are in the file once, not 162 times: the
  // uncompressed content of the whole file holds the card's stroke colour once.
  const std::string qdf = (dir / "pieced-qdf.pdf").string();
  ASSERT_EQ(std::system(("qpdf --qdf --object-streams=disable " + (dir / "pieced.pdf").string() + " " + qdf).c_str()), 0);
  const std::string plain = testing::slurp(qdf);
  size_t strokes = 0;
  for (size_t at = plain.find("0.1 0.2 0.6 RG"); at != std::string::npos; at = plain.find("0.1 0.2 0.6 RG", at + 1))
    ++strokes;
  EXPECT_EQ(strokes, 1u);
  // Both embed the same font subset (most of either file); the drawing is the rest.
  EXPECT_LT(pieced.size() * 2, direct.size()) << pieced.size() << " vs " << direct.size();
  // Text in the shared drawing is found on every page, nine times.
  for (int page : {0, 17}) {
    const std::string text = page_text(dir / "pieced.pdf", page);
    size_t n = 0;
    for (size_t at = text.find("Abraham 1"); at != std::string::npos; at = text.find("Abraham 1", at + 1)) ++n;
    EXPECT_EQ(n, 9u) << "page " << page + 1 << ": " << text;
  }
  // Same input, same bytes.
  EXPECT_EQ(finished(*f.ts, pages, true, dir / "again.pdf"), pieced);
}

TEST(SharedArt, CardsThatDifferInOneCharacterAreNeverTakenForEachOther) {
  Fixture f;
  // Two arts alike but for one character, each shown twice, plus a third equal to the
  // first in every value but held apart in memory: equal art is shared by content.
  const CardArt one = named_card("Abraham 1"), other = named_card("Abraham 2"), again = named_card("Abraham 1");
  std::vector<PlannedPage> pages(2);
  for (auto& p : pages) {
    p.width = 400;
    p.height = 300;
    p.boxes = whole_page_boxes(400, 300);
  }
  pages[0].art.cards = {at(&one, 20, 30), at(&other, 120, 30)};
  pages[1].art.cards = {at(&other, 20, 30), at(&again, 120, 30)};
  const fs::path dir = testing::fresh_dir("shared-art-apart");
  std::string bytes, err;
  PdfPieces pieces;
  Diagnostics d;
  ASSERT_TRUE(render_pdf_bytes(&bytes, {"t", "test", kDate, 400, 300}, pages, *f.ts, d, &pieces)) << d.str();
  ASSERT_EQ(pieces.art_pages.size(), 2u);  // "Abraham 1" (twice, two objects) and "Abraham 2"
  ASSERT_EQ(pieces.pages.size(), 2u);
  ASSERT_EQ(pieces.pages[0].parts.size(), 2u);
  EXPECT_EQ(pieces.pages[0].parts[0].art, 0);
  EXPECT_EQ(pieces.pages[0].parts[1].art, 1);
  EXPECT_EQ(pieces.pages[1].parts[0].art, 1);
  EXPECT_EQ(pieces.pages[1].parts[1].art, 0);
  ASSERT_TRUE(finish_pdf(bytes, false, pages, {kDate, false, "", true}, (dir / "p.pdf").string(), &err, &pieces))
      << err;
  // Read back where each name is: the left card and the right card of each page.
  std::unique_ptr<poppler::document> doc(poppler::document::load_from_file((dir / "p.pdf").string()));
  ASSERT_TRUE(doc);
  const char* want[2][2] = {{"Abraham 1", "Abraham 2"}, {"Abraham 2", "Abraham 1"}};
  for (int page = 0; page < 2; ++page) {
    std::unique_ptr<poppler::page> p(doc->create_page(page));
    for (int side = 0; side < 2; ++side) {
      const poppler::rectf area(20 + 100 * side, 30, 72, 100);
      EXPECT_EQ(testing::utf8(p->text(area)).find(want[page][side]) != std::string::npos, true)
          << "page " << page + 1 << " card " << side + 1 << ": " << testing::utf8(p->text(area));
    }
  }
}

// SVG images of cards that are not themselves shared are placed once too (Cairo 1.16
// would analyse the picture again at every use), unless something drawn later on the page
// could meet them: then they are painted in place, before it, and the page looks the same.
TEST(SharedArt, ImagesOfDistinctCardsArePlacedOnceUnlessSomethingLaterMeetsThem) {
  Fixture f;
  // Five different cards, each with the map: a plain one; one with a label written over
  // the map (after it); one turned; one whose bleed a later card covers; one tilted.
  std::vector<CardArt> arts;
  for (const char* name : {"One", "Two", "Three", "Four", "Five"}) arts.push_back(named_card(name));
  arts[1].items.push_back(text_item({10, 50, 52, 14}, "OVER THE MAP", "Noto Sans", 10, {0, 0, 0, 1, false}));
  arts[2].items[2].rotate = 90;
  std::vector<PlannedPage> pages(1);
  PlannedPage& p = pages[0];
  p.width = 500;
  p.height = 300;
  p.boxes = whole_page_boxes(500, 300);
  p.art.cards = {at(&arts[0], 20, 30), at(&arts[1], 110, 30), at(&arts[2], 200, 30, 90),
                 at(&arts[3], 330, 30), at(&arts[4], 330, 160, 0, Shape::Rect, 180)};
  // A card drawn last over most of card four's picture.
  const CardArt cover = named_card("Cover");
  p.art.cards.push_back(at(&cover, 345, 60, 0, Shape::Circle));
  p.art.cuts.push_back({0, 150, 500, 150, CutKind::Line});
  const fs::path dir = testing::fresh_dir("shared-art-images");
  finished(*f.ts, pages, false, dir / "direct.pdf");
  finished(*f.ts, pages, true, dir / "pieced.pdf");
  const Difference d = compare(picture(dir / "direct.pdf", 0, 150), picture(dir / "pieced.pdf", 0, 150), 64);
  EXPECT_LT(d.over, 40) << d.over << " of " << d.pixels << " pixels differ by more than 64 levels (largest "
                        << d.largest << ")";
  // Placed as the one drawing: the pictures of cards one, three and five (nothing later
  // meets them); painted in place: card two's (its label) and card four's (the cover).
  // The cover card is round: its picture is painted in place too.
  // (Placed drawings are named /A<n> on the page; Cairo's own names are /x<n>.)
  const std::string plain = testing::plain_pdf(dir / "pieced.pdf");
  const std::regex place("/A[0-9]+ Do");
  EXPECT_EQ(std::distance(std::sregex_iterator(plain.begin(), plain.end(), place), std::sregex_iterator()), 3);
  EXPECT_TRUE(testing::qpdf_check(dir / "pieced.pdf").clean());
}

namespace {

PlannedOutput pdf_output(const std::string& deck, std::vector<PlannedPage> pages,
                         OutputFormat format = OutputFormat::Pdf, OutputKind kind = OutputKind::Cards) {
  PlannedOutput o;
  o.file = deck + ".pdf";
  o.format = format;
  o.manifest.kind = kind;
  o.title = "t";
  o.width = 400;
  o.height = 300;
  o.pages = std::move(pages);
  o.manifest.deck = deck;
  return o;
}

// `o` written by the PDF writer, with `book` or without one.
std::string written(const Typesetter& ts, const PlannedOutput& o, DrawnBook* book, const fs::path& out) {
  WriteContext ctx{ts, "test", kDate};
  ctx.book = book;
  std::string err;
  EXPECT_TRUE(writer_for(OutputFormat::Pdf).write(out.string(), o, ctx, &err)) << err;
  return testing::slurp(out);
}

}  // namespace

TEST(SharedArt, ABookIsSharedByTheCardPdfsOfOneDeckAndByNothingElse) {
  const CardArt a = named_card("A");
  std::vector<PlannedPage> with_cards(1), without(1);
  with_cards[0].art.cards.push_back(at(&a, 10, 10));
  std::vector<PlannedOutput> outs;
  outs.push_back(pdf_output("first", with_cards));                 // 0: first, with 3 and 5
  outs.push_back(pdf_output("second", with_cards));                // 1: second, with 4
  outs.push_back(pdf_output("lonely", with_cards));                // 2: with 13 (its only sheets)
  outs.push_back(pdf_output("first", with_cards, OutputFormat::PdfCmyk));     // 3
  outs.push_back(pdf_output("second", with_cards));                // 4
  outs.push_back(pdf_output("first", with_cards));                 // 5
  outs.push_back(pdf_output("first", without));                    // 6: an answer key: no cards
  outs.push_back(pdf_output("first", with_cards, OutputFormat::Png));          // 7: images, not a PDF
  outs.push_back(pdf_output("", with_cards));                      // 8: a booklet: no deck
  outs.push_back(pdf_output("", with_cards));                      // 9
  outs.push_back(pdf_output("second", with_cards, OutputFormat::Pdf, OutputKind::Labels));    // 10
  outs.push_back(pdf_output("lonely", with_cards, OutputFormat::Pdf, OutputKind::Proof));     // 11: for screens
  outs.push_back(pdf_output("lonely", with_cards, OutputFormat::Pdf, OutputKind::Board));     // 12
  outs.push_back(pdf_output("lonely", with_cards, OutputFormat::Pdf, OutputKind::Foldover));  // 13: with 2
  EXPECT_EQ(book_groups(outs), (std::vector<int>{0, 1, 2, 0, 1, 0, -1, -1, -1, -1, 1, -1, -1, 2}));
  EXPECT_EQ(book_groups({}), std::vector<int>{});
}

TEST(SharedArt, APdfPlacingTheBooksDrawingsLooksAsDrawnCardByCard) {
  Fixture f;
  // Two outputs of one deck, each showing each art more than once: the mixed pages, and
  // the same cards laid out otherwise.
  const CardArt a = named_card("Abraham 1"), b = named_card("Sarah 2");
  const PlannedOutput first = pdf_output("d", mixed_pages(a, b, b));
  std::vector<PlannedPage> other(1);
  other[0].width = 400;
  other[0].height = 300;
  other[0].boxes = whole_page_boxes(400, 300);
  other[0].art.cards = {at(&a, 20, 30), at(&b, 120, 30), at(&a, 220, 30, 180), at(&b, 300, 160)};
  const PlannedOutput second = pdf_output("d", other);
  std::string err;
  const std::unique_ptr<DrawnBook> book = draw_book({&first, &second}, *f.ts, &err);
  ASSERT_TRUE(book) << err;
  // Two arts (every size and shape of a placement draws the same art): two pages.
  EXPECT_EQ(book->art.page_of.size(), 2u);
  ASSERT_TRUE(book->pdf);
  ASSERT_EQ(book->pdf->pages(), 2u);
  const fs::path dir = testing::fresh_dir("art-book");
  written(*f.ts, first, nullptr, dir / "direct.pdf");
  const std::string booked = written(*f.ts, first, book.get(), dir / "booked.pdf");
  written(*f.ts, second, book.get(), dir / "second.pdf");
  for (const char* file : {"booked.pdf", "second.pdf"})
    EXPECT_TRUE(testing::qpdf_check(dir / file).clean()) << file << ": " << testing::qpdf_check(dir / file).output;
  for (int page = 0; page < 2; ++page) {
    const Difference d = compare(picture(dir / "direct.pdf", page, 150), picture(dir / "booked.pdf", page, 150), 64);
    EXPECT_LT(d.over, 40) << "page " << page + 1 << ": " << d.over << " of " << d.pixels
                          << " pixels differ by more than 64 levels (largest " << d.largest << ")";
  }
  // All eight placements come from the book (/B<n>): each drawing is in the file once,
  // its text still text.
  const std::string plain = testing::plain_pdf(dir / "booked.pdf");
  const std::regex place("/B[0-9]+ Do");
  EXPECT_EQ(std::distance(std::sregex_iterator(plain.begin(), plain.end(), place), std::sregex_iterator()), 8);
  size_t strokes = 0;
  for (size_t at = plain.find("0.1 0.2 0.6 RG"); at != std::string::npos; at = plain.find("0.1 0.2 0.6 RG", at + 1))
    ++strokes;
  EXPECT_EQ(strokes, 2u);
  // An output that shows a card once draws its cards in place, among their neighbours:
  // no book for its group.
  std::vector<PlannedPage> lone = other;
  lone[0].art.cards.pop_back();
  const PlannedOutput single = pdf_output("d", lone);
  const std::unique_ptr<DrawnBook> none = draw_book({&second, &single}, *f.ts, &err);
  ASSERT_TRUE(none) << err;
  EXPECT_TRUE(none->art.page_of.empty());
  EXPECT_FALSE(none->pdf);
  const std::string text = page_text(dir / "second.pdf", 0);
  for (const char* name : {"Abraham 1", "Sarah 2"})
    EXPECT_NE(text.find(name), std::string::npos) << name << " not in: " << text;
  // The same outputs give the same book and the same bytes.
  const std::unique_ptr<DrawnBook> again = draw_book({&first, &second}, *f.ts, &err);
  ASSERT_TRUE(again) << err;
  EXPECT_EQ(written(*f.ts, first, again.get(), dir / "again.pdf"), booked);
}

TEST(SharedArt, ABookNeverTakesCardsThatDifferInOneCharacterForEachOther) {
  Fixture f;
  const CardArt one = named_card("Abraham 1"), other = named_card("Abraham 2"), again = named_card("Abraham 1");
  std::vector<PlannedPage> pages(1);
  pages[0].width = 400;
  pages[0].height = 300;
  pages[0].boxes = whole_page_boxes(400, 300);
  pages[0].art.cards = {at(&one, 20, 30), at(&other, 120, 30), at(&again, 220, 30), at(&other, 320, 30)};
  const PlannedOutput first = pdf_output("d", pages);
  std::swap(pages[0].art.cards[0].art, pages[0].art.cards[1].art);
  const PlannedOutput second = pdf_output("d", pages);
  std::string err;
  const std::unique_ptr<DrawnBook> book = draw_book({&first, &second}, *f.ts, &err);
  ASSERT_TRUE(book) << err;
  EXPECT_EQ(book->art.page_of.size(), 2u);  // "Abraham 1" (two objects) and "Abraham 2"
  ASSERT_TRUE(book->pdf);
  const fs::path dir = testing::fresh_dir("art-book-apart");
  const char* want[2][4] = {{"Abraham 1", "Abraham 2", "Abraham 1", "Abraham 2"},
                            {"Abraham 2", "Abraham 1", "Abraham 1", "Abraham 2"}};
  int k = 0;
  for (const PlannedOutput* o : {&first, &second}) {
    const fs::path file = dir / ("out" + std::to_string(k) + ".pdf");
    written(*f.ts, *o, book.get(), file);
    std::unique_ptr<poppler::document> doc(poppler::document::load_from_file(file.string()));
    ASSERT_TRUE(doc);
    std::unique_ptr<poppler::page> p(doc->create_page(0));
    for (int side = 0; side < 4; ++side) {
      const std::string seen = testing::utf8(p->text(poppler::rectf(20 + 100 * side, 30, 72, 100)));
      EXPECT_NE(seen.find(want[k][side]), std::string::npos) << "output " << k + 1 << " card " << side + 1 << ": " << seen;
    }
    ++k;
  }
}

namespace {

// A page `w` pt wide: a tinted band, a title and a card, all moved by (dx, dy).
void booklet_page(const std::string& title, const CardArt* card, double dx, double dy, double w, PageArt* art) {
  ArtItem band;
  band.type = LayerType::Rect;
  band.box = {dx + 10, dy + 10, w - 20, 30};
  band.fill = {0.85, 0.9, 1, 1, false};
  art->underlay.push_back(band);
  art->items.push_back(text_item({dx + 14, dy + 14, w - 28, 22}, title, "Noto Serif", 12, {0.1, 0.1, 0.1, 1, false}));
  art->cards.push_back(at(card, dx + 40, dy + 80));
}

}  // namespace

TEST(SharedArt, AnImposedBookletPlacesItsFinishedPagesAndLooksAsDrawn) {
  Fixture f;
  const CardArt card = named_card("Figure");
  // The reading-order booklet: two pages of 200 x 300 pt.
  PlannedOutput pages = pdf_output("", {}, OutputFormat::Pdf, OutputKind::Booklet);
  pages.file = "rules-small.pdf";
  pages.width = 200;
  for (const char* title : {"Page one", "Page two"}) {
    PlannedPage& p = pages.pages.emplace_back();
    p.width = 200;
    p.height = 300;
    p.boxes = whole_page_boxes(200, 300);
    booklet_page(title, &card, 0, 0, 200, &p.art);
  }
  // Imposed two-up on a 400 x 340 pt sheet, 10 pt down (placing them needs y turned up),
  // page two on the left, with a fold between.
  PlannedOutput sheet = pdf_output("", {}, OutputFormat::Pdf, OutputKind::BookletImposed);
  sheet.imposes = pages.file;
  sheet.height = 340;
  PlannedPage& side = sheet.pages.emplace_back();
  side.width = 400;
  side.height = 340;
  side.boxes = whole_page_boxes(400, 340);
  booklet_page("Page two", &card, 0, 10, 200, &side.art);
  booklet_page("Page one", &card, 200, 10, 200, &side.art);
  side.art.placed = {{1, 0, 10}, {0, 200, 10}};
  side.art.cuts.push_back({200, 0, 200, 340, CutKind::Fold});
  const fs::path dir = testing::fresh_dir("imposed");
  written(*f.ts, pages, nullptr, dir / "pages.pdf");
  std::string err;
  const std::unique_ptr<PdfBook> finished = PdfBook::open(testing::slurp(dir / "pages.pdf"), "'rules-small.pdf'", &err);
  ASSERT_TRUE(finished) << err;
  ASSERT_EQ(finished->pages(), 2u);
  EXPECT_FALSE(PdfBook::open("not a PDF", "'rules-small.pdf'", &err));
  EXPECT_EQ(err.rfind("cannot read 'rules-small.pdf': ", 0), 0u) << err;
  EXPECT_DOUBLE_EQ(finished->page_height(1), 300);
  WriteContext ctx{*f.ts, "test", kDate};
  ASSERT_TRUE(writer_for(OutputFormat::Pdf).write((dir / "drawn.pdf").string(), sheet, ctx, &err)) << err;
  ctx.imposed = finished.get();
  ASSERT_TRUE(writer_for(OutputFormat::Pdf).write((dir / "placed.pdf").string(), sheet, ctx, &err)) << err;
  EXPECT_TRUE(testing::qpdf_check(dir / "placed.pdf").clean()) << testing::qpdf_check(dir / "placed.pdf").output;
  const Difference d = compare(picture(dir / "drawn.pdf", 0, 150), picture(dir / "placed.pdf", 0, 150), 64);
  EXPECT_LT(d.over, 40) << d.over << " of " << d.pixels << " pixels differ by more than 64 levels (largest "
                        << d.largest << ")";
  // Both pages are placed whole (/B<n>), each in its half, its text still text; the
  // sheet draws only its fold.
  const std::string plain = testing::plain_pdf(dir / "placed.pdf");
  EXPECT_NE(plain.find("/B1 Do"), std::string::npos);
  EXPECT_NE(plain.find("/B0 Do"), std::string::npos);
  std::unique_ptr<poppler::document> doc(poppler::document::load_from_file((dir / "placed.pdf").string()));
  ASSERT_TRUE(doc);
  std::unique_ptr<poppler::page> p(doc->create_page(0));
  EXPECT_NE(testing::utf8(p->text(poppler::rectf(0, 10, 200, 60))).find("Page two"), std::string::npos);
  EXPECT_NE(testing::utf8(p->text(poppler::rectf(200, 10, 200, 60))).find("Page one"), std::string::npos);
  // And the test sees a page placed in the wrong half.
  side.art.placed = {{0, 0, 10}, {1, 200, 10}};
  ASSERT_TRUE(writer_for(OutputFormat::Pdf).write((dir / "swapped.pdf").string(), sheet, ctx, &err)) << err;
  EXPECT_GT(compare(picture(dir / "drawn.pdf", 0, 150), picture(dir / "swapped.pdf", 0, 150), 64).over, 200);
  // A page the other file does not have is an error, not a blank half.
  side.art.placed = {{2, 0, 0}};
  EXPECT_FALSE(writer_for(OutputFormat::Pdf).write((dir / "three.pdf").string(), sheet, ctx, &err));
  EXPECT_EQ(err, "'rules-small.pdf' has no page 3 to place");
}

}  // namespace cardstock
