#include "diff/report.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <regex>
#include <sstream>

#include "base/files.h"
#include "base/os/process.h"
#include "base/paths.h"
#include "base/version.h"
#include "base/xml.h"

namespace fs = std::filesystem;

namespace cardstock {

// ---- pictures ------------------------------------------------------------------------

PictureWriter::PictureWriter(std::string report_dir, long budget) : dir_(std::move(report_dir)), budget_(budget) {}

bool PictureWriter::prepare(Diagnostics& d) {
  std::error_code ec;
  fs::create_directories(dir_, ec);
  if (ec || !fs::is_directory(dir_)) {
    d.error({dir_}, "cannot make the report folder: " + (ec ? ec.message() : "it is not a folder"));
    return false;
  }
  const std::string img = (fs::path(dir_) / "img").string();
  std::string why;
  if (!inside_output(dir_, img, &why)) {
    d.error({dir_}, why);
    return false;
  }
  fs::create_directory(img, ec);
  if (ec || !fs::is_directory(fs::symlink_status(img))) {
    d.error({dir_}, "cannot make " + img + ": " + (ec ? ec.message() : "it is not a folder"));
    return false;
  }
  // An earlier report's pictures would otherwise stay beside the new ones.
  drop_report_pictures(dir_);
  return true;
}

void drop_report_pictures(const std::string& report_dir) {
  static const std::regex ours(R"([0-9]{4,}-(old|new|diff)\.png)");
  const fs::path img = fs::path(report_dir) / "img";
  std::error_code ec;
  if (report_dir.empty() || !fs::is_directory(fs::symlink_status(img, ec))) return;
  for (const auto& e : fs::directory_iterator(img, ec))
    if (std::regex_match(e.path().filename().string(), ours)) fs::remove(e.path(), ec);
}

bool PictureWriter::take() {
  if (dir_.empty() || taken_ >= budget_) {
    ++refused_;
    return false;
  }
  ++taken_;
  return true;
}

bool PictureWriter::write(const Raster& r, const std::string& part, std::string* rel, Diagnostics& d) {
  if (failed_) return false;  // one failed write is said; the report is lost anyway
  char name[64];
  std::snprintf(name, sizeof name, "img/%04ld-%s.png", taken_, part.c_str());
  const std::string path = (fs::path(dir_) / name).string();
  std::string why;
  if (!inside_output(dir_, path, &why)) {
    d.error({dir_}, why);
    return false;
  }
  if (!save_png(r, path, {dir_}, d)) {
    failed_ = true;
    return false;
  }
  *rel = name;
  return true;
}

Raster difference_picture(const Raster& base, const PixelChanges& c, const std::vector<PageBox>& boxes) {
  Raster out;
  out.width = c.width;
  out.height = c.height;
  out.px.resize(static_cast<size_t>(c.width) * c.height);
  // Tints: blue where only the new page has ink, red where only the old one had, amber
  // where a colour changed. Everything else faded to a quarter, so the tints stand out.
  constexpr std::uint32_t kNew = 0xFF1C5FD6, kOld = 0xFFE03131, kRecolour = 0xFFF08C00, kBox = 0xFF9C36B5;
  for (int y = 0; y < c.height; ++y)
    for (int x = 0; x < c.width; ++x) {
      const size_t i = static_cast<size_t>(y) * c.width + x;
      switch (c.kind[i]) {
        case PixelChanges::kNewInk: out.px[i] = kNew; break;
        case PixelChanges::kOldInk: out.px[i] = kOld; break;
        case PixelChanges::kRecoloured: out.px[i] = kRecolour; break;
        default: {
          const std::uint32_t p = base.at(x, y);
          std::uint32_t q = 0xFF000000u;
          for (int shift = 0; shift < 24; shift += 8) {
            const std::uint32_t v = (p >> shift) & 0xFF;
            q |= (255 - (255 - v) / 4) << shift;
          }
          out.px[i] = q;
        }
      }
    }
  // Each changed area outlined 4 px out, 2 px thick, so a one-letter change is found at a glance.
  for (const PageBox& b : boxes) {
    const int x0 = static_cast<int>(b.x) - 6, y0 = static_cast<int>(b.y) - 6;
    const int x1 = static_cast<int>(b.x + b.w) + 5, y1 = static_cast<int>(b.y + b.h) + 5;
    auto put = [&](int x, int y) {
      if (x >= 0 && y >= 0 && x < out.width && y < out.height) out.px[static_cast<size_t>(y) * out.width + x] = kBox;
    };
    for (int t = 0; t < 2; ++t) {
      for (int x = std::max(x0, 0); x <= std::min(x1, out.width - 1); ++x) {
        put(x, y0 + t);
        put(x, y1 - t);
      }
      for (int y = std::max(y0, 0); y <= std::min(y1, out.height - 1); ++y) {
        put(x0 + t, y);
        put(x1 - t, y);
      }
    }
  }
  return out;
}

// ---- index.html ----------------------------------------------------------------------

namespace {

// Most close-ups shown for one page.
constexpr size_t kMaxCloseUps = 6;

std::string esc(const std::string& s) { return xml_escape(s); }

// "a, b and c"
std::string and_list(const std::vector<std::string>& v) {
  std::string s;
  for (size_t i = 0; i < v.size(); ++i) s += (i == 0 ? "" : i + 1 == v.size() ? " and " : ", ") + v[i];
  return s;
}

constexpr const char* kStyle = R"(
:root { --ink: #1b1f24; --muted: #5b636e; --line: #d5d9de; --new: #1c5fd6; --old: #e03131;
        --recolour: #f08c00; --box: #9c36b5; }
* { box-sizing: border-box; }
body { margin: 0; font: 15px/1.45 system-ui, -apple-system, "Segoe UI", "Noto Sans", "DejaVu Sans", sans-serif;
       color: var(--ink); background: #f4f5f7; }
header, main { max-width: 1800px; margin: 0 auto; padding: 0 20px; }
header { padding-top: 18px; }
h1 { font-size: 22px; margin: 0 0 6px; }
h2 { font-size: 18px; margin: 0 0 4px; word-break: break-all; }
h3 { font-size: 15px; margin: 14px 0 4px; }
code { font: 13px ui-monospace, "DejaVu Sans Mono", monospace; }
.paths { color: var(--muted); margin: 0 0 6px; }
.summary { font-size: 17px; margin: 8px 0; }
.legend span { display: inline-block; margin-right: 16px; color: var(--muted); }
.swatch { display: inline-block; width: 12px; height: 12px; vertical-align: -1px; margin-right: 5px; border-radius: 2px; }
nav ul { list-style: none; padding: 0; margin: 10px 0 18px; columns: 2 420px; }
nav li { margin: 2px 0; break-inside: avoid; }
.badge { display: inline-block; font-size: 12px; padding: 0 7px; border-radius: 9px; color: #fff; vertical-align: 1px; }
.badge.changed { background: #7048e8; } .badge.added { background: #2b8a3e; } .badge.removed { background: #c92a2a; }
section { background: #fff; border: 1px solid var(--line); border-radius: 8px; padding: 14px 16px; margin: 0 0 18px; }
.note { color: var(--muted); margin: 2px 0; }
ul.cards { margin: 2px 0 8px; padding-left: 20px; }
ul.cards .what { font-weight: 600; }
.trio { display: grid; grid-template-columns: repeat(3, minmax(0, 1fr)); gap: 12px; align-items: start; }
.trio.one { grid-template-columns: minmax(0, 1fr) minmax(0, 1fr) minmax(0, 1fr); }
figure { margin: 0; }
figcaption { color: var(--muted); font-size: 13px; margin-bottom: 3px; }
.closeup { margin-bottom: 10px; }
.zoom { width: 100%; background-repeat: no-repeat; background-color: #fff; border: 1px solid var(--line); }
figure img { display: block; width: 100%; height: auto; border: 1px solid var(--line); background: #fff; }
.missing { border: 1px dashed var(--line); color: var(--muted); padding: 30px 10px; text-align: center; }
footer { color: var(--muted); font-size: 12px; text-align: center; padding: 10px 0 24px; }
@media (max-width: 900px) { .trio, .trio.one { grid-template-columns: 1fr; } }
)";

std::string source_link(const std::string& source, const std::string& url) {
  // "content/x.yaml:12:5" -> file "content/x.yaml", line "12"
  std::string file = source, line;
  const size_t last = source.rfind(':');
  if (last != std::string::npos) {
    const size_t before = source.rfind(':', last - 1);
    if (before != std::string::npos && last > 0) {
      file = source.substr(0, before);
      line = source.substr(before + 1, last - before - 1);
    }
  }
  if (url.empty() || line.empty()) return "<code>" + esc(source) + "</code>";
  return "<a href=\"" + esc(url + file + "#L" + line) + "\"><code>" + esc(source) + "</code></a>";
}

std::string card_item(const CardChange& c, const std::string& url) {
  std::ostringstream o;
  o << "<li><span class=\"what\">" << esc(c.what) << "</span> <b>" << esc(c.id) << "</b>";
  if (c.copies.size() > 1) {
    std::vector<std::string> v;
    for (long k : c.copies) v.push_back(std::to_string(k));
    o << " (copies " << esc(and_list(v)) << ")";
  }
  if (!c.side.empty()) o << ", " << esc(c.side);
  if (!c.source.empty()) o << " &mdash; " << source_link(c.source, url);
  o << "</li>";
  return o.str();
}

std::string figure(const std::string& caption, const std::string& png, const std::string& alt, double w_pt,
                    double h_pt, double dpi, const std::string& missing) {
  std::ostringstream o;
  o << "<figure><figcaption>" << esc(caption) << "</figcaption>";
  if (png.empty()) {
    o << "<div class=\"missing\">" << esc(missing) << "</div>";
  } else {
    const long w = std::lround(std::ceil(w_pt * dpi / 72)), h = std::lround(std::ceil(h_pt * dpi / 72));
    o << "<a href=\"" << esc(png) << "\"><img src=\"" << esc(png) << "\" alt=\"" << esc(alt) << "\" width=\"" << w
      << "\" height=\"" << h << "\" loading=\"lazy\"></a>";
  }
  o << "</figure>";
  return o.str();
}

// A close-up of the area `a` (pixels) of a page picture `png` of pw x ph pixels: a box of
// the area's proportions whose background is the picture, scaled and shifted so the area
// fills it (no extra file), magnified at most 2.5 times.
std::string zoom(const std::string& caption, const std::string& png, int pw, int ph, const PageBox& a,
                 const std::string& alt) {
  std::ostringstream o;
  o << "<figure><figcaption>" << esc(caption) << "</figcaption>";
  if (png.empty() || pw <= 0 || ph <= 0) {
    o << "<div class=\"missing\">&mdash;</div></figure>";
    return o.str();
  }
  auto pct = [](double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.4f%%", v * 100);
    return std::string(buf);
  };
  const double px = pw == a.w ? 0 : a.x / (pw - a.w), py = ph == a.h ? 0 : a.y / (ph - a.h);
  o << "<a href=\"" << esc(png) << "\"><div class=\"zoom\" role=\"img\" aria-label=\"" << esc(alt)
    << "\" style=\"aspect-ratio: " << a.w << " / " << a.h << "; max-width: " << std::lround(a.w * 2.5)
    << "px; background-image: url('" << esc(png) << "'); background-size: " << pct(pw / a.w) << " auto; "
    << "background-position: " << pct(px) << " " << pct(py) << "\"></div></a></figure>";
  return o.str();
}

void page_block(std::ostringstream& o, const OutputDiff& od, const PageDiff& p, const DiffOptions& opt) {
  o << "<h3 id=\"" << esc(od.file) << "-p" << p.page << "\">page " << p.page;
  if (p.what != "changed") o << " <span class=\"badge " << esc(p.what) << "\">" << esc(p.what) << "</span>";
  o << "</h3>\n";
  if (p.size_changed)
    o << "<p class=\"note\">The page size changed: " << std::lround(p.old_w) << " x " << std::lround(p.old_h)
      << " pt, now " << std::lround(p.new_w) << " x " << std::lround(p.new_h) << " pt.</p>\n";
  if (!p.cards.empty() || p.pixels_outside > 0) {
    o << "<ul class=\"cards\">";
    for (const auto& c : p.cards) o << card_item(c, opt.source_url);
    if (p.pixels_outside > 0)
      o << "<li><span class=\"what\">changed</span> outside the cards (cut guides, headings, text): " << p.pixels_outside
        << " pixels</li>";
    o << "</ul>\n";
  }
  const bool pictured = !p.old_png.empty() || !p.new_png.empty();
  if (!pictured) {
    o << "<p class=\"note\">Not pictured: the report shows at most " << opt.max_pictures
      << " pages (--max-pictures).</p>\n";
    return;
  }
  const std::string where = od.file + " page " + std::to_string(p.page);
  // Close-ups first: each changed area at full resolution (the whole pages follow).
  const int dw = std::max(p.old_px_w, p.new_px_w), dh = std::max(p.old_px_h, p.new_px_h);
  for (size_t i = 0; i < p.areas.size() && i < kMaxCloseUps && p.what == "changed"; ++i) {
    const PageBox& b = p.areas[i];
    const double x0 = std::max(0.0, b.x - 12), y0 = std::max(0.0, b.y - 12);
    const double x1 = std::min<double>(dw, b.x + b.w + 12), y1 = std::min<double>(dh, b.y + b.h + 12);
    if (x1 <= x0 || y1 <= y0) continue;
    const PageBox a{x0, y0, x1 - x0, y1 - y0};
    o << "<div class=\"trio closeup\">" << zoom("old, close up", p.old_png, p.old_px_w, p.old_px_h, a, "old " + where)
      << zoom("new, close up", p.new_png, p.new_px_w, p.new_px_h, a, "new " + where)
      << zoom("differences, close up", p.diff_png, dw, dh, a, "differences on " + where) << "</div>\n";
  }
  if (p.what == "changed" && p.areas.size() > kMaxCloseUps)
    o << "<p class=\"note\">" << p.areas.size() - kMaxCloseUps << " more changed areas are outlined on the page below.</p>\n";
  o << "<div class=\"trio\">"
    << figure("old", p.old_png, "old " + where, p.old_w, p.old_h, opt.dpi, "no page " + std::to_string(p.page) + " before")
    << figure("new", p.new_png, "new " + where, p.new_w, p.new_h, opt.dpi, "no page " + std::to_string(p.page) + " now");
  if (p.what == "changed")
    o << figure("differences", p.diff_png, "differences on " + where, std::max(p.old_w, p.new_w),
                std::max(p.old_h, p.new_h), opt.dpi, "");
  o << "</div>\n";
}

// One output's section: its name and what happened to it, its page counts, and a block
// for each page that differs.
void output_section(std::ostringstream& o, const OutputDiff& od, size_t i, const DiffOptions& opt) {
  o << "<section id=\"o" << i + 1 << "\">\n<h2>" << esc(od.file) << " <span class=\"badge " << esc(od.what) << "\">"
    << esc(od.what) << "</span></h2>\n";
  if (od.pdf) {
    std::string pages;
    if (od.what == "added") pages = std::to_string(od.new_pages) + " pages";
    else if (od.what == "removed") pages = std::to_string(od.old_pages) + " pages";
    else if (od.old_pages == od.new_pages) pages = std::to_string(od.new_pages) + " pages";
    else pages = std::to_string(od.old_pages) + " pages, now " + std::to_string(od.new_pages);
    if (od.what == "changed" && !od.pages.empty()) {
      std::vector<std::string> v;
      for (const auto& p : od.pages) v.push_back(std::to_string(p.page));
      pages += "; " + std::string(v.size() == 1 ? "page " : "pages ") + and_list(v) + (v.size() == 1 ? " differs" : " differ");
    }
    o << "<p class=\"note\">" << esc(pages) << ".</p>\n";
  }
  if (!od.note.empty()) o << "<p class=\"note\">" << esc(od.note) << ".</p>\n";
  for (const auto& p : od.pages) page_block(o, od, p, opt);
  o << "</section>\n";
}

}  // namespace

bool write_report_html(const DiffResult& r, const DiffOptions& opt, Diagnostics& d) {
  long changed = 0, added = 0, removed = 0;
  for (const auto& od : r.outputs) (od.what == "added" ? added : od.what == "removed" ? removed : changed)++;
  std::ostringstream o;
  o << "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
    << "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
    << "<title>cardstock diff: " << (r.changed() ? std::to_string(r.outputs.size()) + " outputs differ" : "no change")
    << "</title>\n<style>" << kStyle << "</style>\n</head>\n<body>\n<header>\n<h1>What changed on the printed page</h1>\n"
    << "<p class=\"paths\">old <code>" << esc(opt.old_dir) << "</code> &rarr; new <code>" << esc(opt.new_dir)
    << "</code></p>\n<p class=\"summary\">";
  if (!r.changed()) {
    o << "No output changed (" << r.unchanged << " compared).";
  } else {
    o << changed << " changed, " << added << " added, " << removed << " removed, " << r.unchanged << " unchanged.";
  }
  o << "</p>\n";
  if (r.changed())
    o << "<p class=\"legend\"><span><i class=\"swatch\" style=\"background:var(--new)\"></i>ink only in the new page</span>"
      << "<span><i class=\"swatch\" style=\"background:var(--old)\"></i>ink only in the old page</span>"
      << "<span><i class=\"swatch\" style=\"background:var(--recolour)\"></i>colour changed</span>"
      << "<span><i class=\"swatch\" style=\"background:var(--box)\"></i>around each change</span></p>\n";
  if (r.not_pictured > 0)
    o << "<p class=\"note\">" << r.pictured << " pages are pictured; " << r.not_pictured
      << " more are listed without pictures (--max-pictures " << opt.max_pictures << ").</p>\n";
  o << "</header>\n<main>\n";
  if (r.changed()) {
    o << "<nav><ul>\n";
    for (size_t i = 0; i < r.outputs.size(); ++i) {
      const auto& od = r.outputs[i];
      o << "<li><a href=\"#o" << i + 1 << "\">" << esc(od.file) << "</a> <span class=\"badge " << esc(od.what) << "\">"
        << esc(od.what) << "</span>";
      if (od.what == "changed" && od.pdf && !od.pages.empty())
        o << " " << od.pages.size() << (od.pages.size() == 1 ? " page" : " pages");
      o << "</li>\n";
    }
    o << "</ul></nav>\n";
  }
  for (size_t i = 0; i < r.outputs.size(); ++i) output_section(o, r.outputs[i], i, opt);
  o << "</main>\n<footer>cardstock " << kVersion << " diff, pages drawn at " << std::lround(opt.dpi)
    << " dpi</footer>\n</body>\n</html>\n";
  const std::string path = (fs::path(opt.report_dir) / "index.html").string();
  std::string why;
  if (!inside_output(opt.report_dir, path, &why)) {
    d.error({opt.report_dir}, why);
    return false;
  }
  // Beside, then renamed: a failed write leaves the previous page or none, never half.
  const std::string tmp = path + ".tmp-" + std::to_string(process_id());
  if (!inside_output(opt.report_dir, tmp, &why)) {
    d.error({opt.report_dir}, why);
    return false;
  }
  std::error_code ec;
  if (write_file(tmp, o.str(), &why)) {
    fs::rename(tmp, path, ec);
    if (!ec) return true;
    why = ec.message();
  }
  fs::remove(tmp, ec);
  d.error({opt.report_dir}, "cannot write " + path + ": " + why);
  return false;
}

}  // namespace cardstock
