// How the schema reads a scalar's text as a value of its kind: the words taken as
// booleans, whole numbers, plain numbers, and the range a length may have. Each returns
// false (output untouched) on text it does not take; none throws.
#pragma once
#include <string>
#include <vector>

#include "base/length.h"

namespace cardstock::loading {

// The words YAML 1.1 reads as booleans (as PyYAML and yaml-cpp's own as<bool> do); YAML
// 1.2 editors read only true and false so. The loader takes them all, whichever YAML the
// writer had in mind; the JSON Schema lists them.
const std::vector<std::string>& bool_words();

bool parse_bool(const std::string& s, bool* out);

// The largest length (or percentage of the card) a content file may give: 1000 in is
// 25 m, far beyond any sheet. Absurd values such as `size: 1e18pt` would otherwise
// overflow the conversions that follow (tenths of a point, Pango units) later on.
bool in_range(const RelLength& l);

bool parse_long(const std::string& s, long* out);

bool parse_double(const std::string& s, double* out);

}  // namespace cardstock::loading
