// Setting text: the Typesetter's kept layouts (bounded, oldest dropped first) and what it
// measures of them for layout.
#include "render/typesetter.h"

#include <algorithm>
#include <cmath>

#include "render/icons.h"
#include "render/typesetter_state.h"

namespace cardstock {

namespace {

PangoAlignment pango_align(Align a) {
  switch (a) {
    case Align::Center: return PANGO_ALIGN_CENTER;
    case Align::Right: return PANGO_ALIGN_RIGHT;
    default: return PANGO_ALIGN_LEFT;
  }
}

// Configures `layout` for `text` in `style`, set in `families` (the style's font and the
// declared fallbacks); returns false if the markup is invalid.
bool setup_layout(PangoLayout* layout, const std::string& text, const TextStyle& st,
                  double wrap, const std::string& families) {
  const FontDescPtr desc(pango_font_description_new());
  PangoFontDescription* fd = desc.get();
  pango_font_description_set_family(fd, families.c_str());
  pango_font_description_set_weight(fd, st.bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL);
  pango_font_description_set_style(fd, st.italic ? PANGO_STYLE_ITALIC : PANGO_STYLE_NORMAL);
  // A non-positive size was already reported by validation; keep Pango's assertions quiet.
  pango_font_description_set_absolute_size(fd, std::max(st.size, 0.1) * PANGO_SCALE);
  pango_layout_set_font_description(layout, fd);
  // Auto-direction would flip left/right alignment for paragraphs that start in Hebrew;
  // the design's alignment must hold, so the base direction is the context's (`rtl`).
  pango_layout_set_auto_dir(layout, FALSE);
  pango_layout_set_width(layout, static_cast<int>(std::floor(wrap * PANGO_SCALE)));
  pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR);
  // A justified right-to-left paragraph ends on the right, as it starts.
  pango_layout_set_alignment(layout, st.align == Align::Justify && st.rtl ? PANGO_ALIGN_RIGHT : pango_align(st.align));
  pango_layout_set_justify(layout, st.align == Align::Justify);
  if (st.line_spacing != 1) pango_layout_set_line_spacing(layout, static_cast<float>(st.line_spacing));
  if (st.markup) {
    if (!pango_parse_markup(text.c_str(), -1, 0, nullptr, nullptr, nullptr, nullptr)) {
      pango_layout_set_text(layout, text.c_str(), -1);
      return false;
    }
    pango_layout_set_markup(layout, text.c_str(), -1);
  } else {
    pango_layout_set_text(layout, text.c_str(), -1);
  }
  return true;
}

// Everything setup_layout reads, as bytes: equal keys give identical layouts.
std::string key(const std::string& text, const TextStyle& st, double wrap) {
  std::string k;
  k.reserve(st.font.size() + text.size() + 40);
  k.append(st.font).push_back('\0');
  const double nums[] = {st.size, st.line_spacing, std::floor(wrap * PANGO_SCALE)};
  k.append(reinterpret_cast<const char*>(nums), sizeof nums);
  const char flags[] = {char(st.bold), char(st.italic), char(st.align), char(st.rtl), char(st.markup)};
  k.append(flags, sizeof flags);
  for (const auto& icon : st.icons) k.append(icon).push_back('\0');
  k.push_back('\0');
  k.append(text);
  return k;
}

}  // namespace

Typesetter::State::State(const Fonts& f, size_t b) : fonts(f), budget(b) {
  map = fonts.impl()->new_map();
  ltr = fonts.impl()->new_context(map.get(), PANGO_DIRECTION_LTR);
  rtl = fonts.impl()->new_context(map.get(), PANGO_DIRECTION_RTL);
  for (PangoContext* c : {ltr.get(), rtl.get()}) pango_cairo_context_set_shape_renderer(c, draw_icon, &images, nullptr);
}

void Typesetter::State::forget() {
  kept.clear();
  order.clear();
  bytes = 0;
  last.reset();
}

PangoLayout* Typesetter::State::set(const std::string& text, const TextStyle& st, double wrap, bool* markup_ok) {
  ++stats.sets;
  std::string k = key(text, st, wrap);
  auto it = kept.find(k);
  if (it != kept.end()) {
    ++stats.hits;
    *markup_ok = it->second.markup_ok;
    last = add_ref(it->second.layout.get());
  } else {
    last.reset(pango_layout_new(st.rtl ? rtl.get() : ltr.get()));
    *markup_ok = setup_layout(last.get(), text, st, wrap, fonts.impl()->family_list(st.font));
    add_icon_shapes(last.get(), st, images);
    pango_layout_get_line_count(last.get());  // breaks the lines now, while it is measured
    keep(std::move(k), last.get(), *markup_ok, text.size());
  }
  return last.get();
}

void Typesetter::State::keep(std::string k, PangoLayout* layout, bool markup_ok, size_t text_bytes) {
  // A rough size (Pango's glyph strings, attributes and line structs), so the budget
  // holds whether the texts are card names or booklet paragraphs.
  const size_t size = 1024 + 96 * text_bytes;
  if (size > budget) return;
  while (bytes + size > budget && !order.empty()) {
    auto old = kept.find(order.front());
    bytes -= old->second.bytes;
    kept.erase(old);
    order.pop_front();
  }
  order.push_back(k);
  kept.emplace(std::move(k), Kept{add_ref(layout), markup_ok, size});
  bytes += size;
}

Typesetter::Typesetter(const Fonts& fonts, size_t cache_bytes)
    : state_(std::make_unique<State>(fonts, cache_bytes)) {}

Typesetter::~Typesetter() = default;

TextExtent Typesetter::measure(const std::string& text, const TextStyle& style, double wrap) const {
  TextExtent e;
  PangoLayout* layout = state_->set(text, style, wrap, &e.markup_ok);
  PangoRectangle logical;
  pango_layout_get_extents(layout, nullptr, &logical);
  e.width = static_cast<double>(logical.width) / PANGO_SCALE;
  e.height = static_cast<double>(logical.height) / PANGO_SCALE;
  e.lines = pango_layout_get_line_count(layout);
  // Pango counts in 1/1024 pt in an int: past about two million points (thousands of
  // lines of huge type) its extents wrap around and could read as fitting. Such text fits
  // no card or page, so a rough height that says so is enough.
  const double rough = e.lines * style.size * std::max(1.0, style.line_spacing) * 1.5;
  if (rough > 1e6 || e.height < 0) e.height = std::max(e.height, rough);
  if (e.width < 0) e.width = 1e6;
  // A word too long for the box is broken mid-word (WORD_CHAR); that is overflow only if
  // the lines still do not fit, which the height check catches.
  return e;
}

std::vector<double> Typesetter::line_heights(const std::string& text, const TextStyle& style,
                                             double wrap) const {
  bool ok = true;
  PangoLayout* layout = state_->set(text, style, wrap, &ok);
  std::vector<double> out;
  const LayoutIterPtr it(pango_layout_get_iter(layout));
  do {
    int y0 = 0, y1 = 0;
    pango_layout_iter_get_line_yrange(it.get(), &y0, &y1);
    out.push_back(static_cast<double>(y1 - y0) / PANGO_SCALE);
  } while (pango_layout_iter_next_line(it.get()));
  return out;
}

std::vector<FontIssue> Typesetter::font_issues(const std::string& text, const TextStyle& style,
                                               double wrap) const {
  bool ok = true;
  PangoLayout* layout = state_->set(text, style, wrap, &ok);  // kept: measured just before
  return state_->fonts.impl()->issues(layout, style, &state_->faces);
}

bool Typesetter::check_image(const std::string& path, std::string* err) const {
  return state_->images.get(path, err) != nullptr;
}

Typesetter::Stats Typesetter::stats() const { return state_->stats; }

void Typesetter::let_go() {
  state_->forget();
  state_->images.clear();
}

}  // namespace cardstock
