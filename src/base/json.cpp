#include "base/json.h"

#include "base/text_check.h"

namespace cardstock {

std::string json_quote(std::string_view s) {
  // nlohmann throws on bytes that are not UTF-8; a file name in Latin-1 is escaped first,
  // so that a manifest stays JSON whatever a user's file system holds.
  return Json(utf8_or_escaped(s)).dump();
}

}  // namespace cardstock
