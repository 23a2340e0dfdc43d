// page_digest: what a PDF page's picture depends on, as one digest a page, so that `diff`
// draws only the pages whose digests differ (two 50,000-page PDFs differing in a few
// pages compare in seconds, not minutes). Read with qpdf; never throws.
#pragma once
#include <string>
#include <vector>

namespace cardstock {

/// One digest a page of the PDF in `bytes`, in page order: XXH3-128 of the page's
/// dictionary (its inherited Resources, MediaBox, CropBox and Rotate included), followed
/// through every object it refers to (content streams, fonts, images, form XObjects,
/// patterns, annotations' appearances) with each stream's bytes, and of the catalog's
/// optional-content and form settings, which every page's picture depends on too.
/// Object numbers do not count: the same drawing written in another order has the same
/// digest. Two pages with equal digests draw the same pixels. Empty when qpdf cannot
/// read the file exactly as written (damaged, encrypted, any warning, objects nested too
/// deep): the caller then draws every page.
std::vector<std::string> page_digests(const std::string& bytes);

}  // namespace cardstock
