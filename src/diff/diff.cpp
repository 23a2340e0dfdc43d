#include "diff/diff.h"

#include <algorithm>
#include <cstdio>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <future>
#include <iostream>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <sstream>

#include "base/files.h"
#include "base/os/files.h"
#include "diff/page_digest.h"
#include "diff/pdf_pages.h"
#include "diff/report.h"
#include "base/progress.h"

namespace fs = std::filesystem;

namespace cardstock {

namespace {

// ---- the two folders ---------------------------------------------------------------

struct Tree {
  std::string root;                    // as given
  std::string label;                   // "OLD" or "NEW", for messages
  std::map<std::string, long> files;   // path relative to root ('/'), size in bytes
  std::set<std::string> folders;       // relative folders holding files ("" = the root)
};

std::string kind_of(const fs::file_status& s) {
  switch (s.type()) {
    case fs::file_type::symlink: return "a symbolic link";
    case fs::file_type::fifo: return "a FIFO (named pipe)";
    case fs::file_type::socket: return "a socket";
    case fs::file_type::block: return "a block device";
    case fs::file_type::character: return "a character device";
    default: return "not a regular file";
  }
}

// Every regular file under t->root. A symbolic link or special file is an error (a folder
// built by cardstock holds neither, and a link could lead anywhere), as is a tree past
// kMaxDiffFiles entries or kMaxDiffDepth levels.
void scan(Tree* t, const fs::path& dir, const std::string& rel, int depth, long* count, Diagnostics& d) {
  std::error_code ec;
  fs::directory_iterator it(dir, ec), end;
  if (ec) {
    d.error({dir.string()}, "cannot read this folder: " + ec.message());
    return;
  }
  std::vector<fs::directory_entry> entries;
  for (; it != end; it.increment(ec)) {
    if (ec) {
      d.error({dir.string()}, "cannot read this folder: " + ec.message());
      return;
    }
    if (++*count > kMaxDiffFiles) {
      if (*count == kMaxDiffFiles + 1)
        d.error({t->root}, "it holds more than " + std::to_string(kMaxDiffFiles) + " files and folders; the limit is " +
                               std::to_string(kMaxDiffFiles));
      return;
    }
    entries.push_back(*it);
  }
  std::sort(entries.begin(), entries.end(), [](const auto& a, const auto& b) { return a.path() < b.path(); });
  for (const auto& e : entries) {
    const std::string name = e.path().filename().string();
    const std::string r = rel.empty() ? name : rel + "/" + name;
    const fs::file_status s = e.symlink_status(ec);
    if (ec) {
      d.error({e.path().string()}, "cannot examine it: " + ec.message());
    } else if (fs::is_directory(s)) {
      if (depth + 1 > kMaxDiffDepth)
        d.error({e.path().string()}, "folders nest deeper than " + std::to_string(kMaxDiffDepth) + " levels here");
      else
        scan(t, e.path(), r, depth + 1, count, d);
    } else if (fs::is_regular_file(s)) {
      const auto size = e.file_size(ec);
      t->files[r] = ec ? 0 : static_cast<long>(std::min<std::uintmax_t>(size, 1L << 62));
      t->folders.insert(rel);
    } else {
      d.error({e.path().string()}, "it is " + kind_of(s) + "; cardstock diff compares only regular files in folders");
    }
  }
}

// Whether two files hold the same bytes, read a block at a time.
bool same_bytes(const std::string& a, const std::string& b, bool* same, std::string* err) {
  std::string why;
  const int fa = open_regular_file(a, false, &why);
  if (fa < 0) {
    *err = a + ": " + why;
    return false;
  }
  const int fb = open_regular_file(b, false, &why);
  if (fb < 0) {
    os::close_file(fa);
    *err = b + ": " + why;
    return false;
  }
  std::vector<char> x(1 << 16), y(1 << 16);
  bool ok = true;
  *same = true;
  for (;;) {
    const long n = read_full(fa, x.data(), x.size()), m = read_full(fb, y.data(), y.size());
    if (n < 0 || m < 0) {
      *err = (n < 0 ? a : b) + ": " + std::strerror(errno);
      ok = false;
      break;
    }
    if (n != m || std::memcmp(x.data(), y.data(), static_cast<size_t>(n)) != 0) {
      *same = false;
      break;
    }
    if (n == 0) break;
  }
  os::close_file(fa);
  os::close_file(fb);
  return ok;
}

bool is_pdf(const std::string& rel) {
  return rel.size() > 4 && (rel.compare(rel.size() - 4, 4, ".pdf") == 0 || rel.compare(rel.size() - 4, 4, ".PDF") == 0);
}

std::string folder_of(const std::string& rel) {
  const size_t slash = rel.rfind('/');
  return slash == std::string::npos ? "" : rel.substr(0, slash);
}

std::string name_of(const std::string& rel) {
  const size_t slash = rel.rfind('/');
  return slash == std::string::npos ? rel : rel.substr(slash + 1);
}

std::string joined(const std::string& root, const std::string& rel) { return (fs::path(root) / rel).string(); }

// ---- manifests ---------------------------------------------------------------------

// The manifest.json of each folder of a tree that holds PDFs, read once, keeping the pages
// of the outputs `keep` names (relative paths).
class Manifests {
 public:
  Manifests(const Tree& t, const std::set<std::string>& keep, Diagnostics& d) : t_(t) {
    for (const auto& folder : t.folders) {
      const std::string rel = folder.empty() ? "manifest.json" : folder + "/manifest.json";
      bool has_pdf = false;
      std::set<std::string> kept;
      for (auto it = t.files.lower_bound(folder.empty() ? "" : folder + "/"); it != t.files.end(); ++it) {
        if (!folder.empty() && it->first.compare(0, folder.size() + 1, folder + "/") != 0) break;
        if (folder_of(it->first) != folder) continue;
        if (is_pdf(it->first)) has_pdf = true;
        if (keep.count(it->first)) kept.insert(name_of(it->first));
      }
      if (!t.files.count(rel)) {
        if (has_pdf)
          d.error({joined(t.root, folder.empty() ? "." : folder)},
                  "no manifest.json beside its PDFs (cardstock build writes one; it says which card is where)");
        continue;
      }
      std::string text, why;
      const std::string path = joined(t.root, rel);
      if (!read_regular_file(path, kMaxDiffFileBytes, &text, &why, false)) {
        d.error({path}, "cannot read it: " + why);
        continue;
      }
      ManifestInfo m;
      if (!read_manifest(text, path, kept, &m, d)) continue;
      by_folder_.emplace(folder, std::move(m));
    }
  }

  const ManifestInfo* of(const std::string& folder) const {
    auto it = by_folder_.find(folder);
    return it == by_folder_.end() ? nullptr : &it->second;
  }

  /// What the manifest beside `rel` says of it; nullptr (with an error) if nothing.
  const ManifestOutput* output(const std::string& rel, Diagnostics& d) const {
    const ManifestInfo* m = of(folder_of(rel));
    if (!m) return nullptr;  // reported when read
    const ManifestOutput* o = m->find(name_of(rel));
    if (!o) d.error({joined(t_.root, rel)}, "its manifest.json does not list it");
    return o;
  }

 private:
  const Tree& t_;
  std::map<std::string, ManifestInfo> by_folder_;
};

// ---- pages -------------------------------------------------------------------------

// The pixel columns [x0, x1) and rows [y0, y1) whose centres lie inside `b` (points) at
// `scale` pixels a point.
void pixel_span(const PageBox& b, double scale, int* x0, int* y0, int* x1, int* y1) {
  auto at = [&](double v) {
    const double p = std::ceil(v * scale - 0.5);
    return static_cast<int>(std::clamp(p, -1.0, 1e7));
  };
  *x0 = at(b.x);
  *y0 = at(b.y);
  *x1 = at(b.x + b.w);
  *y1 = at(b.y + b.h);
}

std::string placement_key(const ManifestPlacement& p) {
  return p.id + "\n" + std::to_string(p.copy) + "\n" + p.side;
}

const ManifestPage* page_of(const ManifestOutput* o, int page) {
  if (!o) return nullptr;
  for (const auto& p : o->pages)
    if (p.page == page) return &p;
  return nullptr;
}

// A placement that changed on a page pair: what happened to it and the changed pixels
// inside its box (and their bounds, when any).
struct Hit {
  const ManifestPlacement* p;
  std::string what;
  long pixels = 0;
  PageBox box;
  bool has_box = false;
};

// The changed pixels that lie outside every card's box, counted into *count, and their
// bounds. A coverage count built from the boxes' corners (a 2-D prefix sum), so the cost
// is one pass over the page, whatever the number of cards.
std::optional<PageBox> outside_every_card(const std::map<std::string, const ManifestPlacement*>& olds,
                                          const std::map<std::string, const ManifestPlacement*>& news,
                                          const PixelChanges& c, double scale, long* count) {
  const int w = c.width, h = c.height;
  std::vector<int> cover(static_cast<size_t>(w + 1) * (h + 1), 0);
  auto mark = [&](const ManifestPlacement& p) {
    int x0, y0, x1, y1;
    pixel_span(p.rect, scale, &x0, &y0, &x1, &y1);
    x0 = std::clamp(x0, 0, w), x1 = std::clamp(x1, 0, w), y0 = std::clamp(y0, 0, h), y1 = std::clamp(y1, 0, h);
    if (x0 >= x1 || y0 >= y1) return;
    cover[static_cast<size_t>(y0) * (w + 1) + x0] += 1;
    cover[static_cast<size_t>(y0) * (w + 1) + x1] -= 1;
    cover[static_cast<size_t>(y1) * (w + 1) + x0] -= 1;
    cover[static_cast<size_t>(y1) * (w + 1) + x1] += 1;
  };
  for (const auto& [k, p] : olds) mark(*p);
  for (const auto& [k, p] : news) mark(*p);
  int left = w, top = h, right = -1, bottom = -1;
  std::vector<int> above(static_cast<size_t>(w) + 1, 0);  // running column sums of the rows so far
  for (int y = 0; y < h; ++y) {
    int run = 0;
    for (int x = 0; x < w; ++x) {
      run += cover[static_cast<size_t>(y) * (w + 1) + x];
      above[x] += run;
      // above[x] now holds the sum of cover over [0..y] x [0..x]: the count of boxes here.
      if (above[x] == 0 && c.kind[static_cast<size_t>(y) * w + x]) {
        ++*count;
        left = std::min(left, x), right = std::max(right, x), top = std::min(top, y), bottom = std::max(bottom, y);
      }
    }
  }
  if (right < 0) return std::nullopt;
  return PageBox{static_cast<double>(left), static_cast<double>(top), static_cast<double>(right - left + 1),
                 static_cast<double>(bottom - top + 1)};
}

// The hits as one entry a card id, side and what happened, in the order of the hits,
// copies listed and their boxes united; returns each hit's box (pixels) to outline.
std::vector<PageBox> merge_hits(const std::vector<Hit>& hits, double scale, PageDiff* pd) {
  std::vector<PageBox> outline;
  for (const Hit& hit : hits) {
    const ManifestPlacement& p = *hit.p;
    auto same = std::find_if(pd->cards.begin(), pd->cards.end(), [&](const CardChange& cc) {
      return cc.id == p.id && cc.side == p.side && cc.what == hit.what;
    });
    if (same == pd->cards.end()) {
      pd->cards.push_back({p.id, p.source, p.side, {}, hit.what, 0, {}, false});
      same = pd->cards.end() - 1;
    }
    if (p.copy) same->copies.push_back(p.copy);
    same->pixels += hit.pixels;
    if (hit.has_box) {
      const PageBox& b = hit.box;
      if (!same->has_box) {
        same->box = b;
      } else {  // the union of the copies' boxes
        const double x0 = std::min(same->box.x, b.x), y0 = std::min(same->box.y, b.y);
        const double x1 = std::max(same->box.x + same->box.w, b.x + b.w), y1 = std::max(same->box.y + same->box.h, b.y + b.h);
        same->box = {x0, y0, x1 - x0, y1 - y0};
      }
      same->has_box = true;
      outline.push_back(b);
    }
  }
  for (auto& cc : pd->cards) {
    std::sort(cc.copies.begin(), cc.copies.end());
    if (cc.has_box) cc.box = {cc.box.x / scale, cc.box.y / scale, cc.box.w / scale, cc.box.h / scale};
  }
  return outline;
}

// The cards on a page pair that changed, from the differing pixels inside each card's box
// and from the manifests (a card added, removed or moved). One entry a card id and side;
// copies listed. Fills pixels_outside; returns the changed areas (pixels): one a card
// placement, then one round the pixels outside every card.
std::vector<PageBox> attribute(const ManifestPage* old_pg, const ManifestPage* new_pg, const PixelChanges* c,
                               double scale, PageDiff* pd) {
  std::map<std::string, const ManifestPlacement*> olds, news;
  if (old_pg)
    for (const auto& p : old_pg->placements) olds.emplace(placement_key(p), &p);
  if (new_pg)
    for (const auto& p : new_pg->placements) news.emplace(placement_key(p), &p);
  std::vector<Hit> hits;
  // `fixed`: what the manifests say happened to it ("added", "moved"...), or "" to go by
  // the pixels in its box.
  auto consider = [&](const ManifestPlacement& p, const std::string& fixed) {
    Hit hit{&p, fixed};
    if (c) {
      int x0, y0, x1, y1;
      pixel_span(p.rect, scale, &x0, &y0, &x1, &y1);
      hit.pixels = c->in(x0, y0, x1, y1);
      hit.has_box = c->bounds(x0, y0, x1, y1, &hit.box);
    }
    if (hit.what.empty() && hit.pixels > 0) hit.what = "changed";
    if (!hit.what.empty()) hits.push_back(hit);
  };
  // A page only one side has: every card on it was added (removed). Else the manifests
  // say which cards came, went or moved, where both list the page.
  const bool one_sided = !c;
  for (const auto& [key, p] : news) {
    auto o = olds.find(key);
    if (o == olds.end()) consider(*p, one_sided || old_pg ? "added" : "");
    else consider(*p, (o->second->rect == p->rect && o->second->rotation == p->rotation) ? "" : "moved");
  }
  for (const auto& [key, p] : olds)
    if (!news.count(key)) consider(*p, one_sided || new_pg ? "removed" : "");
  std::optional<PageBox> outside;
  if (c && c->count > 0) outside = outside_every_card(olds, news, *c, scale, &pd->pixels_outside);
  std::vector<PageBox> outline = merge_hits(hits, scale, pd);
  if (outside) outline.push_back(*outside);
  return outline;
}

// ---- the comparison ----------------------------------------------------------------

class Differ {
 public:
  Differ(const DiffOptions& o, Diagnostics& d)
      : o_(o), d_(d), pictures_(o.report_dir, o.max_pictures), progress_(std::cerr, progress_wanted(false), escapes_allowed()) {
    progress_.words("cardstock: comparing pages ", "");
  }

  DiffResult run() {
    DiffResult r;
    old_.root = o_.old_dir;
    new_.root = o_.new_dir;
    long n = 0;
    scan(&old_, old_.root, "", 0, &n, d_);
    n = 0;
    scan(&new_, new_.root, "", 0, &n, d_);
    if (d_.has_errors()) return r;
    if (pictures_.enabled() && !pictures_.prepare(d_)) return r;
    std::string why;
    // Which files differ, by their bytes.
    std::set<std::string> all;
    for (const auto& [f, size] : old_.files) all.insert(f);
    for (const auto& [f, size] : new_.files) all.insert(f);
    std::set<std::string> differ;
    for (const auto& f : all) {
      const bool in_old = old_.files.count(f), in_new = new_.files.count(f);
      if (in_old && in_new) {
        bool same = old_.files.at(f) == new_.files.at(f);
        if (same && !same_bytes(joined(old_.root, f), joined(new_.root, f), &same, &why)) {
          d_.error({joined(new_.root, f)}, "cannot compare it: " + why);
          continue;
        }
        if (same) {
          ++r.unchanged;
          continue;
        }
      }
      differ.insert(f);
    }
    if (d_.has_errors()) return r;
    const Manifests old_m(old_, differ, d_), new_m(new_, differ, d_);
    if (d_.has_errors()) return r;
    // Changed PDFs first (their pictures come first in the budget), then the rest.
    std::vector<OutputDiff> later;
    for (const auto& f : differ) {
      OutputDiff od;
      od.file = f;
      od.pdf = is_pdf(f);
      const bool in_old = old_.files.count(f), in_new = new_.files.count(f);
      od.what = !in_old ? "added" : !in_new ? "removed" : "changed";
      if (name_of(f) == "manifest.json" && in_old && in_new) {
        const ManifestInfo *a = old_m.of(folder_of(f)), *b = new_m.of(folder_of(f));
        if (a && b && a->comparable == b->comparable) {
          ++r.unchanged;  // only the inputs it lists (or their keys) differ
          continue;
        }
        od.note = "what it records of the outputs differs";
      }
      if (od.pdf && od.what == "changed") {
        compare_pdf(f, old_m, new_m, &od);
        r.outputs.push_back(std::move(od));
      } else {
        later.push_back(std::move(od));
      }
    }
    for (auto& od : later) {
      if (od.pdf) one_sided_pdf(od.what == "added" ? new_ : old_, &od);
      r.outputs.push_back(std::move(od));
    }
    std::sort(r.outputs.begin(), r.outputs.end(), [](const auto& a, const auto& b) { return a.file < b.file; });
    r.pictured = pictures_.pictured();
    r.not_pictured = pictures_.refused();
    return r;
  }

 private:
  // With `digests`, also each page's digest (page_digest.h; empty if qpdf cannot tell),
  // worked out on a thread of its own: the two files of a pair are digested at once.
  std::unique_ptr<PdfFile> open_pdf(const Tree& t, const std::string& rel,
                                    std::future<std::vector<std::string>>* digests = nullptr) {
    std::string bytes, why;
    const std::string path = joined(t.root, rel);
    if (!read_regular_file(path, kMaxDiffFileBytes, &bytes, &why, false)) {
      d_.error({path}, "cannot read it: " + why);
      return nullptr;
    }
    if (digests) *digests = std::async(std::launch::async, [copy = bytes] { return page_digests(copy); });
    return PdfFile::open(std::move(bytes), {path}, d_);
  }

  bool render(const PdfFile& pdf, const Tree& t, const std::string& rel, int i, Raster* out) {
    std::string why;
    if (pdf.render(i, o_.dpi, out, &why)) return true;
    d_.error({joined(t.root, rel)}, why);
    return false;
  }

  void picture(const Raster& r, const std::string& part, std::string* rel) {
    pictures_.write(r, part, rel, d_);
  }

  void compare_pdf(const std::string& f, const Manifests& old_m, const Manifests& new_m, OutputDiff* od) {
    std::future<std::vector<std::string>> fa, fb;
    auto a = open_pdf(old_, f, &fa), b = open_pdf(new_, f, &fb);
    const std::vector<std::string> da = fa.valid() ? fa.get() : std::vector<std::string>{};
    const std::vector<std::string> db = fb.valid() ? fb.get() : std::vector<std::string>{};
    const ManifestOutput* ma = old_m.output(f, d_);
    const ManifestOutput* mb = new_m.output(f, d_);
    if (!a || !b || !ma || !mb) return;
    od->old_pages = a->pages();
    od->new_pages = b->pages();
    for (const auto& [pdf, m, t] : {std::tuple{a.get(), ma, &old_}, std::tuple{b.get(), mb, &new_}})
      if (m->page_count != pdf->pages()) {
        d_.error({joined(t->root, f)}, "it has " + std::to_string(pdf->pages()) + " pages but its manifest.json says " +
                                           std::to_string(m->page_count));
        return;
      }
    const int n = std::max(a->pages(), b->pages());
    // Pages whose digests agree draw the same pixels: only the others are drawn. The
    // digests are used only when qpdf counts the pages poppler does.
    const bool digested = static_cast<int>(da.size()) == a->pages() && static_cast<int>(db.size()) == b->pages();
    progress_.add_total(static_cast<size_t>(n));
    for (int i = 0; i < n && !d_.has_errors(); ++i) {
      // Redrawn every 100 pages (a terminal's line costs more than a digest compared).
      if (i % 100 == 99) progress_.done(100, "");
      if (digested && i < a->pages() && i < b->pages() && da[i] == db[i]) continue;
      compare_page(*a, *b, f, i, ma, mb, od);
    }
    progress_.done(static_cast<size_t>(n % 100), "");
    progress_.clear();
    if (od->pages.empty()) od->note = "no page looks different: only the file's bytes differ";
  }

  // Page `i` of both files drawn and compared; a page that differs goes into od->pages.
  void compare_page(const PdfFile& a, const PdfFile& b, const std::string& f, int i, const ManifestOutput* ma,
                    const ManifestOutput* mb, OutputDiff* od) {
    const double scale = o_.dpi / 72;
    PageDiff pd;
    pd.page = i + 1;
    Raster ra, rb;
    const bool has_a = i < a.pages(), has_b = i < b.pages();
    if (has_a) {
      a.page_size(i, &pd.old_w, &pd.old_h);
      if (!render(a, old_, f, i, &ra)) return;
      pd.old_px_w = ra.width, pd.old_px_h = ra.height;
    }
    if (has_b) {
      b.page_size(i, &pd.new_w, &pd.new_h);
      if (!render(b, new_, f, i, &rb)) return;
      pd.new_px_w = rb.width, pd.new_px_h = rb.height;
    }
    const ManifestPage* pa = page_of(has_a ? ma : nullptr, i + 1);
    const ManifestPage* pb = page_of(has_b ? mb : nullptr, i + 1);
    if (has_a && has_b) {
      const PixelChanges c = compare_pages(ra, rb);
      pd.size_changed = ra.width != rb.width || ra.height != rb.height;
      if (c.count == 0 && !pd.size_changed) return;
      pd.what = "changed";
      pd.pixels = c.count;
      pd.areas = attribute(pa, pb, &c, scale, &pd);
      if (pictures_.take()) {
        picture(ra, "old", &pd.old_png);
        picture(rb, "new", &pd.new_png);
        picture(difference_picture(rb, c, pd.areas), "diff", &pd.diff_png);
      }
    } else {
      pd.what = has_b ? "added" : "removed";
      attribute(pa, pb, nullptr, scale, &pd);
      if (pictures_.take()) picture(has_b ? rb : ra, has_b ? "new" : "old", has_b ? &pd.new_png : &pd.old_png);
    }
    od->pages.push_back(std::move(pd));
  }

  // An output only one folder has: its page count, and its pages pictured while the
  // budget lasts (only when a report is written).
  void one_sided_pdf(const Tree& t, OutputDiff* od) {
    auto pdf = open_pdf(t, od->file);
    if (!pdf) return;
    (od->what == "added" ? od->new_pages : od->old_pages) = pdf->pages();
    if (!pictures_.enabled()) return;
    for (int i = 0; i < pdf->pages() && !d_.has_errors(); ++i) {
      if (!pictures_.take()) continue;
      PageDiff pd;
      pd.page = i + 1;
      pd.what = od->what;
      Raster r;
      if (!render(*pdf, t, od->file, i, &r)) return;
      double w = 0, h = 0;
      pdf->page_size(i, &w, &h);
      if (od->what == "added") {
        pd.new_w = w, pd.new_h = h, pd.new_px_w = r.width, pd.new_px_h = r.height;
        picture(r, "new", &pd.new_png);
      } else {
        pd.old_w = w, pd.old_h = h, pd.old_px_w = r.width, pd.old_px_h = r.height;
        picture(r, "old", &pd.old_png);
      }
      od->pages.push_back(std::move(pd));
    }
  }

  const DiffOptions& o_;
  Diagnostics& d_;
  Tree old_, new_;
  PictureWriter pictures_;
  Progress progress_;  // "cardstock: comparing pages 1200/50000", on a terminal only
};

}  // namespace

DiffResult diff_folders(const DiffOptions& o, Diagnostics& d) { return Differ(o, d).run(); }

}  // namespace cardstock
