// Icons in text: Pango shape attributes that carry their file's path, and their drawing.
#include "render/icons.h"

#include <algorithm>
#include <cmath>
#include <cstring>

namespace cardstock {

namespace {

// The shape attribute of an icon carries its file's path.
gpointer copy_icon_path(gconstpointer p) { return new std::string(*static_cast<const std::string*>(p)); }
void free_icon_path(gpointer p) { delete static_cast<std::string*>(p); }

}  // namespace

void add_icon_shapes(PangoLayout* layout, const TextStyle& st, ImageCache& images) {
  if (st.icons.empty()) return;
  const char* text = pango_layout_get_text(layout);
  const FontMetricsPtr fm(pango_context_get_metrics(pango_layout_get_context(layout),
                                                    pango_layout_get_font_description(layout), nullptr));
  const int ascent = pango_font_metrics_get_ascent(fm.get()), descent = pango_font_metrics_get_descent(fm.get());
  const int em = static_cast<int>(std::lround(std::max(st.size, 0.1) * PANGO_SCALE));
  const int bearing = em / 16;
  const PangoAttrList* had = pango_layout_get_attributes(layout);
  const AttrListPtr attrs(had ? pango_attr_list_copy(const_cast<PangoAttrList*>(had)) : pango_attr_list_new());
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
    pango_attr_list_insert(attrs.get(), a);  // the list owns it
  }
  pango_layout_set_attributes(layout, attrs.get());
}

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
  cairo_set_source_surface(cr, img->surface.get(), 0, 0);
  cairo_paint(cr);
  cairo_restore(cr);
}

}  // namespace cardstock
