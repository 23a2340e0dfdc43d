#include "output/writer.h"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>

#include "output/pdf_finish.h"

namespace fs = std::filesystem;

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

// A folder of images: each page drawn into a PNG of its planned pixel size (a card face
// for a print shop, a Tabletop Simulator sheet), then the output's text files. `path` is
// the temporary folder, made here; the build renames it into place.
class PngFolderWriter : public Writer {
 public:
  bool write(const std::string& path, const PlannedOutput& o, const WriteContext& c,
             std::string* err) const override {
    if (o.page_files.size() != o.pages.size() || o.page_pixels.size() != o.pages.size()) {
      *err = "the planned images have no names or sizes";
      return false;
    }
    std::error_code ec;
    if (!fs::create_directory(path, ec)) {
      *err = "cannot create the folder '" + path + "': " + (ec ? ec.message() : "it is already there");
      return false;
    }
    std::string png;
    for (size_t i = 0; i < o.pages.size(); ++i) {
      if (!render_png(o.pages[i], o.page_pixels[i].first, o.page_pixels[i].second, o.dpi, c.typesetter, &png, err))
        return false;
      if (!write_bytes(path + "/" + o.page_files[i], png, err)) return false;
    }
    for (const auto& [name, text] : o.texts)
      if (!write_bytes(path + "/" + name, text, err)) return false;
    return true;
  }

 private:
  static bool write_bytes(const std::string& file, const std::string& bytes, std::string* err) {
    std::ofstream f(file, std::ios::binary | std::ios::trunc);
    f.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    f.close();
    if (!f) {
      *err = "cannot write '" + file + "': " + std::strerror(errno);
      return false;
    }
    return true;
  }
};

}  // namespace

const Writer* writer_for(const std::string& format) {
  // Every format, once: a new one is a Writer above and a line here.
  static const PdfWriter pdf;
  static const PngFolderWriter png;
  static const std::map<std::string, const Writer*> writers = {{"pdf", &pdf}, {"png", &png}};
  auto it = writers.find(format);
  return it == writers.end() ? nullptr : it->second;
}

}  // namespace cardstock
