// Inside render/: images (PNG and SVG) decoded once per game and drawn from the same
// surface every time. A file that cannot be used gives its reason as text, never throws.
#pragma once
#include <functional>
#include <map>
#include <string>

#include "render/handles.h"

namespace cardstock {

// Images are decoded once per file (per game) and drawn from the same surface every
// time, so each PDF embeds each image once however many cards show it. A file that
// cannot be used keeps its reason, so every later use reports the same one.
class ImageCache {
 public:
  struct Image {
    SurfacePtr surface;  // an image surface (PNG) or a recording surface (SVG)
    double w = 0, h = 0;
    std::string error;
  };
  /// The decoded image at `path`, or null with *err saying why it cannot be used, as
  /// words to follow the image's name.
  const Image* get(const std::string& path, std::string* err);
  /// An image made from decoded ones (an image deck's picture with its bleed made,
  /// render/bleed_fill.h), made by `make` the first time `key` is asked for.
  const Image* made(const std::string& key, const std::function<Image()>& make);
  void clear() { images_.clear(); }

 private:
  std::map<std::string, Image> images_;
};

}  // namespace cardstock
