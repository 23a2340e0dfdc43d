#include "render/render.h"

#include <cairo-pdf.h>
#include <cairo.h>
#include <fontconfig/fontconfig.h>
#include <librsvg/rsvg.h>
#include <pango/pangocairo.h>
#include <pango/pangofc-fontmap.h>
#include <png.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <cstdint>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <deque>
#include <filesystem>
#include <map>
#include <optional>
#include <tuple>
#include <unordered_map>

#include "base/files.h"
#include "base/length.h"
#include "layout/art_classes.h"

namespace cardstock {

struct Fonts::Impl {
  FcConfig* config = nullptr;
  cairo_font_options_t* options = nullptr;
  // templates/fonts.yaml's families with what fontconfig found in their files.
  struct Family {
    std::string name;
    std::vector<std::string> scripts, fallback_for;
    std::vector<FcCharSet*> coverage;  // one per face; owned by `config`
  };
  std::vector<Family> families;
  const Family* family(const char* name) const {
    for (const auto& f : families)
      if (g_ascii_strcasecmp(f.name.c_str(), name) == 0) return &f;
    return nullptr;
  }
  static bool covers(const Family& f, char32_t c) {
    for (FcCharSet* cs : f.coverage)
      if (FcCharSetHasChar(cs, c)) return true;
    return false;
  }
  bool covers_any(char32_t c) const {
    for (const auto& f : families)
      if (covers(f, c)) return true;
    return false;
  }
  // What a font of a layout is: its family (as fonts.yaml names it), weight and style.
  struct Face {
    std::string family;
    PangoWeight weight = PANGO_WEIGHT_NORMAL;
    PangoStyle style = PANGO_STYLE_NORMAL;
  };
  // `faces` keeps what fonts were found to be (their description is costly to build);
  // fonts belong to one font map, so each Typesetter keeps its own.
  std::vector<FontIssue> issues(PangoLayout* layout, const TextStyle& st,
                                std::unordered_map<PangoFont*, Face>* faces) const;
  /// Adds one run's issues to `out`: characters no font has, characters drawn by a
  /// family other than the one asked for, and a face the family lacks.
  void run_issues(const PangoLayoutRun* run, const char* text, PangoAttrList* attrs, const TextStyle& st,
                  std::unordered_map<PangoFont*, Face>* faces, std::vector<FontIssue>& out) const;
  /// Adds a Fallback issue for each visible character of `item` the family asked for
  /// lacks (unless the family that drew it is declared for its script); returns whether
  /// the run has any visible character.
  bool fallback_issues(const PangoItem* item, const char* text, const std::string& want_family,
                       const char* got_family, bool same, std::vector<FontIssue>& out) const;
  /// Fills each Fallback issue's `suggest`: the families that have all its characters.
  void suggest_families(std::vector<FontIssue>& out) const;
  ~Impl() {
    if (config) FcConfigDestroy(config);
    if (options) cairo_font_options_destroy(options);
  }
  // A font map over the private font set, one per Typesetter (so per game).
  PangoFontMap* new_map() const {
    PangoFontMap* map = pango_cairo_font_map_new_for_font_type(CAIRO_FONT_TYPE_FT);
    pango_fc_font_map_set_config(PANGO_FC_FONT_MAP(map), config);
    pango_cairo_font_map_set_resolution(PANGO_CAIRO_FONT_MAP(map), 72.0);
    return map;
  }
  // The context text is measured and drawn with: no hinting and an identity matrix, so
  // text widths do not depend on the page transform or resolution. It is never updated
  // from a cairo_t: that would set every kept layout again.
  PangoContext* new_context(PangoFontMap* map, PangoDirection dir) const {
    PangoContext* ctx = pango_font_map_create_context(map);
    pango_cairo_context_set_font_options(ctx, options);
    pango_context_set_base_dir(ctx, dir);
    // Unrounded positions for measuring and drawing alike: Pango rounds glyph positions
    // to whole units by default, which at 72 units an inch moves letters by up to half a
    // point and can make the drawn line differ from the measured one.
    pango_context_set_round_glyph_positions(ctx, FALSE);
    return ctx;
  }
};

Fonts::Fonts(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
Fonts::~Fonts() = default;

std::unique_ptr<Fonts> Fonts::load(const FontSet& set, const Mark& where, Diagnostics& d) {
  FcConfig* cfg = FcConfigCreate();
  bool ok = true;
  for (const auto& fam : set.families)
    for (const auto& file : fam.files)
      if (!FcConfigAppFontAddFile(cfg, reinterpret_cast<const FcChar8*>(file.c_str()))) {
        d.error(where, "font file '" + file + "' of '" + fam.family + "' cannot be loaded" +
                           (fam.package.empty() ? "" : " (install Debian package " + fam.package + ")"));
        ok = false;
      }
  if (!ok) {
    FcConfigDestroy(cfg);
    return nullptr;
  }
  auto impl = std::make_unique<Impl>();
  impl->config = cfg;  // font maps made from it take their own references
  // What each family's files hold: their coverage, for telling which characters a family
  // lacks; and their family name, which must be the one designs use, or Pango would set
  // every text of that family in some other font.
  FcFontSet* faces = FcConfigGetFonts(cfg, FcSetApplication);
  GEnumClass* script_enum = static_cast<GEnumClass*>(g_type_class_ref(G_TYPE_UNICODE_SCRIPT));
  for (const auto& fam : set.families) {
    Impl::Family f{fam.family, fam.scripts, fam.fallback_for, {}};
    const Mark at = fam.mark.line > 0 ? fam.mark : where;
    for (const auto& file : fam.files)
      for (int i = 0; faces && i < faces->nfont; ++i) {
        FcChar8* path = nullptr;
        if (FcPatternGetString(faces->fonts[i], FC_FILE, 0, &path) != FcResultMatch || file != reinterpret_cast<char*>(path))
          continue;
        bool named = false;
        FcChar8* name = nullptr;
        std::string first;
        for (int k = 0; FcPatternGetString(faces->fonts[i], FC_FAMILY, k, &name) == FcResultMatch; ++k) {
          if (k == 0) first = reinterpret_cast<char*>(name);
          named = named || g_ascii_strcasecmp(reinterpret_cast<char*>(name), fam.family.c_str()) == 0;
        }
        if (!named) {
          d.error(at, "font file '" + file + "' holds the family '" + first + "', not '" + fam.family + "'");
          ok = false;
        }
        FcCharSet* cs = nullptr;
        if (FcPatternGetCharSet(faces->fonts[i], FC_CHARSET, 0, &cs) == FcResultMatch) f.coverage.push_back(cs);
      }
    std::vector<std::string> nicks;
    for (guint k = 0; k < script_enum->n_values; ++k) nicks.push_back(script_enum->values[k].value_nick);
    for (const auto* list : {&fam.scripts, &fam.fallback_for})
      for (const auto& sc : *list)
        if (!g_enum_get_value_by_nick(script_enum, sc.c_str())) {
          const Mark& m = list == &fam.scripts ? fam.scripts_mark : fam.fallback_mark;
          d.error(m.line > 0 ? m : at, "unknown script '" + sc + "'" + did_you_mean(sc, nicks) +
                                           " (scripts are Unicode script names such as latin, hebrew, "
                                           "arabic or common)");
          ok = false;
        }
    impl->families.push_back(std::move(f));
  }
  g_type_class_unref(script_enum);
  if (!ok) return nullptr;
  impl->options = cairo_font_options_create();
  cairo_font_options_set_hint_style(impl->options, CAIRO_HINT_STYLE_NONE);
  cairo_font_options_set_hint_metrics(impl->options, CAIRO_HINT_METRICS_OFF);
  cairo_font_options_set_antialias(impl->options, CAIRO_ANTIALIAS_GRAY);
  return std::unique_ptr<Fonts>(new Fonts(std::move(impl)));
}

namespace {

PangoAlignment pango_align(Align a) {
  switch (a) {
    case Align::Center: return PANGO_ALIGN_CENTER;
    case Align::Right: return PANGO_ALIGN_RIGHT;
    default: return PANGO_ALIGN_LEFT;
  }
}

// Configures `layout` for `text` in `style`; returns false if the markup is invalid.
bool setup_layout(PangoLayout* layout, const std::string& text, const TextStyle& st,
                  double wrap) {
  PangoFontDescription* fd = pango_font_description_new();
  pango_font_description_set_family(fd, st.font.c_str());
  pango_font_description_set_weight(fd, st.bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL);
  pango_font_description_set_style(fd, st.italic ? PANGO_STYLE_ITALIC : PANGO_STYLE_NORMAL);
  // A non-positive size was already reported by validation; keep Pango's assertions quiet.
  pango_font_description_set_absolute_size(fd, std::max(st.size, 0.1) * PANGO_SCALE);
  pango_layout_set_font_description(layout, fd);
  pango_font_description_free(fd);
  // Auto-direction would flip left/right alignment for paragraphs that start in Hebrew;
  // the design's alignment must hold, so the base direction is the context's (`rtl`).
  pango_layout_set_auto_dir(layout, FALSE);
  pango_layout_set_width(layout, static_cast<int>(std::floor(wrap * PANGO_SCALE)));
  pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR);
  pango_layout_set_alignment(layout, pango_align(st.align));
  pango_layout_set_justify(layout, st.align == Align::Justify);
  if (st.line_spacing != 1) pango_layout_set_line_spacing(layout, static_cast<float>(st.line_spacing));
  if (st.markup) {
    if (!pango_parse_markup(text.c_str(), -1, 0, nullptr, nullptr, nullptr, nullptr)) {
      pango_layout_set_text(layout, text.c_str(), -1);
      return false;
    }
    pango_layout_set_markup(layout, text.c_str(), -1);
  } else {
    pango_layout_set_text(layout, text.c_str(), -1);
  }
  return true;
}

}  // namespace

namespace {

// Adds `key` with character `c` (0: none) to `out`, or `c` to the issue of the same kind,
// families, script and face already there (at most three characters are quoted).
void add_issue(std::vector<FontIssue>& out, FontIssue key, char32_t c) {
  for (auto& o : out)
    if (o.kind == key.kind && o.family == key.family && o.used == key.used && o.script == key.script &&
        o.bold == key.bold && o.italic == key.italic) {
      if (c && o.chars.size() < 3 && std::find(o.chars.begin(), o.chars.end(), c) == o.chars.end())
        o.chars.push_back(c);
      return;
    }
  if (c) key.chars.push_back(c);
  out.push_back(std::move(key));
}

// What a run asked for: the style's font with the markup's attributes over it. The
// caller frees it.
PangoFontDescription* asked_font(const PangoItem* item, PangoAttrList* attrs, const TextStyle& st) {
  PangoFontDescription* want = pango_font_description_new();
  pango_font_description_set_family(want, st.font.c_str());
  pango_font_description_set_weight(want, st.bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL);
  pango_font_description_set_style(want, st.italic ? PANGO_STYLE_ITALIC : PANGO_STYLE_NORMAL);
  if (attrs) {
    PangoAttrIterator* ai = pango_attr_list_get_iterator(attrs);
    do {
      int a = 0, b = 0;
      pango_attr_iterator_range(ai, &a, &b);
      if (item->offset >= a && item->offset < b) {
        pango_attr_iterator_get_font(ai, want, nullptr, nullptr);
        break;
      }
    } while (pango_attr_iterator_next(ai));
    pango_attr_iterator_destroy(ai);
  }
  return want;
}

// What `font` is, described once and kept in `faces`.
const Fonts::Impl::Face& face_of(PangoFont* font, std::unordered_map<PangoFont*, Fonts::Impl::Face>* faces) {
  auto face = faces->find(font);
  if (face == faces->end()) {
    PangoFontDescription* got = pango_font_describe(font);
    const char* name = pango_font_description_get_family(got);
    // The reference keeps the font alive, so its address cannot name another font later.
    face = faces->emplace(PANGO_FONT(g_object_ref(font)),
                          Fonts::Impl::Face{name ? name : "", pango_font_description_get_weight(got),
                                            pango_font_description_get_style(got)})
               .first;
    pango_font_description_free(got);
  }
  return face->second;
}

// The Unicode script name (as fonts.yaml writes it) of `c` in `item`: a combining mark
// takes its run's script, and one still unknown counts as common.
std::string script_name(gunichar c, const PangoItem* item) {
  GUnicodeScript script = g_unichar_get_script(c);
  if (script == G_UNICODE_SCRIPT_INHERITED) script = static_cast<GUnicodeScript>(item->analysis.script);
  if (script == G_UNICODE_SCRIPT_INHERITED || script == G_UNICODE_SCRIPT_UNKNOWN) script = G_UNICODE_SCRIPT_COMMON;
  GEnumClass* e = static_cast<GEnumClass*>(g_type_class_ref(G_TYPE_UNICODE_SCRIPT));
  const GEnumValue* v = g_enum_get_value(e, script);
  const std::string name = v ? v->value_nick : "common";
  g_type_class_unref(e);
  return name;
}

}  // namespace

// Which font drew each character, run by run. Pango falls back, per character, to any
// font of the private set that has it; that is reported unless the family asked for has
// the character anyway (Pango keeps punctuation in its neighbours' run), or the family
// that drew it is declared in templates/fonts.yaml to draw that script for others (data,
// not code: Hebrew words inside English text). A character no font has is drawn as an
// empty box. A run drawn in the family asked for but upright or regular where italic or
// bold was asked means the family has no such face.
std::vector<FontIssue> Fonts::Impl::issues(PangoLayout* layout, const TextStyle& st,
                                           std::unordered_map<PangoFont*, Face>* faces) const {
  std::vector<FontIssue> out;
  const char* text = pango_layout_get_text(layout);
  PangoAttrList* attrs = pango_layout_get_attributes(layout);  // markup's, if any
  PangoLayoutIter* it = pango_layout_get_iter(layout);
  do {
    const PangoLayoutRun* run = pango_layout_iter_get_run_readonly(it);
    if (run) run_issues(run, text, attrs, st, faces, out);  // no run: the end of a line
  } while (pango_layout_iter_next_run(it));
  pango_layout_iter_free(it);
  suggest_families(out);
  return out;
}

void Fonts::Impl::run_issues(const PangoLayoutRun* run, const char* text, PangoAttrList* attrs,
                             const TextStyle& st, std::unordered_map<PangoFont*, Face>* faces,
                             std::vector<FontIssue>& out) const {
  const PangoItem* item = run->item;
  PangoFontDescription* want = asked_font(item, attrs, st);
  const char* asked = pango_font_description_get_family(want);
  const std::string want_family = asked ? asked : "";
  const Face& face = face_of(item->analysis.font, faces);
  const char* got_family = face.family.c_str();
  const bool same = g_ascii_strcasecmp(got_family, want_family.c_str()) == 0;
  for (int g = 0; g < run->glyphs->num_glyphs; ++g)
    if (run->glyphs->glyphs[g].glyph & PANGO_GLYPH_UNKNOWN_FLAG) {
      FontIssue m;
      m.kind = FontIssue::Kind::Missing;
      m.family = want_family;
      add_issue(out, m, static_cast<char32_t>(run->glyphs->glyphs[g].glyph & ~PANGO_GLYPH_UNKNOWN_FLAG));
    }
  const bool visible = fallback_issues(item, text, want_family, got_family, same, out);
  if (same && visible) {
    const bool want_italic = pango_font_description_get_style(want) != PANGO_STYLE_NORMAL;
    const bool want_bold = pango_font_description_get_weight(want) >= PANGO_WEIGHT_SEMIBOLD;
    FontIssue n;
    n.kind = FontIssue::Kind::NoFace;
    n.family = want_family;
    n.italic = want_italic && face.style == PANGO_STYLE_NORMAL;
    n.bold = want_bold && face.weight < PANGO_WEIGHT_SEMIBOLD;
    if (n.italic || n.bold) add_issue(out, n, 0);
  }
  pango_font_description_free(want);
}

bool Fonts::Impl::fallback_issues(const PangoItem* item, const char* text, const std::string& want_family,
                                  const char* got_family, bool same, std::vector<FontIssue>& out) const {
  const Family* wanted = family(want_family.c_str());
  const Family* drew = family(got_family);
  bool visible = false;
  for (const char* p = text + item->offset; p < text + item->offset + item->length; p = g_utf8_next_char(p)) {
    const gunichar c = g_utf8_get_char(p);
    if (g_unichar_isspace(c) || pango_is_zero_width(c)) continue;
    if (c == 0xFFFC) continue;  // an icon's place (a shape attribute draws it, not a font)
    visible = true;
    if (same || !wanted || covers(*wanted, c) || !covers_any(c)) continue;  // none: Missing
    const std::string name = script_name(c, item);
    if (drew && std::find(drew->fallback_for.begin(), drew->fallback_for.end(), name) != drew->fallback_for.end())
      continue;
    FontIssue f;
    f.kind = FontIssue::Kind::Fallback;
    f.family = want_family;
    f.used = got_family;
    f.script = name;
    add_issue(out, f, c);
  }
  return visible;
}

// Families meant for those characters: declared for their script first, else any that
// has them all (for symbols no family declares).
void Fonts::Impl::suggest_families(std::vector<FontIssue>& out) const {
  for (auto& f : out) {
    if (f.kind != FontIssue::Kind::Fallback) continue;
    auto has_all = [&](const Family& fam) {
      for (char32_t c : f.chars)
        if (!covers(fam, c)) return false;
      return g_ascii_strcasecmp(fam.name.c_str(), f.family.c_str()) != 0;
    };
    for (const auto& fam : families)
      if (std::find(fam.scripts.begin(), fam.scripts.end(), f.script) != fam.scripts.end() && has_all(fam))
        f.suggest.push_back(fam.name);
    if (f.suggest.empty())
      for (const auto& fam : families)
        if (has_all(fam)) f.suggest.push_back(fam.name);
  }
}

namespace {

void set_color(cairo_t* cr, const Color& c) { cairo_set_source_rgba(cr, c.r, c.g, c.b, c.a); }

void rounded_rect(cairo_t* cr, const Rect& r, double radius) {
  radius = std::min({radius, r.w / 2, r.h / 2});
  if (radius <= 0) {
    cairo_rectangle(cr, r.x, r.y, r.w, r.h);
    return;
  }
  cairo_new_sub_path(cr);
  cairo_arc(cr, r.right() - radius, r.y + radius, radius, -M_PI / 2, 0);
  cairo_arc(cr, r.right() - radius, r.bottom() - radius, radius, 0, M_PI / 2);
  cairo_arc(cr, r.x + radius, r.bottom() - radius, radius, M_PI / 2, M_PI);
  cairo_arc(cr, r.x + radius, r.y + radius, radius, M_PI, 3 * M_PI / 2);
  cairo_close_path(cr);
}

void fill_and_stroke(cairo_t* cr, const ArtItem& it) {
  if (!it.fill.none) {
    set_color(cr, it.fill);
    cairo_fill_preserve(cr);
  }
  if (!it.stroke.none && it.stroke_width > 0) {
    set_color(cr, it.stroke);
    cairo_set_line_width(cr, it.stroke_width);
    cairo_stroke_preserve(cr);
  }
  cairo_new_path(cr);
}

// libxml2 (through librsvg) words a broken SVG as "Error domain 1 code 76 on line 3
// column 5 of data: Opening and ending tag mismatch"; people want the place and the why.
std::string plain_svg_error(std::string m) {
  while (!m.empty() && std::isspace(static_cast<unsigned char>(m.back()))) m.pop_back();
  const size_t on = m.find(" on line ");
  const size_t of = m.find(" of data: ");
  if (m.rfind("Error domain", 0) == 0 && on != std::string::npos && of != std::string::npos && of > on) {
    std::string where = m.substr(on + 4, of - on - 4);  // "line 3 column 5"
    const size_t col = where.find(" column ");
    if (col != std::string::npos) where.replace(col, 8, ", column ");
    return "the XML is broken at " + where + ": " + m.substr(of + 10);
  }
  if (m.rfind("XML parse error: ", 0) == 0) return plain_svg_error(m.substr(17));
  return m;
}

// Reads a PNG from memory for cairo.
struct PngBytes {
  const std::string* bytes;
  size_t at = 0;
  static cairo_status_t read(void* self, unsigned char* data, unsigned int n) {
    auto* p = static_cast<PngBytes*>(self);
    if (p->bytes->size() - p->at < n) return CAIRO_STATUS_READ_ERROR;
    std::memcpy(data, p->bytes->data() + p->at, n);
    p->at += n;
    return CAIRO_STATUS_SUCCESS;
  }
};

// Images are decoded once per file (per game) and drawn from the same surface every
// time, so each PDF embeds each image once however many cards show it. A file that
// cannot be used keeps its reason, so every later use reports the same one.
// ImageCache decodes a file named *.png as a PNG and every other image as an SVG.
bool is_png_name(const std::string& path) { return path.size() > 4 && path.substr(path.size() - 4) == ".png"; }

class ImageCache {
 public:
  ~ImageCache() { clear(); }
  void clear() {
    for (auto& [k, v] : images_)
      if (v.surface) cairo_surface_destroy(v.surface);
    images_.clear();
  }
  struct Image {
    cairo_surface_t* surface = nullptr;
    double w = 0, h = 0;
    std::string error;
  };
  const Image* get(const std::string& path, std::string* err) {
    auto it = images_.find(path);
    if (it != images_.end()) {
      if (!it->second.surface) *err = it->second.error;
      return it->second.surface ? &it->second : nullptr;
    }
    Image img;
    // The bytes are read here, as a regular file within the limits (never a FIFO), and
    // decoded from memory; what the file is and links to was checked at load time.
    std::string bytes, why;
    if (!read_regular_file(path, static_cast<size_t>(kMaxImageBytes), &bytes, &why)) {
      *err = "cannot be read: " + why;
    } else if (is_png_name(path)) {
      PngBytes src{&bytes};
      cairo_surface_t* s = cairo_image_surface_create_from_png_stream(&PngBytes::read, &src);
      if (cairo_surface_status(s) != CAIRO_STATUS_SUCCESS) {
        *err = "is damaged or cut short: its pixels cannot be decoded";
        cairo_surface_destroy(s);
      } else {
        img = {s, double(cairo_image_surface_get_width(s)), double(cairo_image_surface_get_height(s))};
      }
    } else {
      GError* gerr = nullptr;
      GInputStream* in = g_memory_input_stream_new_from_data(bytes.data(), static_cast<gssize>(bytes.size()), nullptr);
      GFile* base = g_file_new_for_path(path.c_str());  // links resolve beside the SVG
      RsvgHandle* h = rsvg_handle_new_from_stream_sync(in, base, RSVG_HANDLE_FLAGS_NONE, nullptr, &gerr);
      g_object_unref(base);
      g_object_unref(in);
      if (!h) {
        *err = "is not a valid SVG file: " +
               plain_svg_error(gerr ? gerr->message : "it cannot be read");
        if (gerr) g_error_free(gerr);
      } else {
        gdouble w = 0, hh = 0;
        if (!rsvg_handle_get_intrinsic_size_in_pixels(h, &w, &hh) || w <= 0 || hh <= 0) {
          RsvgRectangle ink, logical;
          rsvg_handle_get_geometry_for_element(h, nullptr, &ink, &logical, nullptr);
          w = logical.width > 0 ? logical.width : 100;
          hh = logical.height > 0 ? logical.height : 100;
        }
        cairo_rectangle_t extents{0, 0, w, hh};
        cairo_surface_t* rec = cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, &extents);
        cairo_t* cr = cairo_create(rec);
        RsvgRectangle vp{0, 0, w, hh};
        if (!rsvg_handle_render_document(h, cr, &vp, &gerr)) {
          *err = "cannot be drawn: " + plain_svg_error(gerr ? gerr->message : "unknown error");
          if (gerr) g_error_free(gerr);
          cairo_destroy(cr);
          cairo_surface_destroy(rec);
        } else {
          cairo_destroy(cr);
          img = {rec, w, hh};
        }
        g_object_unref(h);
      }
    }
    if (!img.surface) img.error = *err;
    images_[path] = img;
    return img.surface ? &images_[path] : nullptr;
  }

 private:
  std::map<std::string, Image> images_;
};


// The shape attribute of an icon carries its file's path.
gpointer copy_icon_path(gconstpointer p) { return new std::string(*static_cast<const std::string*>(p)); }
void free_icon_path(gpointer p) { delete static_cast<std::string*>(p); }

// Gives each U+FFFC of `layout`'s text that `st` names an icon for a shape as wide as the
// icon drawn 1 em (the text's size) tall, its bottom on the baseline, with the font's
// ascent and descent as its logical extent so it neither raises nor deepens its line.
// Pango then breaks, justifies, fits and orders (right-to-left too) it like a glyph.
void add_icon_shapes(PangoLayout* layout, const TextStyle& st, ImageCache& images) {
  if (st.icons.empty()) return;
  const char* text = pango_layout_get_text(layout);
  PangoFontMetrics* fm = pango_context_get_metrics(pango_layout_get_context(layout),
                                                   pango_layout_get_font_description(layout), nullptr);
  const int ascent = pango_font_metrics_get_ascent(fm), descent = pango_font_metrics_get_descent(fm);
  pango_font_metrics_unref(fm);
  const int em = static_cast<int>(std::lround(std::max(st.size, 0.1) * PANGO_SCALE));
  const int bearing = em / 16;
  const PangoAttrList* had = pango_layout_get_attributes(layout);
  PangoAttrList* attrs = had ? pango_attr_list_copy(const_cast<PangoAttrList*>(had)) : pango_attr_list_new();
  size_t k = 0;
  for (const char* p = std::strstr(text, kIconChar); p && k < st.icons.size(); p = std::strstr(p + 3, kIconChar), ++k) {
    if (st.icons[k].empty()) continue;
    std::string why;
    const ImageCache::Image* img = images.get(st.icons[k], &why);
    const double aspect = img && img->h > 0 ? img->w / img->h : 1;
    const int w = static_cast<int>(std::lround(em * aspect));
    PangoRectangle ink{bearing, -em, w, em}, logical{0, -ascent, w + 2 * bearing, ascent + descent};
    PangoAttribute* a = pango_attr_shape_new_with_data(&ink, &logical, new std::string(st.icons[k]), copy_icon_path,
                                                       free_icon_path);
    a->start_index = static_cast<guint>(p - text);
    a->end_index = a->start_index + 3;
    pango_attr_list_insert(attrs, a);
  }
  pango_layout_set_attributes(layout, attrs);
  pango_attr_list_unref(attrs);
}

// Draws an icon's shape (pango_cairo_context_set_shape_renderer): the current point is
// the shape's origin on the baseline; the icon fills its ink rectangle, as vector art
// when it is an SVG (a recording surface).
void draw_icon(cairo_t* cr, PangoAttrShape* shape, gboolean do_path, gpointer data) {
  if (do_path || !shape->data) return;
  std::string why;
  const ImageCache::Image* img = static_cast<ImageCache*>(data)->get(*static_cast<std::string*>(shape->data), &why);
  if (!img) return;  // reported when the game was prepared
  double x = 0, y = 0;
  cairo_get_current_point(cr, &x, &y);
  const PangoRectangle& r = shape->ink_rect;
  cairo_save(cr);
  cairo_translate(cr, x + double(r.x) / PANGO_SCALE, y + double(r.y) / PANGO_SCALE);
  cairo_scale(cr, double(r.width) / PANGO_SCALE / img->w, double(r.height) / PANGO_SCALE / img->h);
  cairo_set_source_surface(cr, img->surface, 0, 0);
  cairo_paint(cr);
  cairo_restore(cr);
}

}  // namespace

struct Typesetter::State {
  const Fonts& fonts;
  const size_t budget;
  PangoFontMap* map = nullptr;
  PangoContext* ltr = nullptr;
  PangoContext* rtl = nullptr;
  struct Kept {
    PangoLayout* layout = nullptr;
    bool markup_ok = true;
    size_t bytes = 0;
  };
  std::unordered_map<std::string, Kept> kept;
  std::deque<std::string> order;  // keys of `kept`, oldest first
  size_t bytes = 0;
  PangoLayout* last = nullptr;     // the layout set() returned last: alive until the next call
  ImageCache images;
  std::unordered_map<PangoFont*, Fonts::Impl::Face> faces;  // fonts of `map`, described
  Stats stats;

  State(const Fonts& f, size_t b) : fonts(f), budget(b) {
    map = fonts.impl()->new_map();
    ltr = fonts.impl()->new_context(map, PANGO_DIRECTION_LTR);
    rtl = fonts.impl()->new_context(map, PANGO_DIRECTION_RTL);
    for (PangoContext* c : {ltr, rtl}) pango_cairo_context_set_shape_renderer(c, draw_icon, &images, nullptr);
  }
  ~State() {
    forget();
    for (auto& [font, face] : faces) g_object_unref(font);
    g_object_unref(ltr);
    g_object_unref(rtl);
    g_object_unref(map);
  }

  // Drops every kept layout (and the last one handed out).
  void forget() {
    for (auto& [k, v] : kept) g_object_unref(v.layout);
    kept.clear();
    order.clear();
    bytes = 0;
    if (last) g_object_unref(last);
    last = nullptr;
  }

  // Everything setup_layout reads, as bytes: equal keys give identical layouts.
  static std::string key(const std::string& text, const TextStyle& st, double wrap) {
    std::string k;
    k.reserve(st.font.size() + text.size() + 40);
    k.append(st.font).push_back('\0');
    const double nums[] = {st.size, st.line_spacing, std::floor(wrap * PANGO_SCALE)};
    k.append(reinterpret_cast<const char*>(nums), sizeof nums);
    const char flags[] = {char(st.bold), char(st.italic), char(st.align), char(st.rtl), char(st.markup)};
    k.append(flags, sizeof flags);
    for (const auto& icon : st.icons) k.append(icon).push_back('\0');
    k.push_back('\0');
    k.append(text);
    return k;
  }

  // The layout of `text` set in `st` at `wrap` points, laid out (lines broken) already.
  PangoLayout* set(const std::string& text, const TextStyle& st, double wrap, bool* markup_ok) {
    ++stats.sets;
    std::string k = key(text, st, wrap);
    PangoLayout* layout = nullptr;
    auto it = kept.find(k);
    if (it != kept.end()) {
      ++stats.hits;
      layout = it->second.layout;
      *markup_ok = it->second.markup_ok;
      g_object_ref(layout);  // for `last`
    } else {
      layout = pango_layout_new(st.rtl ? rtl : ltr);  // this reference becomes `last`'s
      *markup_ok = setup_layout(layout, text, st, wrap);
      add_icon_shapes(layout, st, images);
      pango_layout_get_line_count(layout);  // breaks the lines now, while it is measured
      keep(std::move(k), layout, *markup_ok, text.size());
    }
    if (last) g_object_unref(last);
    last = layout;
    return layout;
  }

  // Keeps `layout` for later sets, dropping the oldest kept ones to stay in the budget.
  void keep(std::string k, PangoLayout* layout, bool markup_ok, size_t text_bytes) {
    // A rough size (Pango's glyph strings, attributes and line structs), so the budget
    // holds whether the texts are card names or booklet paragraphs.
    const size_t size = 1024 + 96 * text_bytes;
    if (size > budget) return;
    while (bytes + size > budget && !order.empty()) {
      auto old = kept.find(order.front());
      bytes -= old->second.bytes;
      g_object_unref(old->second.layout);
      kept.erase(old);
      order.pop_front();
    }
    order.push_back(k);
    kept.emplace(std::move(k), Kept{PANGO_LAYOUT(g_object_ref(layout)), markup_ok, size});
    bytes += size;
  }
};

Typesetter::Typesetter(const Fonts& fonts, size_t cache_bytes)
    : state_(std::make_unique<State>(fonts, cache_bytes)) {}

Typesetter::~Typesetter() = default;

TextExtent Typesetter::measure(const std::string& text, const TextStyle& style, double wrap) const {
  TextExtent e;
  PangoLayout* layout = state_->set(text, style, wrap, &e.markup_ok);
  PangoRectangle logical;
  pango_layout_get_extents(layout, nullptr, &logical);
  e.width = static_cast<double>(logical.width) / PANGO_SCALE;
  e.height = static_cast<double>(logical.height) / PANGO_SCALE;
  e.lines = pango_layout_get_line_count(layout);
  // Pango counts in 1/1024 pt in an int: past about two million points (thousands of
  // lines of huge type) its extents wrap around and could read as fitting. Such text fits
  // no card or page, so a rough height that says so is enough.
  const double rough = e.lines * style.size * std::max(1.0, style.line_spacing) * 1.5;
  if (rough > 1e6 || e.height < 0) e.height = std::max(e.height, rough);
  if (e.width < 0) e.width = 1e6;
  // A word too long for the box is broken mid-word (WORD_CHAR); that is overflow only if
  // the lines still do not fit, which the height check catches.
  return e;
}

std::vector<double> Typesetter::line_heights(const std::string& text, const TextStyle& style,
                                             double wrap) const {
  bool ok = true;
  PangoLayout* layout = state_->set(text, style, wrap, &ok);
  std::vector<double> out;
  PangoLayoutIter* it = pango_layout_get_iter(layout);
  do {
    int y0 = 0, y1 = 0;
    pango_layout_iter_get_line_yrange(it, &y0, &y1);
    out.push_back(static_cast<double>(y1 - y0) / PANGO_SCALE);
  } while (pango_layout_iter_next_line(it));
  pango_layout_iter_free(it);
  return out;
}

std::vector<FontIssue> Typesetter::font_issues(const std::string& text, const TextStyle& style,
                                               double wrap) const {
  bool ok = true;
  PangoLayout* layout = state_->set(text, style, wrap, &ok);  // kept: measured just before
  return state_->fonts.impl()->issues(layout, style, &state_->faces);
}

bool Typesetter::check_image(const std::string& path, std::string* err) const {
  return state_->images.get(path, err) != nullptr;
}

Typesetter::Stats Typesetter::stats() const { return state_->stats; }

void Typesetter::let_go() {
  state_->forget();
  state_->images.clear();
}

namespace {

// Card art shown more than once in one PDF (every back of a deck, a card printed in
// copies, cards whose fields draw alike) is drawn once, on a page of its own, and placed
// wherever it appears by output/ (PdfPieces). Arts are the same when their keys are
// (layout/art_key.h), never by address alone. Art shown once is drawn in place. Art an
// ArtBook holds is not drawn in the document at all: it is placed from the book.
class SharedArt {
 public:
  // Counts every art's uses over the document first, in page order (the same pages give
  // the same choices, whatever process draws them).
  SharedArt(const std::vector<PlannedPage>& pages, const ArtBook* book) {
    std::string key;
    for (const auto& page : pages)
      for (const auto& c : page.art.cards) {
        const size_t cls = classes_.add(c, &key);
        if (!key.empty()) {
          uses_.push_back(0);
          const auto in_book = book ? book->page_of.find(key) : decltype(book->page_of)::const_iterator{};
          book_page_.push_back(book && in_book != book->page_of.end() ? in_book->second : -1);
        }
        if (book_page_[cls] >= 0) {
          any_ = true;  // its images are drawn in the book, with it
          continue;
        }
        if (++uses_[cls] == 2) any_ = true;
        for (const auto& it : c.art->items)
          if (it.type == LayerType::Image && !is_png_name(it.image) && ++image_uses_[it.image] == 2) any_ = true;
      }
    classes_.done_adding();
    shared_index_.assign(uses_.size(), -1);
  }

  // The page of the ArtBook that holds the art of `c`, or -1 when the book does not.
  int in_book(const PageArt::CardOnPage& c) const {
    const int cls = classes_.find(c);
    return cls < 0 ? -1 : book_page_[static_cast<size_t>(cls)];
  }

  // Whether any art, or any SVG image in a card, is shown more than once.
  bool any() const { return any_; }

  // The number of the drawing of SVG image `path` (numbered with the shared arts, in order
  // of first use), or -1 if the document shows it only once.
  int image(const std::string& path, const ImageCache::Image* decoded) {
    auto it = image_uses_.find(path);
    if (it == image_uses_.end() || it->second < 2) return -1;
    auto [slot, fresh] = image_index_.try_emplace(path, static_cast<int>(first_.size()));
    if (fresh) first_.push_back({{}, decoded});
    return slot->second;
  }

  // The card-local size of the art of `c` (trim turned back upright, at scale 1).
  static std::pair<double, double> art_size(const PageArt::CardOnPage& c) { return ArtClasses::card_size(c); }

  // The number of the shared drawing that shows `c` (numbered in order of first use), or
  // -1 for art shown once.
  int shared(const PageArt::CardOnPage& c) {
    const int cls = classes_.find(c);
    if (cls < 0 || uses_[static_cast<size_t>(cls)] < 2 || book_page_[static_cast<size_t>(cls)] >= 0) return -1;
    int& k = shared_index_[static_cast<size_t>(cls)];
    if (k < 0) {
      k = static_cast<int>(first_.size());
      first_.push_back({c, nullptr});
    }
    return k;
  }

  // What each shared drawing is, by number: a card's art (its first placement) or an SVG
  // image.
  struct Drawing {
    PageArt::CardOnPage card;
    const ImageCache::Image* image = nullptr;
  };
  const std::vector<Drawing>& drawings() const { return first_; }

  // Past every edge of a shared drawing's page: a card size, far more than any bleed
  // (the placement's clip trims it).
  static double margin(double cw, double ch) { return std::max(cw, ch); }

 private:
  ArtClasses classes_;
  std::vector<int> uses_;          // by class (not counted for art in the book)
  std::vector<int> book_page_;     // by class: its page in the ArtBook, or -1
  std::vector<int> shared_index_;  // by class: its drawing's number, -1 until first placed
  std::vector<Drawing> first_;
  std::map<std::string, int> image_uses_, image_index_;
  bool any_ = false;
};

// A card's tilt about its trim centre (a back page turned to cancel a printer's duplex
// rotation), page space to page space; the identity when it has none. One matrix for
// drawing a card in place (apply_tilt) and for placing its shared drawing (place_ops).
cairo_matrix_t tilt_matrix(const PageArt::CardOnPage& c) {
  cairo_matrix_t m;
  cairo_matrix_init_identity(&m);
  if (c.tilt == 0) return m;
  const double cx = c.trim.x + c.trim.w / 2, cy = c.trim.y + c.trim.h / 2;
  cairo_matrix_translate(&m, cx, cy);
  cairo_matrix_rotate(&m, c.tilt * M_PI / 180.0);
  cairo_matrix_translate(&m, -cx, -cy);
  return m;
}

// Card-local space (points, y down, origin at the art's top-left corner) to page space
// before the tilt: the card's turn and scale about its trim centre. As tilt_matrix, one
// for Painter::card and place_ops.
cairo_matrix_t card_matrix(const PageArt::CardOnPage& c) {
  const auto [cw, ch] = SharedArt::art_size(c);
  cairo_matrix_t m;
  cairo_matrix_init_translate(&m, c.trim.x + c.trim.w / 2, c.trim.y + c.trim.h / 2);
  cairo_matrix_rotate(&m, c.rotation * M_PI / 180.0);
  cairo_matrix_scale(&m, c.scale, c.scale);
  cairo_matrix_translate(&m, -cw / 2, -ch / 2);
  return m;
}

// Turns cr by a card's tilt (tilt_matrix).
void apply_tilt(cairo_t* cr, const PageArt::CardOnPage& c) {
  if (c.tilt == 0) return;
  const cairo_matrix_t m = tilt_matrix(c);
  cairo_transform(cr, &m);
}

// A box in device space (page points, y down), for telling whether two drawings can meet.
struct DeviceBox {
  double x0 = 0, y0 = 0, x1 = 0, y1 = 0;
  bool meets(const DeviceBox& o) const { return x0 < o.x1 && o.x0 < x1 && y0 < o.y1 && o.y0 < y1; }
};

DeviceBox box_of(const std::vector<Point>& pts) {
  DeviceBox b{1e300, 1e300, -1e300, -1e300};
  for (const Point& p : pts) {
    b.x0 = std::min(b.x0, p.x);
    b.y0 = std::min(b.y0, p.y);
    b.x1 = std::max(b.x1, p.x);
    b.y1 = std::max(b.y1, p.y);
  }
  return b;
}

// The corners of `r` grown by `grow` on every side, turned `rotate` degrees about the
// centre of `about` (an item turns about its box's centre), in device space under cr's
// current transform.
std::vector<Point> device_corners(cairo_t* cr, const Rect& r, double grow = 0, int rotate = 0,
                                  const Rect* about = nullptr) {
  const Rect& c = about ? *about : r;
  const double cx = c.x + c.w / 2, cy = c.y + c.h / 2;
  const double a = rotate * M_PI / 180.0, ca = std::cos(a), sa = std::sin(a);
  std::vector<Point> out;
  for (const auto& [px, py] : {std::pair{r.x - grow, r.y - grow}, {r.right() + grow, r.y - grow},
                               {r.right() + grow, r.bottom() + grow}, {r.x - grow, r.bottom() + grow}}) {
    const double dx = px - cx, dy = py - cy;
    double x = cx + dx * ca - dy * sa, y = cy + dx * sa + dy * ca;
    cairo_user_to_device(cr, &x, &y);
    out.push_back({x, y});
  }
  return out;
}

// An SVG image of a card held back from the page's run: output/ places its one drawing
// after the run (PdfPieces), unless something drawn later on the page could meet it,
// which then has it painted in place first. Cairo 1.16 analyses an SVG's recording
// again at every placement: for a map on every card that was half of a deck's drawing.
struct HeldImage {
  int drawing = -1;
  const ImageCache::Image* decoded = nullptr;
  std::vector<Point> bleed, box;       // its clips, device space
  cairo_matrix_t m;                    // image space to device space
  DeviceBox reach;                     // where it can paint
};

// The SVG pictures of cards a page holds back (HeldImage), and when to paint one in
// place after all. Works on the page's cairo_t; device space throughout.
struct HeldImages {
  cairo_t* cr;
  SharedArt* shared = nullptr;     // drawing in pieces: SVG images of cards may be held
  std::vector<HeldImage> held;     // held so far on this page, in drawing order
  std::vector<Point> card_bleed;   // the card being drawn: its bleed, device space (empty:
                                   // not a card, or a round one: its images are not held)

  // Paints now, in drawing order, each held image that something about to be drawn at
  // `b` could meet, and each held before one of those that could meet it (they keep
  // their order); drawn now, each is still under whatever it was under. The rest stay
  // held: placed after the page, they meet nothing drawn after them. True if it painted.
  bool before(const DeviceBox& b) {
    std::vector<bool> now(held.size());
    bool any = false;
    for (size_t i = 0; i < held.size(); ++i) any |= now[i] = held[i].reach.meets(b);
    if (!any) return false;
    for (size_t j = held.size(); j-- > 0;)
      if (now[j])
        for (size_t i = 0; i < j; ++i) now[i] = now[i] || held[i].reach.meets(held[j].reach);
    std::vector<HeldImage> keep;
    for (size_t i = 0; i < held.size(); ++i) {
      if (now[i])
        paint_held(held[i]);
      else
        keep.push_back(std::move(held[i]));
    }
    held = std::move(keep);
    return true;
  }

  void polygon(const std::vector<Point>& pts) {
    cairo_move_to(cr, pts[0].x, pts[0].y);
    for (size_t i = 1; i < pts.size(); ++i) cairo_line_to(cr, pts[i].x, pts[i].y);
    cairo_close_path(cr);
  }

  void paint_held(const HeldImage& h) {
    cairo_save(cr);
    cairo_identity_matrix(cr);
    cairo_reset_clip(cr);
    polygon(h.bleed);
    cairo_clip(cr);
    polygon(h.box);
    cairo_clip(cr);
    cairo_set_matrix(cr, &h.m);
    cairo_set_source_surface(cr, h.decoded->surface, 0, 0);
    cairo_paint(cr);
    cairo_restore(cr);
  }

  // Where a card placed on the page paints: its bleed (turned by its tilt), device space.
  DeviceBox bleed_reach(const PageArt::CardOnPage& c) {
    cairo_save(cr);
    apply_tilt(cr, c);
    const DeviceBox b = box_of(device_corners(cr, c.bleed));
    cairo_restore(cr);
    return b;
  }

  // Cut guides and registration marks are drawn last: held images they could meet are
  // painted before them, each guide looked at on its own (the cut lines of a sheet span
  // it; their box would take in every card).
  void before_guides(const PageArt& art) {
    for (const auto& g : art.cuts)
      if (!held.empty())
        before({std::min(g.x1, g.x2) - 1, std::min(g.y1, g.y2) - 1, std::max(g.x1, g.x2) + 1,
                std::max(g.y1, g.y2) + 1});
    for (const auto& c : art.circles)
      if (!held.empty()) before({c.cx - c.r - 1, c.cy - c.r - 1, c.cx + c.r + 1, c.cy + c.r + 1});
    for (const auto& r : art.registration) {
      if (held.empty() || r.points.empty()) continue;
      DeviceBox b = box_of(r.points);
      before({b.x0 - r.stroke - 1, b.y0 - r.stroke - 1, b.x1 + r.stroke + 1, b.y1 + r.stroke + 1});
    }
  }
};

struct Painter {
  cairo_t* cr;
  Typesetter::State& ts;
  std::string err;
  HeldImages hold;  // drawing in pieces: SVG pictures of cards held back from the page

  // Where `it` can paint, in device space, with a point to spare: a shape's box and half
  // its stroke; a text's ink as set (accents, tails and overhangs included, wherever the
  // text runs); the lines of a paragraph split across pages, a line's height past the box.
  DeviceBox reach_of(const ArtItem& it) {
    Rect r = it.box;
    double grow = it.stroke_width / 2 + 1;
    if (it.type == LayerType::Text && it.line_count == 0) {
      bool markup_ok = true;
      PangoLayout* layout = ts.set(it.text, it.style, it.box.w, &markup_ok);
      PangoRectangle ink, logical;
      pango_layout_get_extents(layout, &ink, &logical);
      double y = it.box.y;  // as text() places it
      const double h = double(logical.height) / PANGO_SCALE;
      if (it.valign == VAlign::Middle) y += (it.box.h - h) / 2;
      if (it.valign == VAlign::Bottom) y += it.box.h - h;
      r = {it.box.x + double(ink.x) / PANGO_SCALE, y + double(ink.y) / PANGO_SCALE, double(ink.width) / PANGO_SCALE,
           double(ink.height) / PANGO_SCALE};
      grow = 1;
    } else if (it.type == LayerType::Text) {
      grow = it.style.size * it.style.line_spacing * 2 + 1;
    }
    return box_of(device_corners(cr, r, grow, it.rotate, &it.box));
  }

  // An item of a card or of the page, after whatever held image it could meet.
  void item_in_order(const ArtItem& it) {
    if (!hold.held.empty()) hold.before(reach_of(it));
    item(it);
  }

  void item(const ArtItem& it) {
    if (it.rotate) {
      cairo_save(cr);
      const double cx = it.box.x + it.box.w / 2, cy = it.box.y + it.box.h / 2;
      cairo_translate(cr, cx, cy);
      cairo_rotate(cr, it.rotate * M_PI / 180.0);
      cairo_translate(cr, -cx, -cy);
      ArtItem upright = it;
      upright.rotate = 0;
      item(upright);
      cairo_restore(cr);
      return;
    }
    switch (it.type) {
      case LayerType::Rect:
        rounded_rect(cr, it.box, it.radius);
        fill_and_stroke(cr, it);
        break;
      case LayerType::Ellipse:
        cairo_save(cr);
        cairo_translate(cr, it.box.x + it.box.w / 2, it.box.y + it.box.h / 2);
        cairo_scale(cr, it.box.w / 2, it.box.h / 2);
        cairo_arc(cr, 0, 0, 1, 0, 2 * M_PI);
        cairo_restore(cr);
        fill_and_stroke(cr, it);
        break;
      case LayerType::Line:
        if (it.stroke.none || it.stroke_width <= 0) break;
        cairo_move_to(cr, it.box.x, it.box.y);
        cairo_line_to(cr, it.box.right(), it.box.bottom());
        set_color(cr, it.stroke);
        cairo_set_line_width(cr, it.stroke_width);
        cairo_stroke(cr);
        break;
      case LayerType::Text: text(it); break;
      case LayerType::Image: image(it); break;
    }
  }

  // The text is drawn with the cairo_t's transform (rotation, preview scale) applied to
  // the layout as measured, unhinted: the glyphs land where measure() put them.
  void text(const ArtItem& it) {
    bool markup_ok = true;
    PangoLayout* layout = ts.set(it.text, it.style, it.box.w, &markup_ok);
    if (it.line_count > 0) {
      fragment(it, layout);
      return;
    }
    PangoRectangle logical;
    pango_layout_get_extents(layout, nullptr, &logical);
    const double h = double(logical.height) / PANGO_SCALE;
    double y = it.box.y;
    if (it.valign == VAlign::Middle) y += (it.box.h - h) / 2;
    if (it.valign == VAlign::Bottom) y += it.box.h - h;
    set_color(cr, it.color);
    cairo_move_to(cr, it.box.x, y);
    pango_cairo_show_layout(cr, layout);
    cairo_new_path(cr);
  }

  // Lines [first_line, first_line + line_count) of a paragraph split across pages: the
  // whole paragraph is set (so breaks and justification match the measure) and only those
  // lines are drawn, so the PDF holds no hidden copy of the other lines.
  void fragment(const ArtItem& it, PangoLayout* layout) {
    PangoLayoutIter* iter = pango_layout_get_iter(layout);
    int line = 0, top = 0;
    set_color(cr, it.color);
    do {
      if (line == it.first_line) {
        int y0 = 0, y1 = 0;
        pango_layout_iter_get_line_yrange(iter, &y0, &y1);
        top = y0;
      }
      if (line >= it.first_line && line < it.first_line + it.line_count) {
        PangoRectangle logical;
        pango_layout_iter_get_line_extents(iter, nullptr, &logical);
        const int baseline = pango_layout_iter_get_baseline(iter);
        cairo_move_to(cr, it.box.x + double(logical.x) / PANGO_SCALE,
                      it.box.y + double(baseline - top) / PANGO_SCALE);
        pango_cairo_show_layout_line(cr, pango_layout_iter_get_line_readonly(iter));
      }
      ++line;
    } while (pango_layout_iter_next_line(iter));
    pango_layout_iter_free(iter);
    cairo_new_path(cr);
  }

  void image(const ArtItem& it) {
    std::string why;
    const ImageCache::Image* img = ts.images.get(it.image, &why);
    if (!img) {
      err = "image '" + it.image + "' " + why;
      return;
    }
    double sx = it.box.w / img->w, sy = it.box.h / img->h;
    if (it.fit == Fit::Contain) sx = sy = std::min(sx, sy);
    if (it.fit == Fit::Cover) sx = sy = std::max(sx, sy);
    const int drawing = hold.shared && !hold.card_bleed.empty() && cairo_surface_get_type(img->surface) ==
                                                            CAIRO_SURFACE_TYPE_RECORDING
                            ? hold.shared->image(it.image, img)
                            : -1;
    std::vector<Point> box;
    if (drawing >= 0) box = device_corners(cr, it.box);
    cairo_save(cr);
    cairo_rectangle(cr, it.box.x, it.box.y, it.box.w, it.box.h);
    cairo_clip(cr);
    cairo_translate(cr, it.box.x + (it.box.w - img->w * sx) / 2,
                    it.box.y + (it.box.h - img->h * sy) / 2);
    cairo_scale(cr, sx, sy);
    if (drawing >= 0) {
      HeldImage h{drawing, img, hold.card_bleed, box, {}, {}};
      cairo_get_matrix(cr, &h.m);
      const DeviceBox a = box_of(hold.card_bleed), b = box_of(box);
      h.reach = {std::max(a.x0, b.x0), std::max(a.y0, b.y0), std::min(a.x1, b.x1), std::min(a.y1, b.y1)};
      hold.held.push_back(std::move(h));
    } else {
      cairo_set_source_surface(cr, img->surface, 0, 0);
      cairo_paint(cr);
    }
    cairo_restore(cr);
  }

  void card(const PageArt::CardOnPage& c) {
    const auto [cw, ch] = SharedArt::art_size(c);
    cairo_save(cr);
    apply_tilt(cr, c);
    if (!hold.held.empty() || hold.shared) {
      // Its background covers its bleed: held images there are painted first.
      std::vector<Point> bleed;
      if (c.shape == Shape::Hex) {
        for (Point q : hex_corners(c.bleed)) {
          cairo_user_to_device(cr, &q.x, &q.y);
          bleed.push_back(q);
        }
      } else {
        bleed = device_corners(cr, c.bleed);
      }
      if (!hold.held.empty()) hold.before(box_of(bleed));
      if (c.shape != Shape::Circle) hold.card_bleed = bleed;
    }
    if (c.shape == Shape::Hex) {
      const auto pts = hex_corners(c.bleed);
      cairo_move_to(cr, pts[0].x, pts[0].y);
      for (size_t i = 1; i < pts.size(); ++i) cairo_line_to(cr, pts[i].x, pts[i].y);
      cairo_close_path(cr);
    } else if (c.shape == Shape::Circle) {
      cairo_arc(cr, c.bleed.x + c.bleed.w / 2, c.bleed.y + c.bleed.h / 2,
                std::min(c.bleed.w, c.bleed.h) / 2, 0, 2 * M_PI);
    } else {
      cairo_rectangle(cr, c.bleed.x, c.bleed.y, c.bleed.w, c.bleed.h);
    }
    cairo_clip(cr);
    const cairo_matrix_t to_card = card_matrix(c);
    cairo_transform(cr, &to_card);
    const double m = std::max(c.bleed.w, c.bleed.h);  // the clip trims it to the bleed
    art(*c.art, Rect{-m, -m, cw + 2 * m, ch + 2 * m});
    hold.card_bleed.clear();
    cairo_restore(cr);
  }

  // A card's art in card-local points, its background filling `cover`.
  void art(const CardArt& a, const Rect& cover) {
    if (!a.background.none) {
      set_color(cr, a.background);
      cairo_rectangle(cr, cover.x, cover.y, cover.w, cover.h);
      cairo_fill(cr);
    }
    for (const auto& it : a.items) item_in_order(it);
  }

  // Registration marks in solid black, their corners mitred: a cutter's sensor looks
  // for their edges.
  void registration(const std::vector<RegMark>& marks) {
    if (marks.empty()) return;
    cairo_save(cr);
    cairo_set_source_rgb(cr, 0, 0, 0);
    cairo_set_line_join(cr, CAIRO_LINE_JOIN_MITER);
    cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT);
    for (const RegMark& m : marks) {
      if (m.points.empty()) continue;
      cairo_move_to(cr, m.points[0].x, m.points[0].y);
      for (size_t i = 1; i < m.points.size(); ++i) cairo_line_to(cr, m.points[i].x, m.points[i].y);
      if (m.closed) cairo_close_path(cr);
      if (m.filled) {
        cairo_fill(cr);
      } else {
        cairo_set_line_width(cr, m.stroke);
        cairo_stroke(cr);
      }
    }
    cairo_restore(cr);
  }

  // Everything on one page, in drawing order.
  void page(const PageArt& art) {
    for (const auto& it : art.underlay) item(it);
    for (const auto& c : art.cards) card(c);
    for (const auto& it : art.items) item(it);
    cuts(art.cuts, art.circles);
    registration(art.registration);
  }

  void cuts(const std::vector<CutSegment>& segs, const std::vector<CutCircle>& circles) {
    cairo_save(cr);
    cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT);
    for (const auto& c : circles) {
      cairo_new_sub_path(cr);
      cairo_arc(cr, c.cx, c.cy, c.r, 0, 2 * M_PI);
    }
    if (!circles.empty()) {
      cairo_set_source_rgb(cr, 0.35, 0.35, 0.35);
      cairo_set_line_width(cr, 0.5);
      cairo_stroke(cr);
    }
    for (CutKind kind : {CutKind::Line, CutKind::Mark, CutKind::Fold}) {
      bool any = false;
      for (const auto& s : segs) {
        if (s.kind != kind) continue;
        cairo_move_to(cr, s.x1, s.y1);
        cairo_line_to(cr, s.x2, s.y2);
        any = true;
      }
      if (!any) continue;
      if (kind == CutKind::Line) {
        cairo_set_source_rgb(cr, 0.55, 0.55, 0.55);
        cairo_set_line_width(cr, 0.35);
      } else if (kind == CutKind::Fold) {
        const double dash[] = {3, 2};
        cairo_set_dash(cr, dash, 2, 0);
        cairo_set_source_rgb(cr, 0.3, 0.3, 0.3);
        cairo_set_line_width(cr, 0.5);
        cairo_stroke(cr);
        cairo_set_dash(cr, nullptr, 0, 0);
        continue;
      } else {
        cairo_set_source_rgb(cr, 0, 0, 0);
        cairo_set_line_width(cr, 0.5);
      }
      cairo_stroke(cr);
    }
    cairo_restore(cr);
  }
};

}  // namespace

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

// The art of `c` alone on the current page, sized to it: its card plus the margin each
// side (SharedArt::margin), as place_ops expects a shared drawing's page to be.
void draw_alone(cairo_t* cr, cairo_surface_t* surface, Painter& p, const PageArt::CardOnPage& c) {
  const auto [cw, ch] = SharedArt::art_size(c);
  const double m = SharedArt::margin(cw, ch);
  cairo_pdf_surface_set_size(surface, cw + 2 * m, ch + 2 * m);
  cairo_save(cr);
  cairo_translate(cr, m, m);
  p.art(*c.art, Rect{-m, -m, cw + 2 * m, ch + 2 * m});
  cairo_restore(cr);
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
  }
  for (const auto& drawing : shared.drawings()) {
    if (const ImageCache::Image* img = drawing.image) {
      cairo_pdf_surface_set_size(surface, img->w, img->h);
      cairo_set_source_surface(cr, img->surface, 0, 0);
      cairo_paint(cr);
    } else {
      draw_alone(cr, surface, p, drawing.card);
    }
    cairo_show_page(cr);
    pieces->art_pages.push_back(drawn++);
  }
}

// Ends a PDF drawn by `p` on `cr`: destroys both, the surface finished. False with *err
// set to what the painter met, or else to `failed` and Cairo's reason.
bool finish_drawing(cairo_t* cr, cairo_surface_t* surface, const Painter& p, const std::string& failed,
                    std::string* err) {
  cairo_destroy(cr);
  cairo_surface_finish(surface);
  const cairo_status_t st = cairo_surface_status(surface);
  cairo_surface_destroy(surface);
  if (!p.err.empty()) {
    *err = p.err;
    return false;
  }
  if (st != CAIRO_STATUS_SUCCESS) {
    *err = failed + ": " + cairo_status_to_string(st);
    return false;
  }
  return true;
}

// Draws `pages` on `surface` (a new PDF surface) and finishes it; `where` names the
// output in messages. With `pieces`, shared art is drawn once (draw_pieces). Destroys
// the surface.
bool draw_pdf(cairo_surface_t* surface, const std::string& where, const PdfInfo& info,
              const std::vector<PlannedPage>& pages, const Typesetter& ts, std::string* err,
              PdfPieces* pieces = nullptr, const ArtBook* book = nullptr) {
  if (cairo_surface_status(surface) != CAIRO_STATUS_SUCCESS) {
    *err = "cannot create '" + where + "': " + cairo_status_to_string(cairo_surface_status(surface));
    cairo_surface_destroy(surface);
    return false;
  }
  cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_TITLE, info.title.c_str());
  cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATOR, info.creator.c_str());
  cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATE_DATE, info.date.c_str());
  cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_MOD_DATE, info.date.c_str());
  cairo_t* cr = cairo_create(surface);
  cairo_set_font_options(cr, ts.state()->fonts.impl()->options);
  Painter p{cr, *ts.state(), {}, {cr}};
  if (pieces) *pieces = PdfPieces{};
  std::optional<SharedArt> shared;
  if (pieces) shared.emplace(pages, book);
  if (shared && shared->any()) {
    p.hold.shared = &*shared;
    draw_pieces(cr, surface, info, pages, p, *shared, pieces);
  } else {
    double w = info.width, h = info.height;
    for (const auto& planned : pages) {
      next_page_size(surface, planned, &w, &h);
      p.page(planned.art);
      cairo_show_page(cr);
    }
  }
  return finish_drawing(cr, surface, p, "cannot write '" + where + "'", err);
}

cairo_status_t append_bytes(void* to, const unsigned char* data, unsigned int n) {
  static_cast<std::string*>(to)->append(reinterpret_cast<const char*>(data), n);
  return CAIRO_STATUS_SUCCESS;
}

// Encodes Cairo's RGB24 pixels (0xXXRRGGBB words in native order) as an 8-bit RGB PNG
// with `dpi` in its pHYs chunk. libpng directly rather than Cairo's PNG writer: Cairo
// lets libpng try every row filter on every row and says nothing of resolution, and
// that filter search was most of the time of a 300 dpi card; one filter (Up: the card's
// rows resemble their neighbours) and zlib's default level give files within a few
// percent as small at a fraction of the time. Same pixels, same bytes.
struct PngSink {
  std::string* out;
  static void write(png_structp png, png_bytep data, png_size_t n) {
    static_cast<PngSink*>(png_get_io_ptr(png))->out->append(reinterpret_cast<const char*>(data), n);
  }
  static void flush(png_structp) {}
};

bool encode_png(cairo_surface_t* surface, double dpi, std::string* out, std::string* err) {
  const int w = cairo_image_surface_get_width(surface), h = cairo_image_surface_get_height(surface);
  const int stride = cairo_image_surface_get_stride(surface);
  const unsigned char* data = cairo_image_surface_get_data(surface);
  png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, nullptr, nullptr, nullptr);
  png_infop info = png ? png_create_info_struct(png) : nullptr;
  if (!info) {
    png_destroy_write_struct(&png, nullptr);
    *err = "cannot encode the image: out of memory";
    return false;
  }
  PngSink sink{out};
  std::vector<unsigned char> row(static_cast<size_t>(w) * 3);
  if (setjmp(png_jmpbuf(png))) {  // libpng reports its errors by longjmp
    png_destroy_write_struct(&png, &info);
    *err = "cannot encode the image";
    return false;
  }
  png_set_write_fn(png, &sink, &PngSink::write, &PngSink::flush);
  png_set_IHDR(png, info, static_cast<png_uint_32>(w), static_cast<png_uint_32>(h), 8, PNG_COLOR_TYPE_RGB,
               PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
  const auto ppm = static_cast<png_uint_32>(std::lround(dpi / 0.0254));  // pixels a metre
  png_set_pHYs(png, info, ppm, ppm, PNG_RESOLUTION_METER);
  png_set_filter(png, PNG_FILTER_TYPE_BASE, PNG_FILTER_UP);
  png_write_info(png, info);
  for (int y = 0; y < h; ++y) {
    const auto* px = reinterpret_cast<const std::uint32_t*>(data + static_cast<size_t>(y) * stride);
    for (int x = 0; x < w; ++x) {
      row[3 * x] = static_cast<unsigned char>(px[x] >> 16);
      row[3 * x + 1] = static_cast<unsigned char>(px[x] >> 8);
      row[3 * x + 2] = static_cast<unsigned char>(px[x]);
    }
    png_write_row(png, row.data());
  }
  png_write_end(png, nullptr);
  png_destroy_write_struct(&png, &info);
  return true;
}

}  // namespace

bool render_png(const PlannedPage& page, int width, int height, double dpi, const Typesetter& ts,
                std::string* png, std::string* err) {
  png->clear();
  if (width < 1 || height < 1 || page.width <= 0 || page.height <= 0) {
    *err = "cannot draw an image of " + std::to_string(width) + " x " + std::to_string(height) + " pixels";
    return false;
  }
  // RGB24: opaque, so Cairo writes an RGB PNG (print shops and Tabletop Simulator want no
  // alpha); white first, as paper would be.
  cairo_surface_t* surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, width, height);
  if (cairo_surface_status(surface) != CAIRO_STATUS_SUCCESS) {
    *err = std::string("cannot make an image of ") + std::to_string(width) + " x " + std::to_string(height) +
           " pixels: " + cairo_status_to_string(cairo_surface_status(surface));
    cairo_surface_destroy(surface);
    return false;
  }
  cairo_t* cr = cairo_create(surface);
  cairo_set_source_rgb(cr, 1, 1, 1);
  cairo_paint(cr);
  cairo_scale(cr, width / page.width, height / page.height);
  cairo_set_font_options(cr, ts.state()->fonts.impl()->options);
  Painter p{cr, *ts.state(), {}, {cr}};
  p.page(page.art);
  cairo_destroy(cr);
  cairo_surface_flush(surface);
  const bool ok = p.err.empty() && encode_png(surface, dpi, png, err);
  cairo_surface_destroy(surface);
  if (!p.err.empty()) *err = p.err;
  return ok;
}

bool render_pdf(const std::string& path, const PdfInfo& info, const std::vector<PlannedPage>& pages,
                const Typesetter& ts, std::string* err) {
  return draw_pdf(cairo_pdf_surface_create(path.c_str(), info.width, info.height), path, info, pages, ts, err);
}

bool render_pdf_bytes(std::string* bytes, const PdfInfo& info, const std::vector<PlannedPage>& pages,
                      const Typesetter& ts, std::string* err, PdfPieces* pieces, const ArtBook* book) {
  bytes->clear();
  return draw_pdf(cairo_pdf_surface_create_for_stream(append_bytes, bytes, info.width, info.height), info.title,
                  info, pages, ts, err, pieces, book);
}

bool render_art_book(ArtBook* book, const std::vector<const std::vector<PlannedPage>*>& outputs,
                     const Typesetter& ts, std::string* err) {
  book->bytes.clear();
  book->page_of.clear();
  // A book only when every output shows each of its arts more than once: each output
  // would then draw every card once, on a page of its own (SharedArt), and placing those
  // pages from the book instead changes nothing in the file but who drew them. A card an
  // output shows once is drawn in place, among its neighbours; from a book it would be a
  // form compressed alone (a third larger), its page would cost Cairo what two or three
  // cards drawn in place do, and the text drawn in place beside it would embed a second
  // subset of each font the book's forms bring.
  ArtClasses classes;
  std::vector<const PageArt::CardOnPage*> firsts;  // by number: the first card showing it
  std::vector<std::string> keys;                   // by number
  std::string key;
  for (const auto* pages : outputs) {
    std::vector<int> uses;
    for (const auto& page : *pages)
      for (const auto& c : page.art.cards) {
        const size_t k = classes.add(c, &key);
        if (!key.empty()) {
          firsts.push_back(&c);
          keys.push_back(std::move(key));
        }
        if (uses.size() <= k) uses.resize(classes.size(), 0);
        ++uses[k];
      }
    if (std::count(uses.begin(), uses.end(), 1) > 0) return true;  // shown once: no book
  }
  if (firsts.empty()) return true;
  for (size_t k = 0; k < keys.size(); ++k) book->page_of.emplace(std::move(keys[k]), static_cast<int>(k));
  // Nothing in the book is read but its pages' content and resources: no title or dates.
  cairo_surface_t* surface = cairo_pdf_surface_create_for_stream(append_bytes, &book->bytes, 100, 100);
  if (cairo_surface_status(surface) != CAIRO_STATUS_SUCCESS) {
    *err = std::string("cannot draw the shared card art: ") + cairo_status_to_string(cairo_surface_status(surface));
    cairo_surface_destroy(surface);
    return false;
  }
  cairo_t* cr = cairo_create(surface);
  cairo_set_font_options(cr, ts.state()->fonts.impl()->options);
  Painter p{cr, *ts.state(), {}, {cr}};
  for (const auto* c : firsts) {
    draw_alone(cr, surface, p, *c);
    cairo_show_page(cr);
  }
  return finish_drawing(cr, surface, p, "cannot draw the shared card art", err);
}

}  // namespace cardstock
