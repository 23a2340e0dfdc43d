// placement: anchors, insets and stacks resolved to points (layout/placement.h).
#include "layout/placement.h"

#include <algorithm>
#include <cmath>

#include "base/length.h"

namespace cardstock {

namespace {

// The box a placed layer is placed in: the trim moved in by its inset (out, for bleed).
Rect inset_box(const Layer& l, const CardSize& size) {
  const double cw = size.width.pt, ch = size.height.pt;
  double by = 0;
  switch (l.inset) {
    case Inset::None:
    case Inset::Trim: by = 0; break;
    case Inset::Bleed: by = -size.bleed.pt; break;
    case Inset::Safe: by = size.safe.pt; break;
    case Inset::By: by = l.inset_by.percent ? std::min(cw, ch) * l.inset_by.value / 100 : l.inset_by.value; break;
  }
  return {by, by, std::max(0.0, cw - 2 * by), std::max(0.0, ch - 2 * by)};
}

// Where an anchor puts a box across the room it has: 0 at the start, 1/2, 1 at the end.
double anchor_x(Anchor a) {
  switch (a) {
    case Anchor::Top: case Anchor::Center: case Anchor::Bottom: return 0.5;
    case Anchor::TopRight: case Anchor::Right: case Anchor::BottomRight: return 1;
    default: return 0;
  }
}
double anchor_y(Anchor a) {
  switch (a) {
    case Anchor::Left: case Anchor::Center: case Anchor::Right: return 0.5;
    case Anchor::BottomLeft: case Anchor::Bottom: case Anchor::BottomRight: return 1;
    default: return 0;
  }
}

std::string mm2(double pt) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.2f", Length{pt}.in_mm());
  return buf;
}

struct Placer {
  const std::vector<const Layer*>& layers;
  const std::vector<bool>& shown;
  const NaturalLength& natural;
  const std::string& card;
  Diagnostics& d;
  std::vector<Rect> boxes;

  bool showing(size_t i) const { return layers[i] && shown[i]; }

  // The direct children of the stack at `s`, in order.
  std::vector<size_t> kids(size_t s) const {
    std::vector<size_t> out;
    const size_t end = s + 1 + static_cast<size_t>(std::max(0, layers[s]->children));
    for (size_t j = s + 1; j < end && j < layers.size();
         j += 1 + static_cast<size_t>(layers[j] ? std::max(0, layers[j]->children) : 0))
      out.push_back(j);
    return out;
  }

  void overflow(const Layer& s, bool down, double need, double room, bool per_card) {
    const std::string what = s.name.empty() ? "the stack's children need " : "stack '" + s.name + "' children need ";
    d.error(s.mark, (per_card ? "card '" + card + "': " : std::string()) + what + mm2(need - room) + " mm more " +
                        (down ? "height" : "width") + " than the " + mm2(room) + " mm box has");
  }

  // Lays out the children of the stack at `s`, whose box is already set.
  void stack(size_t s) {
    const Layer& st = *layers[s];
    const bool down = st.direction == StackDir::Down;
    const double pad = st.padding.pt;
    const Rect& b = boxes[s];
    const Rect inner{b.x + pad, b.y + pad, std::max(0.0, b.w - 2 * pad), std::max(0.0, b.h - 2 * pad)};
    const double room = down ? inner.h : inner.w, across = down ? inner.w : inner.h;
    struct Kid {
      size_t i;
      double cross, main;
    };
    std::vector<Kid> shown_kids;
    double fixed = 0, grow = 0;
    bool per_card = false;
    for (size_t j : kids(s)) {
      if (!showing(j)) continue;
      const Layer& c = *layers[j];
      const bool has_cross = down ? c.has_w : c.has_h, has_main = down ? c.has_h : c.has_w;
      const double cross = has_cross ? (down ? c.w : c.h).resolve(Length{across}).pt : across;
      double main = 0;
      if (c.grow > 0) grow += c.grow;
      else if (has_main) main = (down ? c.h : c.w).resolve(Length{room}).pt;
      else {
        main = natural(j, cross, down);
        per_card = true;
      }
      fixed += main;
      shown_kids.push_back({j, cross, main});
    }
    if (!shown_kids.empty()) fixed += st.gap.pt * static_cast<double>(shown_kids.size() - 1);
    const double left = room - fixed;
    if (left < -0.005) overflow(st, down, fixed, room, per_card);
    double at = down ? inner.y : inner.x;
    for (Kid& k : shown_kids) {
      const Layer& c = *layers[k.i];
      if (c.grow > 0) k.main = std::max(0.0, left) * c.grow / grow;
      const double lead = st.cross == StackAlign::Center ? (across - k.cross) / 2
                          : st.cross == StackAlign::End ? across - k.cross
                                                        : 0;
      boxes[k.i] = down ? Rect{inner.x + lead, at, k.cross, k.main} : Rect{at, inner.y + lead, k.main, k.cross};
      at += k.main + st.gap.pt;
      if (c.type == LayerType::Stack) stack(k.i);
    }
  }
};

}  // namespace

Rect card_box(const Layer& l, const CardSize& size) {
  if (l.anchor == Anchor::None && l.inset == Inset::None)
    return {l.x.resolve(size.width).pt, l.y.resolve(size.height).pt, l.w.resolve(size.width).pt,
            l.h.resolve(size.height).pt};
  const Rect r = inset_box(l, size);
  const double w = l.has_w ? l.w.resolve(Length{r.w}).pt : r.w;
  const double h = l.has_h ? l.h.resolve(Length{r.h}).pt : r.h;
  if (l.anchor == Anchor::None)
    return {r.x + (l.has_x ? l.x.resolve(Length{r.w}).pt : 0), r.y + (l.has_y ? l.y.resolve(Length{r.h}).pt : 0), w, h};
  return {r.x + anchor_x(l.anchor) * (r.w - w), r.y + anchor_y(l.anchor) * (r.h - h), w, h};
}

std::vector<Rect> place_layers(const std::vector<const Layer*>& layers, const std::vector<bool>& shown,
                               const CardSize& size, const NaturalLength& natural, const std::string& card,
                               Diagnostics& d) {
  Placer p{layers, shown, natural, card, d, std::vector<Rect>(layers.size())};
  for (size_t i = 0; i < layers.size(); ++i) {
    if (!layers[i] || layers[i]->parent > 0) continue;
    p.boxes[i] = card_box(*layers[i], size);
    if (layers[i]->type == LayerType::Stack && shown[i]) p.stack(i);
  }
  return p.boxes;
}

}  // namespace cardstock
