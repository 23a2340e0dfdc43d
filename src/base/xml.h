// xml: text made safe inside XML and HTML, in element content and in quoted attributes.
// Never fails; the input is UTF-8 already checked where it was read.
#pragma once
#include <string>
#include <string_view>

namespace cardstock {

/// `s` with & < > " ' written as entities.
std::string xml_escape(std::string_view s);

}  // namespace cardstock
