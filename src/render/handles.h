// Owning handles for Cairo, Pango, GLib, fontconfig and librsvg objects: std::unique_ptr
// with the library's own release function as deleter, so no code unrefs by hand.
#pragma once
#include <cairo.h>
#include <fontconfig/fontconfig.h>
#include <librsvg/rsvg.h>
#include <pango/pangocairo.h>

#include <memory>

namespace cardstock {

/// Calls `Release` on a non-null pointer.
template <auto Release>
struct Releaser {
  template <class T>
  void operator()(T* p) const {
    if (p) Release(p);
  }
};

using CairoPtr = std::unique_ptr<cairo_t, Releaser<cairo_destroy>>;
using SurfacePtr = std::unique_ptr<cairo_surface_t, Releaser<cairo_surface_destroy>>;
using FontOptionsPtr = std::unique_ptr<cairo_font_options_t, Releaser<cairo_font_options_destroy>>;
using FcConfigPtr = std::unique_ptr<FcConfig, Releaser<FcConfigDestroy>>;
using FontDescPtr = std::unique_ptr<PangoFontDescription, Releaser<pango_font_description_free>>;
using FontMetricsPtr = std::unique_ptr<PangoFontMetrics, Releaser<pango_font_metrics_unref>>;
using AttrListPtr = std::unique_ptr<PangoAttrList, Releaser<pango_attr_list_unref>>;
using AttrIterPtr = std::unique_ptr<PangoAttrIterator, Releaser<pango_attr_iterator_destroy>>;
using LayoutIterPtr = std::unique_ptr<PangoLayoutIter, Releaser<pango_layout_iter_free>>;
using GErrorPtr = std::unique_ptr<GError, Releaser<g_error_free>>;
using TypeClassPtr = std::unique_ptr<GEnumClass, Releaser<g_type_class_unref>>;

/// A reference to a GObject (PangoLayout, PangoContext, PangoFontMap, PangoFont,
/// RsvgHandle, GFile, GInputStream...), dropped with g_object_unref.
template <class T>
using GObjectPtr = std::unique_ptr<T, Releaser<g_object_unref>>;

/// A new reference to `p`, for keeping an object someone else also holds.
template <class T>
GObjectPtr<T> add_ref(T* p) {
  return GObjectPtr<T>(static_cast<T*>(g_object_ref(p)));
}

}  // namespace cardstock
