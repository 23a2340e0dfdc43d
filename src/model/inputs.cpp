// inputs: game_inputs, input_patterns and always_recorded (model/inputs.h).
#include "model/inputs.h"

namespace cardstock {

std::vector<GameInput> game_inputs(const Game& g) {
  std::vector<GameInput> out;
  for (const auto& f : g.template_files) out.push_back({f, InputKind::Template});
  for (size_t k = 0; k < g.decks.size(); ++k) {
    const Deck& deck = g.decks[k];
    for (const auto& f : deck.csv_files) out.push_back({f, InputKind::Csv, static_cast<int>(k)});
    // A folder of pictures: each card's picture is its field `image`, whichever design
    // draws it (the reader's own, or the deck's face).
    if (!deck.picture_folder) continue;
    for (const auto& card : deck.cards)
      if (auto f = card.fields.find("image"); f != card.fields.end())
        if (auto i = g.images.find(f->second); i != g.images.end() && i->second.confined)
          out.push_back({i->second.resolved, InputKind::Picture, static_cast<int>(k)});
  }
  if (g.booklet) out.push_back({g.booklet->path, InputKind::Booklet});
  for (const auto& [name, icon] : g.icons) out.push_back({icon.file, InputKind::Icon});
  for (const auto& [name, image] : g.images)
    if (image.confined) out.push_back({image.resolved, InputKind::Image});
  return out;
}

std::vector<NamePattern> input_patterns(const Game& g) {
  std::vector<NamePattern> out;
  for (const Deck& deck : g.decks) out.insert(out.end(), deck.picture_patterns.begin(), deck.picture_patterns.end());
  return out;
}

bool always_recorded(const GameInput& in, const Game& g) {
  switch (in.kind) {
    case InputKind::Template:
    case InputKind::Csv:
    case InputKind::Booklet:
      return true;
    case InputKind::Icon:
      return g.booklet.has_value();
    case InputKind::Image:
      return false;
    case InputKind::Picture:
      return true;
  }
  return false;
}

}  // namespace cardstock
