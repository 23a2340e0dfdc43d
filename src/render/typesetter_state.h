// Inside render/: what a Typesetter keeps (its Pango contexts, the layouts it has set,
// the images it has decoded), for the painter that draws them.
#pragma once
#include <deque>
#include <string>
#include <unordered_map>

#include "render/fonts_impl.h"
#include "render/image_cache.h"
#include "render/typesetter.h"

namespace cardstock {

struct Typesetter::State {
  const Fonts& fonts;
  const size_t budget;
  GObjectPtr<PangoFontMap> map;
  GObjectPtr<PangoContext> ltr, rtl;
  ImageCache images;
  Fonts::Impl::Faces faces;  // fonts of `map`, described
  struct Kept {
    GObjectPtr<PangoLayout> layout;
    bool markup_ok = true;
    size_t bytes = 0;
  };
  std::unordered_map<std::string, Kept> kept;
  std::deque<std::string> order;  // keys of `kept`, oldest first
  size_t bytes = 0;
  GObjectPtr<PangoLayout> last;  // the layout set() returned last: alive until the next call
  Stats stats;

  State(const Fonts& f, size_t b);
  /// Drops every kept layout (and the last one handed out).
  void forget();
  /// The layout of `text` set in `st` at `wrap` points, laid out (lines broken) already;
  /// it stays alive until the next call.
  PangoLayout* set(const std::string& text, const TextStyle& st, double wrap, bool* markup_ok);

 private:
  /// Keeps `layout` for later sets, dropping the oldest kept ones to stay in the budget.
  void keep(std::string k, PangoLayout* layout, bool markup_ok, size_t text_bytes);
};

}  // namespace cardstock
