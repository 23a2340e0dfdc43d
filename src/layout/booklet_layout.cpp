#include "layout/booklet_layout.h"

#include <algorithm>
#include <cmath>

#include "base/text_check.h"

namespace cardstock {

BookletMargins booklet_margins(double w, double h) {
  // Tuned on half-Letter (396 x 612 pt) and scaled, so A5 keeps the same proportions.
  const double k = std::min(w / 396.0, h / 612.0);
  return {42 * k, 46 * k, 44 * k, 34 * k};
}

namespace {

const Color kInk{0.13, 0.13, 0.13, 1};
const Color kGrey{0.42, 0.42, 0.42, 1};
const Color kLight{0.78, 0.78, 0.78, 1};
const Color kWhite{1, 1, 1, 1};
const Color kNone{0, 0, 0, 0, true};

Color tint(Color c, double a) {
  c.a = a;
  return c;
}

ArtItem text_item(const std::string& markup, const TextStyle& st, const Rect& box, const Color& c,
                  VAlign va = VAlign::Top) {
  ArtItem it;
  it.type = LayerType::Text;
  it.text = markup;
  it.style = st;
  it.style.markup = true;
  it.box = box;
  it.color = c;
  it.valign = va;
  return it;
}

ArtItem rect_item(const Rect& box, const Color& fill, const Color& stroke = kNone, double sw = 0,
                  double radius = 0) {
  ArtItem it;
  it.type = LayerType::Rect;
  it.box = box;
  it.fill = fill;
  it.stroke = stroke;
  it.stroke_width = sw;
  it.radius = radius;
  return it;
}

ArtItem line_item(double x1, double y1, double x2, double y2, const Color& c, double sw) {
  ArtItem it;
  it.type = LayerType::Line;
  it.box = {x1, y1, x2 - x1, y2 - y1};
  it.stroke = c;
  it.stroke_width = sw;
  it.fill = kNone;
  return it;
}

bool numeric(const std::string& s) {
  if (s.empty()) return false;
  for (char c : s)
    if (!std::isdigit(static_cast<unsigned char>(c)) && c != '-' && c != '+' && c != ' ' && c != ':')
      return false;
  return true;
}

// Styles of every part of a booklet, from its fonts.
struct Styles {
  TextStyle body, h1, h2, callout, cell, cell_head, caption, label, head, folio, cover_title,
      cover_sub, cover_line, bullet;
  Color accent;
  explicit Styles(const Booklet& b) : accent(b.accent) {
    auto st = [](const std::string& font, double size, bool bold, bool italic, Align a) {
      TextStyle s;
      s.font = font;
      s.size = size;
      s.bold = bold;
      s.italic = italic;
      s.align = a;
      s.markup = true;
      return s;
    };
    body = st(b.body_font, 10, false, false, Align::Justify);
    bullet = st(b.body_font, 10, false, false, Align::Right);
    h1 = st(b.heading_font, 15, true, false, Align::Left);
    h2 = st(b.heading_font, 11.5, true, false, Align::Left);
    callout = st(b.body_font, 9.5, false, false, Align::Justify);
    cell = st(b.heading_font, 8.5, false, false, Align::Left);
    cell_head = st(b.heading_font, 8.5, true, false, Align::Left);
    caption = st(b.body_font, 8.5, false, true, Align::Center);
    label = st(b.heading_font, 8.5, true, false, Align::Left);
    head = st(b.heading_font, 7.5, false, false, Align::Left);
    folio = st(b.heading_font, 8.5, true, false, Align::Left);
    cover_title = st(b.heading_font, 30, true, false, Align::Center);
    cover_sub = st(b.body_font, 12, false, true, Align::Center);
    cover_line = st(b.heading_font, 12, true, false, Align::Center);
  }
};

constexpr double kListIndent = 15;
// Pango does not count the hyphen it draws at a soft-hyphen break into the line's width,
// so justified text is set this much narrower and the hyphen stays inside the measure.
constexpr double kHyphenRoom = 4;
constexpr double kCalloutPad = 8, kCalloutBar = 3;
constexpr double kCellPadX = 4, kCellPadY = 2.5;
constexpr double kCaptionGap = 4;
constexpr double kFigureGap = 10;
constexpr double kLabelGap = 26;

// A block made ready for pagination: text hyphenated, sizes measured, pieces known.
struct Prepared {
  const Block* block = nullptr;
  std::string text;                         // hyphenated markup (paragraph, item, heading)
  std::vector<std::string> paragraphs;      // callout
  std::vector<double> lines;                // line heights (paragraph, item)
  double height = 0;                        // whole height (heading, callout, table, figure)
  std::vector<double> para_heights;         // callout paragraphs
  std::vector<double> col_widths;           // table
  std::vector<double> row_heights;          // table: header first
  double caption_h = 0;
  double fig_scale = 1, fig_cards_h = 0;    // figure
  double before = 0, after = 0;
};

struct Piece {
  size_t block = 0;
  int part = 0;
  double h = 0, before = 0;
  bool keep_with_next = false, force_break = false;
};

class Paginator {
 public:
  Paginator(const Booklet& b, double w, double h, const TextMeasurer& m, const Hyphenator* hy,
            Diagnostics& d)
      : b_(b), w_(w), h_(h), m_(m), hy_(hy), d_(d), s_(b), mg_(booklet_margins(w, h)) {
    line_starts_.push_back(0);
    for (size_t i = 0; i < b_.text.size(); ++i)
      if (b_.text[i] == '\n' && i + 1 < b_.text.size()) line_starts_.push_back(i + 1);
    area_w_ = w_ - mg_.inner - mg_.outer;
    hang_ = hy_ ? kHyphenRoom : 0;
    area_h_ = h_ - mg_.top - mg_.bottom;
  }

  BookletLayout run() {
    for (const auto& blk : b_.blocks) prepared_.push_back(prepare(blk));
    pieces();
    // Lay the body out once after the cover; if the booklet is long, again after a
    // contents page (page parity, and so the margins, shift by one).
    BookletLayout out = attempt(false);
    if (static_cast<int>(out.pages.size()) > kContentsAfterPages) out = attempt(true);
    for (const auto& page : out.pages)
      for (const auto* items : {&page.underlay, &page.items})
        for (const auto& it : *items) check_fonts(it);
    return out;
  }

 private:
  // A drawn text's font issues (the text exactly as set), at the character in the
  // Markdown when it is there (the lines of the block, up to a blank line), else at the
  // block (text made by a directive) or the game file's booklet section (the cover).
  // Texts of no source (running heads, folios, contents repeat the headings) are not
  // reported twice.
  void check_fonts(const ArtItem& it) const {
    if (it.type != LayerType::Text || it.source.file.empty()) return;
    for (const FontIssue& f : m_.font_issues(it.text, it.style, it.box.w)) {
      Mark at = it.source;
      std::string shown = plain(it.text);
      if (!f.chars.empty() && it.source.file == b_.source && it.source.line > 0) {
        std::string c;
        size_t pos = 0;
        for (size_t k = 0; k < shown.size() && c.empty();) {
          const size_t start = k;
          if (next_code_point(shown, &k) == f.chars[0]) c = shown.substr(start, k - start), pos = start;
        }
        if (!c.empty()) {
          shown = word_at(shown, pos);
          for (int l = it.source.line; l <= static_cast<int>(line_starts_.size()); ++l) {
            const size_t from = line_starts_[l - 1];
            const size_t end = l < static_cast<int>(line_starts_.size()) ? line_starts_[l] : b_.text.size();
            const std::string line = b_.text.substr(from, end - from);
            if (l > it.source.line && line.find_first_not_of(" \t\r\n") == std::string::npos) break;
            const size_t col = line.find(c);
            if (col != std::string::npos) {
              at = {b_.source, l, static_cast<int>(col) + 1};
              break;
            }
          }
        }
      }
      const std::string msg = font_issue_message(f, shown, set_font_fix(f, "set body_font or heading_font to a family that has one"));
      if (font_issue_is_error(f)) d_.error(at, msg);
      else d_.warning(at, msg);
    }
  }

  // Markup as the reader sees it: tags dropped, entities and soft hyphens undone.
  static std::string plain(const std::string& markup) {
    std::string out;
    bool tag = false;
    for (size_t i = 0; i < markup.size(); ++i) {
      const char c = markup[i];
      if (c == '<') tag = true;
      else if (c == '>') tag = false;
      else if (tag) continue;
      else if (markup.compare(i, 5, "&amp;") == 0) out += '&', i += 4;
      else if (markup.compare(i, 4, "&lt;") == 0) out += '<', i += 3;
      else if (markup.compare(i, 4, "&gt;") == 0) out += '>', i += 3;
      else if (markup.compare(i, 2, "\xC2\xAD") == 0) ++i;
      else out += c;
    }
    return out;
  }

  // The word around byte `pos` (between spaces).
  static std::string word_at(const std::string& s, size_t pos) {
    size_t a = s.rfind(' ', pos), b = s.find(' ', pos);
    a = a == std::string::npos ? 0 : a + 1;
    return s.substr(a, b == std::string::npos ? std::string::npos : b - a);
  }

  std::string hyph(const std::string& markup) const {
    return hy_ ? hyphenate_markup(markup, *hy_) : markup;
  }

  double text_h(const std::string& t, const TextStyle& st, double w) const {
    return m_.measure(t, st, w).height;
  }

  Prepared prepare(const Block& blk) {
    Prepared p;
    p.block = &blk;
    switch (blk.kind) {
      case BlockKind::Heading: {
        const TextStyle& st = blk.level == 1 ? s_.h1 : s_.h2;
        p.text = blk.text;
        p.height = text_h(p.text, st, area_w_) + (blk.level == 1 ? 5 : 2);
        p.before = blk.level == 1 ? 16 : 10;
        p.after = blk.level == 1 ? 5 : 3;
        break;
      }
      case BlockKind::Paragraph:
        p.text = hyph(blk.text);
        p.lines = m_.line_heights(p.text, s_.body, area_w_ - hang_);
        p.before = p.after = 5;
        break;
      case BlockKind::Bullet:
      case BlockKind::Numbered:
        p.text = hyph(blk.text);
        p.lines = m_.line_heights(p.text, s_.body, area_w_ - kListIndent - hang_);
        p.before = 5;
        p.after = 5;
        break;
      case BlockKind::Callout: {
        const double w = area_w_ - 2 * kCalloutPad - kCalloutBar - hang_;
        p.height = 2 * kCalloutPad;
        for (size_t i = 0; i < blk.paragraphs.size(); ++i) {
          p.paragraphs.push_back(hyph(blk.paragraphs[i]));
          p.para_heights.push_back(text_h(p.paragraphs.back(), s_.callout, w));
          p.height += p.para_heights.back() + (i ? 4 : 0);
        }
        p.before = p.after = 9;
        break;
      }
      case BlockKind::Table: prepare_table(p); break;
      case BlockKind::Figure: prepare_figure(p); break;
      case BlockKind::PageBreak: break;
    }
    return p;
  }

  void prepare_table(Prepared& p) {
    const Block& blk = *p.block;
    const size_t cols = blk.header.size();
    std::vector<double> natural(cols, 0);
    auto widen = [&](const std::vector<std::string>& row, const TextStyle& st) {
      for (size_t c = 0; c < cols && c < row.size(); ++c)
        natural[c] = std::max(natural[c], m_.measure(row[c], st, 1e6).width + 2 * kCellPadX);
    };
    widen(blk.header, s_.cell_head);
    for (const auto& r : blk.rows) widen(r, s_.cell);
    // Columns narrower than a fair share keep their natural width; the others share
    // what is left in proportion to their natural widths. Spare width goes to all.
    std::vector<double> w = natural;
    double total = 0;
    for (double v : natural) total += v;
    if (total <= area_w_) {
      for (auto& v : w) v += (area_w_ - total) * (v / total);
    } else {
      double fixed = 0, flexible = 0;
      const double fair = area_w_ / cols;
      for (double v : natural) (v <= fair ? fixed : flexible) += v;
      for (auto& v : w)
        if (v > fair) v = (area_w_ - fixed) * (v / flexible);
    }
    p.col_widths = w;
    auto row_h = [&](const std::vector<std::string>& row, const TextStyle& st) {
      double hmax = 0;
      for (size_t c = 0; c < cols && c < row.size(); ++c)
        hmax = std::max(hmax, text_h(row[c], st, w[c] - 2 * kCellPadX));
      return hmax + 2 * kCellPadY;
    };
    p.row_heights.push_back(row_h(blk.header, s_.cell_head));
    for (const auto& r : blk.rows) p.row_heights.push_back(row_h(r, s_.cell));
    p.caption_h = blk.caption.empty() ? 0 : kCaptionGap + text_h(blk.caption, s_.caption, area_w_);
    p.height = p.caption_h;
    for (double v : p.row_heights) p.height += v;
    p.before = p.after = 9;
  }

  void prepare_figure(Prepared& p) {
    const Block& blk = *p.block;
    double sum_w = 0, max_h = 0;
    for (const auto& c : blk.cards) {
      sum_w += c.width;
      max_h = std::max(max_h, c.height);
    }
    const double avail_w =
        (blk.labels.empty() ? area_w_ : area_w_ * 0.5) - kFigureGap * (blk.cards.size() - 1);
    p.fig_scale = std::min({1.0, avail_w / std::max(sum_w, 1.0), area_h_ * 0.45 / std::max(max_h, 1.0)});
    p.fig_cards_h = max_h * p.fig_scale;
    p.caption_h = blk.caption.empty() ? 0 : kCaptionGap + text_h(blk.caption, s_.caption, area_w_);
    p.height = p.fig_cards_h + p.caption_h;
    p.before = p.after = 11;
  }

  void pieces() {
    for (size_t i = 0; i < prepared_.size(); ++i) {
      const Prepared& p = prepared_[i];
      const double before = i == 0 ? 0 : std::max(prepared_[i - 1].after, p.before);
      switch (p.block->kind) {
        case BlockKind::PageBreak: pieces_.push_back({i, 0, 0, 0, false, true}); break;
        case BlockKind::Heading: pieces_.push_back({i, 0, p.height, before, true, false}); break;
        case BlockKind::Paragraph:
        case BlockKind::Bullet:
        case BlockKind::Numbered: {
          // Items of one list sit closer together than paragraphs.
          double gap = before;
          const bool item = p.block->kind != BlockKind::Paragraph;
          if (item && i > 0 && prepared_[i - 1].block->kind == p.block->kind) gap = 3;
          const int n = static_cast<int>(p.lines.size());
          for (int k = 0; k < n; ++k) {
            // A page may break after line k+1 only if it leaves two lines on each side.
            const bool breakable = k + 1 >= 2 && n - (k + 1) >= 2;
            pieces_.push_back({i, k, p.lines[k], k == 0 ? gap : 0, k + 1 < n && !breakable, false});
          }
          break;
        }
        case BlockKind::Table:
          if (p.height <= area_h_) {
            pieces_.push_back({i, -1, p.height, before, false, false});
          } else {
            // Too tall for a page: break between rows, header first.
            for (size_t r = 0; r < p.row_heights.size(); ++r) {
              const bool last = r + 1 == p.row_heights.size();
              pieces_.push_back({i, static_cast<int>(r), p.row_heights[r] + (last ? p.caption_h : 0),
                                 r == 0 ? before : 0, r == 0, false});
            }
          }
          break;
        default: pieces_.push_back({i, -1, p.height, before, false, false});
      }
    }
  }

  Rect area_of(int number) const {
    const bool recto = number % 2 == 1;
    return {recto ? mg_.inner : mg_.outer, mg_.top, area_w_, area_h_};
  }

  struct Placed {
    size_t piece;
    double y;  // top of the piece, from the text area's top
  };

  BookletLayout attempt(bool contents) {
    BookletLayout out;
    out.width = w_;
    out.height = h_;
    std::vector<std::vector<Placed>> pages(1);
    double y = 0;
    for (size_t k = 0; k < pieces_.size(); ++k) {
      const Piece& pc = pieces_[k];
      auto& cur = pages.back();
      if (pc.force_break) {
        if (!cur.empty()) {
          pages.emplace_back();
          y = 0;
        }
        continue;
      }
      const double before = cur.empty() ? 0 : pc.before;
      if (y + before + pc.h <= area_h_ + 0.01 || cur.empty()) {
        if (cur.empty() && pc.h > area_h_ + 0.01)
          d_.warning(prepared_[pc.block].block->mark,
                     "this block is taller than a booklet page and will be cut off");
        cur.push_back({k, y + before});
        y += before + pc.h;
        continue;
      }
      // Break after the last piece that allows it; what follows moves to the next page.
      int brk = static_cast<int>(cur.size()) - 1;
      while (brk >= 0 && pieces_[cur[brk].piece].keep_with_next) --brk;
      if (brk >= 0 && brk + 1 < static_cast<int>(cur.size())) {
        k = cur[brk + 1].piece - 1;
        cur.resize(brk + 1);
      } else {
        --k;
      }
      pages.emplace_back();
      y = 0;
    }
    if (pages.back().empty()) pages.pop_back();

    const int first = contents ? 3 : 2;
    // The running head names the first section starting on the page, else the one that
    // carries over from earlier pages.
    std::string current;
    std::vector<std::string> sections;
    for (size_t pg = 0; pg < pages.size(); ++pg) {
      std::string first_here;
      for (const auto& pl : pages[pg]) {
        const Block& blk = *prepared_[pieces_[pl.piece].block].block;
        if (blk.kind != BlockKind::Heading || blk.level != 1) continue;
        out.contents.push_back({blk.plain, first + static_cast<int>(pg)});
        if (first_here.empty()) first_here = blk.plain;
        current = blk.plain;
      }
      sections.push_back(first_here.empty() ? current : first_here);
    }

    out.pages.push_back(cover());
    if (contents) out.pages.push_back(contents_page(out.contents));
    for (size_t pg = 0; pg < pages.size(); ++pg) {
      BookletPage page;
      page.number = first + static_cast<int>(pg);
      page.role = "body";
      page.text_area = area_of(page.number);
      page.section = sections[pg];
      furniture(page);
      emit(pages[pg], page);
      out.pages.push_back(std::move(page));
    }
    return out;
  }

  void furniture(BookletPage& page) const {
    const bool recto = page.number % 2 == 1;
    const Rect& a = page.text_area;
    page.head = {a.x, mg_.top - 24, a.w, 12};
    page.foot = {a.x, h_ - mg_.bottom + 16, a.w, 12};
    TextStyle head = s_.head;
    head.align = recto ? Align::Right : Align::Left;
    const std::string head_text = recto ? markup_escape(page.section) : markup_escape(b_.title);
    page.items.push_back(text_item(head_text, head, page.head, kGrey, VAlign::Bottom));
    page.items.push_back(line_item(a.x, mg_.top - 9, a.right(), mg_.top - 9, kLight, 0.5));
    TextStyle folio = s_.folio;
    folio.align = recto ? Align::Right : Align::Left;
    page.items.push_back(text_item(std::to_string(page.number), folio, page.foot, s_.accent));
  }

  void emit(const std::vector<Placed>& placed, BookletPage& page) const {
    const Rect& a = page.text_area;
    size_t i = 0;
    while (i < placed.size()) {
      const Piece& pc = pieces_[placed[i].piece];
      const Prepared& p = prepared_[pc.block];
      const Block& blk = *p.block;
      const double top = a.y + placed[i].y;
      size_t j = i + 1;
      while (j < placed.size() && pieces_[placed[j].piece].block == pc.block) ++j;
      const size_t first_item = page.items.size();
      emit_block(p, blk, pc, placed, i, j, top, a, page);
      for (size_t k = first_item; k < page.items.size(); ++k) page.items[k].source = blk.mark;
      i = j;
    }
  }

  void emit_block(const Prepared& p, const Block& blk, const Piece& pc, const std::vector<Placed>& placed,
                  size_t i, size_t j, double top, const Rect& a, BookletPage& page) const {
    {
      switch (blk.kind) {
        case BlockKind::Heading: {
          const TextStyle& st = blk.level == 1 ? s_.h1 : s_.h2;
          const double th = p.height - (blk.level == 1 ? 5 : 2);
          page.items.push_back(text_item(p.text, st, {a.x, top, a.w, th}, s_.accent));
          if (blk.level == 1)
            page.items.push_back(line_item(a.x, top + th + 2, a.right(), top + th + 2, s_.accent, 0.8));
          break;
        }
        case BlockKind::Paragraph:
        case BlockKind::Bullet:
        case BlockKind::Numbered: {
          const int first = pieces_[placed[i].piece].part;
          const int last = pieces_[placed[j - 1].piece].part;
          double hsum = 0;
          for (int k = first; k <= last; ++k) hsum += p.lines[k];
          const bool item = blk.kind != BlockKind::Paragraph;
          const double x = a.x + (item ? kListIndent : 0);
          ArtItem t = text_item(p.text, s_.body, {x, top, a.right() - x - hang_, hsum}, kInk);
          const bool whole = first == 0 && last + 1 == static_cast<int>(p.lines.size());
          if (!whole) {
            t.first_line = first;
            t.line_count = last - first + 1;
          }
          page.items.push_back(t);
          if (item && first == 0) {
            const std::string mark = blk.kind == BlockKind::Bullet ? "\u2022" : markup_escape(blk.number);
            TextStyle bs = s_.bullet;
            if (blk.kind == BlockKind::Bullet) bs.bold = true;
            page.items.push_back(text_item(mark, bs, {a.x - 4, top, kListIndent - 1, p.lines[0]},
                                           blk.kind == BlockKind::Bullet ? s_.accent : kInk));
          }
          break;
        }
        case BlockKind::Callout: {
          page.items.push_back(rect_item({a.x, top, a.w, p.height}, tint(s_.accent, 0.08)));
          page.items.push_back(rect_item({a.x, top, kCalloutBar, p.height}, s_.accent));
          double y = top + kCalloutPad;
          const double x = a.x + kCalloutBar + kCalloutPad;
          const double w = a.w - 2 * kCalloutPad - kCalloutBar - hang_;
          for (size_t k = 0; k < p.paragraphs.size(); ++k) {
            page.items.push_back(text_item(p.paragraphs[k], s_.callout, {x, y, w, p.para_heights[k]}, kInk));
            y += p.para_heights[k] + 4;
          }
          break;
        }
        case BlockKind::Table: {
          int r0 = pc.part < 0 ? 0 : pc.part;
          int r1 = pc.part < 0 ? static_cast<int>(p.row_heights.size()) - 1
                               : pieces_[placed[j - 1].piece].part;
          table(p, r0, r1, a.x, top, page);
          break;
        }
        case BlockKind::Figure: figure(p, a, top, page); break;
        case BlockKind::PageBreak: break;
      }
    }
  }

  // Rows r0..r1 of a table (row 0 is the header); a continued table repeats no header.
  void table(const Prepared& p, int r0, int r1, double x0, double top, BookletPage& page) const {
    const Block& blk = *p.block;
    double y = top;
    const double total_w = [&] {
      double t = 0;
      for (double v : p.col_widths) t += v;
      return t;
    }();
    for (int r = r0; r <= r1; ++r) {
      const bool header = r == 0;
      const auto& cells = header ? blk.header : blk.rows[r - 1];
      const double rh = p.row_heights[r];
      if (header) page.items.push_back(rect_item({x0, y, total_w, rh}, s_.accent));
      else if (r % 2 == 0) page.items.push_back(rect_item({x0, y, total_w, rh}, tint(s_.accent, 0.08)));
      double x = x0;
      for (size_t c = 0; c < cells.size() && c < p.col_widths.size(); ++c) {
        TextStyle st = header ? s_.cell_head : s_.cell;
        std::string plain = cells[c];
        if (!header && numeric(plain)) st.align = Align::Center;
        if (header && c > 0 && !blk.rows.empty() && numeric(blk.rows[0][c])) st.align = Align::Center;
        page.items.push_back(text_item(cells[c], st,
                                       {x + kCellPadX, y + kCellPadY, p.col_widths[c] - 2 * kCellPadX,
                                        rh - 2 * kCellPadY},
                                       header ? kWhite : kInk));
        x += p.col_widths[c];
      }
      y += rh;
    }
    if (r1 + 1 == static_cast<int>(p.row_heights.size())) {
      page.items.push_back(line_item(x0, y, x0 + total_w, y, s_.accent, 0.6));
      if (!blk.caption.empty())
        page.items.push_back(text_item(blk.caption, s_.caption,
                                       {x0, y + kCaptionGap, total_w, p.caption_h - kCaptionGap}, kGrey));
    }
  }

  void figure(const Prepared& p, const Rect& a, double top, BookletPage& page) const {
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
    if (!blk.labels.empty() && !page.cards.empty()) labels(blk, page.cards.back().trim, p, a, page);
    if (!blk.caption.empty())
      page.items.push_back(text_item(blk.caption, s_.caption,
                                     {a.x, top + p.fig_cards_h + kCaptionGap, a.w, p.caption_h - kCaptionGap},
                                     kGrey));
  }

  // Labels in a column right of the first card, each joined by a leader to its part.
  void labels(const Block& blk, const Rect& card, const Prepared& p, const Rect& a,
              BookletPage& page) const {
    (void)p;
    const double lx = card.right() + kLabelGap;
    const double lw = a.right() - lx;
    struct L {
      double target, y, h;
      double ax, ay;  // leader end on the card
      const FigureLabel* lab;
    };
    std::vector<L> ls;
    const double s = card.w / blk.cards.back().width;
    for (const auto& lab : blk.labels) {
      const double h = text_h(lab.text, s_.label, lw);
      double ax = card.right(), ay = card.y + card.h / 2;
      if (lab.w > 0) {
        ax = card.x + (lab.x + lab.w) * s;
        ay = card.y + (lab.y + lab.h / 2) * s;
      }
      ls.push_back({ay, 0, h, ax, ay, &lab});
    }
    std::sort(ls.begin(), ls.end(), [](const L& x, const L& y) { return x.target < y.target; });
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
    for (const auto& l : ls) {
      page.items.push_back(text_item(l.lab->text, s_.label, {lx, l.y, lw, l.h}, s_.accent, VAlign::Middle));
      page.items.push_back(line_item(lx - 4, l.y + l.h / 2, l.ax, l.ay, s_.accent, 0.7));
      ArtItem dot = rect_item({l.ax - 2, l.ay - 2, 4, 4}, s_.accent);
      dot.type = LayerType::Ellipse;
      page.items.push_back(dot);
    }
  }

  BookletPage cover() const {
    BookletPage page;
    page.number = 1;
    page.role = "cover";
    const double band = h_ * 0.42;
    page.underlay.push_back(rect_item({0, 0, w_, band}, s_.accent));
    const double side = mg_.outer;
    const double tw = w_ - 2 * side;
    const double title_h = text_h(markup_escape(b_.title), s_.cover_title, tw);
    const double title_y = h_ * 0.09;
    page.items.push_back(text_item(markup_escape(b_.title), s_.cover_title, {side, title_y, tw, title_h}, kWhite));
    if (!b_.subtitle.empty()) {
      const double sh = text_h(markup_escape(b_.subtitle), s_.cover_sub, tw);
      page.items.push_back(
          text_item(markup_escape(b_.subtitle), s_.cover_sub, {side, title_y + title_h + 8, tw, sh}, kWhite));
    }
    double below = band + 30;
    if (!b_.cover.empty()) {
      double sum_w = 0, max_h = 0;
      for (const auto& c : b_.cover) {
        sum_w += c.width;
        max_h = std::max(max_h, c.height);
      }
      const double gap = 12;
      const double scale =
          std::min({1.0, (tw - gap * (b_.cover.size() - 1)) / sum_w, h_ * 0.36 / max_h});
      double x = (w_ - (sum_w * scale + gap * (b_.cover.size() - 1))) / 2;
      const double top = band - max_h * scale * 0.45;
      for (const auto& c : b_.cover) {
        const Rect trim{x, top + (max_h - c.height) * scale / 2, c.width * scale, c.height * scale};
        if (c.shape == Shape::Rect)
          page.underlay.push_back(rect_item({trim.x + 2, trim.y + 2, trim.w, trim.h}, Color{0, 0, 0, 0.18}, kNone, 0,
                                         3 * scale));
        page.cards.push_back({c, trim, scale});
        x += trim.w + gap;
      }
      below = top + max_h * scale + 26;
    }
    for (auto& it : page.items) it.source = b_.mark;  // title and subtitle: the game file's
    page.items.push_back(text_item("Rule booklet", s_.cover_line, {side, below, tw, 18}, s_.accent));
    // What the game's files print, so a teacher sees at a glance what the booklet is for.
    if (!b_.parts.empty()) {
      double y = below + 30;
      TextStyle num = s_.cell;
      num.size = 9;
      num.bold = true;
      num.align = Align::Right;
      TextStyle name = s_.cell;
      name.size = 9;
      const double line = text_h("0", num, 100) + 2;
      const double col = w_ / 2 - 40;
      page.items.push_back(line_item(w_ / 2 - 60, y - 8, w_ / 2 + 60, y - 8, kLight, 0.5));
      for (const auto& [part, n] : b_.parts) {
        if (y + line > h_ - mg_.bottom - 4) break;
        page.items.push_back(text_item(std::to_string(n), num, {col - 40, y, 34, line}, s_.accent));
        page.items.push_back(text_item(markup_escape(part), name, {col, y, w_ - col - side, line}, kInk));
        page.items.back().source = b_.mark;
        y += line;
      }
    }
    TextStyle small = s_.caption;
    page.items.push_back(text_item("Print-and-play edition", small, {side, h_ - mg_.bottom, tw, 14}, kGrey));
    return page;
  }

  BookletPage contents_page(const std::vector<std::pair<std::string, int>>& entries) const {
    BookletPage page;
    page.number = 2;
    page.role = "contents";
    page.text_area = area_of(2);
    const Rect& a = page.text_area;
    const double th = text_h("Contents", s_.h1, a.w);
    page.items.push_back(text_item("Contents", s_.h1, {a.x, a.y, a.w, th}, s_.accent));
    page.items.push_back(line_item(a.x, a.y + th + 2, a.right(), a.y + th + 2, s_.accent, 0.8));
    double y = a.y + th + 14;
    TextStyle name = s_.body;
    name.align = Align::Left;
    TextStyle num = s_.body;
    num.align = Align::Right;
    num.bold = true;
    for (const auto& [title, pg] : entries) {
      const double eh = text_h(markup_escape(title), name, a.w - 40);
      page.items.push_back(text_item(markup_escape(title), name, {a.x, y, a.w - 40, eh}, kInk));
      page.items.push_back(text_item(std::to_string(pg), num, {a.right() - 40, y, 40, eh}, s_.accent));
      page.items.push_back(line_item(a.x, y + eh + 3, a.right(), y + eh + 3, kLight, 0.4));
      y += eh + 8;
    }
    return page;
  }

  const Booklet& b_;
  double w_, h_;
  const TextMeasurer& m_;
  const Hyphenator* hy_;
  Diagnostics& d_;
  Styles s_;
  BookletMargins mg_;
  double area_w_ = 0, area_h_ = 0;
  double hang_ = 0;  // room kept for a break's hyphen at the end of justified lines
  std::vector<Prepared> prepared_;
  std::vector<Piece> pieces_;
  std::vector<size_t> line_starts_;  // of b_.text, for finding characters
};

}  // namespace

BookletLayout layout_booklet(const Booklet& b, double page_w, double page_h, const TextMeasurer& m,
                             const Hyphenator* h, Diagnostics& d) {
  return Paginator(b, page_w, page_h, m, h, d).run();
}

int padded_page_count(int pages) { return std::max(4, (pages + 3) / 4 * 4); }

std::vector<SheetSide> saddle_stitch_sides(int pages) {
  const int n = padded_page_count(pages);
  std::vector<SheetSide> out;
  // Sheet s (0-based, outermost first) carries pages n-2s and 2s+1 on its front and
  // 2s+2 and n-2s-1 on its back, which lands behind them when turned on the short edge.
  for (int s = 0; s < n / 4; ++s) {
    out.push_back({n - 2 * s, 2 * s + 1, false});
    out.push_back({2 * s + 2, n - 2 * s - 1, true});
  }
  return out;
}

std::vector<ImposedSide> impose_saddle_stitch(int pages, double page_w, double page_h,
                                              double sheet_w, double sheet_h, std::string* err) {
  if (2 * page_w > sheet_w + 0.01 || page_h > sheet_h + 0.01) {
    *err = "two " + format_number(page_w) + " x " + format_number(page_h) +
           " pt pages do not fit across a " + format_number(sheet_w) + " x " +
           format_number(sheet_h) + " pt sheet";
    return {};
  }
  const double cx = sheet_w / 2, y = (sheet_h - page_h) / 2;
  std::vector<ImposedSide> out;
  for (const auto& side : saddle_stitch_sides(pages)) {
    ImposedSide is;
    is.side = side;
    is.left = {cx - page_w, y, page_w, page_h};
    is.right = {cx, y, page_w, page_h};
    if (!side.back) {
      // Inside the printable area (a quarter inch in), short enough to miss the text.
      is.folds.push_back({cx, 12, cx, 30, CutKind::Fold});
      is.folds.push_back({cx, sheet_h - 30, cx, sheet_h - 12, CutKind::Fold});
    }
    out.push_back(is);
  }
  return out;
}

Rect field_anchor(const Design& design, const CardArt& art, const std::string& field) {
  for (const auto& it : art.items) {
    if (it.layer < 0 || static_cast<size_t>(it.layer) >= design.layers.size()) continue;
    const Layer& l = design.layers[it.layer];
    for (const std::string* t : {&l.text, &l.src, &l.fill, &l.color, &l.stroke}) {
      std::string e;
      const auto f = template_fields(*t, &e);
      if (std::find(f.begin(), f.end(), field) != f.end()) return it.box;
    }
  }
  return {};
}

}  // namespace cardstock
