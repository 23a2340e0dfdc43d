// Shared by the fault and lock tests: a one-card game to build, a file written with its
// folders, and a message with its folder shown as "D". Test helpers only.
#pragma once
#include <filesystem>
#include <fstream>
#include <string>

#include "output_util.h"

namespace cardstock::testing {

/// A one-card game on poker-3x3-letter; `text` is what the card says, so builds differ.
inline std::string one_card_game(const std::string& text) {
  return "game: g\ntitle: G\ndesigns:\n  face:\n    layers: [{type: text, text: \"{t}\"}]\n"
         "decks:\n  - id: d\n    face: face\n    stocks: [poker-3x3-letter]\n    cards: [{id: a, t: " +
         text + "}]\n";
}

/// Writes `text` to `p`, making its folders.
inline void write_with_folders(const std::filesystem::path& p, const std::string& text) {
  std::filesystem::create_directories(p.parent_path());
  std::ofstream(p, std::ios::binary) << text;
}

/// `s` with the folder `d` shown as "D".
inline std::string shown_as_d(const std::string& s, const std::filesystem::path& d) {
  return replace_all(s, d.string(), "D");
}

}  // namespace cardstock::testing
