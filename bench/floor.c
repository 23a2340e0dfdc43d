/* floor: the cost floor for cardstock's card sheets. A plain C program that draws the
 * benchmark deck (bench/gen_deck.py) straight with Cairo + Pango, nothing else: no YAML,
 * no model, no layout tree, no text fitting, no manifest.
 *
 *     floor N OUT.pdf IMAGE [K]          IMAGE: an .svg or a .png
 *     floor --png IN.svg OUT.png WIDTH   rasterise the SVG to a PNG WIDTH pixels wide
 *
 * With K, card i shows what card i mod K would (gen_deck.py --distinct K): the floor
 * still draws every card, every time, as a naive program does.
 * N poker cards (63.5 x 88.9 mm) nine to a US Letter page in a 3x3 grid, centred, each
 * with a border rect, a name line, the image and a century line, plus the same cut lines
 * and crop marks cardstock draws for the poker-3x3-letter stock. The image is decoded
 * once, an SVG into one recording surface, a PNG into one image surface, so the PDF
 * embeds it once (as cardstock does). The --png mode makes the PNG map of the PNG decks
 * (gen_deck.py --png) from the SVG at run time: nothing generated is committed. Fonts
 * come from the system fontconfig ("Noto Serif", fonts-noto-core); PDF dates are fixed.
 */
#include <cairo-pdf.h>
#include <cairo.h>
#include <librsvg/rsvg.h>
#include <pango/pangocairo.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MM (72.0 / 25.4)

/* Same lists, same order, as bench/gen_deck.py. */
static const char* const BASES[] = {
    "Abraham", "Sarah",  "Isaac",  "Rebekah", "Jacob",    "Rachel",   "Joseph",  "Moses",
    "Miriam",  "Aaron",  "Joshua", "Deborah", "Gideon",   "Samson",   "Ruth",    "Samuel",
    "Saul",    "David",  "Solomon", "Elijah", "Elisha",   "Isaiah",   "Jeremiah", "Ezekiel",
    "Daniel",  "Esther", "Nehemiah", "Ezra",  "Hammurabi", "Sargon",  "Khufu",   "Djoser",
};
static const char* const CENTURIES[] = {
    "3rd millennium", "2nd millennium", "10th century", "9th century",
    "8th century",    "7th century",    "6th century",  "5th century",
};
#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

static void text(cairo_t* cr, PangoLayout* layout, const char* s, double x, double y,
                 double w, double h) {
  pango_layout_set_width(layout, (int)(w * PANGO_SCALE));
  pango_layout_set_text(layout, s, -1);
  PangoRectangle logical;
  pango_layout_get_extents(layout, NULL, &logical);
  cairo_move_to(cr, x, y + (h - (double)logical.height / PANGO_SCALE) / 2);  /* valign middle */
  pango_cairo_show_layout(cr, layout);
  cairo_new_path(cr);
}

static void rounded_rect(cairo_t* cr, double x, double y, double w, double h, double r) {
  cairo_new_sub_path(cr);
  cairo_arc(cr, x + w - r, y + r, r, -G_PI / 2, 0);
  cairo_arc(cr, x + w - r, y + h - r, r, 0, G_PI / 2);
  cairo_arc(cr, x + r, y + h - r, r, G_PI / 2, G_PI);
  cairo_arc(cr, x + r, y + r, r, G_PI, 3 * G_PI / 2);
  cairo_close_path(cr);
}

/* US Letter, poker trim (2.5 x 3.5 in) nine to a page in a 3x3 grid, centred. */
#define PAGE_W 612.0
#define PAGE_H 792.0
#define CARD_W (2.5 * 72)
#define CARD_H (3.5 * 72)
#define GRID_X ((PAGE_W - 3 * CARD_W) / 2)
#define GRID_Y ((PAGE_H - 3 * CARD_H) / 2)

/* The page's guides, as cardstock draws them for the poker-3x3-letter stock. */
static void guides(cairo_t* cr) {
  const double W = PAGE_W, H = PAGE_H, cw = CARD_W, ch = CARD_H, x0 = GRID_X, y0 = GRID_Y;
  const double bleed = 0.125 * 72, mark = 0.25 * 72, gap = 2, margin = 0.25 * 72;
  /* Cut lines along every card edge across the grid, then crop marks in the margin. */
  cairo_set_line_width(cr, 0.35);
  cairo_set_source_rgb(cr, 0.55, 0.55, 0.55);
  for (int j = 0; j <= 3; ++j) {
    cairo_move_to(cr, x0 + j * cw, y0);
    cairo_line_to(cr, x0 + j * cw, y0 + 3 * ch);
    cairo_move_to(cr, x0, y0 + j * ch);
    cairo_line_to(cr, x0 + 3 * cw, y0 + j * ch);
  }
  cairo_stroke(cr);
  cairo_set_line_width(cr, 0.5);
  cairo_set_source_rgb(cr, 0, 0, 0);
  /* As cardstock: marks run from the printable edge (the paper's 1/4 in margin) to
     just short of the bleed, at most `mark` long, and none shorter than 2 pt. */
  const double top = y0 - bleed - gap, bottom = y0 + 3 * ch + bleed + gap;
  const double left = x0 - bleed - gap, right = x0 + 3 * cw + bleed + gap;
  const double m = margin, min_len = 2;
  const double t0 = top - mark > m ? top - mark : m, b1 = bottom + mark < H - m ? bottom + mark : H - m;
  const double l0 = left - mark > m ? left - mark : m, r1 = right + mark < W - m ? right + mark : W - m;
  for (int j = 0; j <= 3; ++j) {
    const double x = x0 + j * cw, y = y0 + j * ch;
    if (top - t0 >= min_len) {
      cairo_move_to(cr, x, t0);
      cairo_line_to(cr, x, top);
    }
    if (b1 - bottom >= min_len) {
      cairo_move_to(cr, x, bottom);
      cairo_line_to(cr, x, b1);
    }
    if (left - l0 >= min_len) {
      cairo_move_to(cr, l0, y);
      cairo_line_to(cr, left, y);
    }
    if (r1 - right >= min_len) {
      cairo_move_to(cr, right, y);
      cairo_line_to(cr, r1, y);
    }
  }
  cairo_stroke(cr);
}

/* What every card shares: the two text layouts, the image and where it goes. */
typedef struct {
  PangoLayout* name;
  PangoLayout* century;
  cairo_surface_t* image;
  double ix, iy, scale;
  int clip; /* clip to the image's box first: cardstock paints a PNG in place that way */
} Face;

/* Card i of the deck in grid cell k (0..8) of the page. */
static void card(cairo_t* cr, const Face* f, long i, int k) {
  char name[64], century[64];
  snprintf(name, sizeof name, "%s %ld", BASES[i % COUNT(BASES)], i + 1);
  snprintf(century, sizeof century, "%s BCE", CENTURIES[i % COUNT(CENTURIES)]);
  cairo_save(cr);
  cairo_translate(cr, GRID_X + (k % 3) * CARD_W, GRID_Y + (k / 3) * CARD_H);
  rounded_rect(cr, 3 * MM, 3 * MM, 57.5 * MM, 82.9 * MM, 2.5 * MM);
  cairo_set_source_rgb(cr, 0x2b / 255.0, 0x2b / 255.0, 0x2b / 255.0);
  cairo_set_line_width(cr, 0.8);
  cairo_stroke(cr);
  cairo_set_source_rgb(cr, 0x1d / 255.0, 0x4e / 255.0, 0xa8 / 255.0);
  text(cr, f->name, name, 6 * MM, 6 * MM, 51.5 * MM, 16 * MM);
  cairo_save(cr);
  if (f->clip) {
    /* As cardstock: at 100 dpi the clip changes the anti-aliased edge columns. */
    cairo_rectangle(cr, 6 * MM, 24 * MM, 51.5 * MM, 42 * MM);
    cairo_clip(cr);
  }
  cairo_translate(cr, f->ix, f->iy);
  cairo_scale(cr, f->scale, f->scale);
  cairo_set_source_surface(cr, f->image, 0, 0);
  cairo_paint(cr);
  cairo_restore(cr);
  cairo_set_source_rgb(cr, 0xb3 / 255.0, 0x26 / 255.0, 0x1e / 255.0);
  text(cr, f->century, century, 6 * MM, 68 * MM, 51.5 * MM, 12 * MM);
  cairo_restore(cr);
}

/* The SVG at its intrinsic size (100 x 100 when it says none) drawn into a recording
   surface: vector, embedded once. NULL (with a message) when it cannot be read. */
static cairo_surface_t* load_svg(const char* path, double* iw, double* ih) {
  GError* err = NULL;
  RsvgHandle* svg = rsvg_handle_new_from_file(path, &err);
  if (!svg) {
    fprintf(stderr, "floor: %s: %s\n", path, err ? err->message : "cannot read");
    return NULL;
  }
  if (!rsvg_handle_get_intrinsic_size_in_pixels(svg, iw, ih) || *iw <= 0 || *ih <= 0) *iw = *ih = 100;
  cairo_rectangle_t ext = {0, 0, *iw, *ih};
  cairo_surface_t* image = cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, &ext);
  cairo_t* icr = cairo_create(image);
  RsvgRectangle vp = {0, 0, *iw, *ih};
  const gboolean ok = rsvg_handle_render_document(svg, icr, &vp, &err);
  cairo_destroy(icr);
  g_object_unref(svg);
  if (!ok) {
    fprintf(stderr, "floor: %s: %s\n", path, err ? err->message : "cannot draw");
    cairo_surface_destroy(image);
    return NULL;
  }
  return image;
}

/* The image, once: a .png decoded by Cairo into an image surface (as cardstock decodes
   it), anything else read as an SVG. */
static cairo_surface_t* load_image(const char* path, double* iw, double* ih) {
  const size_t len = strlen(path);
  if (len > 4 && strcmp(path + len - 4, ".png") == 0) {
    cairo_surface_t* image = cairo_image_surface_create_from_png(path);
    if (cairo_surface_status(image) != CAIRO_STATUS_SUCCESS) {
      fprintf(stderr, "floor: %s: %s\n", path, cairo_status_to_string(cairo_surface_status(image)));
      cairo_surface_destroy(image);
      return NULL;
    }
    *iw = cairo_image_surface_get_width(image);
    *ih = cairo_image_surface_get_height(image);
    return image;
  }
  return load_svg(path, iw, ih);
}

/* floor --png IN.svg OUT.png WIDTH: the SVG drawn WIDTH pixels wide on its own
   background (height to scale), written as a PNG. */
static int svg_to_png(const char* in, const char* out, long width) {
  double iw = 0, ih = 0;
  cairo_surface_t* rec = load_svg(in, &iw, &ih);
  if (!rec) return 1;
  const double s = (double)width / iw;
  cairo_surface_t* px = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, (int)width, (int)(ih * s + 0.5));
  cairo_t* cr = cairo_create(px);
  cairo_scale(cr, s, s);
  cairo_set_source_surface(cr, rec, 0, 0);
  cairo_paint(cr);
  cairo_destroy(cr);
  const cairo_status_t st = cairo_surface_write_to_png(px, out);
  cairo_surface_destroy(px);
  cairo_surface_destroy(rec);
  if (st != CAIRO_STATUS_SUCCESS) {
    fprintf(stderr, "floor: %s: %s\n", out, cairo_status_to_string(st));
    return 1;
  }
  return 0;
}

int main(int argc, char** argv) {
  if (argc == 5 && strcmp(argv[1], "--png") == 0) {
    const long width = strtol(argv[4], NULL, 10);
    if (width < 1 || width > 10000) {
      fprintf(stderr, "floor: WIDTH must be 1 to 10000 pixels\n");
      return 2;
    }
    return svg_to_png(argv[2], argv[3], width);
  }
  if (argc != 4 && argc != 5) {
    fprintf(stderr, "usage: floor N OUT.pdf IMAGE [K]\n       floor --png IN.svg OUT.png WIDTH\n");
    return 2;
  }
  const long n = strtol(argv[1], NULL, 10);
  const long distinct = argc == 5 ? strtol(argv[4], NULL, 10) : n;
  if (n < 1 || distinct < 1) {
    fprintf(stderr, "floor: N and K must be at least 1\n");
    return 2;
  }
  double iw = 0, ih = 0;
  cairo_surface_t* image = load_image(argv[3], &iw, &ih);
  if (!image) return 1;

  cairo_surface_t* pdf = cairo_pdf_surface_create(argv[2], PAGE_W, PAGE_H);
  cairo_pdf_surface_set_metadata(pdf, CAIRO_PDF_METADATA_TITLE, "floor");
  cairo_pdf_surface_set_metadata(pdf, CAIRO_PDF_METADATA_CREATE_DATE, "2026-01-01T00:00:00Z");
  cairo_pdf_surface_set_metadata(pdf, CAIRO_PDF_METADATA_MOD_DATE, "2026-01-01T00:00:00Z");
  cairo_t* cr = cairo_create(pdf);

  /* Unhinted text at unrounded glyph positions, as cardstock sets it. */
  cairo_font_options_t* fo = cairo_font_options_create();
  cairo_font_options_set_hint_style(fo, CAIRO_HINT_STYLE_NONE);
  cairo_font_options_set_hint_metrics(fo, CAIRO_HINT_METRICS_OFF);
  PangoContext* ctx = pango_cairo_create_context(cr);
  pango_cairo_context_set_font_options(ctx, fo);
  pango_cairo_context_set_resolution(ctx, 72);
  pango_context_set_round_glyph_positions(ctx, FALSE);
  PangoLayout* name_l = pango_layout_new(ctx);
  PangoLayout* cent_l = pango_layout_new(ctx);
  PangoFontDescription* fd = pango_font_description_from_string("Noto Serif Bold");
  pango_font_description_set_absolute_size(fd, 15 * PANGO_SCALE);
  pango_layout_set_font_description(name_l, fd);
  pango_font_description_set_absolute_size(fd, 14 * PANGO_SCALE);
  pango_layout_set_font_description(cent_l, fd);
  pango_font_description_free(fd);
  pango_layout_set_alignment(name_l, PANGO_ALIGN_CENTER);
  pango_layout_set_alignment(cent_l, PANGO_ALIGN_CENTER);
  pango_layout_set_wrap(name_l, PANGO_WRAP_WORD_CHAR);
  pango_layout_set_wrap(cent_l, PANGO_WRAP_WORD_CHAR);

  /* Image placement: fit "contain", centred in its 51.5 x 42 mm box. */
  const double bx = 6 * MM, by = 24 * MM, bw = 51.5 * MM, bh = 42 * MM;
  const double sc = bw / iw < bh / ih ? bw / iw : bh / ih;
  const double ix = bx + (bw - iw * sc) / 2, iy = by + (bh - ih * sc) / 2;

  const int clip = cairo_surface_get_type(image) == CAIRO_SURFACE_TYPE_IMAGE;
  const Face face = {name_l, cent_l, image, ix, iy, sc, clip};
  for (long first = 0; first < n; first += 9) {
    for (int k = 0; k < 9 && first + k < n; ++k) card(cr, &face, (first + k) % distinct, k);
    guides(cr);
    cairo_show_page(cr);
  }

  g_object_unref(name_l);
  g_object_unref(cent_l);
  g_object_unref(ctx);
  cairo_font_options_destroy(fo);
  cairo_destroy(cr);
  cairo_surface_finish(pdf);
  const cairo_status_t st = cairo_surface_status(pdf);
  cairo_surface_destroy(pdf);
  cairo_surface_destroy(image);
  if (st != CAIRO_STATUS_SUCCESS) {
    fprintf(stderr, "floor: %s: %s\n", argv[2], cairo_status_to_string(st));
    return 1;
  }
  return 0;
}
