// Drawing a document's pages into a PDF: whole, or in pieces (PdfPieces) with the
// operators that place each shared drawing where it appears.
#include "render/pdf.h"

#include <cairo-pdf.h>

#include <cmath>
#include <optional>

#include "base/length.h"
#include "render/pdf_surface.h"

namespace cardstock {

namespace {

// A number in PDF content: format_number's text (never an exponent, never "-0"), with 6
// decimals for a transform's factors and 4 for a position in points (a micrometre).
std::string pdf_num(double v, int digits = 6) { return format_number(v, digits); }

std::string pdf_cm(const cairo_matrix_t& m) {
  return pdf_num(m.xx) + " " + pdf_num(m.yx) + " " + pdf_num(m.xy) + " " + pdf_num(m.yy) + " " + pdf_num(m.x0) +
         " " + pdf_num(m.y0) + " cm\n";
}

// The operators that place the shared drawing of `c` on a page `page_h` tall as
// Painter::card draws it in place: "q", the same clip to the bleed, then the same
// transform, from the default space of the drawing's own page (y up; the card's top-left
// corner at (m, height - m)) to this page's. The caller ends it with Do and "Q".
std::string place_ops(const PageArt::CardOnPage& c, double page_h) {
  const auto [cw, ch] = SharedArt::art_size(c);
  const double m = SharedArt::margin(cw, ch);
  // Page space, y down (Cairo's), to PDF's, y up.
  cairo_matrix_t to_pdf;
  cairo_matrix_init(&to_pdf, 1, 0, 0, -1, 0, page_h);
  const cairo_matrix_t tilt = tilt_matrix(c);
  cairo_matrix_t clip_space;  // tilt, then to PDF
  cairo_matrix_multiply(&clip_space, &tilt, &to_pdf);
  std::string ops = "q\n" + pdf_cm(clip_space);
  const Rect& b = c.bleed;
  if (c.shape == Shape::Hex) {
    const auto pts = hex_corners(b);
    ops += pdf_num(pts[0].x) + " " + pdf_num(pts[0].y) + " m\n";
    for (size_t i = 1; i < pts.size(); ++i) ops += pdf_num(pts[i].x) + " " + pdf_num(pts[i].y) + " l\n";
    ops += "h\n";
  } else if (c.shape == Shape::Circle) {
    // Four Bezier quarters (the usual 0.5523 handles), as close to Cairo's arc as the
    // bleed needs.
    const double cx = b.x + b.w / 2, cy = b.y + b.h / 2, r = std::min(b.w, b.h) / 2, k = 0.5522847498 * r;
    ops += pdf_num(cx + r) + " " + pdf_num(cy) + " m\n";
    const double q[4][6] = {{cx + r, cy + k, cx + k, cy + r, cx, cy + r},
                            {cx - k, cy + r, cx - r, cy + k, cx - r, cy},
                            {cx - r, cy - k, cx - k, cy - r, cx, cy - r},
                            {cx + k, cy - r, cx + r, cy - k, cx + r, cy}};
    for (const auto& v : q) {
      for (double x : v) ops += pdf_num(x) + " ";
      ops += "c\n";
    }
    ops += "h\n";
  } else {
    ops += pdf_num(b.x) + " " + pdf_num(b.y) + " " + pdf_num(b.w) + " " + pdf_num(b.h) + " re\n";
  }
  ops += "W n\n";
  // The drawing's page space (y up, origin m left of and m below the card's corner) to
  // card-local space (y down, origin at the card's top-left), then as Painter::card.
  cairo_matrix_t from_art;
  cairo_matrix_init(&from_art, 1, 0, 0, -1, -m, ch + m);
  const cairo_matrix_t card = card_matrix(c);
  cairo_matrix_t placed;
  cairo_matrix_multiply(&placed, &from_art, &card);
  return ops + pdf_cm(placed);
}

// Sets the size of the next page to `planned`'s when it has one of its own and it differs
// from the current *w x *h; pages of the document's own size need nothing (and keep the
// bytes they always had).
void next_page_size(cairo_surface_t* surface, const PlannedPage& planned, double* w, double* h) {
  if (planned.width > 0 && planned.height > 0 && (planned.width != *w || planned.height != *h)) {
    *w = planned.width;
    *h = planned.height;
    cairo_pdf_surface_set_size(surface, *w, *h);
  }
}

// Clip to a polygon (device space, under a transform to it): a rectangle along the axes,
// the usual case, as "re".
std::string clip_ops(const std::vector<Point>& pts) {
  auto same = [](double a, double b) { return std::fabs(a - b) < 1e-9; };
  if (pts.size() == 4 && ((same(pts[0].y, pts[1].y) && same(pts[1].x, pts[2].x) && same(pts[2].y, pts[3].y) &&
                           same(pts[3].x, pts[0].x)) ||
                          (same(pts[0].x, pts[1].x) && same(pts[1].y, pts[2].y) && same(pts[2].x, pts[3].x) &&
                           same(pts[3].y, pts[0].y)))) {
    const DeviceBox b = box_of(pts);
    return pdf_num(b.x0, 4) + " " + pdf_num(b.y0, 4) + " " + pdf_num(b.x1 - b.x0, 4) + " " + pdf_num(b.y1 - b.y0, 4) +
           " re W n\n";
  }
  std::string ops = pdf_num(pts[0].x, 4) + " " + pdf_num(pts[0].y, 4) + " m\n";
  for (size_t i = 1; i < pts.size(); ++i) ops += pdf_num(pts[i].x, 4) + " " + pdf_num(pts[i].y, 4) + " l\n";
  return ops + "h W n\n";
}

// The operators that place a held image's drawing on a page `page_h` tall as
// Painter::image paints it: "q", the card's bleed and the image's box as clips, then the
// map from the default space of the image's own page (y up, as tall as the image) to the
// page's. The caller ends it with Do and "Q".
std::string held_ops(const HeldImage& h, double page_h) {
  const ImageCache::Image* img = h.decoded;
  std::string ops = "q\n1 0 0 -1 0 " + pdf_num(page_h) + " cm\n" + clip_ops(h.bleed) + clip_ops(h.box);
  cairo_matrix_t from_page, placed;
  cairo_matrix_init(&from_page, 1, 0, 0, -1, 0, img->h);
  cairo_matrix_multiply(&placed, &from_page, &h.m);
  return ops + pdf_cm(placed);
}

// Draws `pages` on `cr` in pieces (PdfPieces): each page as the runs of what is drawn in
// place between its shared cards, each run a page of its own, then each shared drawing
// once, on a page the size of its card plus the margin.
void draw_pieces(cairo_t* cr, cairo_surface_t* surface, const PdfInfo& info, const std::vector<PlannedPage>& pages,
                 Painter& p, SharedArt& shared, PdfPieces* pieces) {
  int drawn = 0;
  double w = info.width, h = info.height;
  for (const auto& planned : pages) {
    next_page_size(surface, planned, &w, &h);
    PdfPieces::Page& out = pieces->pages.emplace_back();
    out.width = w;
    out.height = h;
    bool open = false;  // something is drawn on the current run's page
    auto close = [&] {
      if (!open) return;
      cairo_show_page(cr);
      out.parts.push_back({drawn++, -1, {}});
      open = false;
    };
    const PageArt& art = planned.art;
    for (const auto& it : art.underlay) p.item(it), open = true;
    for (const auto& c : art.cards) {
      if (const int b = shared.in_book(c); b >= 0) {
        if (!p.hold.held.empty() && p.hold.before(p.hold.bleed_reach(c))) open = true;
        close();
        out.parts.push_back({-1, -1, place_ops(c, h), b});
        pieces->from_book = true;
      } else if (const int k = shared.shared(c); k >= 0) {
        if (!p.hold.held.empty() && p.hold.before(p.hold.bleed_reach(c))) open = true;
        close();
        out.parts.push_back({-1, k, place_ops(c, h)});
      } else {
        p.card(c);
        open = true;
      }
    }
    for (const auto& it : art.items) p.item_in_order(it), open = true;
    if (!art.cuts.empty() || !art.circles.empty() || !art.registration.empty()) {
      p.hold.before_guides(art);
      p.cuts(art.cuts, art.circles);
      p.registration(art.registration);
      open = true;
    }
    close();
    for (const auto& held : p.hold.held) out.parts.push_back({-1, held.drawing, held_ops(held, h)});
    p.hold.held.clear();
    if (info.page_drawn) info.page_drawn(pieces->pages.size());
  }
  for (const auto& drawing : shared.drawings()) {
    if (const ImageCache::Image* img = drawing.image) {
      cairo_pdf_surface_set_size(surface, img->w, img->h);
      cairo_set_source_surface(cr, img->surface.get(), 0, 0);
      cairo_paint(cr);
    } else {
      draw_alone(cr, surface, p, drawing.card);
    }
    cairo_show_page(cr);
    pieces->art_pages.push_back(drawn++);
  }
}

// Draws `pages` on `surface` (a new PDF surface) and finishes it; `where` names the
// output in messages. With `pieces`, shared art is drawn once (draw_pieces). Destroys
// the surface.
bool draw_pdf(SurfacePtr owned, const std::string& where, const PdfInfo& info,
              const std::vector<PlannedPage>& pages, const Typesetter& ts, Diagnostics& d,
              PdfPieces* pieces = nullptr, const ArtBook* book = nullptr) {
  cairo_surface_t* surface = owned.get();
  if (cairo_surface_status(surface) != CAIRO_STATUS_SUCCESS) {
    d.error({where}, "cannot create '" + where + "': " + cairo_status_to_string(cairo_surface_status(surface)));
    return false;
  }
  cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_TITLE, info.title.c_str());
  cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATOR, info.creator.c_str());
  cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATE_DATE, info.date.c_str());
  cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_MOD_DATE, info.date.c_str());
  CairoPtr drawing = new_drawing(surface, ts);
  cairo_t* cr = drawing.get();
  Painter p{cr, *ts.state(), {}, {cr}};
  if (pieces) *pieces = PdfPieces{};
  std::optional<SharedArt> shared;
  if (pieces) shared.emplace(pages, book);
  if (shared && shared->any()) {
    p.hold.shared = &*shared;
    draw_pieces(cr, surface, info, pages, p, *shared, pieces);
  } else {
    double w = info.width, h = info.height;
    size_t n = 0;
    for (const auto& planned : pages) {
      next_page_size(surface, planned, &w, &h);
      p.page(planned.art);
      cairo_show_page(cr);
      if (info.page_drawn) info.page_drawn(++n);
    }
  }
  return finish_drawing(std::move(drawing), std::move(owned), p, "cannot write '" + where + "'", {where}, d);
}

}  // namespace

bool render_pdf(const std::string& path, const PdfInfo& info, const std::vector<PlannedPage>& pages,
                const Typesetter& ts, Diagnostics& d) {
  return draw_pdf(SurfacePtr(cairo_pdf_surface_create(path.c_str(), info.width, info.height)), path, info, pages, ts,
                  d);
}

bool render_pdf_bytes(std::string* bytes, const PdfInfo& info, const std::vector<PlannedPage>& pages,
                      const Typesetter& ts, Diagnostics& d, PdfPieces* pieces, const ArtBook* book) {
  bytes->clear();
  return draw_pdf(SurfacePtr(cairo_pdf_surface_create_for_stream(append_bytes, bytes, info.width, info.height)),
                  info.title, info, pages, ts, d, pieces, book);
}

}  // namespace cardstock
