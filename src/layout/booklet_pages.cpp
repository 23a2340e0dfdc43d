// Breaking a booklet's pieces into body pages, and each body page's running head and
// folio.
#include <algorithm>

#include "layout/booklet_pieces.h"

namespace cardstock::booklet_impl {

namespace {

// The pieces, page by page: each page takes pieces while they fit, then breaks after the
// last piece that allows a break, and what follows moves to the next page. A piece taller
// than a page still goes on a page of its own, with a warning.
std::vector<std::vector<Placed>> break_pages(const std::vector<Prepared>& prepared,
                                             const std::vector<Piece>& pieces, double area_h, Diagnostics& d) {
  std::vector<std::vector<Placed>> pages(1);
  double y = 0;
  for (size_t k = 0; k < pieces.size(); ++k) {
    const Piece& pc = pieces[k];
    auto& cur = pages.back();
    if (pc.force_break) {
      if (!cur.empty()) {
        pages.emplace_back();
        y = 0;
      }
      continue;
    }
    const double before = cur.empty() ? 0 : pc.before;
    if (y + before + pc.h <= area_h + 0.01 || cur.empty()) {
      if (cur.empty() && pc.h > area_h + 0.01)
        d.warning(prepared[pc.block].block->mark, "this block is taller than a booklet page and will be cut off");
      cur.push_back({k, y + before});
      y += before + pc.h;
      continue;
    }
    int brk = static_cast<int>(cur.size()) - 1;
    while (brk >= 0 && pieces[cur[brk].piece].keep_with_next) --brk;
    if (brk >= 0 && brk + 1 < static_cast<int>(cur.size())) {
      k = cur[brk + 1].piece - 1;
      cur.resize(brk + 1);
    } else {
      --k;  // nothing may break: the piece starts the next page
    }
    pages.emplace_back();
    y = 0;
  }
  if (pages.back().empty()) pages.pop_back();
  return pages;
}

// Each page's section for its running head: the first section starting on the page,
// else the one that carries over from earlier pages. Adds every level-1 heading to
// `contents` with its page number (the body's pages are numbered from `first`).
std::vector<std::string> running_sections(const std::vector<Prepared>& prepared, const std::vector<Piece>& pieces,
                                          const std::vector<std::vector<Placed>>& pages, int first,
                                          Contents& contents) {
  std::string current;
  std::vector<std::string> sections;
  for (size_t pg = 0; pg < pages.size(); ++pg) {
    std::string first_here;
    for (const auto& pl : pages[pg]) {
      const Block& blk = *prepared[pieces[pl.piece].block].block;
      if (blk.kind != BlockKind::Heading || blk.level != 1) continue;
      contents.push_back({blk.plain, first + static_cast<int>(pg)});
      if (first_here.empty()) first_here = blk.plain;
      current = blk.plain;
    }
    sections.push_back(first_here.empty() ? current : first_here);
  }
  return sections;
}

// The running head (the booklet's title on the left-hand page, the section on the
// right-hand one), the rule under it, and the folio, all on the page's outer side.
void add_furniture(const BookletFrame& f, BookletPage& page) {
  const bool recto = page.number % 2 == 1;
  const bool outer_right = f.spine_left(page.number);
  const Rect& a = page.text_area;
  page.head = {a.x, f.mg.top - 24, a.w, 12};
  // The folio's line ends a quarter inch from the foot at the lowest (A5's foot margin is
  // smaller than half-letter's).
  page.foot = {a.x, std::min(f.h - f.mg.bottom + 16, f.h - kBookletPrintMargin - 12), a.w, 12};
  TextStyle head = f.s.head;
  head.align = outer_right ? Align::Right : Align::Left;
  const std::string head_text = recto ? markup_escape(page.section) : markup_escape(f.b.title);
  page.items.push_back(text_item(head_text, head, page.head, kGrey, VAlign::Bottom));
  page.items.push_back(line_item(a.x, f.mg.top - 9, a.right(), f.mg.top - 9, kLight, 0.5));
  TextStyle folio = f.s.folio;
  folio.align = outer_right ? Align::Right : Align::Left;
  page.items.push_back(text_item(std::to_string(page.number), folio, page.foot, f.s.accent));
}

}  // namespace

BookletLayout paginate(const BookletFrame& f, const std::vector<Prepared>& prepared,
                       const std::vector<Piece>& pieces, bool contents, Diagnostics& d) {
  BookletLayout out;
  out.width = f.w;
  out.height = f.h;
  const std::vector<std::vector<Placed>> pages = break_pages(prepared, pieces, f.area_h, d);
  const int first = contents ? 3 : 2;
  const std::vector<std::string> sections = running_sections(prepared, pieces, pages, first, out.contents);
  out.pages.push_back(cover_page(f));
  if (contents) out.pages.push_back(contents_page(f, out.contents));
  if (f.b.rtl)  // the cover about the page's centre, the contents about its text area's
    for (BookletPage& p : out.pages) mirror_items(p, p.text_area.w > 0 ? p.text_area.x + p.text_area.w / 2 : f.w / 2, 0);
  for (size_t pg = 0; pg < pages.size(); ++pg) {
    BookletPage page;
    page.number = first + static_cast<int>(pg);
    page.role = "body";
    page.text_area = f.area_of(page.number);
    page.section = sections[pg];
    add_furniture(f, page);
    const size_t furniture = page.items.size();
    draw_body(f, prepared, pieces, pages[pg], page);
    if (f.b.rtl) mirror_items(page, page.text_area.x + page.text_area.w / 2, furniture);
    out.pages.push_back(std::move(page));
  }
  return out;
}

}  // namespace cardstock::booklet_impl
