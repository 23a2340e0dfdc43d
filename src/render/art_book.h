// Card art several PDFs of one build show, drawn once for them all (ArtBook). Units are
// points; errors are reported to Diagnostics, never thrown.
#pragma once
#include <functional>
#include <string>
#include <unordered_map>
#include <vector>

#include "base/diag.h"
#include "layout/pages.h"
#include "render/typesetter.h"

namespace cardstock {

/// Card art that several PDFs of one build show (a deck's sheets on Letter and on A4,
/// its labels), each of them every art more than once: each drawing drawn once for them
/// all, on a page of its own as PdfPieces' shared drawings are, so that each of those
/// PDFs copies the drawings it places (output/pdf_finish.h PdfBook) instead of drawing
/// them again. Page k of `bytes` holds the art whose key (layout/art_key.h, at its card
/// size) `page_of` maps to k; no page and no bytes when some output shows an art once.
struct ArtBook {
  std::string bytes;
  std::unordered_map<std::string, int> page_of;
};

/// Draws into *book every distinct card art of `outputs`, in order of first appearance
/// (the same outputs give the same bytes), if each output shows each of its arts more
/// than once; else leaves it empty. False with an error (about no file) on failure.
/// `drawn`, if given, is called after each art with how many are drawn of how many (progress).
bool render_art_book(ArtBook* book, const std::vector<const std::vector<PlannedPage>*>& outputs,
                     const Typesetter& ts, Diagnostics& d,
                     const std::function<void(size_t drawn, size_t total)>& drawn = {});

}  // namespace cardstock
