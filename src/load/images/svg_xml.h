// svg_xml: an SVG file's XML read by libxml2 before librsvg sees it, so a broken file
// or a picture of no size is said in our words at the SVG's own line and column.
#pragma once
#include <string>

namespace cardstock {

/// "" if `bytes` is well-formed XML whose root element has no width, height or viewBox
/// of zero or less; else what is wrong, to follow "image 'x.svg' " ("is not a valid SVG
/// file: at line 2, column 13, ..."). Reads nothing else: no network, no external DTD.
std::string svg_xml_problem(const std::string& bytes);

}  // namespace cardstock
