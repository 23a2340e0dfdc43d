// manifest.json: every output file, page, placement (card id, source file:line:col,
// rectangles in points) and cut guide, and what it was made from. Deterministic text: same plans, same bytes.
#pragma once
#include <string>
#include <vector>

#include "build/build.h"
#include "model/model.h"

namespace cardstock {

/// `inputs` are the files the outputs were made from and `inputs_key` their combined
/// key; the next build compares them to decide what to render again.
std::string manifest_json(const Game& g, const std::vector<OutputPlan>& plans,
                          const std::string& source, const std::vector<std::string>& inputs,
                          const std::string& inputs_key);

/// JSON string literal (quotes included).
std::string json_string(const std::string& s);

}  // namespace cardstock
