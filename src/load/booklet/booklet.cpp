// booklet: a game's rules text read and parsed into a Booklet (cover, parts, blocks);
// the Markdown reader is in booklet_blocks.cpp and booklet_directives.cpp.
#include "load/booklet/booklet.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <set>

#include "base/file_hints.h"
#include "base/files.h"
#include "base/input_limits.h"
#include "base/paths.h"
#include "base/text_check.h"
#include "base/xml.h"
#include "model/colours.h"
#include "load/booklet/booklet_parser.h"

namespace cardstock {

std::string inline_markup(const std::string& s) {
  // Markers open only when a matching closer follows, and close only in nesting order,
  // so the result is always well-formed markup; anything unpaired prints as a star.
  std::string o;
  std::vector<std::string> open;
  auto closer_after = [&](size_t from, const std::string& m) {
    for (size_t j = from; j + m.size() <= s.size(); ++j) {
      if (s[j] == '\\') {
        ++j;
        continue;
      }
      if (s.compare(j, m.size(), m) != 0) continue;
      if (m == "*" && j + 1 < s.size() && s[j + 1] == '*') {
        ++j;
        continue;
      }
      return true;
    }
    return false;
  };
  for (size_t i = 0; i < s.size(); ++i) {
    const char c = s[i];
    if (c == '\\' && i + 1 < s.size() && (s[i + 1] == '*' || s[i + 1] == '\\')) {
      o += s[++i];
      continue;
    }
    if (c == '*') {
      const std::string m = (i + 1 < s.size() && s[i + 1] == '*') ? "**" : "*";
      const std::string tag = m == "**" ? "b" : "i";
      if (!open.empty() && open.back() == tag) {
        o += "</" + tag + ">";
        open.pop_back();
        i += m.size() - 1;
        continue;
      }
      const bool nested = std::find(open.begin(), open.end(), tag) != open.end();
      if (!nested && closer_after(i + m.size(), m)) {
        o += "<" + tag + ">";
        open.push_back(tag);
        i += m.size() - 1;
        continue;
      }
      o += m;
      i += m.size() - 1;
      continue;
    }
    switch (c) {
      case '&': o += "&amp;"; break;
      case '<': o += "&lt;"; break;
      case '>': o += "&gt;"; break;
      default: o += c;
    }
  }
  while (!open.empty()) {
    o += "</" + open.back() + ">";
    open.pop_back();
  }
  return o;
}

std::string part_name(const Game& g, const Deck& d) {
  std::string n = d.title.empty() ? d.id : d.title;
  const std::string prefix = g.title + ": ";
  if (n.size() > prefix.size() && n.compare(0, prefix.size(), prefix) == 0) {
    n = n.substr(prefix.size());
    n[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(n[0])));
  }
  return n;
}

std::vector<Block> parse_booklet(const std::string& text, const std::string& file, const Game& g,
                                 Diagnostics& d) {
  // Text that is not UTF-8, or holds characters that cannot be drawn, is refused whole
  // (UTF-16 said as such): Pango would drop it silently. A byte-order mark at the start
  // is no part of the text.
  if (!check_file_text(text, file, true, d)) return {};
  return booklet_md::Parser(file, g, d).run(text.rfind("\xEF\xBB\xBF", 0) == 0 ? text.substr(3) : text);
}

Booklet booklet_from_text(const Game& g, const std::string& text, const std::string& file,
                          Diagnostics& d) {
  Booklet b;
  b.source = file;
  if (g.booklet) {
    const BookletSpec& s = *g.booklet;
    b.title = s.title;
    b.subtitle = s.subtitle;
    b.accent = find_colour(s.accent, g.palette).value_or(Color{});  // checked at load
    b.body_font = s.body_font;
    b.heading_font = s.heading_font;
    b.rtl = s.rtl;
    b.right_bound = s.right_bound;
    b.creep = s.creep;
    if (!s.cover_deck.empty()) {
      const Deck* dk = g.find_deck(s.cover_deck);
      if (!dk) {
        std::vector<std::string> names;
        for (const auto& x : g.decks) names.push_back(x.id);
        d.error(s.cover_mark, "unknown deck '" + s.cover_deck + "'" + did_you_mean(s.cover_deck, names));
      } else {
        for (const auto& id : s.cover_cards) {
          const Card* card = nullptr;
          for (const auto& c : dk->cards)
            if (c.id == id) card = &c;
          if (!card) {
            std::vector<std::string> ids;
            for (const auto& c : dk->cards) ids.push_back(c.id);
            d.error(s.cover_mark, "deck '" + dk->id + "' has no card '" + id + "'" + did_you_mean(id, ids));
            continue;
          }
          b.cover.push_back({dk->id, id, dk->card.width.pt, dk->card.height.pt, dk->card.shape});
        }
      }
    }
  }
  for (const auto& dk : g.decks) b.parts.push_back({part_name(g, dk), dk.total_cards()});
  b.blocks = parse_booklet(text, file, g, d);
  // One block is set as one Pango layout: megabytes of it would take minutes to set.
  for (const Block& blk : b.blocks) {
    size_t n = blk.text.size() + blk.caption.size();
    for (const auto* v : {&blk.paragraphs, &blk.header})
      for (const auto& x : *v) n += x.size();
    for (const auto& row : blk.rows)
      for (const auto& x : row) n += x.size();
    if (n > kMaxBookletBlockBytes)
      d.error(blk.mark, "this block is " + std::to_string(n) + " bytes long; a paragraph, list item, table or "
                        "callout may be at most " + std::to_string(kMaxBookletBlockBytes) + " bytes (split it)");
  }
  b.text = text.rfind("\xEF\xBB\xBF", 0) == 0 ? text.substr(3) : text;
  b.mark = g.booklet ? g.booklet->mark : g.mark;
  return b;
}

std::optional<Booklet> load_booklet(const Game& g, Diagnostics& d) {
  if (!g.booklet) return std::nullopt;
  const BookletSpec& s = *g.booklet;
  std::string resolved, why, text;
  if (!confined_path(g.dir, s.source, g.allow_outside, &resolved, &why)) {
    d.error(s.mark, "booklet source " + why);
    return std::nullopt;
  }
  if (!read_regular_file(s.path, static_cast<size_t>(kMaxBookletBytes), &text, &why)) {
    d.file_error(s.mark,
                 "cannot read the booklet source '" + s.source + "': " + why + " (looked for " + s.path + ")" +
                     did_you_mean_file(s.source, s.path),
                 s.path);
    return std::nullopt;
  }
  return booklet_from_text(g, text, s.path, d);
}

}  // namespace cardstock