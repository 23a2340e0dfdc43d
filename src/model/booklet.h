// booklet (model): a parsed rule booklet as plain data: its cover, parts list and blocks
// (headings, paragraphs, lists, callouts, tables, figures) with Pango markup text and
// marks into the Markdown file. Read by load/booklet/booklet.h, laid out by layout/booklet_layout.h.
#pragma once
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "base/diag.h"
#include "base/xml.h"
#include "model/model.h"

namespace cardstock {

enum class BlockKind { Heading, Paragraph, Bullet, Numbered, Callout, Table, Figure, PageBreak };

/// A card shown in a figure: which card, its size and outline.
struct FigureCard {
  std::string deck, card;
  double width = 0, height = 0;  // points, at full size
  Shape shape = Shape::Rect;
};

/// A label pointing at the part of a figure's last card (the one beside the labels) that
/// shows `field`.
struct FigureLabel {
  std::string field, text;
  // Card-local box of that part (points), filled from the card's art before layout;
  // w == 0 means unknown, and the label then points at the card's edge.
  double x = 0, y = 0, w = 0, h = 0;
};

struct Block {
  BlockKind kind = BlockKind::Paragraph;
  int level = 1;                       // Heading: 1 or 2
  std::string text;                    // Heading, Paragraph, list item: Pango markup
  std::string plain;                   // Heading: the text without markup (contents, head)
  std::string number;                  // Numbered: the number as written, e.g. "3."
  std::vector<std::string> paragraphs; // Callout: Pango markup, one per paragraph
  std::vector<std::string> header;     // Table: markup cells
  std::vector<std::vector<std::string>> rows;
  // Table: the icons of a cell made from the game file ({{fields}}, {{tally}}, {{table}}),
  // by (row, column), row 0 the header: the file of each U+FFFC in its text, in order.
  std::map<std::pair<size_t, size_t>, std::vector<std::string>> cell_icons;
  std::vector<FigureCard> cards;       // Figure
  std::vector<FigureLabel> labels;     // Figure (about the last card)
  std::string caption;                 // Table, Figure: markup
  Mark mark;
};

struct Booklet {
  std::string title, subtitle;
  Color accent;
  std::string body_font, heading_font;
  std::vector<FigureCard> cover;
  std::vector<std::pair<std::string, long>> parts;  // deck name, pieces (cover, {{parts}})
  std::vector<Block> blocks;
  bool rtl = false;          // the text runs right to left (BookletSpec::rtl)
  bool right_bound = false;  // the spine is on the right: odd pages are left-hand pages
  double creep = 0;          // see BookletSpec::creep
  std::string source;  // the Markdown file
  std::string text;    // its text (for pointing at characters in diagnostics)
  Mark mark;           // the game file's booklet section (cover title, subtitle)
};

/// Escapes &, < and > for Pango markup (XML: the same five entities).
inline std::string markup_escape(const std::string& s) { return xml_escape(s); }

}  // namespace cardstock
