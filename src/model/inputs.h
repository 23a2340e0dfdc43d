// inputs: the one list of the files a loaded game reads beyond its game file (its own
// templates, CSV files, booklet source, icons, card images), each with its kind; the
// up-to-date check, watch and the cache keys all take theirs from it.
#pragma once
#include <string>
#include <vector>

#include "model/model.h"

namespace cardstock {

/// Picture: a picture of a folder-of-pictures deck (`cards: {images: ...}`), one card
/// each: the deck's cards are its pictures, as a CSV deck's are its rows.
enum class InputKind { Template, Csv, Booklet, Icon, Image, Picture };

/// The face design a folder-of-pictures deck's reader makes for deck `deck_id` (a name no
/// design of a file can have: ':' is not allowed in one), when the deck names none.
inline std::string picture_face_name(const std::string& deck_id) { return deck_id + ":picture"; }

struct GameInput {
  std::string path;
  InputKind kind = InputKind::Template;
  int deck = -1;  // Csv, Picture: the index of the deck whose cards it holds
};

/// Every file `g` names, in this order: the files of its own templates, each deck's CSV
/// files and pictures (a folder-of-pictures deck's), the booklet's source, its icons'
/// files, and the image files its cards can show (Game::images, those inside the game's
/// folder, a file not there yet included). Repeats kept.
std::vector<GameInput> game_inputs(const Game& g);

/// The patterns of `g`'s folder-of-pictures decks (Deck::picture_patterns), for `watch`:
/// a file new in a pattern's folder that matches it changes the game as a saved input does.
std::vector<NamePattern> input_patterns(const Game& g);

/// True if every build of `g` records `in` among its inputs (the manifest's `inputs`),
/// whether or not a card shows it: all but card images, and icons unless the game has a
/// booklet (its tables may show any). The others are recorded when a card shows them.
/// A deck's pictures are recorded always: a picture added to its folder is a new card,
/// which the up-to-date check sees only if the next build's list names it.
bool always_recorded(const GameInput& in, const Game& g);

}  // namespace cardstock
