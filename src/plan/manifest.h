// manifest.json: every output file, page, placement (card id, source file:line:col,
// rectangles in points) and cut guide, and what it was made from. The writer assembles
// what each output's planner wrote of it (ManifestEntry). Deterministic text: same
// outputs, same bytes.
#pragma once
#include <string>
#include <vector>

#include "base/json.h"
#include "layout/layout.h"
#include "plan/planned.h"
#include "plan/prepare.h"

namespace cardstock {

/// What manifest.json says of the game: `inputs` are the files the outputs were made
/// from and `inputs_key` their combined key (the next build compares them); `folders`
/// the templates folders whose every file is among the inputs (a file added there is a
/// new input: the next build looks for one before it parses anything).
struct ManifestHeader {
  std::string game, title, source;
  std::vector<std::string> inputs;
  std::string inputs_key;
  std::vector<std::string> folders;
  /// card_boxes_json's text ("" when no design places a layer: no key then).
  std::string boxes;
};

std::string manifest_json(const ManifestHeader& h, const std::vector<PlannedOutput>& outputs);

/// The manifest's "boxes_mm": for each deck, side and design, the boxes (mm, [x, y, w,
/// h] from the trim's top-left, two decimals) of the layers layout placed (anchor, inset,
/// stacks: layout/placement.h), keyed by the layer's name (else "layer N", its index in
/// the design's layers), with the cards that show them alike; "" when no card has any.
std::string card_boxes_json(const PreparedGame& p);

/// JSON text for planners writing their ManifestEntry, streamed (a big deck's manifest
/// is never held as a tree): string literals come from base/json.h's json_quote; a
/// number as the manifest writes lengths, a rectangle "[x, y, w, h]", a point "[x, y]".
std::string json_number(double v);
std::string json_rect(const Rect& r);
std::string json_point(double x, double y);

}  // namespace cardstock
