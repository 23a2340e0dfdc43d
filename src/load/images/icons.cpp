#include "load/images/icons.h"

#include <algorithm>
#include <filesystem>
#include <regex>

#include "base/file_hints.h"
#include "base/files.h"
#include "base/paths.h"
#include "load/images/images.h"
#include "load/schema/schema.h"

namespace fs = std::filesystem;

namespace cardstock {

namespace {

bool icon_name_ok(const std::string& s) { return std::regex_match(s, std::regex("[a-z][a-z0-9_-]*")); }

// One `name: file` entry; false (after an error at its place) if it cannot be used.
bool read_icon(const std::string& name, const YAML::Node& v, const std::string& file, Game* g, Diagnostics& d) {
  const Mark at = mark_of(v, file);
  if (!v.IsScalar() || v.Scalar().empty()) {
    d.error(at, "icon '" + name + "' must be the name of an SVG, PNG or JPEG file");
    return false;
  }
  const std::string shown = v.Scalar();
  std::string resolved, why;
  if (!confined_path(g->dir, shown, g->allow_outside, &resolved, &why)) {
    d.error(at, "icon '" + name + "': " + why);
    return false;
  }
  if (picture_kind(resolved) == PictureKind::None) {
    d.error(at, "icon '" + name + "': '" + shown + "' must be .svg, .png, .jpg or .jpeg");
    return false;
  }
  std::string kind = not_a_regular_file(resolved);
  if (const std::string twin = kind.empty() ? "" : case_twin(resolved); !twin.empty()) {  // as card images
    resolved = (fs::path(resolved).parent_path() / twin).string();
    kind = not_a_regular_file(resolved);
    d.warning(at, "icon '" + name + "': '" + shown + "' is spelt '" +
                      (fs::path(shown).parent_path() / twin).generic_string() +
                      "' on disk: that file is used, but write its name as the disk spells it (other programs on "
                      "Linux tell the two apart)");
  }
  if (!kind.empty()) {
    d.file_error(at,
                 "icon '" + name + "': '" + shown + "' " + (kind[0] == 'i' ? "cannot be used: " : "cannot be read: ") +
                     kind + " (looked for " + resolved + ")" + did_you_mean_file(shown, resolved),
                 resolved);
    return false;
  }
  if (!check_image_file(resolved, shown, g->dir, g->allow_outside, &why)) {
    d.error(at, "icon '" + name + "': " + why);
    return false;
  }
  g->icons[name] = Icon{name, resolved, shown, at};
  return true;
}

}  // namespace

void read_icons(const YAML::Node& n, const std::string& file, Game* g, Diagnostics& d) {
  if (!n || n.IsNull()) return;
  if (!n.IsMap()) {
    d.error(mark_of(n, file), "'icons' must be a map of names to SVG, PNG or JPEG files");
    return;
  }
  for (const auto& kv : n) {
    const std::string name = kv.first.Scalar();
    if (!icon_name_ok(name)) {
      d.error(mark_of(kv.first, file), "icon name '" + name +
                                           "' must be lower-case letters, digits, '_' or '-', starting with a letter");
      continue;
    }
    read_icon(name, kv.second, file, g, d);
  }
}

}  // namespace cardstock
