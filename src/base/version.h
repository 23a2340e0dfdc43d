// version: the tool's version, written into every PDF and manifest.json.
#pragma once

namespace cardstock {

inline constexpr const char* kVersion = "0.1.0";

}  // namespace cardstock
