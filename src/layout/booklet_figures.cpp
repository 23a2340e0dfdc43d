// Figures in a booklet: real cards in a row, scaled to fit, with labels in a column
// beside them, each joined by a leader to the part of the card it names.
#include <algorithm>

#include "layout/booklet_pieces.h"

namespace cardstock::booklet_impl {

void prepare_figure(const BookletFrame& f, Prepared& p) {
  const Block& blk = *p.block;
  double sum_w = 0, max_h = 0;
  for (const auto& c : blk.cards) {
    sum_w += c.width;
    max_h = std::max(max_h, c.height);
  }
  // With labels, the cards take half the text area and the labels the rest.
  const double avail_w = (blk.labels.empty() ? f.area_w : f.area_w * 0.5) - kFigureGap * (blk.cards.size() - 1);
  p.fig_scale = std::min({1.0, avail_w / std::max(sum_w, 1.0), f.area_h * 0.45 / std::max(max_h, 1.0)});
  p.fig_cards_h = max_h * p.fig_scale;
  p.caption_h = blk.caption.empty() ? 0 : kCaptionGap + f.text_h(blk.caption, f.s.caption, f.area_w);
  p.height = p.fig_cards_h + p.caption_h;
  p.before = p.after = 11;
}

namespace {

// A label placed beside a card.
struct PlacedLabel {
  double target, y, h;
  double ax, ay;  // leader end on the card
  const FigureLabel* lab;
};

// Where each label goes: as near the height of its part as it can be without
// overlapping the label above it or running past the card's foot.
std::vector<PlacedLabel> place_labels(const BookletFrame& f, const Block& blk, const Rect& card, double lw) {
  std::vector<PlacedLabel> ls;
  const double s = card.w / blk.cards.back().width;
  for (const auto& lab : blk.labels) {
    const double h = f.text_h(lab.text, f.s.label, lw);
    double ax = card.right(), ay = card.y + card.h / 2;
    if (lab.w > 0) {
      ax = card.x + (lab.x + lab.w) * s;
      ay = card.y + (lab.y + lab.h / 2) * s;
    }
    ls.push_back({ay, 0, h, ax, ay, &lab});
  }
  std::sort(ls.begin(), ls.end(), [](const PlacedLabel& x, const PlacedLabel& y) { return x.target < y.target; });
  double next = card.y;
  for (auto& l : ls) {
    l.y = std::max(l.target - l.h / 2, next);
    next = l.y + l.h + 4;
  }
  double limit = card.bottom();
  for (auto it = ls.rbegin(); it != ls.rend(); ++it) {
    if (it->y + it->h > limit) it->y = limit - it->h;
    limit = it->y - 4;
  }
  return ls;
}

// Labels in a column right of `card`, each joined by a leader to its part.
void draw_labels(const BookletFrame& f, const Block& blk, const Rect& card, const Rect& a, BookletPage& page) {
  const double lx = card.right() + kLabelGap;
  const double lw = a.right() - lx;
  for (const auto& l : place_labels(f, blk, card, lw)) {
    page.items.push_back(text_item(l.lab->text, f.s.label, {lx, l.y, lw, l.h}, f.s.accent, VAlign::Middle));
    page.items.push_back(line_item(lx - 4, l.y + l.h / 2, l.ax, l.ay, f.s.accent, 0.7));
    ArtItem dot = rect_item({l.ax - 2, l.ay - 2, 4, 4}, f.s.accent);
    dot.type = LayerType::Ellipse;
    page.items.push_back(dot);
  }
}

}  // namespace

void draw_figure(const BookletFrame& f, const Prepared& p, const Rect& a, double top, BookletPage& page) {
  const Block& blk = *p.block;
  double row_w = 0;
  for (const auto& c : blk.cards) row_w += c.width * p.fig_scale;
  row_w += kFigureGap * (blk.cards.size() - 1);
  double x = blk.labels.empty() ? a.x + (a.w - row_w) / 2 : a.x + a.w * 0.06;
  for (const auto& c : blk.cards) {
    const Rect trim{x, top + (p.fig_cards_h - c.height * p.fig_scale) / 2, c.width * p.fig_scale,
                    c.height * p.fig_scale};
    page.cards.push_back({c, trim, p.fig_scale});
    if (c.shape == Shape::Rect) page.items.push_back(rect_item(trim, kNone, kLight, 0.5, 3 * p.fig_scale));
    if (c.shape == Shape::Circle) {
      ArtItem o = rect_item(trim, kNone, kLight, 0.5);
      o.type = LayerType::Ellipse;
      page.items.push_back(o);
    }
    x += trim.w + kFigureGap;
  }
  if (!blk.labels.empty() && !page.cards.empty()) draw_labels(f, blk, page.cards.back().trim, a, page);
  if (!blk.caption.empty())
    page.items.push_back(text_item(blk.caption, f.s.caption,
                                   {a.x, top + p.fig_cards_h + kCaptionGap, a.w, p.caption_h - kCaptionGap},
                                   kGrey));
}

}  // namespace cardstock::booklet_impl
