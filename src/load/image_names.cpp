// image_names: the image names a game's cards can show, looked for on disk while loading
// (Game::images), so that laying the cards out never asks the file system.
#include <set>
#include <vector>

#include "base/files.h"
#include "base/input_limits.h"
#include "base/paths.h"
#include "load/images.h"

namespace cardstock {

namespace {

// The name `l` shows on `card` as resolve_card expands it: "" where it refuses a text that
// grows past kMaxTextBytes once filled in (it reports that itself).
std::string shown_name(const Layer& l, const Card& card) {
  if (expanded_size(l.src, card.fields) > kMaxTextBytes && l.src.size() <= kMaxTextBytes) return "";
  return expand_template(l.src, card.fields);
}

void look_up(Game* g, const std::string& name) {
  auto [slot, fresh] = g->images.try_emplace(name);
  if (!fresh) return;
  ImageFile& f = slot->second;
  f.confined = confined_path(g->dir, name, g->allow_outside, &f.resolved, &f.why);
  if (f.confined) f.kind = not_a_regular_file(f.resolved);
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
          if (const std::string n = shown_name(*im.layer, card); !n.empty()) look_up(g, n);
    }
}

}  // namespace cardstock
