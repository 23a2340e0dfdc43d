#include "output/pdf_finish.h"

#include <qpdf/QPDF.hh>
#include <qpdf/QPDFExc.hh>
#include <qpdf/QPDFObjectHandle.hh>
#include <qpdf/QPDFPageDocumentHelper.hh>
#include <qpdf/QPDFPageObjectHelper.hh>
#include <qpdf/Buffer.hh>
#include <qpdf/QPDFWriter.hh>

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <exception>
#include <memory>

#include "base/files.h"
#include "base/length.h"

namespace cardstock {

namespace {

QPDFObjectHandle box_array(const std::vector<double>& b) {
  QPDFObjectHandle a = QPDFObjectHandle::newArray();
  // Four decimals as text, as the manifest writes lengths: the same digits on every
  // machine (a double printed by the library could differ in its last places).
  for (double v : b) a.appendItem(QPDFObjectHandle::newReal(format_number(v)));
  return a;
}

// "2026-01-01T00:00:00Z" -> "D:20260101000000Z", as PDF writes dates.
std::string pdf_date(const std::string& iso) {
  std::string digits;
  for (char c : iso)
    if (c >= '0' && c <= '9') digits += c;
  return "D:" + digits.substr(0, 14) + "Z";
}

bool same_box(const Rect& a, const Rect& b) {
  return std::fabs(a.x - b.x) < 1e-6 && std::fabs(a.y - b.y) < 1e-6 && std::fabs(a.w - b.w) < 1e-6 &&
         std::fabs(a.h - b.h) < 1e-6;
}

// A drawn page as a form XObject that draws it. Cairo gives each page one content
// stream and its own resources: that stream becomes the form as it is (its data stays
// compressed, nothing is decoded and encoded again). Any other page is copied into a
// new form by qpdf. Neither has the transparency group Cairo gives every page: the page
// that places it has it, and a form needs none to draw as the page did.
QPDFObjectHandle form_of(QPDFPageObjectHelper& page) {
  QPDFObjectHandle p = page.getObjectHandle();
  QPDFObjectHandle contents = p.getKey("/Contents"), resources = p.getKey("/Resources");
  if (contents.isStream() && contents.isIndirect() && resources.isDictionary()) {
    QPDFObjectHandle d = contents.getDict();
    d.replaceKey("/Type", QPDFObjectHandle::newName("/XObject"));
    d.replaceKey("/Subtype", QPDFObjectHandle::newName("/Form"));
    d.replaceKey("/BBox", page.getMediaBox().shallowCopy());
    d.replaceKey("/Resources", resources);
    return contents;
  }
  QPDFObjectHandle f = page.getFormXObjectForPage(false);
  f.getDict().removeKey("/Group");
  return f;
}

}  // namespace

struct PdfBook::Impl {
  std::string bytes;  // qpdf reads the streams from them when a file that copied them is written
  QPDF pdf;
  std::vector<QPDFObjectHandle> forms;  // page k as a form
  std::vector<double> heights, widths;  // page k's MediaBox height and width
};

PdfBook::PdfBook(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
PdfBook::~PdfBook() = default;
size_t PdfBook::pages() const { return impl_->forms.size(); }
double PdfBook::page_height(size_t k) const { return impl_->heights.at(k); }
double PdfBook::page_width(size_t k) const { return impl_->widths.at(k); }

std::unique_ptr<PdfBook> PdfBook::open(std::string bytes, const std::string& what, std::string* err) {
  try {
    auto impl = std::make_unique<Impl>();
    impl->bytes = std::move(bytes);
    impl->pdf.setSuppressWarnings(true);
    impl->pdf.processMemoryFile(what.c_str(), impl->bytes.data(), impl->bytes.size());
    for (const QPDFExc& w : impl->pdf.getWarnings())
      if (w.getMessageDetail().find("duplicated key") == std::string::npos) {
        *err = what + " is damaged: " + w.getMessageDetail();
        return nullptr;
      }
    for (QPDFPageObjectHelper& page : QPDFPageDocumentHelper(impl->pdf).getAllPages()) {
      const QPDFObjectHandle::Rectangle media = page.getMediaBox().getArrayAsRectangle();
      impl->heights.push_back(media.ury - media.lly);
      impl->widths.push_back(media.urx - media.llx);
      impl->forms.push_back(form_of(page));
    }
    return std::unique_ptr<PdfBook>(new PdfBook(std::move(impl)));
  } catch (const std::exception& e) {
    *err = "cannot read " + what + ": " + e.what();
    return nullptr;
  }
}

namespace {

// Puts a PDF drawn in pieces together (PdfPieces): every drawn page it uses becomes a
// form XObject; each planned page places its parts in order, on the page object of its
// first run when it has one (fewer new objects) and on a new page when not; the other
// drawn pages leave the page tree (Cairo's tree is one /Pages node: drawn pages inherit
// nothing from it). False with *err if the pieces do not match the drawn pages.
bool assemble(QPDF& pdf, const PdfPieces& pieces, PdfBook* book, std::string* err) {
  QPDFPageDocumentHelper doc(pdf);
  std::vector<QPDFPageObjectHelper> drawn = doc.getAllPages();
  std::vector<QPDFObjectHandle> forms(drawn.size());
  auto form = [&](int i) {
    QPDFObjectHandle& f = forms[static_cast<size_t>(i)];
    if (!f.isInitialized()) f = form_of(drawn[static_cast<size_t>(i)]);
    return f;
  };
  auto known = [&](int i) { return i >= 0 && static_cast<size_t>(i) < drawn.size(); };
  // The book's forms this file places, copied in on first use (qpdf copies what a form
  // uses once per file, however many forms share it).
  std::vector<QPDFObjectHandle> copied(book ? book->pages() : 0);
  std::vector<QPDFObjectHandle> made;
  for (const PdfPieces::Page& pg : pieces.pages) {
    QPDFObjectHandle xobjects = QPDFObjectHandle::newDictionary();
    std::string content;
    int base = -1;  // the drawn page that becomes this page
    for (const PdfPieces::Part& part : pg.parts) {
      if (part.drawn < 0 && part.art < 0) {
        if (!book || part.book < 0 || static_cast<size_t>(part.book) >= copied.size()) {
          *err = "the PDF whose pages are placed has no page " + std::to_string(part.book + 1) + " of the " +
                 std::to_string(copied.size()) + " its pieces name";
          return false;
        }
        QPDFObjectHandle& f = copied[static_cast<size_t>(part.book)];
        if (!f.isInitialized()) f = pdf.copyForeignObject(book->impl().forms[static_cast<size_t>(part.book)]);
        const std::string name = "/B" + std::to_string(part.book);
        xobjects.replaceKey(name, f);
        content += part.place + name + " Do\nQ\n";
        continue;
      }
      const bool art = part.drawn < 0;
      const int page = art ? (part.art >= 0 && static_cast<size_t>(part.art) < pieces.art_pages.size()
                                  ? pieces.art_pages[static_cast<size_t>(part.art)]
                                  : -1)
                           : part.drawn;
      if (!known(page)) {
        *err = "the drawn PDF has no page " + std::to_string(page + 1) + " of the " +
               std::to_string(drawn.size()) + " its pieces name";
        return false;
      }
      if (!art && base < 0) base = page;
      const std::string name = (art ? "/A" : "/P") + std::to_string(art ? part.art : part.drawn);
      xobjects.replaceKey(name, form(page));
      content += art ? part.place + name + " Do\nQ\n" : name + " Do\n";
    }
    QPDFObjectHandle resources = QPDFObjectHandle::newDictionary();
    resources.replaceKey("/XObject", xobjects);
    QPDFObjectHandle page;
    if (base >= 0) {
      page = drawn[static_cast<size_t>(base)].getObjectHandle();  // its size, its group
    } else {
      page = pdf.makeIndirectObject(QPDFObjectHandle::newDictionary());
      page.replaceKey("/Type", QPDFObjectHandle::newName("/Page"));
      page.replaceKey("/MediaBox",
                      QPDFObjectHandle::newArray(QPDFObjectHandle::Rectangle(0, 0, pg.width, pg.height)));
      if (!drawn.empty() && drawn[0].getObjectHandle().hasKey("/Group"))
        page.replaceKey("/Group", drawn[0].getObjectHandle().getKey("/Group").shallowCopy());
    }
    page.replaceKey("/Resources", resources);
    page.replaceKey("/Contents", QPDFObjectHandle::newStream(&pdf, content));
    made.push_back(page);
  }
  // The page tree becomes the made pages, in order, written at once: removing and adding
  // pages one by one renumbers the rest each time, which for tens of thousands of pages
  // would take minutes.
  QPDFObjectHandle tree = pdf.getRoot().getKey("/Pages");
  QPDFObjectHandle kids = QPDFObjectHandle::newArray();
  for (auto& p : made) {
    p.replaceKey("/Parent", tree);
    kids.appendItem(p);
  }
  tree.replaceKey("/Kids", kids);
  tree.replaceKey("/Count", QPDFObjectHandle::newInteger(static_cast<long long>(made.size())));
  pdf.updateAllPagesCache();
  return true;
}

// The planned TrimBox on a drawn page, and a BleedBox only where the art runs past the
// trim (else it would only repeat it).
void set_trim_and_bleed(QPDFPageObjectHelper& drawn, const PageBoxes& b) {
  QPDFObjectHandle page = drawn.getObjectHandle();
  // The page height the planned boxes are measured in: the MediaBox Cairo wrote.
  const QPDFObjectHandle::Rectangle media = drawn.getMediaBox().getArrayAsRectangle();
  const double h = media.ury - media.lly;
  const Rect trim = b.trim.w > 0 ? b.trim : Rect{0, 0, media.urx - media.llx, h};
  page.replaceKey("/TrimBox", box_array(pdf_box(trim, h)));
  if (b.bleed.w > 0 && !same_box(b.bleed, trim))
    page.replaceKey("/BleedBox", box_array(pdf_box(b.bleed, h)));
  else
    page.removeKey("/BleedBox");
}

void set_dates_and_title(QPDF& pdf, const PdfFinish& how) {
  QPDFObjectHandle trailer = pdf.getTrailer();
  QPDFObjectHandle info = trailer.getKey("/Info");
  if (!info.isDictionary()) {
    info = pdf.makeIndirectObject(QPDFObjectHandle::newDictionary());
    trailer.replaceKey("/Info", info);
  }
  info.replaceKey("/CreationDate", QPDFObjectHandle::newString(pdf_date(how.date)));
  info.replaceKey("/ModDate", QPDFObjectHandle::newString(pdf_date(how.date)));
  if (!how.title.empty()) info.replaceKey("/Title", QPDFObjectHandle::newUnicodeString(how.title));
  // The other program's /ID (Ghostscript's is made from the clock) would be kept as
  // the first half of ours and feed the second: gone, both come from the content.
  trailer.removeKey("/ID");
}

// Warnings qpdf gathered since it was last asked, other than the duplicated keys the
// rewrite removes, mean the drawn file is damaged: better an error now than a file a shop
// refuses. (The duplicates all name the same image object, so which one qpdf keeps does
// not matter.)
bool damaged(QPDF& pdf, std::string* err) {
  for (const QPDFExc& w : pdf.getWarnings())
    if (w.getMessageDetail().find("duplicated key") == std::string::npos) {
      *err = "the drawn PDF is damaged: " + w.getMessageDetail();
      return true;
    }
  return false;
}

}  // namespace

std::vector<double> pdf_box(const Rect& r, double page_height) {
  return {r.x, page_height - r.bottom(), r.right(), page_height - r.y};
}

bool finish_pdf(const std::string& bytes, bool from_file, const std::vector<PlannedPage>& pages,
                const PdfFinish& how, const std::string& path, std::string* err, const PdfPieces* pieces,
                PdfBook* book) {
  try {
    QPDF pdf;
    // What qpdf would warn about is looked at below, not printed.
    pdf.setSuppressWarnings(true);
    if (from_file)
      pdf.processFile(bytes.c_str());
    else
      pdf.processMemoryFile("drawn PDF", bytes.data(), bytes.size());
    if (pieces && pieces->pieced() && !assemble(pdf, *pieces, book, err)) return false;
    std::vector<QPDFPageObjectHelper> all = QPDFPageDocumentHelper(pdf).getAllPages();
    if (all.size() != pages.size()) {
      *err = "the drawn PDF has " + std::to_string(all.size()) + " pages, not the " +
             std::to_string(pages.size()) + " planned";
      return false;
    }
    for (size_t i = 0; i < all.size(); ++i) set_trim_and_bleed(all[i], pages[i].boxes);
    if (how.set_dates) set_dates_and_title(pdf, how);
    if (damaged(pdf, err)) return false;
    // Into memory, then written by write_file: qpdf's own file writer does not check
    // what fflush and fclose say, so a full disk would leave a short file said to be good.
    QPDFWriter out(pdf);
    out.setOutputMemory();
    // The /ID from the content instead of the time and file name: same input, same bytes.
    out.setDeterministicID(true);
    // Cairo writes every page's dictionary and resources as plain text objects: a deck of
    // hundreds of pages that places a few shared drawings is mostly those, and packed into
    // object streams they take a fifth of the room.
    if (how.object_streams) out.setObjectStreamMode(qpdf_o_generate);
    out.write();
    const std::unique_ptr<Buffer> written(out.getBuffer());
    std::string why;
    if (!write_file(path, {reinterpret_cast<const char*>(written->getBuffer()), written->getSize()}, &why)) {
      *err = "cannot write '" + path + "': " + why;
      return false;
    }
    return !damaged(pdf, err);
  } catch (const std::exception& e) {
    *err = std::string("cannot finish the PDF: ") + e.what();
    return false;
  }
}

}  // namespace cardstock
