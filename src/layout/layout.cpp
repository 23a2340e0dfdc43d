#include "layout/layout.h"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <map>
#include <optional>
#include <limits>
#include <set>

#include "base/files.h"
#include "base/input_limits.h"
#include "base/paths.h"
#include "base/text_check.h"
#include "load/icons.h"
#include "load/schema.h"
#include "layout/cutter.h"
#include "model/enums.h"

namespace fs = std::filesystem;

namespace cardstock {

bool Rect::contains(const Rect& o, double eps) const {
  return o.x >= x - eps && o.y >= y - eps && o.right() <= right() + eps &&
         o.bottom() <= bottom() + eps;
}

namespace {

size_t utf8_length(const std::string& s) {
  size_t n = 0;
  for (unsigned char c : s) n += (c & 0xC0) != 0x80;
  return n;
}

}  // namespace

std::vector<double> TextMeasurer::line_heights(const std::string& text, const TextStyle& style,
                                               double wrap) const {
  const TextExtent e = measure(text, style, wrap);
  const int n = std::max(1, e.lines);
  return std::vector<double>(static_cast<size_t>(n), e.height / n);
}

std::vector<FontIssue> TextMeasurer::font_issues(const std::string&, const TextStyle&, double) const {
  return {};
}

TextExtent FixedMeasurer::measure(const std::string& text, const TextStyle& st,
                                  double wrap) const {
  const double cw = st.size * 0.5, lh = st.size * 1.2 * st.line_spacing;
  TextExtent e;
  double line = 0, widest = 0;
  int lines = 1;
  size_t i = 0;
  while (i <= text.size()) {
    size_t j = text.find_first_of(" \n", i);
    if (j == std::string::npos) j = text.size();
    const double word = utf8_length(text.substr(i, j - i)) * cw;
    const double with_space = line > 0 ? line + cw + word : word;
    if (line > 0 && with_space > wrap + 1e-9) {
      widest = std::max(widest, line);
      line = word;
      ++lines;
    } else {
      line = with_space;
    }
    if (j < text.size() && text[j] == '\n') {
      widest = std::max(widest, line);
      line = 0;
      ++lines;
    }
    i = j + 1;
  }
  widest = std::max(widest, line);
  e.width = widest;
  e.lines = lines;
  e.height = lines * lh;
  return e;
}

FitResult fit_text(const std::string& text, TextStyle style, double box_w, double box_h,
                   double min_size, bool shrink, const TextMeasurer& m) {
  auto fits = [&](double size) {
    style.size = size;
    TextExtent e = m.measure(text, style, box_w);
    return e.width <= box_w + 0.01 && e.height <= box_h + 0.01;
  };
  const double size = style.size;
  if (fits(size)) return {size, false};
  if (!shrink || min_size >= size) return {size, true};
  if (!fits(min_size)) return {min_size, true};
  // Work in tenths of a point so the result is stable across runs and machines.
  long lo = static_cast<long>(std::ceil(min_size * 10 - 1e-9));
  long hi = static_cast<long>(std::floor(size * 10 + 1e-9));
  while (hi - lo > 1) {
    long mid = (lo + hi) / 2;
    if (fits(mid / 10.0)) lo = mid;
    else hi = mid;
  }
  return {lo / 10.0, false};
}

Mark value_mark(const std::string& tmpl, const Mark& written, const Card& card) {
  std::string e;
  for (const auto& f : template_fields(tmpl, &e)) {
    auto it = card.field_marks.find(f);
    if (it != card.field_marks.end()) return it->second;
  }
  return written;
}

std::string or_list(const std::vector<std::string>& v) {
  std::string s;
  for (size_t i = 0; i < v.size(); ++i) s += (i == 0 ? "" : i + 1 == v.size() ? " or " : ", ") + v[i];
  return s;
}

namespace {

std::string utf8_of(char32_t c) {
  std::string s;
  if (c < 0x80) {
    s += static_cast<char>(c);
  } else if (c < 0x800) {
    s += static_cast<char>(0xC0 | (c >> 6));
    s += static_cast<char>(0x80 | (c & 0x3F));
  } else if (c < 0x10000) {
    s += static_cast<char>(0xE0 | (c >> 12));
    s += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
    s += static_cast<char>(0x80 | (c & 0x3F));
  } else {
    s += static_cast<char>(0xF0 | (c >> 18));
    s += static_cast<char>(0x80 | ((c >> 12) & 0x3F));
    s += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
    s += static_cast<char>(0x80 | (c & 0x3F));
  }
  return s;
}

// "U+0645 'م', U+0631 'ر'"
std::string samples(const std::vector<char32_t>& chars) {
  std::string s;
  for (size_t i = 0; i < chars.size(); ++i)
    s += (i ? ", " : "") + code_point_name(chars[i]) + " '" + utf8_of(chars[i]) + "'";
  return s;
}

// At most 40 characters of `s` (37 and "..." when longer); it holds no control
// characters (those are errors when the file is read).
std::string short_text(const std::string& s) {
  if (utf8_length(s) <= 40) return s;
  size_t i = 0;
  for (int n = 0; n < 37 && i < s.size(); ++n) next_code_point(s, &i);
  return s.substr(0, i) + "...";
}

}  // namespace

std::string font_issue_message(const FontIssue& f, const std::string& shown, const std::string& fix) {
  const std::string q = "'" + short_text(shown) + "'";
  switch (f.kind) {
    case FontIssue::Kind::Fallback: {
      std::string script = f.script == "common" ? "" : f.script;
      if (!script.empty()) script[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(script[0])));
      std::replace(script.begin(), script.end(), '-', ' ');
      return q + " has " + script + (script.empty() ? "" : " ") + "characters (" + samples(f.chars) +
             ") that " + f.family + " does not have: they are drawn in " + f.used + " instead (" + fix + ")";
    }
    case FontIssue::Kind::Missing:
      return q + " has characters that no font of the set has (" + samples(f.chars) +
             "): they would be drawn as empty boxes (" + fix + ")";
    case FontIssue::Kind::NoFace: {
      const std::string face = f.bold && f.italic ? "bold italic" : f.bold ? "bold" : "italic";
      const std::string drawn = f.bold && f.italic ? "upright in its regular weight"
                                : f.bold           ? "in its regular weight"
                                                   : "upright";
      return f.family + " has no " + face + " face: " + q + " is drawn " + drawn + " (" + fix + ")";
    }
  }
  return "";
}

std::string set_font_fix(const FontIssue& f, const std::string& face_fix) {
  switch (f.kind) {
    case FontIssue::Kind::Fallback:
      if (f.suggest.empty()) return "add a font that has them to templates/fonts.yaml";
      return "let " + or_list(f.suggest) + " draw them: add " + f.script +
             " to its fallback_for in templates/fonts.yaml";
    case FontIssue::Kind::Missing:
      return "remove them, or add a font that has them to templates/fonts.yaml";
    case FontIssue::Kind::NoFace:
      return face_fix;
  }
  return "";
}

void report_item_font_issues(const std::vector<ArtItem>& items, const TextMeasurer& m, const Mark& at,
                             const std::string& face_fix, Diagnostics& d) {
  for (const ArtItem& it : items) {
    if (it.type != LayerType::Text || it.text.empty()) continue;
    for (const FontIssue& f : m.font_issues(it.text, it.style, it.box.w)) {
      const std::string msg = font_issue_message(f, it.text, set_font_fix(f, face_fix));
      if (font_issue_is_error(f)) d.error(at, msg);
      else d.warning(at, msg);
    }
  }
}

namespace {

struct Resolver {
  const Game& g;
  const Deck& deck;
  const Card& card;
  const Design& design;
  Diagnostics& d;
  ImageLookups* lookups = nullptr;
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
      if (!card.csv.empty()) {
        // Every row of a CSV file has every column: the name is wrong in the design (or
        // in the header), so it is said once, where the design uses it.
        std::string columns;
        for (const auto& n : names) columns += (columns.empty() ? "" : ", ") + n;
        const Mark at = !l ? design.mark
                        : l->type == LayerType::Text && tmpl == l->text ? l->text_mark
                        : l->type == LayerType::Image && tmpl == l->src ? l->src_mark
                                                                          : l->mark;
        d.error(at, "design '" + design.name + "' uses {" + missing + "}, but " + card.csv + " has no column '" +
                        missing + "'" + did_you_mean(missing, names) + "; its columns are " + columns);
      } else {
        d.error(card.mark, "card '" + card.id + "' has no field '" + missing + "'" +
                               did_you_mean(missing, names) + ", used by design '" + design.name +
                               "'" + (l ? " at " + l->mark.str() : std::string()));
      }
      missing_reported = true;
    }
    return out;
  }

  Color color(const std::string& expr, const Layer* l, const Color& fallback) {
    if (expr.empty()) return fallback;
    std::string v = expr.find('{') == std::string::npos ? expr : expand(expr, l);
    auto it = g.palette.find(v);
    if (it != g.palette.end()) return it->second;
    if (auto c = parse_color(v)) return *c;
    if (expr.find('{') != std::string::npos)  // literal colours were checked at load
      d.error(card.mark, "card '" + card.id + "': '" + v + "' is not a colour (from '" + expr +
                             "'" + (l ? " at " + l->mark.str() : std::string()) + ")");
    return fallback;
  }
};

std::string mm_text(double pt) { return format_number(Length{pt}.in_mm()); }

// A text layer's font issues, reported where the characters came from: the card field
// whose value holds them, else the layer's `text`; a missing face at the `style` or
// `weight` that asked for it. Messages quote the design's text, not the card's, so a
// problem of the design is listed once, not once per card.
void report_font_issues(const std::vector<FontIssue>& issues, const Card& card, const Layer& l,
                        Diagnostics& d) {
  for (const FontIssue& f : issues) {
    Mark at = l.text_mark;
    std::string shown = l.text, fix, field;
    if (f.kind != FontIssue::Kind::NoFace && !f.chars.empty()) {
      const std::string c = utf8_of(f.chars[0]);
      std::string err;
      for (const auto& name : template_fields(l.text, &err)) {
        auto v = card.fields.find(name);
        if (v == card.fields.end() || v->second.find(c) == std::string::npos) continue;
        shown = v->second;
        field = name;
        auto fm = card.field_marks.find(name);
        if (fm != card.field_marks.end()) at = fm->second;
        break;
      }
    }
    const std::string layer = field.empty() ? "" : " for the layer at " + l.mark.str();
    switch (f.kind) {
      case FontIssue::Kind::Fallback:
        fix = f.suggest.empty() ? "add a font that has them to templates/fonts.yaml"
                                : "use font: " + or_list(f.suggest) + layer;
        break;
      case FontIssue::Kind::Missing:
        fix = "remove them, or add a font that has them to templates/fonts.yaml";
        break;
      case FontIssue::Kind::NoFace:
        if (f.italic && l.italic) at = l.style_mark;
        else if (f.bold && l.bold) at = l.weight_mark;
        // The face was asked for by the layer's `style`/`weight`, or by <i>/<b> markup.
        fix = "use a family that has one, or ";
        if (f.italic) fix += l.italic ? "style: normal" : "drop the <i>";
        if (f.bold && f.italic) fix += " and ";
        if (f.bold) fix += l.bold ? "weight: normal" : "drop the <b>";
        break;
    }
    const std::string msg = font_issue_message(f, shown, fix);
    if (font_issue_is_error(f)) d.error(at, msg);
    else d.warning(at, msg);
  }
}

const Color kNoColor{0, 0, 0, 0, true};

// A layer's item with its box and colours, before any text or image. A filled `bleed`
// rect that reaches a trim edge runs on into the bleed there, so cutting a little off
// the line leaves no white sliver.
ArtItem layer_item(Resolver& r, const Layer& l, int index) {
  const CardSize& size = r.deck.card;
  ArtItem it;
  it.layer = index;
  it.type = l.type;
  it.box = {l.x.resolve(size.width).pt, l.y.resolve(size.height).pt, l.w.resolve(size.width).pt,
            l.h.resolve(size.height).pt};
  it.rotate = l.rotate;
  it.stroke_width = l.stroke_width.pt;
  it.radius = l.radius.pt;
  it.fill = r.color(l.fill, &l, kNoColor);
  it.stroke = r.color(l.stroke, &l, kNoColor);
  if (l.type == LayerType::Rect && l.bleed && !it.fill.none) {
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
  std::string e;
  for (const auto& f : template_fields(l.text, &e)) {
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

bool resolve_text(Resolver& r, const Layer& l, const TextMeasurer& m, ArtItem& it) {
  const Card& card = r.card;
  Diagnostics& d = r.d;
  it.text = r.expand(l.text, &l);
  it.color = r.color(l.color, &l, Color{});
  it.valign = l.valign;
  it.style = {l.font, l.bold, l.italic, l.size.pt, l.align, l.rtl, l.markup, l.line_spacing, {}};
  if (it.text.empty() || !place_icons(r, l, it)) return false;
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

// Fills an image layer's item with its file: inside the game's folder (unless allowed
// outside), an SVG or PNG, a regular file. False (after an error) to leave it out.
bool resolve_image(Resolver& r, const Layer& l, ArtItem& it) {
  const Card& card = r.card;
  Diagnostics& d = r.d;
  std::string src = r.expand(l.src, &l);
  if (src.empty()) return false;
  // Shown where the name is written: the card's field, or the layer's src.
  const Mark at = value_mark(l.src, l.src_mark, card);
  const std::string layer_at = at.str() == l.src_mark.str() ? "" : " (layer at " + l.mark.str() + ")";
  const std::string who = "card '" + card.id + "': image '" + src + "' ";
  ImageLookups::Found own;
  ImageLookups::Found* found = &own;
  bool known = false;
  if (r.lookups) {
    auto [slot, fresh] = r.lookups->by_name.try_emplace(src);
    found = &slot->second;
    known = !fresh;
  }
  if (!known) {
    found->confined = confined_path(r.g.dir, src, r.g.allow_outside, &found->resolved, &found->why);
    if (found->confined) found->kind = not_a_regular_file(found->resolved);
  }
  if (!found->confined) {
    d.error(at, "card '" + card.id + "': image " + found->why + layer_at);
    return false;
  }
  fs::path p = found->resolved;
  std::string ext = p.extension().string();
  std::transform(ext.begin(), ext.end(), ext.begin(), ::tolower);
  if (ext != ".svg" && ext != ".png") {
    d.error(at, who + "must be .svg or .png" + layer_at);
    return false;
  }
  if (const std::string& kind = found->kind; !kind.empty()) {
    d.error(at, who + (kind[0] == 'i' ? "cannot be used: " : "cannot be read: ") + kind + " (looked for " +
                    p.string() + ")" + layer_at);
    return false;
  }
  it.image = p.string();
  it.fit = l.fit;
  return true;
}

// The layer type's name in the schema tables.
const char* type_name(LayerType t) {
  switch (t) {
    case LayerType::Rect: return "rect";
    case LayerType::Ellipse: return "ellipse";
    case LayerType::Line: return "line";
    case LayerType::Text: return "text";
    case LayerType::Image: return "image";
  }
  return "rect";
}

// Sets key `key` of `l` to `v`, a value its schema field accepts; "" or why the value,
// right in kind, is not (a size of zero, a box of no width).
std::string set_value(Layer& l, const std::string& key, const std::string& v) {
  auto on = [&] { return v == "true" || v == "yes" || v == "on"; };
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
  const Schema& schema = Schemas::layer(type_name(l.type));
  for (const auto& pc : l.per_card) {
    const Field* f = schema.find(pc.key);
    if (!f) continue;
    const std::string v = r.expand(pc.tmpl, &l);
    std::string why = scalar_problem(*f, v);
    if (why.empty()) why = set_value(out, pc.key, v);
    if (why.empty()) continue;
    const Mark at = value_mark(pc.tmpl, pc.mark, r.card);
    r.d.error(at, "card '" + r.card.id + "': '" + pc.key + "' is " + pc.tmpl + ", which " + why +
                      (at.str() == pc.mark.str() ? "" : " (layer at " + l.mark.str() + ")"));
  }
  if (out.min_size.pt > out.size.pt) out.min_size = out.size;
  return out;
}

}  // namespace

CardArt resolve_card(const Game& g, const Deck& deck, const Card& card, const Design& design,
                     const TextMeasurer& m, Diagnostics& d, ImageLookups* lookups) {
  Resolver r{g, deck, card, design, d, lookups};
  CardArt art;
  art.background = r.color(design.background, nullptr, kNoColor);
  for (size_t i = 0; i < design.layers.size(); ++i) {
    Layer own;
    const Layer* lp = &design.layers[i];
    if (!lp->per_card.empty()) {
      own = with_card_values(r, *lp);
      lp = &own;
    }
    const Layer& l = *lp;
    if (!l.when.empty()) {
      std::string w = r.expand(l.when, &l);
      if (w.find_first_not_of(" \t\n") == std::string::npos) continue;
    }
    ArtItem it = layer_item(r, l, static_cast<int>(i));
    if (l.type == LayerType::Text && !resolve_text(r, l, m, it)) continue;
    if (l.type == LayerType::Image && !resolve_image(r, l, it)) continue;
    art.items.push_back(std::move(it));
  }
  return art;
}

std::vector<CardInstance> expand_instances(const Deck& deck) {
  std::vector<CardInstance> out;
  for (size_t i = 0; i < deck.cards.size(); ++i)
    for (long c = 1; c <= deck.cards[i].count; ++c) out.push_back({i, c});
  return out;
}

namespace {

struct Grid {
  double cw = 0, ch = 0;  // footprint of one card on the page
  double x0 = 0, y0 = 0;  // top-left of the grid (a fold-over stock's: of its fronts)
  double gw = 0, gh = 0;  // grid size (fronts only)
  double gutter = 0, row_gutter = 0;
  double bleed_x = 0, bleed_y = 0;  // bleed on the grid's outer sides
  double fold_bleed = 0;            // fold-over: bleed on the side of the fold line
};

bool folds(const Stock& s) { return s.kind == StockKind::Foldover; }

Grid make_grid(const Stock& s) {
  Grid g;
  const bool turned = s.rotate == 90;
  g.cw = (turned ? s.card.height : s.card.width).pt;
  g.ch = (turned ? s.card.width : s.card.height).pt;
  g.gutter = s.gutter.pt;
  g.row_gutter = s.row_gutter.pt;
  g.gw = g.cw * s.columns + g.gutter * (s.columns - 1);
  g.gh = g.ch * s.rows + g.row_gutter * (s.rows - 1);
  if (s.packing == Packing::Honeycomb) g.gh = g.ch + 0.75 * g.ch * (s.rows - 1);
  // A fold-over sheet holds the fronts and, across the fold gap, their backs: the two
  // blocks together are centred, so the fold line is the paper's centre line.
  double total_w = g.gw, total_h = g.gh;
  if (folds(s) && s.fold == Fold::Vertical) total_w = 2 * g.gw + s.fold_gap.pt;
  if (folds(s) && s.fold == Fold::Horizontal) total_h = 2 * g.gh + s.fold_gap.pt;
  g.x0 = (s.paper.width.pt - total_w) / 2;
  g.y0 = (s.paper.height.pt - total_h) / 2;
  g.bleed_x = std::min(s.card.bleed.pt, g.x0);
  g.bleed_y = std::min(s.card.bleed.pt, g.y0);
  g.fold_bleed = std::min(s.card.bleed.pt, s.fold_gap.pt / 2);
  return g;
}

// Honeycomb rows alternate: even rows hold `columns` tiles, odd rows one fewer, shifted
// half a tile right, so every tile shares its edges exactly with its neighbours.
struct Slot {
  int col = 0, row = 0;
};

std::vector<Slot> slots_of(const Stock& s) {
  std::vector<Slot> out;
  for (int r = 0; r < s.rows; ++r) {
    const int n = s.packing == Packing::Honeycomb && r % 2 ? s.columns - 1 : s.columns;
    for (int c = 0; c < n; ++c) out.push_back({c, r});
  }
  return out;
}

Placement place(const Stock& s, const Grid& g, int col, int row) {
  Placement p;
  if (s.packing == Packing::Honeycomb) {
    // Neighbours share edges: no bleed between tiles, and none outside either (the
    // knife follows the hex edge; a bleed band would show on the outer tiles only).
    p.trim = {g.x0 + col * g.cw + (row % 2 ? g.cw / 2 : 0), g.y0 + row * 0.75 * g.ch, g.cw, g.ch};
    p.bleed = p.trim;
    return p;
  }
  p.trim = {g.x0 + col * (g.cw + g.gutter), g.y0 + row * (g.ch + g.row_gutter), g.cw, g.ch};
  const double inner_x = std::min(s.card.bleed.pt, g.gutter / 2);
  const double inner_y = std::min(s.card.bleed.pt, g.row_gutter / 2);
  // A fold-over card's bleed towards the fold stops halfway across the fold gap, where
  // its back's begins.
  const bool fold_right = folds(s) && s.fold == Fold::Vertical, fold_below = folds(s) && s.fold == Fold::Horizontal;
  const double left = col == 0 ? g.bleed_x : inner_x;
  const double right = col == s.columns - 1 ? (fold_right ? g.fold_bleed : g.bleed_x) : inner_x;
  const double top = row == 0 ? g.bleed_y : inner_y;
  const double bottom = row == s.rows - 1 ? (fold_below ? g.fold_bleed : g.bleed_y) : inner_y;
  p.bleed = {p.trim.x - left, p.trim.y - top, p.trim.w + left + right, p.trim.h + top + bottom};
  p.rotation = s.rotate;
  return p;
}

std::vector<double> distinct(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  std::vector<double> out;
  for (double x : v)
    if (out.empty() || x - out.back() > 1e-6) out.push_back(x);
  return out;
}

// Every hex edge once: a shared edge between neighbours is one cut.
std::vector<CutSegment> hex_cuts(const Stock& s, const Grid& g) {
  std::vector<CutSegment> cuts;
  auto same = [](const CutSegment& a, const CutSegment& b) {
    auto close = [](double u, double v) { return std::fabs(u - v) < 1e-6; };
    return (close(a.x1, b.x1) && close(a.y1, b.y1) && close(a.x2, b.x2) && close(a.y2, b.y2)) ||
           (close(a.x1, b.x2) && close(a.y1, b.y2) && close(a.x2, b.x1) && close(a.y2, b.y1));
  };
  for (const Slot& sl : slots_of(s)) {
    const auto c = hex_corners(place(s, g, sl.col, sl.row).trim);
    for (size_t i = 0; i < c.size(); ++i) {
      const Point& a = c[i];
      const Point& b = c[(i + 1) % c.size()];
      CutSegment seg{a.x, a.y, b.x, b.y, CutKind::Line};
      bool dup = false;
      for (const auto& e : cuts) dup = dup || same(e, seg);
      if (!dup) cuts.push_back(seg);
    }
  }
  return cuts;
}

// A fold-over sheet's fold line, dashed (CutKind::Fold), along the middle of the fold
// gap and a mark length past the cards at either end, within the printable area.
CutSegment fold_line(const Stock& s, const Grid& g) {
  const double m = s.margin.pt, len = s.mark_length.pt;
  const double W = s.paper.width.pt, H = s.paper.height.pt;
  if (s.fold == Fold::Vertical)
    return {W / 2, std::max(m, g.y0 - len), W / 2, std::min(H - m, g.y0 + g.gh + len), CutKind::Fold};
  return {std::max(m, g.x0 - len), H / 2, std::min(W - m, g.x0 + g.gw + len), H / 2, CutKind::Fold};
}

std::vector<CutSegment> cut_guides(const Stock& s, const Grid& g) {
  if (s.cut == CutStyle::None) return {};
  if (s.card.shape == Shape::Hex) return hex_cuts(s, g);
  std::vector<CutSegment> cuts;
  if (folds(s)) cuts.push_back(fold_line(s, g));
  if (s.card.shape == Shape::Circle) return cuts;
  std::vector<double> xs, ys;
  for (int c = 0; c < s.columns; ++c) {
    xs.push_back(g.x0 + c * (g.cw + g.gutter));
    xs.push_back(g.x0 + c * (g.cw + g.gutter) + g.cw);
  }
  for (int r = 0; r < s.rows; ++r) {
    ys.push_back(g.y0 + r * (g.ch + g.row_gutter));
    ys.push_back(g.y0 + r * (g.ch + g.row_gutter) + g.ch);
  }
  xs = distinct(xs);
  ys = distinct(ys);
  const double W = s.paper.width.pt, H = s.paper.height.pt;
  if (s.cut != CutStyle::Lines) {
    // Crop marks run from the printable edge (the paper's edge less the margin printers
    // cannot print; at most mark_length) to just short of the bleed. A fold-over sheet
    // has none on its fold side: they would run across the fold into the backs.
    const double len = s.mark_length.pt, m = s.margin.pt;
    const double top_end = g.y0 - g.bleed_y - kMarkGap;
    const double bottom_start = g.y0 + g.gh + g.bleed_y + kMarkGap;
    const double left_end = g.x0 - g.bleed_x - kMarkGap;
    const double right_start = g.x0 + g.gw + g.bleed_x + kMarkGap;
    const bool right = !folds(s) || s.fold != Fold::Vertical, bottom = !folds(s) || s.fold != Fold::Horizontal;
    const double min_len = 2.0;  // shorter marks are no help
    for (double x : xs) {
      if (top_end - std::max(m, top_end - len) >= min_len)
        cuts.push_back({x, std::max(m, top_end - len), x, top_end, CutKind::Mark});
      if (bottom && std::min(H - m, bottom_start + len) - bottom_start >= min_len)
        cuts.push_back({x, bottom_start, x, std::min(H - m, bottom_start + len), CutKind::Mark});
    }
    for (double y : ys) {
      if (left_end - std::max(m, left_end - len) >= min_len)
        cuts.push_back({std::max(m, left_end - len), y, left_end, y, CutKind::Mark});
      if (right && std::min(W - m, right_start + len) - right_start >= min_len)
        cuts.push_back({right_start, y, std::min(W - m, right_start + len), y, CutKind::Mark});
    }
  }
  if (s.cut == CutStyle::Lines || s.cut == CutStyle::Both) {
    // Lines along every card edge, across the whole grid: all cards of a column share
    // their x edges, so a line never crosses a card, only gutters and edges.
    for (double x : xs) cuts.push_back({x, g.y0, x, g.y0 + g.gh, CutKind::Line});
    for (double y : ys) cuts.push_back({g.x0, y, g.x0 + g.gw, y, CutKind::Line});
  }
  return cuts;
}

// The back of `p`, where it lands behind it: mirrored across the paper's vertical centre
// line when the sheet turns over (or folds) about a vertical axis, across the horizontal
// one otherwise, and turned so that it reads upright when the card is turned over.
Placement mirror(const Placement& p, const Stock& s) {
  Placement b = p;
  b.back = true;
  const double W = s.paper.width.pt, H = s.paper.height.pt;
  const bool vertical_axis = folds(s) ? s.fold == Fold::Vertical : s.duplex == Duplex::LongEdge;
  if (vertical_axis) {
    b.trim.x = W - p.trim.right();
    b.bleed.x = W - p.bleed.right();
    b.rotation = (360 - p.rotation) % 360;
  } else {
    b.trim.y = H - p.trim.bottom();
    b.bleed.y = H - p.bleed.bottom();
    b.rotation = (540 - p.rotation) % 360;
  }
  return b;
}

}  // namespace

std::vector<Point> hex_corners(const Rect& b) {
  const double cx = b.x + b.w / 2, cy = b.y + b.h / 2, r = b.h / 2, hw = b.w / 2;
  return {{cx, cy - r}, {cx + hw, cy - r / 2}, {cx + hw, cy + r / 2},
          {cx, cy + r}, {cx - hw, cy + r / 2}, {cx - hw, cy - r / 2}};
}

std::vector<Rect> grid_slots(const Stock& s) {
  Grid g = make_grid(s);
  std::vector<Rect> out;
  for (const Slot& sl : slots_of(s)) out.push_back(place(s, g, sl.col, sl.row).trim);
  return out;
}

SheetLayout layout_sheets(const Stock& s, size_t count, bool backs) {
  SheetLayout out;
  out.width = s.paper.width.pt;
  out.height = s.paper.height.pt;
  const Grid g = make_grid(s);
  const auto slots = slots_of(s);
  const size_t per_page = slots.size();
  const auto cuts = cut_guides(s, g);
  const auto marks = cutter_geometry(s.cutter, out.width, out.height).marks;
  for (size_t first = 0; first < count; first += per_page) {
    Page front;
    front.cuts = cuts;
    front.registration = marks;
    for (size_t k = 0; k < per_page && first + k < count; ++k) {
      Placement p = place(s, g, slots[k].col, slots[k].row);
      p.slot = first + k;
      front.placements.push_back(p);
      if (s.card.shape == Shape::Circle && s.cut != CutStyle::None)
        front.circles.push_back({p.trim.x + p.trim.w / 2, p.trim.y + p.trim.h / 2,
                                 std::min(p.trim.w, p.trim.h) / 2});
    }
    // Fold-over: the backs share the page, across the fold from their fronts.
    if (folds(s) && backs)
      for (size_t k = 0, n = front.placements.size(); k < n; ++k)
        front.placements.push_back(mirror(front.placements[k], s));
    out.pages.push_back(front);
    if (backs && !folds(s)) {
      Page back;
      back.back = true;
      for (const auto& p : front.placements) back.placements.push_back(mirror(p, s));
      out.pages.push_back(back);
    }
  }
  return out;
}

namespace {

// How far inside the margin `r` reaches: > 0 if it does, the gap to the paper's edge in *edge.
bool inside_margin(const Rect& r, double w, double h, double margin, double* edge) {
  const double e = 0.01 * 72 / 25.4;  // a hundredth of a millimetre
  *edge = std::min({r.x, r.y, w - r.right(), h - r.bottom()});
  return *edge < margin - e;
}

Rect bounds_of(const std::vector<Point>& pts, double pad) {
  double x0 = pts[0].x, y0 = pts[0].y, x1 = x0, y1 = y0;
  for (const Point& p : pts) {
    x0 = std::min(x0, p.x);
    y0 = std::min(y0, p.y);
    x1 = std::max(x1, p.x);
    y1 = std::max(y1, p.y);
  }
  return {x0 - pad, y0 - pad, x1 - x0 + 2 * pad, y1 - y0 + 2 * pad};
}

}  // namespace

MarginIntrusions within_margin(const SheetLayout& l, double margin) {
  MarginIntrusions worst;
  for (const Page& page : l.pages) {
    if (page.back) continue;  // a duplex back mirrors its front
    MarginIntrusions here;
    double closest = std::numeric_limits<double>::max(), edge = 0;
    auto count = [&](const Rect& r, int* n) {
      if (!inside_margin(r, l.width, l.height, margin, &edge)) return;
      ++*n;
      closest = std::min(closest, std::max(0.0, edge));
    };
    for (const auto& p : page.placements) count(p.trim, &here.cards);
    for (const auto& c : page.cuts) count(bounds_of({{c.x1, c.y1}, {c.x2, c.y2}}, 0), &here.guides);
    for (const auto& c : page.circles) count({c.cx - c.r, c.cy - c.r, 2 * c.r, 2 * c.r}, &here.guides);
    for (const auto& m : page.registration)
      if (!m.points.empty()) count(bounds_of(m.points, m.filled ? 0 : m.stroke / 2), &here.registration);
    if (!here.any()) continue;
    here.closest = closest;
    if (!worst.any() || here.cards + here.guides + here.registration > worst.cards + worst.guides + worst.registration)
      worst = here;
  }
  return worst;
}

Point corrected_point(const Point& p, const PrinterProfile& profile, bool short_edge, double w, double h) {
  // The printer prints a drawn point q at c + R(t)(q - c) + o (turned by t clockwise
  // about the page centre c, then moved by o). Drawing q = c + R(-t)(p - c - o) makes it
  // print at p exactly. A short-edge back page is turned round by the printer before it
  // prints, which negates the offset it shows and keeps the rotation.
  const double sign = short_edge ? -1 : 1;
  const double ox = sign * profile.offset_x.pt, oy = sign * profile.offset_y.pt;
  const double cx = w / 2, cy = h / 2;
  const double a = -profile.rotation * M_PI / 180.0;  // y down: positive turns clockwise
  const double dx = p.x - cx - ox, dy = p.y - cy - oy;
  return {cx + dx * std::cos(a) - dy * std::sin(a), cy + dx * std::sin(a) + dy * std::cos(a)};
}

Placement corrected_placement(const Placement& p, const PrinterProfile& profile, bool short_edge, double w,
                              double h) {
  // A turn of the page about its centre is a turn of each card about its own centre
  // plus a move of that centre: the card's rectangles move with its trim centre and the
  // card is drawn tilted about it.
  const Point c{p.trim.x + p.trim.w / 2, p.trim.y + p.trim.h / 2};
  const Point n = corrected_point(c, profile, short_edge, w, h);
  Placement out = p;
  out.trim.x += n.x - c.x;
  out.trim.y += n.y - c.y;
  out.bleed.x += n.x - c.x;
  out.bleed.y += n.y - c.y;
  out.tilt = p.tilt - profile.rotation;
  return out;
}

void correct_backs(SheetLayout& sheets, const PrinterProfile& profile, bool short_edge) {
  for (Page& page : sheets.pages)
    if (page.back)
      for (Placement& p : page.placements) p = corrected_placement(p, profile, short_edge, sheets.width, sheets.height);
}


namespace {

// The table set at `size` on as many pages as its rows need: the title (and subtitle) on
// the first page, "(continued)" after the title on the others, the header row on each.
// Sets *overflow if a row is taller than a whole page (it is placed all the same).
std::vector<std::vector<ArtItem>> table_pages(const TableSpec& t, double size, double page_w, double page_h,
                                              double margin, const TextMeasurer& m, bool* overflow) {
  const double avail_w = page_w - 2 * margin;
  const double pad = 4;
  const Color ink = *parse_color("#222222"), stripe = *parse_color("#eef1f6"),
              head_bg = *parse_color("#2b3a55"), white = *parse_color("#ffffff"),
              none{0, 0, 0, 0, true};
  const size_t ncol = t.header.size();
  TextStyle body{t.font, false, false, size, Align::Left, false, false, 1, {}};
  TextStyle head = body;
  head.bold = true;
  TextStyle title{t.font, true, false, 16, Align::Left, false, false, 1, {}};
  // Natural column widths: the widest cell, unwrapped.
  std::vector<double> widths(ncol, 0);
  for (size_t c = 0; c < ncol; ++c) {
    widths[c] = m.measure(t.header[c], head, 1e6).width + 2 * pad;
    for (const auto& row : t.rows)
      if (c < row.size()) widths[c] = std::max(widths[c], m.measure(row[c], body, 1e6).width + 2 * pad);
  }
  double total = 0;
  for (double w : widths) total += w;
  // Spread spare width evenly, or squeeze proportionally (cells then wrap).
  for (double& w : widths) w = total > avail_w ? w * avail_w / total : w + (avail_w - total) / ncol;
  auto row_h = [&](const std::vector<std::string>& cells, const TextStyle& st) {
    double h = 0;
    for (size_t c = 0; c < ncol; ++c)
      h = std::max(h, m.measure(c < cells.size() ? cells[c] : "", st, widths[c] - 2 * pad).height);
    return h + 2 * pad / 2;
  };
  std::vector<std::vector<ArtItem>> pages;
  std::vector<ArtItem>* items = nullptr;
  double y = 0;
  auto add_row = [&](const std::vector<std::string>& cells, const TextStyle& st, const Color& bg, const Color& fg) {
    const double h = row_h(cells, st);
    ArtItem band;
    band.type = LayerType::Rect;
    band.box = {margin, y, avail_w, h};
    band.fill = bg;
    band.stroke = none;
    if (!bg.none) items->push_back(band);
    double x = margin;
    for (size_t c = 0; c < ncol; ++c) {
      ArtItem cell;
      cell.type = LayerType::Text;
      cell.text = c < cells.size() ? cells[c] : "";
      cell.style = st;
      cell.color = fg;
      cell.box = {x + pad, y + pad / 2, widths[c] - 2 * pad, h - pad};
      if (!cell.text.empty()) items->push_back(cell);
      x += widths[c];
    }
    y += h;
  };
  auto new_page = [&] {
    pages.emplace_back();
    items = &pages.back();
    y = margin;
    ArtItem ti;
    ti.type = LayerType::Text;
    ti.text = pages.size() == 1 ? t.title : t.title + " (continued)";
    ti.style = title;
    ti.color = ink;
    ti.box = {margin, y, avail_w, m.measure(ti.text, title, avail_w).height};
    items->push_back(ti);
    y += ti.box.h + 2;
    if (pages.size() == 1 && !t.subtitle.empty()) {
      ArtItem st = ti;
      st.text = t.subtitle;
      st.style = body;
      st.style.italic = true;
      st.box = {margin, y, avail_w, m.measure(t.subtitle, st.style, avail_w).height};
      items->push_back(st);
      y += st.box.h;
    }
    y += 6;
    add_row(t.header, head, head_bg, white);
  };
  new_page();
  *overflow = false;
  bool row_on_page = false;
  for (size_t r = 0; r < t.rows.size(); ++r) {
    if (row_on_page && y + row_h(t.rows[r], body) > page_h - margin) {
      new_page();
      row_on_page = false;
    }
    add_row(t.rows[r], body, r % 2 ? stripe : none, ink);
    row_on_page = true;
    if (y > page_h - margin) *overflow = true;
  }
  return pages;
}

}  // namespace

std::vector<std::vector<ArtItem>> layout_table(const TableSpec& t, double page_w, double page_h, double margin,
                                               const TextMeasurer& m, bool* overflow) {
  // The fewest pages the table takes at the smallest size, then the largest type that
  // keeps it to that many.
  const size_t fewest = table_pages(t, kTableMinSize, page_w, page_h, margin, m, overflow).size();
  for (double size = kTableMaxSize; size > kTableMinSize + 1e-9; size -= 0.5) {
    bool over = false;
    auto pages = table_pages(t, size, page_w, page_h, margin, m, &over);
    if (pages.size() <= fewest && !over) {
      *overflow = false;
      return pages;
    }
  }
  return table_pages(t, kTableMinSize, page_w, page_h, margin, m, overflow);
}


BoardLayout layout_board(const Board& b, double w, double h, const Rect& area) {
  BoardLayout out;
  const auto cells = board_cells(b), extras = board_extra_cells(b);
  if (cells.empty()) return out;
  int min_row = cells[0].row, max_row = min_row, min_x2 = cells[0].x2, max_x2 = min_x2;
  for (const auto* list : {&cells, &extras})
    for (const auto& c : *list) {
      min_row = std::min(min_row, c.row);
      max_row = std::max(max_row, c.row);
      min_x2 = std::min(min_x2, c.x2);
      max_x2 = std::max(max_x2, c.x2);
    }
  const double bw = (max_x2 - min_x2) * w / 2 + w;
  const double bh = h + 0.75 * h * (max_row - min_row);
  if (bw <= 0 || bh <= 0) return out;
  out.scale = std::min({1.0, area.w / bw, area.h / bh});
  const double x0 = area.x + (area.w - bw * out.scale) / 2;
  const double y0 = area.y + (area.h - bh * out.scale) / 2;
  auto place = [&](const BoardCell& c) {
    return Rect{x0 + (c.x2 - min_x2) * w / 2 * out.scale, y0 + (c.row - min_row) * 0.75 * h * out.scale,
                w * out.scale, h * out.scale};
  };
  for (const auto& c : cells) out.tiles.push_back(place(c));
  for (const auto& c : extras) out.extras.push_back(place(c));
  return out;
}

std::vector<Placement> board_placements(const Game& g, const Board& b, const BoardLayout& bl) {
  std::vector<Placement> out;
  // The first copy of each card of a deck, as an index into that deck's instances; each
  // deck is expanded once (a board may be large).
  std::map<std::string, std::pair<int, std::map<std::string, size_t>>> firsts;
  auto first_copy = [&](const std::string& deck_id, const std::string& card, int* deck) -> std::optional<size_t> {
    auto it = firsts.find(deck_id);
    if (it == firsts.end()) {
      std::pair<int, std::map<std::string, size_t>> f{-1, {}};
      for (size_t k = 0; k < g.decks.size() && f.first < 0; ++k) {
        if (g.decks[k].id != deck_id) continue;
        f.first = static_cast<int>(k);
        const auto instances = expand_instances(g.decks[k]);
        for (size_t i = 0; i < instances.size(); ++i) f.second.emplace(g.decks[k].cards[instances[i].card].id, i);
      }
      it = firsts.emplace(deck_id, std::move(f)).first;
    }
    auto c = it->second.second.find(card);
    if (c == it->second.second.end()) return std::nullopt;
    *deck = it->second.first;
    return c->second;
  };
  auto add = [&](const BoardCell& c, const Rect& r) {
    const std::string deck_id = c.extra && !c.extra->deck.empty() ? c.extra->deck : b.deck;
    int deck = -1;
    const auto slot = first_copy(deck_id, c.cell->card, &deck);
    if (!slot) return;
    Placement pl;
    pl.slot = *slot;
    pl.deck = deck_id == b.deck ? -1 : deck;
    pl.trim = pl.bleed = r;
    pl.scale = bl.scale;
    out.push_back(pl);
  };
  const auto cells = board_cells(b), extras = board_extra_cells(b);
  for (size_t i = 0; i < cells.size() && i < bl.tiles.size(); ++i) add(cells[i], bl.tiles[i]);
  for (size_t i = 0; i < extras.size() && i < bl.extras.size(); ++i) add(extras[i], bl.extras[i]);
  return out;
}

}  // namespace cardstock
