// image_names: the image names a game's cards can show, looked for on disk while loading
// (Game::images), so that laying the cards out never asks the file system; a picture a
// stack sizes also has its proportions read from its header.
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <set>
#include <vector>

#include "base/file_hints.h"
#include "base/files.h"
#include "base/input_limits.h"
#include "base/paths.h"
#include "load/images/images.h"

namespace cardstock {

namespace {

// The name `l` shows on `card` as resolve_card expands it: "" where it refuses a text that
// grows past kMaxTextBytes once filled in (it reports that itself).
std::string shown_name(const Layer& l, const Card& card) {
  if (expanded_size(l.src, card.fields) > kMaxTextBytes && l.src.size() <= kMaxTextBytes) return "";
  return expand_template(l.src, card.fields);
}

// The value of attribute `name` of the tag `tag` ("" when it has none).
std::string attribute(const std::string& tag, const std::string& name) {
  for (size_t at = tag.find(name + "="); at != std::string::npos; at = tag.find(name + "=", at + 1)) {
    if (at == 0 || !std::isspace(static_cast<unsigned char>(tag[at - 1]))) continue;
    const size_t q = at + name.size() + 1;
    if (q >= tag.size() || (tag[q] != '"' && tag[q] != '\'')) continue;
    const size_t end = tag.find(tag[q], q + 1);
    return end == std::string::npos ? "" : tag.substr(q + 1, end - q - 1);
  }
  return "";
}

// An SVG's proportions: its width and height when both are lengths in one unit (or
// none), else its viewBox's.
void svg_size(const std::string& b, ImageFile& f) {
  const size_t open = b.find("<svg");
  const size_t close = open == std::string::npos ? open : b.find('>', open);
  if (close == std::string::npos) return;
  const std::string tag = b.substr(open, close - open);
  const std::string w = attribute(tag, "width"), h = attribute(tag, "height");
  char* we = nullptr;
  char* he = nullptr;
  const double wv = std::strtod(w.c_str(), &we), hv = std::strtod(h.c_str(), &he);
  if (!w.empty() && !h.empty() && wv > 0 && hv > 0 && std::string(we) == std::string(he) && std::string(we) != "%") {
    f.width = wv;
    f.height = hv;
    return;
  }
  double x = 0, y = 0, vw = 0, vh = 0;
  std::string vb = attribute(tag, "viewBox");
  for (char& c : vb)
    if (c == ',') c = ' ';
  if (std::sscanf(vb.c_str(), "%lf %lf %lf %lf", &x, &y, &vw, &vh) == 4 && vw > 0 && vh > 0) {
    f.width = vw;
    f.height = vh;
  }
}

// The proportions the header of the image `f` declares (a picture a stack sizes).
void image_size(ImageFile& f) {
  std::string b, why;
  if (!read_regular_file(f.resolved, static_cast<size_t>(kMaxImageBytes), &b, &why)) return;
  long w = 0, h = 0;
  if (raster_pixels(b, &w, &h)) {  // a PNG's or a JPEG's pixels
    f.width = static_cast<double>(w);
    f.height = static_cast<double>(h);
  } else {
    svg_size(b, f);
  }
}

void look_up(Game* g, const std::string& name, bool sized) {
  auto [slot, fresh] = g->images.try_emplace(name);
  ImageFile& f = slot->second;
  if (fresh) {
    f.confined = confined_path(g->dir, name, g->allow_outside, &f.resolved, &f.why);
    if (f.confined) f.kind = not_a_regular_file(f.resolved);
    // Written "giraffe.png", on disk "Giraffe.PNG": the file Windows would open, used
    // here too (with a warning at the name, layout/layout.cpp) rather than refused.
    if (!f.kind.empty())
      if (const std::string twin = case_twin(f.resolved); !twin.empty()) {
        f.resolved = (std::filesystem::path(f.resolved).parent_path() / twin).string();
        f.kind = not_a_regular_file(f.resolved);
        f.spelt = (std::filesystem::path(name).parent_path() / twin).generic_string();
      }
  }
  if (sized && f.confined && f.kind.empty() && f.width == 0) image_size(f);
}

// An image layer of one of the game's designs and the fields its src names.
struct ImageLayer {
  const Layer* layer;
  std::vector<std::string> fields;
  bool filled_by(const Card& card) const {
    for (const auto& f : fields)
      if (!card.fields.count(f)) return false;
    return true;
  }
};

}  // namespace

void resolve_image_names(Game* g) {
  std::vector<ImageLayer> images;  // every image layer of every design
  for (const auto& [name, des] : g->designs)
    for (const Layer& l : des.layers)
      if (l.type == LayerType::Image) images.push_back({&l, read_template(l.src).names});
  for (const Deck& deck : g->decks)
    for (const Card& card : deck.cards) {
      // Its own face and back, whatever fields they miss (resolve_card reports those and
      // still shows the name), and any other design it fills in (a design can be laid
      // out for any card).
      std::set<const Layer*> own;
      for (const std::string* design : {&card.face, &deck.face, &card.back, &deck.back})
        if (auto des = g->designs.find(*design); des != g->designs.end())
          for (const Layer& l : des->second.layers) own.insert(&l);
      for (const ImageLayer& im : images)
        if (own.count(im.layer) || im.filled_by(card))
          if (const std::string n = shown_name(*im.layer, card); !n.empty()) look_up(g, n, im.layer->parent > 0);
    }
}

}  // namespace cardstock
