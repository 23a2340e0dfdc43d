// layout: card art resolved per card (resolve_card): {fields} expanded, per-card layer
// values checked, colours, icons and images resolved, text fitted; sheets, tables, boards
// and text measurement are in sheets.cpp, table.cpp, board_layout.cpp and text.cpp.
#include "layout/layout.h"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <set>

#include "base/file_hints.h"
#include "base/input_limits.h"
#include "layout/font_issues.h"
#include "layout/placement.h"
#include "load/images/images.h"
#include "load/schema/layer_values.h"
#include "load/schema/schema_values.h"
#include "model/colours.h"
#include "model/enums.h"
#include "model/icon_refs.h"

namespace fs = std::filesystem;

namespace cardstock {

Mark value_mark(const std::string& tmpl, const Mark& written, const Card& card) {
  for (const auto& f : template_fields(tmpl)) {
    auto it = card.field_marks.find(f);
    if (it != card.field_marks.end()) return it->second;
  }
  return written;
}

namespace {

struct Resolver {
  const Game& g;
  const Deck& deck;
  const Card& card;
  const Design& design;
  Diagnostics& d;
  std::vector<FieldMiss>* misses;
  bool missing_reported = false;

  // Expands `tmpl` for the card; "" (after an error) if it would pass kMaxTextBytes:
  // thousands of {field}s of long values would otherwise take gigabytes and minutes.
  std::string expand(const std::string& tmpl, const Layer* l) {
    // (A template that is too long by itself was reported where it is written.)
    if (const size_t n = expanded_size(tmpl, card.fields); n > kMaxTextBytes && tmpl.size() <= kMaxTextBytes) {
      const Mark at = value_mark(tmpl, l ? (l->type == LayerType::Text ? l->text_mark : l->mark) : design.mark, card);
      d.error(at, "card '" + card.id + "': " + (l ? "the layer at " + l->mark.str() : "design '" + design.name + "'") +
                      " makes a text of " + std::to_string(n) + " bytes once its {fields} are filled in; a text may be at most " +
                      std::to_string(kMaxTextBytes) + " bytes");
      return "";
    }
    std::string missing;
    std::string out = expand_template(tmpl, card.fields, &missing);
    if (!missing.empty() && !missing_reported) {
      std::vector<std::string> names;
      for (const auto& kv : card.fields) names.push_back(kv.first);
      const Mark at = !l ? design.mark
                      : l->type == LayerType::Text && tmpl == l->text ? l->text_mark
                      : l->type == LayerType::Image && tmpl == l->src ? l->src_mark
                                                                        : l->mark;
      if (!card.csv.empty()) {
        // Every row of a CSV file has every column: the name is wrong in the design (or
        // in the header), so it is said once, where the design uses it.
        std::string columns;
        for (const auto& n : names) columns += (columns.empty() ? "" : ", ") + n;
        d.error(at, "design '" + design.name + "' uses {" + missing + "}, but " + card.csv + " has no column '" +
                        missing + "'" + did_you_mean(missing, names) + "; its columns are " + columns);
      } else if (misses) {
        // Said once for the deck (report_field_misses): a name wrong in the design would
        // otherwise be an error for each of its 54 cards.
        auto same = [&](const FieldMiss& f) { return !f.colour && f.field == missing && f.at.str() == at.str(); };
        auto it = std::find_if(misses->begin(), misses->end(), same);
        if (it == misses->end()) it = misses->insert(misses->end(), FieldMiss{at, design.name, missing, {}});
        if (it->cards.empty() || it->cards.back() != &card) it->cards.push_back(&card);
      } else {
        d.error(card.mark, "card '" + card.id + "' has no field '" + missing + "'" +
                               did_you_mean(missing, names) + ", used by design '" + design.name +
                               "'" + (l ? " at " + l->mark.str() : std::string()));
      }
      missing_reported = !misses || !card.csv.empty();  // gathered misses: each text's own
    }
    return out;
  }

  Color color(const std::string& expr, const Layer* l, const Color& fallback) {
    if (expr.empty()) return fallback;
    const bool literal = expr.find('{') == std::string::npos;
    const std::string v = literal ? expr : expand(expr, l);
    if (auto c = find_colour(v, g.palette)) return *c;
    // A literal colour was checked at load. A {field} a card lacks, or a text grown too
    // long, was said by expand: one cause, one message.
    if (literal || expanded_size(expr, card.fields) > kMaxTextBytes) return fallback;
    for (const std::string& f : read_template(expr).names)
      if (!card.fields.count(f)) return fallback;
    const Mark cell = value_mark(expr, card.mark, card), at = l ? l->mark : design.mark;
    if (!misses) {
      d.error(cell, "card '" + card.id + "': " + expr + " is not a colour: '" + v + "'" +
                        colour_did_you_mean(v, g.palette) + "; " + what_a_colour_is(g.palette) + " (design '" +
                        design.name + "' at " + at.str() + ")");
      return fallback;
    }
    // Said once for the deck (report_field_misses), naming each cell.
    auto same = [&](const FieldMiss& f) { return f.colour && f.field == expr && f.at.str() == at.str(); };
    auto it = std::find_if(misses->begin(), misses->end(), same);
    if (it == misses->end()) it = misses->insert(misses->end(), FieldMiss{at, design.name, expr, {}, true, {}});
    if (it->cards.empty() || it->cards.back() != &card) {
      it->cards.push_back(&card);
      it->values.emplace_back(v, cell);
    }
    return fallback;
  }
};

std::string mm_text(double pt) { return format_number(Length{pt}.in_mm()); }

const Color kNoColor{0, 0, 0, 0, true};

// A layer's item with its box and colours, before any text or image. A filled `bleed`
// rect that reaches a trim edge runs on into the bleed there, so cutting a little off
// the line leaves no white sliver.
// `box`: where layout placed it (layout/placement.h), else (null) its x, y, w, h.
ArtItem layer_item(Resolver& r, const Layer& l, int index, const Rect* box) {
  const CardSize& size = r.deck.card;
  ArtItem it;
  it.layer = index;
  it.type = l.type;
  it.box = box ? *box
               : Rect{l.x.resolve(size.width).pt, l.y.resolve(size.height).pt, l.w.resolve(size.width).pt,
                      l.h.resolve(size.height).pt};
  it.rotate = l.rotate;
  it.stroke_width = l.stroke_width.pt;
  it.radius = l.radius.pt;
  it.fill = r.color(l.fill, &l, kNoColor);
  it.stroke = r.color(l.stroke, &l, kNoColor);
  // A full-bleed picture or filled rect: a shop trims inside the bleed, so whatever
  // touches the trim must run on to the bleed edge or a white sliver may show.
  const bool reaches_bleed = l.type == LayerType::Image || (l.type == LayerType::Rect && !it.fill.none);
  if (l.bleed && reaches_bleed) {
    const double cw = size.width.pt, ch = size.height.pt;
    const double b = size.bleed.pt, eps = 0.01;
    Rect& bx = it.box;
    if (std::fabs(bx.right() - cw) < eps) bx.w += b;
    if (std::fabs(bx.bottom() - ch) < eps) bx.h += b;
    if (std::fabs(bx.x) < eps) { bx.x -= b; bx.w += b; }
    if (std::fabs(bx.y) < eps) { bx.y -= b; bx.h += b; }
  }
  return it;
}

// Fills a text layer's item: the card's text, fitted to its box. False when there is
// nothing to draw (an empty text, or invalid markup, reported here).
std::string join_names(const std::vector<std::string>& v) {
  std::string s;
  for (const auto& n : v) s += (s.empty() ? "" : ", ") + n;
  return s;
}

// Appends `part` to `out`, noting an ordinary (iconless) slot for each U+FFFC it holds.
void append_plain(std::string& out, const std::string& part, std::vector<std::string>& icons) {
  for (size_t at = part.find(kIconChar); at != std::string::npos; at = part.find(kIconChar, at + 3))
    icons.emplace_back();
  out += part;
}

// Where an icon reference `ref` in the card's text is written: the card field whose value
// holds it (its CSV cell), else the layer's text.
Mark icon_mark(const Resolver& r, const Layer& l, const std::string& ref) {
  for (const auto& f : template_fields(l.text)) {
    auto v = r.card.fields.find(f);
    auto m = r.card.field_marks.find(f);
    if (v != r.card.fields.end() && m != r.card.field_marks.end() && v->second.find(ref) != std::string::npos)
      return m->second;
  }
  return l.text_mark;
}

// Replaces the icon references in the item's text (`:name:` when the game declares icons,
// `<icon name="name"/>` always) with U+FFFC, each with its icon's file in the style, so
// the renderer sets it as a glyph. An unknown name is an error where it is written, with
// the nearest name; false to leave the text out.
bool place_icons(Resolver& r, const Layer& l, ArtItem& it) {
  const auto refs = icon_refs(it.text, !r.g.icons.empty());
  if (refs.empty() && it.text.find(kIconChar) == std::string::npos) return true;
  std::vector<std::string> names;
  for (const auto& [name, icon] : r.g.icons) names.push_back(name);
  std::string out;
  size_t from = 0;
  bool ok = true;
  for (const auto& ref : refs) {
    append_plain(out, it.text.substr(from, ref.at - from), it.style.icons);
    from = ref.at + ref.len;
    if (ref.escaped) {
      append_plain(out, ref.literal(it.text), it.style.icons);
      continue;
    }
    auto icon = r.g.icons.find(ref.name);
    if (icon != r.g.icons.end()) {
      out += kIconChar;
      it.style.icons.push_back(icon->second.file);
      continue;
    }
    // In the design's own text it is the design's mistake, said once (not once a card).
    const Mark at = icon_mark(r, l, it.text.substr(ref.at, ref.len));
    const bool in_design = at.str() == l.text_mark.str();
    r.d.error(at, (in_design ? "" : "card '" + r.card.id + "': ") + "unknown icon '" + ref.name + "'" +
                      (names.empty() ? "; the game declares no icons (add them under `icons:`)"
                                     : did_you_mean(ref.name, names) + "; the game's icons: " + join_names(names)) +
                      (in_design ? "" : " (layer at " + l.mark.str() + ")"));
    ok = false;
  }
  append_plain(out, it.text.substr(from), it.style.icons);
  it.text = std::move(out);
  return ok;
}

// A text layer's text for the card, its icons placed, its colour and style: false when
// there is nothing to draw (empty, or an unknown icon, reported).
bool text_content(Resolver& r, const Layer& l, ArtItem& it) {
  it.text = r.expand(l.text, &l);
  it.color = r.color(l.color, &l, Color{});
  it.valign = l.valign;
  it.style = {l.font, l.bold, l.italic, l.size.pt, l.align, l.rtl, l.markup, l.line_spacing, {}};
  return !it.text.empty() && place_icons(r, l, it);
}

// `content`: the item's text already set by text_content (a stack measured it).
bool resolve_text(Resolver& r, const Layer& l, const TextMeasurer& m, ArtItem& it, bool content) {
  const Card& card = r.card;
  Diagnostics& d = r.d;
  if (!content && !text_content(r, l, it)) return false;
  FitResult fr = fit_text(it.text, it.style, it.box.w, it.box.h, l.min_size.pt, l.shrink, m);
  it.style.size = fr.size;
  it.overflow = fr.overflow;
  if (l.markup && !m.measure(it.text, it.style, it.box.w).markup_ok) {
    d.error(card.mark, "card '" + card.id + "': text at " + l.mark.str() +
                           " is not valid markup: '" + it.text + "'");
    return false;
  }
  report_font_issues(m.font_issues(it.text, it.style, it.box.w), card, l, d);
  if (fr.overflow) {
    std::string shown = it.text.size() > 40 ? it.text.substr(0, 37) + "..." : it.text;
    d.warning(card.mark, "card '" + card.id + "': text '" + shown + "' overflows its " +
                             mm_text(it.box.w) + " x " + mm_text(it.box.h) + " mm box at " +
                             format_number(fr.size) + "pt (layer at " + l.mark.str() + ")");
  }
  return true;
}

// Fills an image layer's item with its file, as loading found it (Game::images): inside
// the game's folder (unless allowed outside), an SVG or PNG, a regular file. False (after
// an error) to leave it out.
// How many cards of the deck show `design` (as face or back): the count a design's own
// mistake is said with, once.
size_t cards_showing(const Deck& deck, const std::string& design) {
  size_t n = 0;
  for (const Card& c : deck.cards)
    if (deck.face_of(c) == design || deck.back_of(c) == design) ++n;
  return n;
}

bool resolve_image(Resolver& r, const Layer& l, ArtItem& it) {
  const Card& card = r.card;
  std::string src = r.expand(l.src, &l);
  if (src.empty()) return false;
  // Shown where the name is written: the card's field, or the layer's src. A name the
  // design writes itself is the design's mistake: said once, with the cards it spoils,
  // not once a card.
  const Mark at = value_mark(l.src, l.src_mark, card);
  const bool in_design = at.str() == l.src_mark.str();
  // A file that cannot be read is said once, however many cards and decks name it.
  auto said = [&](const std::string& what) {
    if (!in_design) return "card '" + card.id + "': image " + what + " (layer at " + l.mark.str() + ")";
    const size_t n = cards_showing(r.deck, r.design.name);
    return "design '" + r.design.name + "': image " + what + "; " + std::to_string(n) +
           (n == 1 ? " card" : " cards") + " of deck '" + r.deck.id + "' show it";
  };
  auto fail = [&](const std::string& what, const std::string& file = "") {
    r.d.file_error(at, said(what), file);
    return false;
  };
  const std::string named = "'" + src + "' ";
  auto looked = r.g.images.find(src);
  if (looked == r.g.images.end())  // a game not loaded by load/ (resolve_image_names)
    return fail(named + "was not looked for when the game was loaded");
  const ImageFile& found = looked->second;
  if (!found.confined) return fail(found.why);
  fs::path p = found.resolved;
  if (!found.spelt.empty())  // a file Windows finds; elsewhere, not every program would
    r.d.file_warning(at,
                     said(named + "is spelt '" + found.spelt + "' on disk: that file is used, but write its name as "
                          "the disk spells it (other programs on Linux tell the two apart)"),
                     p.string() + "\n(case)");
  if (picture_kind(p.string()) == PictureKind::None) return fail(named + "must be .svg, .png, .jpg or .jpeg");
  if (const std::string& kind = found.kind; !kind.empty())
    return fail(named + (kind[0] == 'i' ? "cannot be used: " : "cannot be read: ") + kind + " (looked for " +
                    p.string() + ")" + did_you_mean_file(src, p.string()),
                p.string());
  it.image = p.string();
  it.fit = l.fit;
  it.bleed_fill = l.bleed_fill;
  if (l.bleed_fill != BleedFill::None) it.bleed = r.deck.card.bleed.pt;
  if (l.bleed_fill == BleedFill::Colour) it.fill = r.color(l.bleed_colour, &l, Color{1, 1, 1, 1, false});
  return true;
}

// Sets key `key` of `l` to `v`, a value its schema field accepts; "" or why the value,
// right in kind, is not (a size of zero, a box of no width).
std::string set_value(Layer& l, const std::string& key, const std::string& v) {
  // The schema's own reading of a boolean (YAML 1.1's True, YES, On... too): the value
  // was checked by it, and a word it takes must not mean false here.
  auto on = [&] {
    bool b = false;
    loading::parse_bool(v, &b);
    return b;
  };
  if (set_layer_choice(l, key, v)) return "";  // rotate, align, fit...: the tables of model/enums.h
  if (key == "x" || key == "y" || key == "w" || key == "h") {
    const RelLength rl = *parse_rel_length(v, nullptr);
    if ((key == "w" || key == "h") && l.type != LayerType::Line && rl.value <= 0) return "must be above zero";
    (key == "x" ? l.x : key == "y" ? l.y : key == "w" ? l.w : l.h) = rl;
  } else if (key == "stroke_width" || key == "radius" || key == "size" || key == "min_size") {
    const Length len = *parse_length(v, nullptr);
    if ((key == "size" || key == "min_size") && (len.pt <= 0 || len.pt > kMaxFontSizePt))
      return "must be above zero and at most " + format_number(kMaxFontSizePt) + "pt, not '" + v + "'";
    (key == "stroke_width" ? l.stroke_width : key == "radius" ? l.radius : key == "size" ? l.size : l.min_size) = len;
  } else if (key == "line_spacing") {
    const double x = parse_length(v + "pt", nullptr)->pt;
    if (x <= 0 || x > 10) return "must be above 0 and at most 10, not '" + v + "'";
    l.line_spacing = x;
  } else if (key == "bleed" || key == "shrink" || key == "markup") {
    (key == "bleed" ? l.bleed : key == "shrink" ? l.shrink : l.markup) = on();
  }
  return "";
}

// `l` with the keys it gives as a {field} read from the card: each value is checked as
// the key's schema checks a written one, and a wrong one is an error where the value
// comes from (the card field, a CSV cell); the key then keeps its default.
Layer with_card_values(Resolver& r, const Layer& l) {
  Layer out = l;
  for (const auto& pc : l.per_card) {
    if (!is_layer_key(l.type, pc.key)) continue;
    const std::string v = r.expand(pc.tmpl, &l);
    std::string why = layer_value_problem(l.type, pc.key, v);
    if (why.empty()) why = set_value(out, pc.key, v);
    if (why.empty()) continue;
    const Mark at = value_mark(pc.tmpl, pc.mark, r.card);
    r.d.error(at, "card '" + r.card.id + "': '" + pc.key + "' is " + pc.tmpl + ", which " + why +
                      (at.str() == pc.mark.str() ? "" : " (layer at " + l.mark.str() + ")"));
  }
  if (out.min_size.pt > out.size.pt) out.min_size = out.size;
  return out;
}


// Layer `i` of the design as it is for the card, with the keys it reads per card filled
// in (kept in `own`), or null when its `when` comes out empty.
const Layer* card_layer(Resolver& r, size_t i, Layer& own) {
  const Layer* lp = &r.design.layers[i];
  if (!lp->per_card.empty()) {
    own = with_card_values(r, *lp);
    lp = &own;
  }
  if (!lp->when.empty()) {
    const std::string w = r.expand(lp->when, lp);
    if (w.find_first_not_of(" \t\n") == std::string::npos) return nullptr;
  }
  return lp;
}

// Every layer of a design that places some (card_layer each); a hidden stack's children
// are hidden with it.
std::vector<const Layer*> card_layers(Resolver& r, std::vector<Layer>& own) {
  const auto& layers = r.design.layers;
  own.resize(layers.size());
  std::vector<const Layer*> out(layers.size());
  for (size_t i = 0; i < layers.size(); ++i) {
    out[i] = card_layer(r, i, own[i]);
    if (!out[i]) i += static_cast<size_t>(std::max(0, layers[i].children));
  }
  return out;
}

// The natural length along its stack of a shown text or picture `it` (layer `l`), when
// it is `cross` points across: set text's height (its width, unwrapped, in a right
// stack) at its size; a picture's length at its proportions (square when not known).
double natural_length(const Resolver& r, const Layer& l, const ArtItem& it, double cross, bool down,
                      const TextMeasurer& m) {
  if (l.type == LayerType::Text) {
    const TextExtent e = m.measure(it.text, it.style, down ? cross : 1e6);
    return down ? e.height : e.width;
  }
  if (l.type == LayerType::Image) {
    (void)it;
    double aspect = 1;  // height / width
    if (auto f = r.g.images.find(expand_template(l.src, r.card.fields)); f != r.g.images.end() && f->second.width > 0 &&
                                                                         f->second.height > 0)
      aspect = f->second.height / f->second.width;
    return down ? cross * aspect : cross / aspect;
  }
  return 0;
}

// Places a design's layers for the card (layout/placement.h): the texts and pictures in
// stacks are set first (their natural sizes), and those that come out empty take no room.
std::vector<Rect> place(Resolver& r, const std::vector<const Layer*>& layers, std::vector<ArtItem>& set,
                        std::vector<bool>& shown, const TextMeasurer& m) {
  set.resize(layers.size());
  shown.assign(layers.size(), false);
  for (size_t i = 0; i < layers.size(); ++i) {
    const Layer* l = layers[i];
    if (!l) continue;
    shown[i] = l->parent == 0 || (l->type == LayerType::Text ? text_content(r, *l, set[i])
                                  : l->type == LayerType::Image ? resolve_image(r, *l, set[i])
                                                                : true);
  }
  const NaturalLength natural = [&](size_t i, double cross, bool down) {
    return natural_length(r, *layers[i], set[i], cross, down, m);
  };
  return place_layers(layers, shown, r.deck.card, natural, r.card.id, r.d);
}

// A stack's own item: its fill and outline as a rect, if it has either.
bool stack_paint(ArtItem& it) {
  it.type = LayerType::Rect;
  return !it.fill.none || !it.stroke.none;
}

}  // namespace

CardArt resolve_card(const Game& g, const Deck& deck, const Card& card, const Design& design,
                     const TextMeasurer& m, Diagnostics& d, std::vector<FieldMiss>* misses) {
  Resolver r{g, deck, card, design, d, misses};
  CardArt art;
  art.background = r.color(design.background, nullptr, kNoColor);
  // A design of coordinates alone reads each layer as it draws it; one that places
  // layers reads them all first (a stack sizes its children from their content).
  const bool placed = std::any_of(design.layers.begin(), design.layers.end(), [](const Layer& l) { return l.placed(); });
  std::vector<Layer> own;
  std::vector<const Layer*> layers = placed ? card_layers(r, own) : std::vector<const Layer*>(design.layers.size());
  std::vector<ArtItem> set;
  std::vector<bool> shown;
  const std::vector<Rect> boxes = placed ? place(r, layers, set, shown, m) : std::vector<Rect>{};
  Layer one;
  for (size_t i = 0; i < layers.size(); ++i) {
    if (!placed) layers[i] = card_layer(r, i, one);
    if (!layers[i] || (placed && !shown[i])) continue;
    const Layer& l = *layers[i];
    const bool child = l.parent > 0;  // its content was set to measure it
    const bool own_box = placed && l.placed();
    ArtItem it = layer_item(r, l, static_cast<int>(i), own_box ? &boxes[i] : nullptr);
    if (child) {
      it.text = std::move(set[i].text);
      it.style = std::move(set[i].style);
      it.color = set[i].color;
      it.valign = set[i].valign;
      it.image = std::move(set[i].image);
      it.fit = set[i].fit;
    }
    if (own_box) art.placed.push_back({static_cast<int>(i), boxes[i]});
    if (l.type == LayerType::Stack && !stack_paint(it)) continue;
    if (l.type == LayerType::Text && !resolve_text(r, l, m, it, child)) continue;
    if (l.type == LayerType::Image && !child && !resolve_image(r, l, it)) continue;
    art.items.push_back(std::move(it));
  }
  return art;
}

std::optional<std::vector<std::string>> design_fields(const Design& design) {
  std::set<std::string> names;
  bool ok = true;
  auto add = [&](const std::string& tmpl) {
    if (tmpl.find('{') == std::string::npos) return;
    TemplateFields t = read_template(tmpl);
    ok = ok && t.error.empty();
    names.insert(t.names.begin(), t.names.end());
  };
  add(design.background);
  for (const Layer& l : design.layers) {
    for (const std::string* t : {&l.when, &l.fill, &l.stroke, &l.text, &l.color, &l.src, &l.bleed_colour}) add(*t);
    for (const auto& pc : l.per_card) add(pc.tmpl);
  }
  if (!ok) return std::nullopt;
  return std::vector<std::string>(names.begin(), names.end());
}

std::vector<CardInstance> expand_instances(const Deck& deck) {
  std::vector<CardInstance> out;
  for (size_t i = 0; i < deck.cards.size(); ++i)
    for (long c = 1; c <= deck.cards[i].count; ++c) out.push_back({i, c});
  return out;
}
}  // namespace cardstock
