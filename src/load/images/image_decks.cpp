// Reading a folder of pictures as a deck: the pattern matched in its folder, the cards
// made in natural order, their copies and backs, the designs that show them, and each
// raster picture's resolution checked against the card it will print as.
#include "load/images/image_decks.h"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <system_error>

#include "base/files.h"
#include "base/input_limits.h"
#include "base/name_pattern.h"
#include "base/paths.h"
#include "load/images/images.h"
#include "load/names.h"
#include "load/schema/schema.h"
#include "model/colours.h"
#include "model/inputs.h"

namespace fs = std::filesystem;

namespace cardstock::loading {

namespace {

bool is_digit(char c) { return c >= '0' && c <= '9'; }

bool picture_ext(const std::string& name) { return picture_kind(name) != PictureKind::None; }

// The pictures `pattern` names, relative to the game's folder, in natural order; an
// error at `at` (with what the folder holds) when none does. A pattern in a folder the
// game may read is kept on `deck` whatever it matches, so that `watch` sees a picture
// added there (model.h Deck::picture_patterns).
std::vector<std::string> glob_pictures(const std::string& pattern, const Game& g, Deck* deck, const Mark& at,
                                       Diagnostics& d) {
  const fs::path p(pattern);
  const std::string folder = p.parent_path().string(), pat = p.filename().string();
  if (folder.find_first_of("*?") != std::string::npos) {
    d.error(at, "'" + pattern + "': only the file name may hold * or ?, not the folder ('" + folder + "')");
    return {};
  }
  std::string resolved, why;
  if (!confined_path(g.dir, folder.empty() ? "." : folder, g.allow_outside, &resolved, &why)) {
    d.error(at, "pictures " + why);
    return {};
  }
  deck->picture_patterns.push_back({resolved, pat});
  std::error_code ec;
  std::vector<std::string> all, found;
  for (fs::directory_iterator it(resolved, ec), end; !ec && it != end; it.increment(ec)) {
    const std::string name = it->path().filename().string();
    if (name.empty() || name[0] == '.' || !it->is_regular_file(ec)) continue;
    all.push_back(name);
    if (name_matches(pat, name)) found.push_back(name);
  }
  const std::string shown = folder.empty() ? "the game's folder" : "folder '" + folder + "'";
  if (ec && all.empty()) {
    d.error(at, "no picture matches '" + pattern + "': " + shown + " cannot be read (" + ec.message() + ")");
    return {};
  }
  std::sort(all.begin(), all.end(), natural_less);
  std::sort(found.begin(), found.end(), natural_less);
  if (found.empty()) {
    std::string held;
    for (size_t i = 0; i < all.size() && i < 10; ++i) held += (i ? ", " : "") + all[i];
    if (all.size() > 10) held += " and " + std::to_string(all.size() - 10) + " more";
    d.error(at, "no picture matches '" + pattern + "': " + shown +
                    (all.empty() ? " holds no files" : " holds " + held));
    return {};
  }
  std::vector<std::string> out;
  for (const auto& f : found) {
    const std::string rel = folder.empty() ? f : folder + "/" + f;
    if (!picture_ext(f))
      d.error(at, "'" + pattern + "' matches '" + rel + "', which is no picture: a deck's pictures are .png, "
                                                        ".jpg, .jpeg or .svg files");
    else
      out.push_back(rel);
  }
  return out;
}

std::string mm(double pt) { return format_number(std::round(pt / 72 * 25.4 * 10) / 10); }

// A raster picture's size against the card: a warning at the file below 300 dpi at the
// size it prints (the trim, or the card with its bleed when its shape is that), and one
// when its shape is neither, saying by how much it is stretched.
void check_resolution(const std::string& rel, const Game& g, const CardSize& card, Diagnostics& d) {
  std::string resolved, why, bytes;
  if (!confined_path(g.dir, rel, g.allow_outside, &resolved, &why) ||
      !read_regular_file(resolved, static_cast<size_t>(kMaxImageBytes), &bytes, &why))
    return;  // reported where the card shows it
  long w = 0, h = 0;
  if (!raster_pixels(bytes, &w, &h)) return;
  const Mark at{(fs::path(g.dir) / rel).lexically_normal().string(), 0, 0};
  const double tw = card.width.pt, th = card.height.pt, b = card.bleed.pt;
  const double a = static_cast<double>(w) / static_cast<double>(h);
  const double off_trim = std::fabs(a / (tw / th) - 1), off_bleed = std::fabs(a / ((tw + 2 * b) / (th + 2 * b)) - 1);
  const bool bled = off_bleed <= off_trim;
  const double pw = bled ? tw + 2 * b : tw, ph = bled ? th + 2 * b : th;
  const long dpi = std::lround(std::min(static_cast<double>(w) / (pw / 72), static_cast<double>(h) / (ph / 72)));
  const std::string px = std::to_string(w) + " x " + std::to_string(h) + " px";
  const std::string size = mm(pw) + " x " + mm(ph) + " mm" + (bled ? " (the card with its bleed)" : "");
  if (dpi < 300) d.warning(at, std::to_string(dpi) + " dpi at print size (300 wanted): " + px + " for " + size);
  if (std::min(off_trim, off_bleed) > 0.01)
    d.warning(at, px + " is not the card's shape: stretched " +
                      format_number(std::round(std::min(off_trim, off_bleed) * 1000) / 10) + "% to fit " + size);
}

// A design showing one picture over the card and its bleed, its bleed made by `fill`.
Design picture_design(const std::string& name, const std::string& src, BleedFill fill, const std::string& colour,
                      const Mark& at) {
  Layer l;
  l.type = LayerType::Image;
  l.mark = l.src_mark = at;
  l.w = l.h = RelLength{100, true};
  l.bleed = true;
  l.src = src;
  l.fit = Fit::Stretch;
  l.bleed_fill = fill;
  l.bleed_colour = colour;
  Design des;
  des.name = name;
  des.layers.push_back(std::move(l));
  des.mark = at;
  return des;
}

// `bleed_fill`: mirror, extend (the default) or a colour (model/colours.h).
bool read_bleed_fill(const Reader& r, const Game& g, BleedFill* fill, std::string* colour, Diagnostics& d) {
  const std::string v = r.has("bleed_fill") ? r.str("bleed_fill") : "extend";
  *fill = v == "mirror" ? BleedFill::Mirror : v == "extend" ? BleedFill::Extend : BleedFill::Colour;
  if (*fill != BleedFill::Colour) return true;
  *colour = v;
  if (find_colour(v, g.palette)) return true;
  const std::string near = did_you_mean(v, {"mirror", "extend"});
  d.error(r.mark("bleed_fill"), "bleed_fill '" + v + "' is none of mirror, extend or a colour" +
                                    (near.empty() ? colour_did_you_mean(v, g.palette) : near) + ": " +
                                    what_a_colour_is(g.palette));
  return false;
}

}  // namespace

namespace {

// `counts:` copies per picture: a map of card id (the file name's stem, as made into an
// id) to copies, or a CSV file of id,count rows read as a deck's CSV is.
void read_counts(const Reader& r, const Game& g, std::vector<CsvCard>& cards, Diagnostics& d) {
  const YAML::Node n = r.node("counts");
  if (!n || n.IsNull()) return;
  std::vector<std::string> ids;
  for (const auto& c : cards) ids.push_back(c.card.id);
  auto set = [&](const std::string& id, long copies, const Mark& at) {
    auto it = std::find(ids.begin(), ids.end(), id);
    if (it == ids.end()) return unknown(d, at, "picture", id, ids);
    if (copies < 0 || copies > kMaxCardCount)
      return d.error(at, "count " + std::to_string(copies) + " is out of range (0 to " +
                             std::to_string(kMaxCardCount) + " copies)");
    cards[static_cast<size_t>(it - ids.begin())].card.count = copies;
  };
  if (n.IsMap()) {
    for (const auto& kv : n) {
      const Mark at = mark_of(kv.first, r.mark().file);
      long copies = 0;
      if (!kv.second.IsScalar() || !YAML::convert<long>::decode(kv.second, copies)) {
        d.error(mark_of(kv.second, r.mark().file), "'counts' maps a picture to its copies: a whole number");
        continue;
      }
      set(kv.first.Scalar(), copies, at);
    }
    return;
  }
  if (!n.IsScalar()) return d.error(r.mark("counts"), "'counts' is a map of picture to copies, or a CSV file");
  CsvSource src;
  src.path = n.Scalar();
  src.dir = g.dir;
  src.allow_outside = g.allow_outside;
  src.at = r.mark("counts");
  std::string name;
  for (const auto& row : read_csv_cards(src, &name, d)) set(row.card.id, row.card.count, row.id_mark);
}

// `back_images`: one picture (every card's back), or a pattern matching as many
// pictures as the deck has, paired in order. Returns the back design's `src`.
std::string read_backs(const Reader& r, const Game& g, Deck* deck, std::vector<CsvCard>& cards, Diagnostics& d) {
  const std::string v = r.str("back_images");
  if (v.find_first_of("*?") == std::string::npos) return v;  // one picture: looked for as any image is
  const auto backs = glob_pictures(v, g, deck, r.mark("back_images"), d);
  if (backs.empty()) return "";
  if (backs.size() != cards.size()) {
    d.error(r.mark("back_images"), "'" + v + "' matches " + std::to_string(backs.size()) +
                                       (backs.size() == 1 ? " picture" : " pictures") + ", but '" +
                                       r.str("images") + "' matches " + std::to_string(cards.size()) +
                                       ": give one back a card, or one file for them all");
    return "";
  }
  for (size_t i = 0; i < cards.size(); ++i) {
    cards[i].card.fields["back_image"] = backs[i];
    cards[i].card.field_marks["back_image"] = r.mark("back_images");
  }
  return "{back_image}";
}

}  // namespace

bool natural_less(const std::string& a, const std::string& b) {
  size_t i = 0, j = 0;
  while (i < a.size() && j < b.size()) {
    if (is_digit(a[i]) && is_digit(b[j])) {
      size_t ie = i, je = j;
      while (ie < a.size() && is_digit(a[ie])) ++ie;
      while (je < b.size() && is_digit(b[je])) ++je;
      size_t iz = i, jz = j;  // leading zeros do not count: "007" is 7
      while (iz + 1 < ie && a[iz] == '0') ++iz;
      while (jz + 1 < je && b[jz] == '0') ++jz;
      if (ie - iz != je - jz) return ie - iz < je - jz;
      if (int c = a.compare(iz, ie - iz, b, jz, je - jz); c != 0) return c < 0;
      if (ie - i != je - j) return ie - i < je - j;  // "7" before "07": any order, but one
      i = ie;
      j = je;
      continue;
    }
    if (a[i] != b[j]) return static_cast<unsigned char>(a[i]) < static_cast<unsigned char>(b[j]);
    ++i;
    ++j;
  }
  return a.size() - i < b.size() - j;
}

// An absent key's node (a deck without `cards:`) is invalid: only IsDefined may be asked.
bool is_image_source(const YAML::Node& c) {
  return has_value(c, "images");
}

std::vector<CsvCard> read_image_source(const YAML::Node& c, const std::string& file, Game* g, Deck* deck,
                                       Diagnostics& d) {
  Reader r(c, Schemas::card_source(), file);
  for (const char* other : {"csv", "sheet", "tab", "separator", "id_from"})
    if (r.has(other)) {
      d.error(r.mark(other), std::string("'") + other + "' is for CSV files and spreadsheets, not a folder of pictures");
      return {};
    }
  BleedFill fill = BleedFill::Extend;
  std::string colour;
  if (!read_bleed_fill(r, *g, &fill, &colour, d)) return {};
  const Mark at = r.mark("images");
  std::vector<CsvCard> cards;
  for (const auto& rel : glob_pictures(r.str("images"), *g, deck, at, d)) {
    CsvCard row;
    row.card.id = id_from_value(fs::path(rel).stem().string());
    row.derived = true;  // made unique with -2, -3... as an id_from id is
    row.card.mark = row.id_mark = at;
    row.card.fields["image"] = rel;
    row.card.field_marks["image"] = at;
    // Checked against the card when the picture is the face; the deck's own face places
    // it in a box of its own, where image layers are checked as any picture.
    if (deck->face.empty() && picture_kind(rel) != PictureKind::Svg) check_resolution(rel, *g, deck->card, d);
    cards.push_back(std::move(row));
  }
  if (cards.empty()) return {};
  deck->picture_folder = true;
  read_counts(r, *g, cards, d);
  // A deck's own `face:` draws each card, with the picture's path as {image} (a frame, a
  // caption...). Without one, the picture is the face: its design is named after the
  // deck, with a character no design name may hold.
  if (deck->face.empty()) {
    deck->face = picture_face_name(deck->id);
    g->designs[deck->face] = picture_design(deck->face, "{image}", fill, colour, at);
  } else if (r.has("bleed_fill")) {
    d.error(r.mark("bleed_fill"), "'bleed_fill' is for the pictures drawn as the face; with the deck's face '" +
                                      deck->face + "', place the picture in that design instead");
  }
  if (r.has("back_images") && !deck->back.empty()) {
    d.error(r.mark("back_images"), "the deck has a back already ('" + deck->back + "'): give 'back' or 'back_images'");
  } else if (r.has("back_images")) {
    const std::string src = read_backs(r, *g, deck, cards, d);
    if (!src.empty()) {
      deck->back = deck->id + ":back";
      g->designs[deck->back] = picture_design(deck->back, src, fill, colour, r.mark("back_images"));
    }
  }
  return cards;
}

}  // namespace cardstock::loading
