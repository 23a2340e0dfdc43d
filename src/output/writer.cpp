#include "output/writer.h"

#include <fstream>
#include <map>

#include "output/svg_cut.h"

namespace cardstock {

namespace {

// PDF: the pages drawn by render_pdf, page by page, at each page's size.
class PdfWriter : public Writer {
 public:
  bool write(const std::string& path, const PlannedOutput& o, const WriteContext& c,
             std::string* err) const override {
    const PdfInfo info{o.title, c.creator, c.date, o.width, o.height};
    return render_pdf(path, info, o.pages, c.typesetter, err);
  }
};

// SVG cut file: text, one file of the first planned page (a cutter's software takes one
// sheet at a time; every full sheet has the same outlines).
class SvgCutWriter : public Writer {
 public:
  bool write(const std::string& path, const PlannedOutput& o, const WriteContext& c,
             std::string* err) const override {
    if (o.pages.empty()) {
      *err = "a cut file needs a page";
      return false;
    }
    std::ofstream f(path, std::ios::binary | std::ios::trunc);
    f << svg_cut_text(o, o.pages[0], c.creator);
    f.close();
    if (!f) {
      *err = "cannot write '" + path + "'";
      return false;
    }
    return true;
  }
};

}  // namespace

const Writer* writer_for(const std::string& format) {
  // Every format, once: a new one is a Writer above and a line here.
  static const PdfWriter pdf;
  static const SvgCutWriter svg_cut;
  static const std::map<std::string, const Writer*> writers = {{"pdf", &pdf}, {"svg-cut", &svg_cut}};
  auto it = writers.find(format);
  return it == writers.end() ? nullptr : it->second;
}

}  // namespace cardstock
