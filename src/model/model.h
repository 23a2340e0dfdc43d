// The model: plain data loaded from YAML. Lengths in points; no YAML or Cairo types.
#pragma once
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "base/diag.h"
#include "base/length.h"
#include "base/name_pattern.h"

namespace cardstock {

struct Color {
  double r = 0, g = 0, b = 0, a = 1;
  bool none = false;
  friend bool operator==(const Color&, const Color&) = default;
};

/// Parses "#rgb", "#rrggbb", "#rrggbbaa" or "none". Returns nullopt if malformed.
std::optional<Color> parse_color(const std::string& s);

/// What a template string references: its field names in order ("{name} BCE" ->
/// {"name"}), and `error` for an unclosed or empty brace ("" when none; the names are then
/// those found before it).
struct TemplateFields {
  std::vector<std::string> names;
  std::string error;
};
TemplateFields read_template(const std::string& tmpl);

/// The field names of `tmpl`: read_template(tmpl).names.
std::vector<std::string> template_fields(const std::string& tmpl);


/// Expands {field} references; "{{" and "}}" are literal braces. A missing field is
/// left empty and its name stored in *missing (if not null).
std::string expand_template(const std::string& tmpl,
                            const std::map<std::string, std::string>& fields,
                            std::string* missing = nullptr);

/// How many bytes expand_template(tmpl, fields) would return, without building it.
size_t expanded_size(const std::string& tmpl, const std::map<std::string, std::string>& fields);

struct Paper {
  std::string id;
  Length width, height;
  std::vector<std::string> aliases;
  Mark mark;
  /// How close to the edge printers print: nothing should be laid inside it.
  Length margin = Length::inches(0.25);
  /// A paper people print on at home (Letter, A4): one-page outputs, booklets and the
  /// calibration sheets come on each of these when --paper does not name one.
  bool everyday = false;
  /// The paper of a booklet's pages folded from a sheet of this one (Letter: half-letter),
  /// by id; empty if no booklet is imposed on it.
  std::string booklet_page;
  /// The id of a lower layer's paper this one replaces on purpose (`replaces:`): no notice.
  std::string replaces;
};

/// The outline a piece is cut along: a (rounded) rectangle, a pointy-top regular hexagon
/// inscribed in the box (height = point to point, width = height x sqrt(3)/2), or a circle.
enum class Shape { Rect, Hex, Circle };

struct CardSize {
  std::string id;
  Length width, height, bleed, safe, radius;
  std::vector<std::string> aliases;
  Mark mark;
  Shape shape = Shape::Rect;
  /// The id of a lower layer's card size this one replaces on purpose (`replaces:`).
  std::string replaces;
};

// Foldover: each card's back beside its front on the same side of the sheet, across a
// fold line (for printers without duplex).
enum class StockKind { Cardstock, Labels, Foldover };
// None: die-cut label sheets, and print shops that cut themselves (their files must not
// show guides).
enum class CutStyle { Marks, Lines, Both, None };
/// Where a fold-over stock's fold line runs: vertical (backs to the right of their
/// fronts) or horizontal (backs below their fronts).
enum class Fold { Vertical, Horizontal };
/// A print-then-cut machine whose registration marks a stock carries (layout/cutter.h).
enum class Cutter { None, Silhouette, Cricut };

/// A rectangle on the paper, from its top-left corner (a full-sheet label product's
/// one label); `set` false when the stock names none.
struct PaperArea {
  Length x, y, w, h;
  bool set = false;
};
enum class Duplex { LongEdge, ShortEdge };
enum class Packing { Grid, Honeycomb };
/// What a stock's outputs are: a PDF (sheets on a paper, or one card a page), a folder of
/// PNG images (one a card face), or Tabletop Simulator deck sheets and saved object.
enum class StockFormat { Pdf, Png, Tts };
/// The order of fronts and backs: each front page followed by its back (duplex printing),
/// or each back followed by its front (DriveThruCards).
enum class PageOrder { FrontBack, BackFront };
// CMYK: neutral black and greys always print in black ink only; PureK also near-black.
enum class Black { Neutral, PureK };

struct Stock {
  std::string id;
  std::vector<std::string> aliases;
  std::string replaces;  // the id of a lower layer's stock replaced on purpose (`replaces:`)
  std::string description;
  Paper paper;
  CardSize card;
  StockKind kind = StockKind::Cardstock;
  int columns = 1, rows = 1;
  int rotate = 0;  // degrees: 0 or 90
  Length gutter;
  CutStyle cut = CutStyle::Both;
  Length mark_length;
  Duplex duplex = Duplex::LongEdge;
  Packing packing = Packing::Grid;  // honeycomb: hex rows offset by half, sharing edges
  // Print shops and digital tables (templates/stocks/tgc-poker.yaml...).
  StockFormat format = StockFormat::Pdf;
  int dpi = 300;                      // pixels per inch of png and tts images
  PageOrder order = PageOrder::FrontBack;
  std::vector<CardSize> accepts;      // other card sizes it takes, centred on its trim
  bool preflight = false;             // check: text inside the safe zone, art into the bleed
  Length legible_size;                // smallest type that prints legibly on it (0: plan/lint.h's default)
  bool cmyk = false;                  // convert the PDF to CMYK PDF/X-1a (Ghostscript)
  double ink_limit = 0;               // most total ink (C+M+Y+K, %) the shop takes; 0 = none
  Black black = Black::Neutral;       // cmyk: which colours print in black ink only
  Mark mark;
  Length row_gutter;          // space between rows (the gutter unless given)
  Length margin;              // non-printable margin: the stock's, else its paper's
  Fold fold = Fold::Vertical; // fold-over stocks only
  Length fold_gap;            // fold-over: space between a front and its back, fold in the middle
  Cutter cutter = Cutter::None;
  PaperArea label_area;       // a full-sheet label product's label: cards must lie on it
  // A stock written with several papers (`paper: [letter, a4]`) is one stock a paper,
  // "<id>-<paper>"; `family` is the id as written, which names them all ("" = one paper).
  std::string family;
  bool grid_auto = false;     // `grid: auto`: columns, rows and rotate were chosen to fill the paper
  /// No paper: each page (or image) is one card with its bleed, as shops take them.
  bool card_pages() const { return paper.id.empty(); }
  /// True if cards of `size` can be made on this stock: its own card size, or one it
  /// accepts.
  bool holds(const CardSize& size) const;
};

/// A printer's duplex error, measured with `cardstock calibrate`: where its back pages
/// land relative to where they should, as seen on the back (x right, y down), and how
/// far they are turned clockwise. `cardstock build --printer` draws back pages moved the
/// other way to cancel it.
struct PrinterProfile {
  std::string name;
  std::string file;     // as named on the command line
  Length offset_x, offset_y;
  double rotation = 0;  // degrees, clockwise
  Mark mark;
};

struct FontFamily {
  std::string family;
  std::string package;
  std::vector<std::string> files;
  Mark mark;
  // Unicode scripts (GLib names: "hebrew", "arabic", "common" for digits, punctuation
  // and symbols) the family is there for: suggested when text in another family needs
  // them. Those in `fallback_for` it also draws inside text set in another family
  // without a word (Hebrew words in English text); any other fallback is reported.
  std::vector<std::string> scripts, fallback_for;
  Mark scripts_mark, fallback_mark;
  // Families of the set that draw the characters this one lacks before any other (Hebrew
  // in serif text from the serif Hebrew family); then those with a `fallback_for`.
  std::vector<std::string> fallbacks;
  Mark fallbacks_mark;
};

struct FontSet {
  std::string default_family;
  std::vector<FontFamily> families;
  std::string hyphenation;          // a libhyphen dictionary file ("" = no hyphenation)
  std::string hyphenation_package;  // Debian package that installs it
  bool has(const std::string& family) const;
};

enum class LayerType { Rect, Ellipse, Line, Text, Image, Stack };
enum class Align { Left, Center, Right, Justify };
enum class VAlign { Top, Middle, Bottom };
enum class Fit { Contain, Cover, Stretch };
/// Where a placed layer sits in its box (docs/format.md, "Placed layers"); None: at x, y.
enum class Anchor { None, TopLeft, Top, TopRight, Left, Center, Right, BottomLeft, Bottom, BottomRight };
/// What a placed layer's box is inset from: nothing given, the trim, the bleed edge, the
/// safe zone, or a length (Layer::inset_by) inside the trim.
enum class Inset { None, Trim, Bleed, Safe, By };
enum class StackDir { Down, Right };
/// Where a stack puts a child across its direction: the full width (height), or a child
/// of a given w (h) at the start, centre or end.
enum class StackAlign { Stretch, Start, Center, End };
/// How a picture that is only as large as the card's trim gets its bleed (image decks):
/// none (drawn as it is), its edge pixels stretched, its edge mirrored, or a colour.
enum class BleedFill { None, Extend, Mirror, Colour };

/// One drawing instruction of a design. String members marked "template" may contain
/// {field} references, expanded per card.
struct Layer {
  LayerType type = LayerType::Rect;
  Mark mark;
  RelLength x, y, w, h;
  int rotate = 0;            // clockwise degrees about the box centre
  std::string when;          // template
  std::string fill, stroke;  // template colour expressions
  Length stroke_width, radius;
  bool bleed = false;
  std::string text;          // template
  Mark text_mark, style_mark, weight_mark;  // of those keys' values (else the layer's)
  std::string font;
  bool bold = false, italic = false;
  Length size, min_size;
  bool shrink = true;
  std::string color;         // template colour expression
  Align align = Align::Left;
  VAlign valign = VAlign::Top;
  bool markup = false;
  bool rtl = false;
  double line_spacing = 1;
  std::string src;           // template, relative to the game file's folder
  Mark src_mark;             // where `src` is written (else the layer's mark)
  Fit fit = Fit::Contain;
  // Placement (layout/placement.h): `name` for messages, the manifest and proofs; which
  // of x, y, w, h the file gives; anchor and inset. A stack's children follow it in the
  // design's layers: `parent` is how many layers back a child's stack is (0: on the card),
  // `children` how many layers after a stack are inside it (nested ones included).
  std::string name;
  bool has_x = false, has_y = false, has_w = false, has_h = false;
  Anchor anchor = Anchor::None;
  Inset inset = Inset::None;
  RelLength inset_by;
  int parent = 0, children = 0;
  StackDir direction = StackDir::Down;
  StackAlign cross = StackAlign::Stretch;
  Length gap, padding;
  double grow = 0;  // a stack's child: its share of the room left (0: its natural size)
  /// True if layout places it: anchored, inset, a stack or inside one.
  bool placed() const { return anchor != Anchor::None || inset != Inset::None || type == LayerType::Stack || parent > 0; }
  // An image deck's picture (load/images/image_decks.h): a picture shaped like the trim gets
  // bleed made by this rule (`bleed_colour` a colour expression); one shaped like the
  // card with its bleed is drawn as it is.
  BleedFill bleed_fill = BleedFill::None;
  std::string bleed_colour;
  // Keys given as a {field} reference (`size: "{size}"`), read per card by layout; the
  // typed member above holds its default until then.
  struct PerCard {
    std::string key, tmpl;
    Mark mark;
  };
  std::vector<PerCard> per_card;
};

/// A design with `extends` already resolved: parent layers first.
struct Design {
  std::string name;
  std::string extends;     // before resolution only
  std::string background;  // template colour expression, "" = none
  std::vector<Layer> layers;
  Length legible_size;  // smallest type its text may be set at (0: its stocks')
  Mark mark;
};

struct Card {
  std::string id;
  long count = 1;
  std::string face, back;  // design names ("" = the deck's)
  std::map<std::string, std::string> fields;
  std::map<std::string, Mark> field_marks;
  Mark mark;
  std::string csv;  // the CSV file its row is in ("" = written in the game file)
};

struct Expect {
  std::optional<long> total;
  Mark total_mark;
  std::string by;
  std::vector<std::pair<std::string, long>> counts;  // in file order
  std::vector<Mark> count_marks;
  Mark mark;
};

struct FactEntry {
  std::string key;
  std::map<std::string, std::vector<std::string>> values;
  Mark mark;
};

struct Facts {
  std::string key;
  std::vector<FactEntry> entries;
  Mark mark;
  const FactEntry* find(const std::string& key_value) const;
};

struct UnrelatedRule {
  std::string field, fact;
  Mark fact_mark;  // where `fact` is written (else the rule's mark)
  std::string except_fact;
  std::vector<std::string> except_values;
  std::string note;  // what the answer key prints in `fact`'s column for excepted entries
  /// Cards whose field may belong to their own name on purpose (the rulebook's "few
  /// exceptions"), each with its reason; `check` reports one that is no longer needed.
  struct Allow {
    std::string card, reason;
    Mark mark;
  };
  std::vector<Allow> allow;
  Mark mark;
  /// True if the rule does not apply to `e` (its `except` fact has a listed value): for
  /// such an entry the rule's fact never makes a match.
  bool excepts(const FactEntry& e) const;
};

struct AnswerKey {
  std::string title;
  std::vector<std::string> columns;
  std::vector<Mark> column_marks;  // each column's place, as `columns` (may be shorter: then `mark`)
  Mark mark;
};

struct Deck {
  std::string id, title;
  CardSize card;
  std::vector<Stock> stocks;
  std::string face, back;
  std::optional<Expect> expect;
  std::optional<Facts> facts;
  std::vector<UnrelatedRule> unrelated;
  std::optional<AnswerKey> answer_key;
  std::map<std::string, std::string> names;  // how field and fact values print in tables
  std::vector<Card> cards;
  std::vector<std::string> csv_files;  // the CSV files cards were read from, as diagnostics name them
  bool picture_folder = false;         // cards read from a folder of pictures, each one's path its field `image`
  // The patterns its pictures (and backs) are matched by: a file added to a pattern's
  // folder that matches it is a new card, which `watch` and `preview` must see.
  std::vector<NamePattern> picture_patterns;
  Mark mark;
  long total_cards() const;
  /// The design of card `c`'s face (back): the card's own, else the deck's; "" = none.
  /// The one rule for every stage that draws, plans, checks or shows a card.
  const std::string& face_of(const Card& c) const { return c.face.empty() ? face : c.face; }
  const std::string& back_of(const Card& c) const { return c.back.empty() ? back : c.back; }
};

/// A board preview: card ids of a hex deck, row by row, and the set-up rules they obey.
struct BoardTouchRule {
  std::string tile_field, tile_value;  // the rule is about tiles with this field value
  std::string neighbour;               // ...whose neighbours' field of this name
  std::vector<std::string> includes;   // ...must include every one of these
  Mark mark;
};

struct Board {
  std::string id, title, deck;
  struct Cell {
    std::string card;
    Mark mark;
  };
  std::vector<std::vector<Cell>> rows;
  std::vector<std::string> apart;
  std::vector<BoardTouchRule> touch;
  Mark mark;
  /// Tiles laid beside the board (trade tiles against its edge): each touches the side
  /// `side` (ne, e, se, sw, w, nw) of the board tile `beside`, and may come from another
  /// hex deck of the same size (`deck`; "" = the board's).
  struct Extra {
    Cell cell;
    std::string deck, beside, side;
  };
  std::vector<Extra> extras;
};

/// Facts a booklet needs that no card knows (e.g. hand sizes), as a small table.
struct DataTable {
  std::string name;
  std::vector<std::string> columns;
  std::vector<std::vector<std::string>> rows;
  Mark mark;
};

/// The `booklet:` section of a game file: where the rules text is and how the cover looks.
struct BookletSpec {
  std::string source;  // path as written, relative to the game file
  std::string path;    // resolved against the game file's folder
  std::string title, subtitle;
  std::string accent;  // colour expression (palette name or #rrggbb)
  std::string body_font, heading_font;
  std::string cover_deck;
  std::vector<std::string> cover_cards;
  std::string language = "en";  // the rules text's language (IETF tag)
  bool rtl = false;             // that language is written right to left
  bool right_bound = false;     // the spine is on the right (binding: right)
  double creep = 0;             // imposed: points each sheet's pages move towards the spine
                                // past the sheet outside it (0: none)
  Mark mark, cover_mark;
};

struct Templates;

/// An icon a game's text can show inline (`:shekel:` or `<icon name="shekel"/>`).
struct Icon {
  std::string name;
  std::string file;   // resolved path of the SVG or PNG
  std::string shown;  // as written in the game file
  Mark mark;          // of the file name
};

/// What loading found of an image name a card can show (load/images/images.h's
/// resolve_image_names): inside the game's folder (unless allowed outside) and where
/// (`resolved`), else `why` not (a sentence starting with the name); `kind` is why the
/// file is not a regular one ("" when it is). Layout reads these; it never asks the disk.
struct ImageFile {
  bool confined = false;
  std::string resolved, why, kind;
  /// The name as the disk spells it, when the name written is not there and one file
  /// differs from it only in letter case (load/images/image_names.cpp): that file is
  /// used, and a warning says so; "" otherwise.
  std::string spelt;
  /// Its proportions as its header declares them (a PNG's or JPEG's pixels, an SVG's width and
  /// height or viewBox), read only for a picture a stack sizes; 0 when not known.
  double width = 0, height = 0;
};

/// U+FFFC (the object replacement character) in UTF-8: where set text holds an icon.
inline constexpr const char* kIconChar = "\xEF\xBF\xBC";

struct Game {
  std::string id, title;
  std::string file;  // path as given
  std::string dir;   // the game file's folder: images resolve against it
  bool allow_outside = false;  // files may lie outside `dir` (--allow-outside)
  std::map<std::string, Color> palette;
  std::map<std::string, Icon> icons;      // `icons:`, by name
  // Every image name the cards' designs can show ({fields} filled in per card), as found
  // on disk while loading: see ImageFile.
  std::map<std::string, ImageFile> images;
  std::map<std::string, Design> designs;  // resolved, templates' designs included
  std::vector<std::string> broken_designs;  // defined but not resolved (already reported)
  std::vector<Deck> decks;
  std::vector<Board> boards;
  std::vector<DataTable> tables;
  std::optional<BookletSpec> booklet;
  Mark mark;
  Mark id_mark;  // where `game:` gives the id
  // The templates the game was loaded with when it adds its own (card sizes, stocks,
  // papers, fonts, in the file or in `templates:` folders beside it); null when it adds
  // none. `template_files` are the files of those layers, inputs of every output.
  std::shared_ptr<const Templates> templates;
  std::vector<std::string> template_files;
  const Deck* find_deck(const std::string& id) const;
  const DataTable* find_table(const std::string& name) const;
};

/// Shipped data from templates/, with the layers added over it (--templates folders, a
/// game's own definitions): a name defined in a higher layer replaces or hides the one
/// below it.
struct Templates {
  std::string dir;
  std::vector<std::string> dirs;  // every templates folder layered, the shipped one first
  std::vector<Paper> papers;
  std::vector<CardSize> cards;
  std::vector<Stock> stocks;
  FontSet fonts;
  std::map<std::string, Design> designs;  // unresolved (extends kept)
  const Paper* find_paper(const std::string& name) const;
  const CardSize* find_card(const std::string& name) const;
  const Stock* find_stock(const std::string& name) const;
  /// The stocks `name` names: the one of that id or alias, else every stock of that
  /// family (a stock written with several papers), in the order they were read.
  std::vector<const Stock*> find_stocks(const std::string& name) const;
  std::vector<std::string> stock_names() const;
  std::vector<std::string> card_names() const;
  std::vector<std::string> paper_names() const;
};

}  // namespace cardstock
