// manifest.json: every output file, page, placement (card id, source file:line:col,
// rectangles in points) and cut guide. Deterministic text: same plans, same bytes.
#pragma once
#include <string>
#include <vector>

#include "build.h"
#include "model.h"

namespace cardstock {

std::string manifest_json(const Game& g, const std::vector<OutputPlan>& plans,
                          const std::string& source);

/// JSON string literal (quotes included).
std::string json_string(const std::string& s);

}  // namespace cardstock
