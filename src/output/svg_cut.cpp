#include "output/svg_cut.h"

#include <algorithm>
#include <sstream>

#include "base/length.h"
#include "base/xml.h"

namespace cardstock {

namespace {

// Millimetres to four decimals (a ten-thousandth of a millimetre, well inside the
// hundredth we promise), as the manifest formats numbers.
std::string mm(double pt) { return format_number(Length{pt}.in_mm()); }

std::string xml_text(const std::string& s) { return xml_escape(s); }

// An XML comment may not hold "--".
std::string comment_text(std::string s) {
  for (size_t at; (at = s.find("--")) != std::string::npos;) s.replace(at, 2, "- -");
  return xml_text(s);
}

std::string point(double x, double y) { return mm(x) + "," + mm(y); }

std::string mark_path(const RegMark& m) {
  std::string d;
  for (size_t i = 0; i < m.points.size(); ++i) d += (i ? " L " : "M ") + point(m.points[i].x, m.points[i].y);
  if (m.closed) d += " Z";
  return d;
}

}  // namespace

std::string outline_path(const PageArt::CardOnPage& c) {
  const Rect& t = c.trim;
  if (c.shape == Shape::Circle) {
    const double cx = t.x + t.w / 2, cy = t.y + t.h / 2, r = std::min(t.w, t.h) / 2;
    const std::string a = " A " + mm(r) + "," + mm(r) + " 0 1 1 ";
    return "M " + point(cx + r, cy) + a + point(cx - r, cy) + a + point(cx + r, cy) + " Z";
  }
  if (c.shape == Shape::Hex) {
    const auto pts = hex_corners(t);
    std::string d;
    for (size_t i = 0; i < pts.size(); ++i) d += (i ? " L " : "M ") + point(pts[i].x, pts[i].y);
    return d + " Z";
  }
  const double r = std::clamp(c.radius, 0.0, std::min(t.w, t.h) / 2);
  if (r <= 0)
    return "M " + point(t.x, t.y) + " H " + mm(t.right()) + " V " + mm(t.bottom()) + " H " + mm(t.x) + " Z";
  // Clockwise from the end of the top-left corner: edge, corner, edge, corner...
  const std::string a = " A " + mm(r) + "," + mm(r) + " 0 0 1 ";
  return "M " + point(t.x + r, t.y) + " H " + mm(t.right() - r) + a + point(t.right(), t.y + r) + " V " +
         mm(t.bottom() - r) + a + point(t.right() - r, t.bottom()) + " H " + mm(t.x + r) + a +
         point(t.x, t.bottom() - r) + " V " + mm(t.y + r) + a + point(t.x + r, t.y) + " Z";
}

std::string svg_cut_text(const PlannedOutput& o, const PlannedPage& page, const std::string& creator) {
  std::ostringstream s;
  const std::string w = mm(page.width), h = mm(page.height);
  s << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    << "<!-- " << comment_text(creator) << ": " << comment_text(o.origin)
    << ". Millimetres from the page's top-left corner, as on the PDF's pages. -->\n"
    << "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:inkscape=\"http://www.inkscape.org/namespaces/inkscape\""
    << " version=\"1.1\" width=\"" << w << "mm\" height=\"" << h << "mm\" viewBox=\"0 0 " << w << " " << h << "\">\n"
    << "  <title>" << xml_text(o.title) << "</title>\n";
  s << "  <g id=\"registration\" inkscape:groupmode=\"layer\" inkscape:label=\"Registration marks\">\n";
  for (const RegMark& m : page.art.registration) {
    if (m.points.empty()) continue;
    s << "    <path d=\"" << mark_path(m) << "\" ";
    if (m.filled)
      s << "fill=\"#000000\" stroke=\"none\"/>\n";
    else
      s << "fill=\"none\" stroke=\"#000000\" stroke-width=\"" << mm(m.stroke) << "\" stroke-linejoin=\"miter\"/>\n";
  }
  s << "  </g>\n  <g id=\"cut\" inkscape:groupmode=\"layer\" inkscape:label=\"Cut\">\n";
  for (size_t i = 0; i < page.art.cards.size(); ++i)
    s << "    <path id=\"cut-" << i + 1 << "\" d=\"" << outline_path(page.art.cards[i])
      << "\" fill=\"none\" stroke=\"#ff0000\" stroke-width=\"0.1\"/>\n";
  s << "  </g>\n</svg>\n";
  return s.str();
}

}  // namespace cardstock
