// Loading the private font set, and telling which of its fonts drew a text (FontIssue).
#include "render/fonts.h"

#include <algorithm>
#include <filesystem>

#include "render/fonts_impl.h"

namespace cardstock {

Fonts::Fonts(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
Fonts::~Fonts() = default;

namespace {

// Every family a family's `fallbacks` names is one of the set.
bool fallbacks_known(const FontSet& set, const Mark& where, Diagnostics& d) {
  std::vector<std::string> names;
  for (const auto& fam : set.families) names.push_back(fam.family);
  bool ok = true;
  for (const auto& fam : set.families)
    for (const auto& name : fam.fallbacks)
      if (!set.has(name)) {
        const Mark& m = fam.fallbacks_mark.line > 0 ? fam.fallbacks_mark : fam.mark.line > 0 ? fam.mark : where;
        d.error(m, "'" + fam.family + "' falls back to '" + name + "', which is not a family of the font set" +
                       did_you_mean(name, names));
        ok = false;
      }
  return ok;
}

}  // namespace

std::unique_ptr<Fonts> Fonts::load(const FontSet& set, const Mark& where, Diagnostics& d) {
  FcConfigPtr config(FcConfigCreate());
  FcConfig* cfg = config.get();
  bool ok = true;
  for (const auto& fam : set.families)
    for (const auto& file : fam.files)
      if (!FcConfigAppFontAddFile(cfg, reinterpret_cast<const FcChar8*>(file.c_str()))) {
        // The package is the advice only for a file that is not there (a system font).
        std::error_code ec;
        const bool missing = !std::filesystem::exists(file, ec);
        d.error(fam.mark.line > 0 ? fam.mark : where,
                "font file '" + file + "' of '" + fam.family + "' cannot be loaded" +
                    (fam.package.empty() || !missing ? "" : " (install Debian package " + fam.package + ")"));
        ok = false;
      }
  if (!ok) return nullptr;
  // Made fontconfig's current set: Pango starts a thread that initialises fontconfig
  // (FcInit) when a font map is made, which would read the system's configuration and
  // scan the system's fonts (tens of milliseconds a process) that no text of ours uses.
  // With a current set FcInit has nothing to do; our font maps name this set anyway.
  FcConfigSetCurrent(cfg);
  auto impl = std::make_unique<Impl>();
  impl->config = std::move(config);  // font maps made from it take their own references
  // What each family's files hold: their coverage, for telling which characters a family
  // lacks; and their family name, which must be the one designs use, or Pango would set
  // every text of that family in some other font.
  FcFontSet* faces = FcConfigGetFonts(cfg, FcSetApplication);
  const TypeClassPtr scripts(static_cast<GEnumClass*>(g_type_class_ref(G_TYPE_UNICODE_SCRIPT)));
  GEnumClass* script_enum = scripts.get();
  for (const auto& fam : set.families) {
    Impl::Family f{fam.family, fam.scripts, fam.fallback_for, fam.fallbacks, {}};
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
  ok = fallbacks_known(set, where, d) && ok;
  if (!ok) return nullptr;
  impl->options.reset(cairo_font_options_create());
  cairo_font_options_set_hint_style(impl->options.get(), CAIRO_HINT_STYLE_NONE);
  cairo_font_options_set_hint_metrics(impl->options.get(), CAIRO_HINT_METRICS_OFF);
  cairo_font_options_set_antialias(impl->options.get(), CAIRO_ANTIALIAS_GRAY);
  return std::unique_ptr<Fonts>(new Fonts(std::move(impl)));
}

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

// What a run asked for: the style's font with the markup's attributes over it.
FontDescPtr asked_font(const PangoItem* item, PangoAttrList* attrs, const TextStyle& st) {
  FontDescPtr owned(pango_font_description_new());
  PangoFontDescription* want = owned.get();
  pango_font_description_set_family(want, st.font.c_str());
  pango_font_description_set_weight(want, st.bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL);
  pango_font_description_set_style(want, st.italic ? PANGO_STYLE_ITALIC : PANGO_STYLE_NORMAL);
  if (attrs) {
    const AttrIterPtr iter(pango_attr_list_get_iterator(attrs));
    PangoAttrIterator* ai = iter.get();
    do {
      int a = 0, b = 0;
      pango_attr_iterator_range(ai, &a, &b);
      if (item->offset >= a && item->offset < b) {
        pango_attr_iterator_get_font(ai, want, nullptr, nullptr);
        break;
      }
    } while (pango_attr_iterator_next(ai));
  }
  return owned;
}

// What `font` is, described once and kept in `faces`.
const Fonts::Impl::Face& face_of(PangoFont* font, Fonts::Impl::Faces* faces) {
  auto face = faces->of.find(font);
  if (face == faces->of.end()) {
    const FontDescPtr got(pango_font_describe(font));
    const char* name = pango_font_description_get_family(got.get());
    // The reference keeps the font alive, so its address cannot name another font later.
    faces->held.push_back(add_ref(font));
    face = faces->of.emplace(font, Fonts::Impl::Face{name ? name : "", pango_font_description_get_weight(got.get()),
                                                     pango_font_description_get_style(got.get())})
               .first;
  }
  return face->second;
}

// The Unicode script name (as fonts.yaml writes it) of `c` in `item`: a combining mark
// takes its run's script, and one still unknown counts as common.
std::string script_name(gunichar c, const PangoItem* item) {
  GUnicodeScript script = g_unichar_get_script(c);
  if (script == G_UNICODE_SCRIPT_INHERITED) script = static_cast<GUnicodeScript>(item->analysis.script);
  if (script == G_UNICODE_SCRIPT_INHERITED || script == G_UNICODE_SCRIPT_UNKNOWN) script = G_UNICODE_SCRIPT_COMMON;
  const TypeClassPtr e(static_cast<GEnumClass*>(g_type_class_ref(G_TYPE_UNICODE_SCRIPT)));
  const GEnumValue* v = g_enum_get_value(e.get(), script);
  return v ? v->value_nick : "common";
}

}  // namespace

// Which font drew each character, run by run. Pango falls back, per character, to any
// font of the private set that has it; that is reported unless the family asked for has
// the character anyway (Pango keeps punctuation in its neighbours' run), or the family
// that drew it is declared in templates/fonts.yaml to draw that script for others (data,
// not code: Hebrew words inside English text). A character no font has is drawn as an
// empty box. A run drawn in the family asked for but upright or regular where italic or
// bold was asked means the family has no such face.
std::vector<FontIssue> Fonts::Impl::issues(PangoLayout* layout, const TextStyle& st, Faces* faces) const {
  std::vector<FontIssue> out;
  const char* text = pango_layout_get_text(layout);
  PangoAttrList* attrs = pango_layout_get_attributes(layout);  // markup's, if any
  const LayoutIterPtr it(pango_layout_get_iter(layout));
  do {
    const PangoLayoutRun* run = pango_layout_iter_get_run_readonly(it.get());
    if (run) run_issues(run, text, attrs, st, faces, out);  // no run: the end of a line
  } while (pango_layout_iter_next_run(it.get()));
  suggest_families(out);
  return out;
}

void Fonts::Impl::run_issues(const PangoLayoutRun* run, const char* text, PangoAttrList* attrs,
                             const TextStyle& st, Faces* faces, std::vector<FontIssue>& out) const {
  const PangoItem* item = run->item;
  const FontDescPtr asked_desc = asked_font(item, attrs, st);
  const PangoFontDescription* want = asked_desc.get();
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

}  // namespace cardstock
