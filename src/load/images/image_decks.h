// image_decks: a folder of pictures as a deck (`cards: {images: "art/*.png"}`), a sibling
// of csv_cards: one card a picture, in natural file-name order, each shown full-bleed by
// a design this reader makes; copies from `counts`, backs from `back_images`. Problems
// are Diagnostics at the entry's keys; a picture's resolution is a warning at its file.
#pragma once
#include <string>
#include <vector>

#include <yaml-cpp/yaml.h>

#include "base/diag.h"
#include "load/sheets/csv_cards.h"
#include "model/model.h"

namespace cardstock::loading {

/// Whether entry `c` of a deck's `cards:` is a folder of pictures (`{images: ...}`).
bool is_image_source(const YAML::Node& c);

/// The cards of an `{images: GLOB}` entry of `deck` (read against Schemas::card_source()):
/// one a picture matching GLOB (a file-name pattern of * and ? in a folder relative to the
/// game file, confined to it as every image is), in natural order ("2" before "10"), its
/// id made from the file name's stem, its field `image` the picture's path. Adds the
/// deck's face design (and back design, from `back_images`) to g->designs and names them
/// on the deck. Every raster picture's resolution at print size is checked (300 dpi).
std::vector<CsvCard> read_image_source(const YAML::Node& c, const std::string& file, Game* g, Deck* deck,
                                       Diagnostics& d);

/// Whether `a` comes before `b` in natural order: runs of digits compare as numbers
/// ("art2" < "art10"), everything else byte by byte.
bool natural_less(const std::string& a, const std::string& b);

}  // namespace cardstock::loading
