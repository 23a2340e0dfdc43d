#include "output/pure_black.h"

#include <qpdf/QPDF.hh>
#include <qpdf/QPDFObjectHandle.hh>
#include <qpdf/QPDFPageDocumentHelper.hh>
#include <qpdf/QPDFPageObjectHelper.hh>
#include <qpdf/QPDFWriter.hh>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <exception>
#include <functional>
#include <memory>
#include <set>
#include <vector>

#include "base/length.h"

namespace cardstock {

namespace {

using Token = QPDFTokenizer::Token;

bool is_number(const Token& t) {
  return t.getType() == QPDFTokenizer::tt_integer || t.getType() == QPDFTokenizer::tt_real;
}

// Calls `fn` once for every content stream reached from `resources` (a resource
// dictionary), at any depth: form XObjects, tiling patterns (shading patterns and images
// draw no operators) and the glyph procedures of Type 3 fonts. `seen` keeps a stream
// shared by many forms or pages from being visited twice.
void walk_resources(QPDFObjectHandle resources, std::set<QPDFObjGen>& seen,
                    const std::function<void(QPDFObjectHandle)>& fn) {
  if (!resources.isDictionary()) return;
  auto visit = [&](QPDFObjectHandle s) {
    if (!s.isStream() || (s.isIndirect() && !seen.insert(s.getObjGen()).second)) return;
    fn(s);
    walk_resources(s.getDict().getKey("/Resources"), seen, fn);
  };
  QPDFObjectHandle xobjects = resources.getKey("/XObject");
  if (xobjects.isDictionary())
    for (auto& [name, x] : xobjects.getDictAsMap())
      if (x.isStream() && x.getDict().getKey("/Subtype").isNameAndEquals("/Form")) visit(x);
  QPDFObjectHandle patterns = resources.getKey("/Pattern");
  if (patterns.isDictionary())
    for (auto& [name, p] : patterns.getDictAsMap())
      if (p.isStream() && p.getDict().getKey("/PatternType").isInteger() &&
          p.getDict().getKey("/PatternType").getIntValue() == 1)
        visit(p);
  QPDFObjectHandle fonts = resources.getKey("/Font");
  if (!fonts.isDictionary()) return;
  for (auto& [name, f] : fonts.getDictAsMap()) {
    if (!f.isDictionary() || !f.getKey("/Subtype").isNameAndEquals("/Type3")) continue;
    if (f.isIndirect() && !seen.insert(f.getObjGen()).second) continue;
    QPDFObjectHandle procs = f.getKey("/CharProcs");
    if (procs.isDictionary())
      for (auto& [glyph, proc] : procs.getDictAsMap())
        if (proc.isStream() && (!proc.isIndirect() || seen.insert(proc.getObjGen()).second)) fn(proc);
    walk_resources(f.getKey("/Resources"), seen, fn);
  }
}

// Rewrites `r g b rg` (fill) and `r g b RG` (stroke) as `v g` / `v G` when the colour is
// neutral, or near-black and `near_black` asks for it. Numbers and spaces since the last
// operator wait in `pending_` until the operator they belong to is seen.
class GrayFilter : public QPDFObjectHandle::TokenFilter {
 public:
  GrayFilter(bool near_black, GrayCount* count) : near_black_(near_black), count_(count) {}
  void handleToken(const Token& t) override {
    if (is_number(t) || t.getType() == QPDFTokenizer::tt_space) {
      pending_.push_back(t);
      return;
    }
    if ((t.isWord("rg") || t.isWord("RG")) && rewrite(t.getValue() == "rg")) return;
    flush();
    writeToken(t);
  }
  void handleEOF() override { flush(); }

 private:
  void flush() {
    for (const Token& p : pending_) writeToken(p);
    pending_.clear();
  }
  // The colour's three numbers are the last three pending: when it becomes grey, what
  // came before them is written and they and the operator are replaced by one number and
  // `g` (true); else nothing is written (false).
  bool rewrite(bool fill) {
    std::vector<size_t> at;
    for (size_t i = 0; i < pending_.size(); ++i)
      if (is_number(pending_[i])) at.push_back(i);
    if (at.size() != 3) return false;
    double v[3];
    for (int i = 0; i < 3; ++i) v[i] = std::strtod(pending_[at[static_cast<size_t>(i)]].getValue().c_str(), nullptr);
    const double hi = std::max({v[0], v[1], v[2]}), lo = std::min({v[0], v[1], v[2]});
    std::string gray;
    if (hi - lo <= 1e-4) {
      gray = pending_[at[0]].getRawValue();
      ++count_->neutral;
    } else if (hi <= kNearBlack) {
      if (!near_black_) {
        ++count_->near_black_kept;
        return false;
      }
      gray = format_number(0.2126 * v[0] + 0.7152 * v[1] + 0.0722 * v[2], 4);
      ++count_->near_black_made_gray;
    } else {
      return false;
    }
    pending_.erase(pending_.begin() + static_cast<long>(at[0]), pending_.end());
    flush();
    write(gray + (fill ? " g" : " G"));
    return true;
  }

  bool near_black_;
  GrayCount* count_;
  std::vector<Token> pending_;
};

// Collects the `c m y k k` / `K` colours of the content it reads (RichDark's rule).
class DarkFinder : public QPDFObjectHandle::TokenFilter {
 public:
  DarkFinder(RichDark* found, std::set<std::vector<double>>* colours, int page)
      : found_(found), colours_(colours), page_(page) {}
  void handleToken(const Token& t) override {
    if (t.getType() == QPDFTokenizer::tt_space) return;
    if (is_number(t)) {
      numbers_.push_back(std::strtod(t.getValue().c_str(), nullptr));
      return;
    }
    if ((t.isWord("k") || t.isWord("K")) && numbers_.size() >= 4) {
      const std::vector<double> c(numbers_.end() - 4, numbers_.end());
      if (c[3] >= 0.5 && c[0] + c[1] + c[2] > 0) {
        colours_->insert(c);
        if (c[0] + c[1] + c[2] + c[3] > found_->c + found_->m + found_->y + found_->k) {
          *found_ = RichDark{c[0], c[1], c[2], c[3], page_, found_->colours};
        }
      }
    }
    numbers_.clear();
  }

 private:
  RichDark* found_;
  std::set<std::vector<double>>* colours_;
  int page_;
  std::vector<double> numbers_;
};

}  // namespace

bool make_black_gray(const std::string& in, const std::string& out, bool near_black, GrayCount* count,
                     std::string* err) {
  try {
    QPDF pdf;
    pdf.setSuppressWarnings(true);
    pdf.processFile(in.c_str());
    std::set<QPDFObjGen> seen;
    for (QPDFPageObjectHelper& page : QPDFPageDocumentHelper(pdf).getAllPages()) {
      page.addContentTokenFilter(std::make_shared<GrayFilter>(near_black, count));
      walk_resources(page.getAttribute("/Resources", false), seen, [&](QPDFObjectHandle s) {
        s.addTokenFilter(std::make_shared<GrayFilter>(near_black, count));
      });
    }
    QPDFWriter w(pdf, out.c_str());
    w.setDeterministicID(true);
    w.write();
    return true;
  } catch (const std::exception& e) {
    *err = std::string("cannot make its black and greys black ink only: ") + e.what();
    return false;
  }
}

bool find_rich_dark(const std::string& pdf_file, RichDark* found, std::string* err) {
  try {
    QPDF pdf;
    pdf.setSuppressWarnings(true);
    pdf.processFile(pdf_file.c_str());
    *found = RichDark{};
    std::set<std::vector<double>> colours;
    std::set<QPDFObjGen> seen;  // a form shared by many pages is read once, at the first
    int n = 0;
    for (QPDFPageObjectHelper& page : QPDFPageDocumentHelper(pdf).getAllPages()) {
      ++n;
      DarkFinder finder(found, &colours, n);
      page.filterContents(&finder);
      walk_resources(page.getAttribute("/Resources", false), seen, [&](QPDFObjectHandle s) {
        DarkFinder f(found, &colours, n);
        s.filterAsContents(&f);
      });
    }
    found->colours = static_cast<int>(colours.size());
    return true;
  } catch (const std::exception& e) {
    *err = std::string("cannot read its colours: ") + e.what();
    return false;
  }
}

}  // namespace cardstock
