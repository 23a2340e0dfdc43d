// The art book: every card art several PDFs of one build show, drawn once for them all.
#include "render/art_book.h"

#include <cairo-pdf.h>

#include <algorithm>

#include "layout/art_classes.h"
#include "render/pdf_surface.h"

namespace cardstock {

bool render_art_book(ArtBook* book, const std::vector<const std::vector<PlannedPage>*>& outputs,
                     const Typesetter& ts, Diagnostics& d, const std::function<void(size_t, size_t)>& drawn) {
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
  SurfacePtr surface(cairo_pdf_surface_create_for_stream(append_bytes, &book->bytes, 100, 100));
  if (cairo_surface_status(surface.get()) != CAIRO_STATUS_SUCCESS) {
    d.error({}, std::string("cannot draw the shared card art: ") +
                    cairo_status_to_string(cairo_surface_status(surface.get())));
    return false;
  }
  CairoPtr drawing = new_drawing(surface.get(), ts);
  Painter p{drawing.get(), *ts.state(), {}, {drawing.get()}};
  for (size_t k = 0; k < firsts.size(); ++k) {
    draw_alone(drawing.get(), surface.get(), p, *firsts[k]);
    cairo_show_page(drawing.get());
    if (drawn) drawn(k + 1, firsts.size());
  }
  return finish_drawing(std::move(drawing), std::move(surface), p, "cannot draw the shared card art", {}, d);
}

}  // namespace cardstock
