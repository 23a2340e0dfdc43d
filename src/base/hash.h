// hash: short keys of text, for naming and comparing things that are made from it (input
// keys, Tabletop Simulator object ids). Not cryptographic; no errors.
#pragma once
#include <string>
#include <vector>

namespace cardstock {

/// A hash of `parts`, each followed by a newline, as 16 hex digits.
std::string combine(const std::vector<std::string>& parts);

}  // namespace cardstock
