// images: what an image file is and how large it would be once decoded, read from its
// bytes without decoding it. An SVG's embedded pictures and the files it links to are
// checked the same way. No Cairo or librsvg here; refusals are plain words, never thrown.
#pragma once
#include <string>

#include "base/input_limits.h"
#include "model/model.h"

namespace cardstock {

/// Checks the card image at `path` (a .png, .jpg, .jpeg or .svg, any case; `shown` is its name as the user wrote
/// it) before anything decodes it: a regular file within kMaxImageBytes; a PNG with a
/// sound header within kMaxImagePixels; an SVG that is not compressed, declares no
/// entity that could pull in a file or build markup, and whose links and embedded
/// pictures are local, PNG, JPEG, GIF or SVG, within the limits together, inside `root`
/// (the game's folder) unless `allow_outside`. Returns false with *why, a sentence that
/// starts with the image's name: "image 'x.png' is empty (0 bytes)".
bool check_image_file(const std::string& path, const std::string& shown, const std::string& root,
                      bool allow_outside, std::string* why);

/// The same checks on an image's bytes already read; `path` says where it is (links
/// resolve beside it) and what kind it is (picture_kind). For check_image_file and the fuzzer.
bool check_image_bytes(const std::string& bytes, const std::string& path, const std::string& shown,
                       const std::string& root, bool allow_outside, std::string* why);

/// The kinds of picture a card, a board or an icon can show, by the file's ending in any
/// case (".PNG" is ".png"): .svg, .png, .jpg or .jpeg; None for any other ending.
enum class PictureKind { None, Svg, Png, Jpeg };
PictureKind picture_kind(const std::string& path);

/// Whether `path` names a JPEG picture (.jpg or .jpeg, any case).
bool is_jpeg_name(const std::string& path);

/// The pixel size of a PNG or JPEG held in `bytes`, from its header; false for anything else.
bool raster_pixels(const std::string& bytes, long* w, long* h);

/// Fills g->images: every image name a card of g can show (the `src` of each image layer
/// of its face and back designs, its {fields} filled in with the card's), each looked for
/// on disk once: confined_path against g->dir, then whether it is a regular file. Names
/// already there are kept. Reports nothing: resolve_card reports per card, at its mark.
void resolve_image_names(Game* g);

}  // namespace cardstock
