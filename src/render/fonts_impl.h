// Inside render/: what a Fonts holds (the fontconfig set, the font options, each family's
// coverage) and how it tells which fonts drew a text (FontIssue).
#pragma once
#include <pango/pangofc-fontmap.h>

#include <algorithm>
#include <string>
#include <unordered_map>
#include <vector>

#include "layout/text_measure.h"
#include "render/fonts.h"
#include "render/handles.h"

namespace cardstock {

struct Fonts::Impl {
  FcConfigPtr config;
  FontOptionsPtr options;
  // templates/fonts.yaml's families with what fontconfig found in their files.
  struct Family {
    std::string name;
    std::vector<std::string> scripts, fallback_for;
    std::vector<std::string> fallbacks;  // drawing what it lacks first (checked to be families)
    std::vector<FcCharSet*> coverage;    // one per face; owned by `config`
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
  /// What a text asked to be set in `family` is set in: that family, then its own
  /// `fallbacks`, then every other family declared to draw a script for others
  /// (`fallback_for` other than `common`), in templates/fonts.yaml's order, as a Pango
  /// family list. Pango takes a character the first family lacks from the first of these
  /// that has it, so Arabic in English text is drawn by the family declared for Arabic,
  /// not whichever font of the set sorts first, and Hebrew in serif text by the serif one.
  std::string family_list(const std::string& family) const {
    std::vector<std::string> names{family};
    if (const Family* own = this->family(family.c_str()))
      names.insert(names.end(), own->fallbacks.begin(), own->fallbacks.end());
    for (const auto& f : families)
      if (std::any_of(f.fallback_for.begin(), f.fallback_for.end(), [](const std::string& s) { return s != "common"; }))
        names.push_back(f.name);
    std::string out;
    for (size_t i = 0; i < names.size(); ++i) {
      bool seen = false;
      for (size_t k = 0; k < i; ++k) seen = seen || g_ascii_strcasecmp(names[k].c_str(), names[i].c_str()) == 0;
      if (!seen) out += (out.empty() ? "" : ",") + names[i];
    }
    return out;
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
  // What fonts were found to be (their description is costly to build); fonts belong to
  // one font map, so each Typesetter keeps its own. The references keep the fonts alive,
  // so an address cannot name another font later.
  struct Faces {
    std::unordered_map<PangoFont*, Face> of;
    std::vector<GObjectPtr<PangoFont>> held;
  };
  std::vector<FontIssue> issues(PangoLayout* layout, const TextStyle& st, Faces* faces) const;
  /// Adds one run's issues to `out`: characters no font has, characters drawn by a
  /// family other than the one asked for, and a face the family lacks.
  void run_issues(const PangoLayoutRun* run, const char* text, PangoAttrList* attrs, const TextStyle& st,
                  Faces* faces, std::vector<FontIssue>& out) const;
  /// Adds a Fallback issue for each visible character of `item` the family asked for
  /// lacks (unless the family that drew it is declared for its script); returns whether
  /// the run has any visible character.
  bool fallback_issues(const PangoItem* item, const char* text, const std::string& want_family,
                       const char* got_family, bool same, std::vector<FontIssue>& out) const;
  /// Fills each Fallback issue's `suggest`: the families that have all its characters.
  void suggest_families(std::vector<FontIssue>& out) const;
  // A font map over the private font set, one per Typesetter (so per game).
  GObjectPtr<PangoFontMap> new_map() const {
    PangoFontMap* map = pango_cairo_font_map_new_for_font_type(CAIRO_FONT_TYPE_FT);
    pango_fc_font_map_set_config(PANGO_FC_FONT_MAP(map), config.get());
    pango_cairo_font_map_set_resolution(PANGO_CAIRO_FONT_MAP(map), 72.0);
    return GObjectPtr<PangoFontMap>(map);
  }
  // The context text is measured and drawn with: no hinting and an identity matrix, so
  // text widths do not depend on the page transform or resolution. It is never updated
  // from a cairo_t: that would set every kept layout again.
  GObjectPtr<PangoContext> new_context(PangoFontMap* map, PangoDirection dir) const {
    PangoContext* ctx = pango_font_map_create_context(map);
    pango_cairo_context_set_font_options(ctx, options.get());
    pango_context_set_base_dir(ctx, dir);
    // Unrounded positions for measuring and drawing alike: Pango rounds glyph positions
    // to whole units by default, which at 72 units an inch moves letters by up to half a
    // point and can make the drawn line differ from the measured one.
    pango_context_set_round_glyph_positions(ctx, FALSE);
    return GObjectPtr<PangoContext>(ctx);
  }
};

}  // namespace cardstock
