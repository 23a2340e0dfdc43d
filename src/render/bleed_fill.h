// bleed_fill: an image deck's picture that is only as large as the card's trim, grown by
// the card's bleed (render/image_cache.h keeps the result per picture and rule). Pixel
// work on Cairo image surfaces; the same picture and rule give the same bytes.
#pragma once
#include "model/model.h"
#include "render/image_cache.h"

namespace cardstock {

/// How the strips are made: the rule, its colour, and the card's bleed as a share of the
/// trim's width (`fx`) and height (`fy`); `trim_w_pt` sets the resolution an SVG's strips
/// are drawn at (300 dpi at print size).
struct BleedRule {
  BleedFill fill = BleedFill::Extend;
  Color colour;
  double fx = 0, fy = 0, trim_w_pt = 0;
};

/// `img` grown by rule.fx of its width on the left and right and rule.fy of its height at
/// the top and bottom. A raster's clear corners (alpha below 255; in a picture with no
/// alpha, near-white corners) are filled by the same rule first, row by row from the edge
/// inwards. An SVG stays vector inside the trim; its strips come from a raster of it.
ImageCache::Image with_bleed(const ImageCache::Image& img, const BleedRule& rule);

/// Which a picture of w x h is, for a card whose trim is tw x th with its bleed bw x bh:
/// true when its shape is nearer the trim's (so bleed must be made for it).
bool needs_bleed(double w, double h, double tw, double th, double bw, double bh);

}  // namespace cardstock
