#include "output/writer.h"

#include <map>

#include "output/pdf_finish.h"

namespace cardstock {

namespace {

// PDF: the pages drawn by render_pdf, page by page, at each page's size, then given their
// page boxes and written clean by the qpdf pass (output/pdf_finish.h).
class PdfWriter : public Writer {
 public:
  bool write(const std::string& path, const PlannedOutput& o, const WriteContext& c,
             std::string* err) const override {
    const PdfInfo info{o.title, c.creator, c.date, o.width, o.height};
    std::string bytes;
    return render_pdf_bytes(&bytes, info, o.pages, c.typesetter, err) &&
           finish_pdf(bytes, false, o.pages, {c.date, false, ""}, path, err);
  }
};

}  // namespace

const Writer* writer_for(const std::string& format) {
  // Every format, once: a new one is a Writer above and a line here.
  static const PdfWriter pdf;
  static const std::map<std::string, const Writer*> writers = {{"pdf", &pdf}};
  auto it = writers.find(format);
  return it == writers.end() ? nullptr : it->second;
}

}  // namespace cardstock
