#include "output/writer.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <map>

#include "base/files.h"
#include "base/length.h"
#include "plan/plan.h"
#include "output/cmyk.h"
#include "output/pdf_finish.h"
#include "output/pure_black.h"
#include "output/svg_cut.h"
#include "render/art_book.h"
#include "render/pdf.h"
#include "render/png.h"

namespace fs = std::filesystem;

namespace cardstock {

namespace {

// Writes `bytes` to `file`; false with *err "cannot write 'file': " and the OS's reason
// ("No space left on device").
bool write_bytes(const std::string& file, const std::string& bytes, std::string* err) {
  std::string why;
  if (write_file(file, bytes, &why)) return true;
  *err = "cannot write '" + file + "': " + why;
  return false;
}

// Until writers report to Diagnostics themselves (the build reads their *err): the text
// of the first error render reported, into *err; true if there was none.
bool as_text(const Diagnostics& d, std::string* err) {
  if (!d.has_errors()) return true;
  for (const Diagnostic& x : d.all())
    if (x.severity == Severity::Error) {
      *err = x.message;
      break;
    }
  return false;
}

// The pages of `o` drawn (shared drawings once, card art the deck's book holds placed from
// it) and put together by the qpdf pass, written to `path`: the PDF and CMYK writers'
// first step.
bool draw_and_finish(const std::string& path, const PlannedOutput& o, const WriteContext& c, bool object_streams,
                     std::string* err) {
  PdfInfo info{o.title, c.creator, c.date, o.width, o.height, {}};
  if (c.step) info.page_drawn = [&c, n = o.pages.size()](size_t k) { c.step(k, n, "page"); };
  const bool book = c.book && c.book->pdf;
  std::string bytes;
  PdfPieces pieces;
  Diagnostics d;
  if (!render_pdf_bytes(&bytes, info, o.pages, c.typesetter, d, &pieces, book ? &c.book->art : nullptr))
    return as_text(d, err);
  if (c.drawn) c.drawn();
  return finish_pdf(bytes, false, o.pages, {c.date, false, "", object_streams}, path, err, &pieces,
                    book ? c.book->pdf.get() : nullptr);
}

// The `cm` that puts a placed page's form (its MediaBox) with its top-left corner at
// (x, y) of a page `h` high, in PDF space (y up), turned `tilt` degrees clockwise about
// its centre.
std::string placement_matrix(const PageArt::PlacedPage& placed, double h, const PdfBook& from) {
  const double pw = from.page_width(static_cast<size_t>(placed.page));
  const double ph = from.page_height(static_cast<size_t>(placed.page));
  const double y = h - placed.y - ph;
  if (placed.tilt == 0) return "q 1 0 0 1 " + format_number(placed.x, 6) + " " + format_number(y, 6) + " cm\n";
  // Clockwise on the page is anticlockwise-negative in PDF space: turn by -tilt about
  // the form's centre, then move that centre to the placed page's.
  const double a = -placed.tilt * M_PI / 180, cs = std::cos(a), sn = std::sin(a);
  const double cx = placed.x + pw / 2, cy = y + ph / 2;
  const double e = cx - (cs * pw / 2 - sn * ph / 2), f = cy - (sn * pw / 2 + cs * ph / 2);
  std::string m = "q";
  for (double v : {cs, sn, -sn, cs, e, f}) m += " " + format_number(v, 6);
  return m + " cm\n";
}

// PDF: the pages drawn by render_pdf, page by page, at each page's size, then given their
// page boxes and written clean by the qpdf pass (output/pdf_finish.h).
class PdfWriter : public Writer {
 public:
  bool write(const std::string& path, const PlannedOutput& o, const WriteContext& c,
             std::string* err) const override {
    if (c.imposed && !o.imposes.empty()) return imposed(path, o, c, err);
    return draw_and_finish(path, o, c, true, err);
  }

 private:
  // An output whose pages show the finished pages of another (an imposed booklet): Cairo
  // draws only each page's guides (the folds), and the pass places the other file's pages
  // under them as forms, instead of drawing every page of the booklet a second time.
  static bool imposed(const std::string& path, const PlannedOutput& o, const WriteContext& c, std::string* err) {
    std::vector<PlannedPage> guides;
    PdfPieces pieces;
    pieces.from_book = true;
    for (size_t i = 0; i < o.pages.size(); ++i) {
      const PlannedPage& pg = o.pages[i];
      PlannedPage& g = guides.emplace_back();
      g.width = pg.width;
      g.height = pg.height;
      g.boxes = pg.boxes;
      g.art.cuts = pg.art.cuts;
      g.art.circles = pg.art.circles;
      g.art.registration = pg.art.registration;
      const double h = pg.height > 0 ? pg.height : o.height;
      PdfPieces::Page& out = pieces.pages.emplace_back();
      out.width = pg.width > 0 ? pg.width : o.width;
      out.height = h;
      for (const auto& placed : pg.art.placed) {
        if (placed.page < 0 || static_cast<size_t>(placed.page) >= c.imposed->pages()) {
          *err = "'" + o.imposes + "' has no page " + std::to_string(placed.page + 1) + " to place";
          return false;
        }
        out.parts.push_back({-1, -1, placement_matrix(placed, h, *c.imposed), placed.page});
      }
      out.parts.push_back({static_cast<int>(i), -1, {}});
    }
    const PdfInfo info{o.title, c.creator, c.date, o.width, o.height, {}};
    std::string bytes;
    Diagnostics d;
    if (!render_pdf_bytes(&bytes, info, guides, c.typesetter, d)) return as_text(d, err);
    if (c.drawn) c.drawn();
    return finish_pdf(bytes, false, o.pages, {c.date, false, "", true}, path, err, &pieces, c.imposed);
  }
};

// The seconds since 1970 of an ISO 8601 date ("2026-01-01T00:00:00Z"), for Ghostscript's
// SOURCE_DATE_EPOCH.
long long epoch_of(const std::string& iso) {
  std::tm tm{};
  if (!strptime(iso.c_str(), "%Y-%m-%dT%H:%M:%S", &tm)) return 0;
  return static_cast<long long>(timegm(&tm));
}

// What a CMYK file's ink is, said to the user: the most ink on any spot against the
// shop's limit (a warning when over it), and near-black left in four inks (a note).
void say_ink(const PlannedOutput& o, const WriteContext& c, const InkReport& ink, const RichDark& dark) {
  const std::string whose = o.manifest.stock.empty() ? "" : " of stock '" + o.manifest.stock + "'";
  const std::string found = "maximum total ink " + format_number(std::round(ink.max_percent * 10) / 10) + " % (page " +
                            std::to_string(ink.page) + ")";
  if (o.ink_limit > 0 && ink.max_percent > o.ink_limit + 0.05)
    c.report(found + " is over the " + format_number(o.ink_limit) + " % limit" + whose +
                 ": the shop may refuse the file (lighten the darkest colours)",
             true);
  else
    c.report(found + (o.ink_limit > 0 ? ", within the " + format_number(o.ink_limit) + " % limit" + whose : ""),
             false);
  if (dark.page == 0) return;
  auto pct = [](double v) { return format_number(std::round(v * 100)); };
  c.report(std::to_string(dark.colours) + " near-black colour(s) print in four inks, the darkest C" + pct(dark.c) +
               " M" + pct(dark.m) + " Y" + pct(dark.y) + " K" + pct(dark.k) + " (" +
               format_number(std::round(dark.percent())) + " %, page " + std::to_string(dark.page) +
               "); a stock with `black: pure-k` prints near-black in black ink only",
           false);
}

// PDF in CMYK for shops that print from it (PDF/X-1a): the PDF as PdfWriter makes it,
// its neutral colours made grey (and near-black too where the stock asks) so that they
// print in black ink alone (output/pure_black.h), converted by Ghostscript
// (output/cmyk.h), then given its boxes, dates, title and a content-derived /ID again by
// the qpdf pass (whatever Ghostscript kept of them); then the most ink on any spot and
// the near-black left in four inks are read back and reported.
class CmykPdfWriter : public Writer {
 public:
  bool write(const std::string& path, const PlannedOutput& o, const WriteContext& c,
             std::string* err) const override {
    const std::string gs = ghostscript();
    if (gs.empty()) {
      *err = ghostscript_missing();
      return false;
    }
    if (!draw_and_finish(path, o, c, false, err)) return false;
    std::string gray, converted, scratch;
    if (!c.scratch || (gray = c.scratch("gray.pdf", err)).empty() ||
        (converted = c.scratch("cmyk.pdf", err)).empty() || (scratch = c.scratch("gs", err)).empty())
      return false;
    std::error_code ec;
    fs::create_directory(scratch, ec);
    GrayCount count;
    bool ok = make_black_gray(path, gray, o.near_black_to_k, &count, err) &&
              convert_to_cmyk(gs, gray, converted, o.title, scratch, epoch_of(c.date), err) &&
              finish_pdf(converted, true, o.pages, {c.date, true, o.title}, path, err);
    InkReport ink;
    RichDark dark;
    ok = ok && measure_ink(gs, path, scratch, &ink, err) && find_rich_dark(path, &dark, err);
    fs::remove(gray, ec);
    fs::remove(converted, ec);
    fs::remove_all(scratch, ec);
    if (!ok) return false;
    if (c.report) say_ink(o, c, ink, dark);
    return true;
  }
};

// A folder of images: each page drawn into a PNG of its planned pixel size (a card face
// for a print shop, a Tabletop Simulator sheet), then the output's text files. `path` is
// the temporary folder, made here; the build renames it into place.
class PngFolderWriter : public Writer {
 public:
  bool write(const std::string& path, const PlannedOutput& o, const WriteContext& c,
             std::string* err) const override {
    if (o.page_files.size() != o.pages.size() || o.page_pixels.size() != o.pages.size()) {
      *err = "the planned images have no names or sizes";
      return false;
    }
    std::error_code ec;
    if (!fs::create_directory(path, ec)) {
      *err = "cannot create the folder '" + path + "': " + (ec ? ec.message() : "it is already there");
      return false;
    }
    std::string png;
    for (size_t i = 0; i < o.pages.size(); ++i) {
      Diagnostics d;
      if (!render_png(o.pages[i], o.page_pixels[i].first, o.page_pixels[i].second, o.dpi, c.typesetter, &png,
                      {path + "/" + o.page_files[i]}, d))
        return as_text(d, err);
      if (!write_bytes(path + "/" + o.page_files[i], png, err)) return false;
      if (c.step) c.step(i + 1, o.pages.size(), "image");
    }
    for (const auto& [name, text] : o.texts)
      if (!write_bytes(path + "/" + name, text, err)) return false;
    return true;
  }
};

// SVG cut file: text, one file of the first planned page (a cutter's software takes one
// sheet at a time; every full sheet has the same outlines).
class SvgCutWriter : public Writer {
 public:
  bool write(const std::string& path, const PlannedOutput& o, const WriteContext& c,
             std::string* err) const override {
    if (o.pages.empty()) {
      *err = "a cut file needs a page";
      return false;
    }
    return write_bytes(path, svg_cut_text(o, o.pages[0], c.creator), err);
  }
};

}  // namespace

std::vector<int> book_groups(const std::vector<PlannedOutput>& outputs) {
  std::vector<int> group(outputs.size(), -1);
  std::map<std::string, std::vector<size_t>> by_deck;
  for (size_t i = 0; i < outputs.size(); ++i) {
    const PlannedOutput& o = outputs[i];
    // Only sheets: a proof shows each copy once and is for screens, and an answer key
    // or board draws other things; neither should change what the sheets are made of.
    if ((o.format != OutputFormat::Pdf && o.format != OutputFormat::PdfCmyk) || o.manifest.deck.empty() ||
        !is_sheet_kind(o.manifest.kind))
      continue;
    const bool cards = std::any_of(o.pages.begin(), o.pages.end(), [](const PlannedPage& p) { return !p.art.cards.empty(); });
    if (cards) by_deck[o.manifest.deck].push_back(i);
  }
  // Numbered in order of each group's first output, so the numbers follow the plan.
  std::vector<const std::vector<size_t>*> groups;
  for (const auto& [deck, members] : by_deck)
    if (members.size() >= 2) groups.push_back(&members);
  std::sort(groups.begin(), groups.end(), [](auto* a, auto* b) { return a->front() < b->front(); });
  for (size_t k = 0; k < groups.size(); ++k)
    for (size_t i : *groups[k]) group[i] = static_cast<int>(k);
  return group;
}

std::unique_ptr<DrawnBook> draw_book(const std::vector<const PlannedOutput*>& outputs, const Typesetter& ts,
                                     std::string* err, const WriteContext* progress) {
  auto book = std::make_unique<DrawnBook>();
  std::vector<const std::vector<PlannedPage>*> pages;
  for (const PlannedOutput* o : outputs) pages.push_back(&o->pages);
  Diagnostics d;
  std::function<void(size_t, size_t)> drawn;
  if (progress && progress->step) drawn = [progress](size_t k, size_t n) { progress->step(k, n, "card"); };
  if (!render_art_book(&book->art, pages, ts, d, drawn)) {
    as_text(d, err);
    return nullptr;
  }
  if (book->art.page_of.empty()) return book;  // nothing shared: nothing to read
  book->pdf = PdfBook::open(std::move(book->art.bytes), "the shared card art", err);
  if (!book->pdf) return nullptr;
  return book;
}

const Writer& writer_for(OutputFormat format) {
  // Every format, once: a new one is a Writer above and a case here (the compiler
  // names a format without one).
  static const PdfWriter pdf;
  static const CmykPdfWriter cmyk;
  static const PngFolderWriter png;
  static const SvgCutWriter svg_cut;
  switch (format) {
    case OutputFormat::Pdf: return pdf;
    case OutputFormat::PdfCmyk: return cmyk;
    case OutputFormat::Png: return png;
    case OutputFormat::SvgCut: return svg_cut;
  }
  return pdf;  // not reached: every format is a case above
}

}  // namespace cardstock
