#include "load/schema/schema.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <optional>
#include <set>
#include <sstream>
#include <stdexcept>

#include "base/length.h"
#include "model/enums.h"
#include "model/model.h"

namespace cardstock {

namespace {

using K = Kind;

Field F(std::string name, Kind k, std::string doc, std::string def = "", bool required = false) {
  Field f;
  f.name = std::move(name);
  f.kind = k;
  f.doc = std::move(doc);
  f.def = std::move(def);
  f.required = required;
  return f;
}

Field R(std::string name, Kind k, std::string doc) { return F(std::move(name), k, std::move(doc), "", true); }

Field E(std::string name, std::vector<std::string> choices, std::string doc, std::string def) {
  Field f = F(std::move(name), K::Enum, std::move(doc), std::move(def));
  f.choices = std::move(choices);
  return f;
}

// A value the loader checks by hand (Kind::Any), with the JSON Schema of what it accepts.
Field A(std::string name, std::string doc, std::string json, bool required = false) {
  Field f = F(std::move(name), K::Any, std::move(doc), "", required);
  f.json = std::move(json);
  return f;
}

Field O(std::string name, Kind k, const Schema* s, std::string doc, bool required = false) {
  Field f = F(std::move(name), k, std::move(doc), "", required);
  f.object = s;
  return f;
}

// An Object field that also takes one of these words instead of a map.
Field with_choices(Field f, std::vector<std::string> words) {
  f.choices = std::move(words);
  return f;
}

std::vector<Field> box_fields() {
  return {
      R("type", K::String, "layer type: rect, ellipse, line, text, image or stack"),
      F("x", K::RelLength, "left edge from the card's trim corner (Length or % of card width)", "0"),
      F("y", K::RelLength, "top edge from the card's trim corner (Length or % of card height)", "0"),
      F("w", K::RelLength, "width (Length or % of card width)", "100%"),
      F("h", K::RelLength, "height (Length or % of card height)", "100%"),
      F("when", K::Template, "draw the layer only if this expands to non-empty text"),
      E("rotate", layer_choice_names("rotate"), "turn the layer clockwise about its box's centre", "0"),
      F("name", K::String, "a name for the layer in messages, the manifest's boxes and proofs"),
      E("anchor", enum_names(kAnchorNames),
        "place the box at this point of the card (or of its inset box) instead of at x, y", ""),
      A("inset",
        "place the box inside the card's trim, bleed edge or safe zone, or a length or % of the card's "
        "shorter side inside its trim: trim, bleed, safe, 3mm, 5%",
        "\"anyOf\": [{\"enum\": [\"trim\", \"bleed\", \"safe\"]}, {\"type\": \"string\", \"pattern\": "
        "\"^[+]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][+-]?[0-9]+)?(mm|cm|in|pt|%)$|^[+]?(0+[.]?0*|[.]0+)$\"}, "
        "{\"const\": 0}, {\"type\": \"null\"}]"),
      F("grow", K::Number,
        "inside a stack: the child's share of the room its siblings leave (0: its natural size; no effect "
        "outside a stack)",
        "0"),
  };
}

// Keys of layout's placement (layout/placement.h), fixed in the design: never per card.
bool placement_key(const std::string& k) {
  return k == "anchor" || k == "inset" || k == "grow" || k == "direction" || k == "gap" || k == "padding" ||
         k == "children" || k == "name";
}

// Every layer key whose value is a length, number, choice or true/false may be a
// {field} read per card instead (`size: "{size}"`, `fit: "{fit}"`); not `type`.
Schema make_layer(std::string name, std::string doc, std::vector<Field> extra) {
  Schema s{name, doc, box_fields()};
  for (auto& f : extra) s.fields.push_back(std::move(f));
  for (auto& f : s.fields)
    f.per_card = f.name != "type" && !placement_key(f.name) && (f.kind == K::Length || f.kind == K::RelLength || f.kind == K::Number ||
                                      f.kind == K::Enum || f.kind == K::Bool);
  return s;
}

std::vector<Field> paint_fields(std::string stroke_default) {
  return {
      F("fill", K::Color, "fill colour", "none"),
      F("stroke", K::Color, "outline colour", stroke_default),
      F("stroke_width", K::Length, "outline width", "1pt"),
  };
}

const std::map<std::string, Schema>& layer_schemas() {
  static const std::map<std::string, Schema> table = [] {
    std::map<std::string, Schema> m;
    auto rect = paint_fields("none");
    rect.push_back(F("radius", K::Length, "corner radius", "0"));
    rect.push_back(F("bleed", K::Bool,
                     "extend a filled rect to the bleed edge on sides that touch the card edge",
                     "false"));
    m.emplace("rect", make_layer("rect layer", "a rectangle, optionally rounded", rect));
    m.emplace("ellipse",
              make_layer("ellipse layer", "an ellipse inscribed in the box", paint_fields("none")));
    std::vector<Field> line = {F("stroke", K::Color, "line colour", "#000000"),
                               F("stroke_width", K::Length, "line width", "1pt")};
    m.emplace("line", make_layer("line layer", "a line from (x, y) to (x + w, y + h)", line));
    std::vector<Field> text = {
        R("text", K::Template, "the text; {field} is replaced by the card's field"),
        F("font", K::String, "font family from templates/fonts.yaml", "Noto Sans"),
        E("weight", layer_choice_names("weight"), "font weight", "normal"),
        E("style", layer_choice_names("style"), "font style", "normal"),
        F("size", K::Length, "font size", "10pt"),
        F("min_size", K::Length, "smallest size auto-shrink may use", "6pt"),
        F("shrink", K::Bool, "shrink the text until it fits its box", "true"),
        F("color", K::Color, "text colour", "#000000"),
        E("align", layer_choice_names("align"), "horizontal alignment", "left"),
        E("valign", layer_choice_names("valign"), "vertical alignment", "top"),
        F("markup", K::Bool, "interpret Pango markup such as <b> and <i>", "false"),
        E("dir", layer_choice_names("dir"), "base paragraph direction", "ltr"),
        F("line_spacing", K::Number, "line height as a multiple of the font's", "1"),
    };
    m.emplace("text", make_layer("text layer", "a paragraph of text in a box", text));
    std::vector<Field> image = {
        R("src", K::Template, "image file (.svg, .png, .jpg or .jpeg), relative to the game file's folder"),
        E("fit", layer_choice_names("fit"), "how the image fills its box", "contain"),
        F("bleed", K::Bool,
          "extend the image's box to the bleed edge on sides that touch the card edge "
          "(with fit: cover or stretch the picture then fills the bleed)",
          "false"),
    };
    m.emplace("image", make_layer("image layer", "an SVG, PNG or JPEG image", image));
    std::vector<Field> stack = paint_fields("none");
    stack.push_back(F("radius", K::Length, "corner radius of its fill and outline", "0"));
    stack.push_back(A("children", "the layers it lays out, in order (each may be a stack)",
                      "\"type\": [\"array\", \"null\"], \"items\": {\"$ref\": \"#/definitions/layer\"}"));
    stack.push_back(E("direction", enum_names(kStackDirNames), "lay the children out top to bottom or left to right",
                      "down"));
    stack.push_back(F("gap", K::Length, "space between two children", "0"));
    stack.push_back(F("padding", K::Length, "space between the stack's box and its children", "0"));
    stack.push_back(E("align", enum_names(kStackAlignNames),
                      "where a child of a given w (h in a right stack) goes across: stretch gives it the full room",
                      "stretch"));
    Schema st = make_layer("stack layer", "children laid out one after another, a share of the room to each", stack);
    for (auto& f : st.fields) f.per_card = false;
    m.emplace("stack", std::move(st));
    return m;
  }();
  return table;
}

}  // namespace

const Field* Schema::find(const std::string& key) const {
  for (const auto& f : fields)
    if (f.name == key) return &f;
  return nullptr;
}

std::vector<std::string> Schema::keys() const {
  std::vector<std::string> out;
  for (const auto& f : fields) out.push_back(f.name);
  return out;
}

const Schema& Schemas::layer(const std::string& type) {
  auto it = layer_schemas().find(type);
  if (it == layer_schemas().end()) throw std::out_of_range("no layer type " + type);
  return it->second;
}

std::vector<std::string> Schemas::layer_types() {
  return enum_names(kLayerTypeNames);
}

const Schema& Schemas::layer_common() {
  static const Schema s{"layer", "a drawing layer; `type` selects its keys", box_fields()};
  return s;
}

const Schema& Schemas::design() {
  static const Schema s{
      "design",
      "a card design: a background and layers",
      {F("extends", K::String, "a design whose layers are drawn first"),
       F("background", K::Color, "colour filling the whole card, bleed included"),
       F("legible_size", K::Length,
         "the smallest type its text may be set at; smaller text is a warning (an error under --strict). "
         "Default: the stocks' legible_size"),
       A("layers", "the layers, drawn in order",
         "\"type\": [\"array\", \"null\"], \"items\": {\"$ref\": \"#/definitions/layer\"}")}};
  return s;
}

const Schema& Schemas::expect() {
  static const Schema s{
      "expect",
      "counts the deck must add up to",
      {F("total", K::Integer, "total number of cards, counting `count`"),
       F("by", K::String, "a card field to group the counts by"),
       A("counts", "expected cards per value of `by`",
         "\"type\": [\"object\", \"null\"], \"additionalProperties\": {\"type\": [\"integer\", \"string\"], "
         "\"pattern\": \"^[+-]?[0-9]{1,15}$\"}")}};
  return s;
}

const Schema& Schemas::facts() {
  static const Schema s{
      "facts",
      "a table of facts about the names on the cards",
      {R("key", K::String, "the card field whose value names an entry"),
       A("entries", "the entries: maps with the key field and lists of facts",
         "\"type\": \"array\", \"items\": {\"type\": \"object\", \"additionalProperties\": {\"anyOf\": ["
         "{\"type\": [\"string\", \"number\", \"boolean\"]}, {\"type\": \"array\", \"items\": "
         "{\"type\": [\"string\", \"number\", \"boolean\"]}}]}}",
         true)}};
  return s;
}

const Schema& Schemas::unrelated() {
  static const Schema s{
      "unrelated rule",
      "a card's field must not be one of its own fact entry's values",
      {R("field", K::String, "the card field"),
       R("fact", K::String, "the fact list it must not appear in"),
       A("except", "skip the rule for entries whose fact has one of these values",
         "\"type\": [\"object\", \"null\"], \"minProperties\": 1, \"maxProperties\": 1, "
         "\"additionalProperties\": {\"anyOf\": [{\"type\": [\"string\", \"number\", \"boolean\", \"null\"]}, "
         "{\"type\": \"array\", \"items\": {\"type\": [\"string\", \"number\", \"boolean\"]}}]}"),
       F("note", K::String,
         "what the answer key prints in the fact's column for the excepted entries", "—"),
       O("allow", K::ObjectList, &Schemas::unrelated_allow(),
         "cards whose field belongs to their own name on purpose, each with its reason")}};
  return s;
}

const Schema& Schemas::unrelated_allow() {
  static const Schema s{
      "allowed exception",
      "a card that may break its 'unrelated' rule on purpose",
      {R("card", K::String, "the card's id"),
       R("reason", K::String, "why the exception is deliberate")}};
  return s;
}

const Schema& Schemas::answer_key() {
  static const Schema s{
      "answer key",
      "a one-page table of the deck's facts",
      {F("title", K::String, "title printed on top", "Answer key"),
       R("columns", K::StringList, "fact keys to print as columns")}};
  return s;
}

const Schema& Schemas::card() {
  static const Schema s{
      "card",
      "one card row",
      {F("id", K::Name, "unique id in the deck (default <deck>-<n>); names its PNG files"),
       F("count", K::Integer, "copies of this card", "1"),
       F("face", K::String, "face design for this card"),
       F("back", K::String, "back design for this card")},
      true,
      "any other key is a card field, used as {field} in designs"};
  return s;
}

const Schema& Schemas::deck() {
  static const Schema s{
      "deck",
      "a deck of cards printed on one or more stocks",
      {R("id", K::Name, "unique id in the game file; names its output files"),
       F("title", K::String, "human title"),
       F("card", K::String, "card size from templates/cards.yaml", "poker"),
       F("stocks", K::StringList, "sheet stocks from templates/stocks/",
         "[poker-3x3-letter, poker-3x3-a4]"),
       F("face", K::String, "default face design (required, unless `cards` is a folder of pictures)"),
       F("back", K::String, "default back design (none: fronts only)"),
       O("expect", K::Object, &Schemas::expect(), "counts the deck must add up to"),
       O("facts", K::Object, &Schemas::facts(), "facts about the names on the cards"),
       O("unrelated", K::ObjectList, &Schemas::unrelated(),
         "rules: a card's InfoBits must not belong together"),
       O("answer_key", K::Object, &Schemas::answer_key(), "a one-page table of the facts"),
       A("names", "how field and fact values print in tables: a map of value to shown name",
         "\"type\": [\"object\", \"null\"], \"additionalProperties\": {\"type\": [\"string\", \"number\", "
         "\"boolean\"]}"),
       [] {
         Field f = O("cards", K::ObjectList, &Schemas::card(),
                     "the cards: a list of cards and {csv: FILE}, {sheet: FILE} or {images: PATTERN} entries, or one such "
                     "entry",
                     true);
         f.alt = &Schemas::card_source();
         f.alt_keys = {"csv", "sheet", "images"};
         return f;
       }()}};
  return s;
}

const Schema& Schemas::card_source() {
  static const Schema s{
      "card source",
      "cards read from a CSV or TSV file, or from a tab of a spreadsheet (.xlsx, .ods): a header row of field "
      "names, then a card a row; or a folder of pictures, a card each",
      {F("csv", K::String, "a CSV or TSV file, relative to the game file"),
       F("sheet", K::String, "a spreadsheet (.xlsx or .ods), relative to the game file, in place of `csv`"),
       F("tab", K::String, "the spreadsheet's tab to read (default: the first)"),
       E("separator", enum_names(kSeparatorNames), "what separates a CSV file's cells (default: guessed from the header row)", ""),
       F("id_from", K::String,
         "a column whose values make the ids of rows with no `id` (made file-name safe and unique)"),
       F("images", K::String,
         "a folder of pictures, a card each: a file-name pattern (* and ?) relative to the game file, such as "
         "art/*.png (.png, .jpg or .svg), read in natural order"),
       F("back_images", K::String,
         "with `images`: the back, one picture for every card or a pattern matching one picture a card"),
       A("counts", "with `images`: copies per picture, a map of card id (the file name's stem) to copies, or a "
                   "CSV file of id,count rows",
         "\"type\": [\"object\", \"string\", \"null\"], \"additionalProperties\": {\"type\": \"integer\"}"),
       F("bleed_fill", K::String,
         "with `images`: how a picture shaped like the trim gets its bleed: extend (its edge pixels stretched), "
         "mirror (its edge mirrored) or a colour", "extend")},
      false,
      "",
      {"csv", "sheet", "images"}};  // one file an entry: decks.cpp's card_source() says so
  return s;
}

const Schema& Schemas::board_rule() {
  static const Schema s{
      "board rule",
      "tiles matching `tiles` must have neighbours whose `neighbour` field includes every value",
      {A("tiles", "which tiles the rule is about: a map of one field to its value",
         "\"type\": \"object\", \"minProperties\": 1, \"maxProperties\": 1, \"additionalProperties\": "
         "{\"type\": [\"string\", \"number\", \"boolean\"]}",
         true),
       R("neighbour", K::String, "the neighbours' field to look at"),
       R("includes", K::StringList, "values that must all appear among the neighbours")}};
  return s;
}

const Schema& Schemas::board() {
  static const Schema s{
      "board",
      "a picture of hex tiles assembled into a board",
      {R("id", K::Name, "board id; also the output file name"),
       F("title", K::String, "printed above the board"),
       R("deck", K::String, "the hex deck whose tiles make the board"),
       A("rows", "card ids row by row; neighbouring rows differ by one tile",
         "\"type\": \"array\", \"items\": {\"type\": \"array\", \"items\": {\"type\": [\"string\", \"number\", "
         "\"boolean\"]}}",
         true),
       F("apart", K::StringList, "fields whose equal values must never touch"),
       O("touch", K::ObjectList, &Schemas::board_rule(), "neighbour rules"),
       O("extras", K::ObjectList, &Schemas::board_extra(),
         "tiles laid beside the board, such as trade tiles against its edge")}};
  return s;
}

const Schema& Schemas::board_extra() {
  static const Schema s{
      "board extra",
      "a tile laid beside the board, against one side of a board tile",
      {R("card", K::String, "the tile's card id"),
       F("deck", K::String, "the hex deck it comes from (default: the board's deck)"),
       R("beside", K::String, "the board tile it touches (placed on the board once)"),
       [] {
         Field f = E("side", enum_names(kHexSideNames), "which side of that tile it lies against", "");
         f.required = true;
         return f;
       }()}};
  return s;
}

const Schema& Schemas::booklet_cover() {
  static const Schema s{"booklet cover",
                        "real cards shown on the booklet's cover",
                        {R("deck", K::String, "the deck the cards come from"),
                         R("cards", K::StringList, "card ids, left to right")}};
  return s;
}

const Schema& Schemas::booklet() {
  static const Schema s{
      "booklet",
      "the game's rule booklet",
      {R("source", K::String, "the rules text (Markdown subset), relative to the game file"),
       F("title", K::String, "cover title (default: the game's title)"),
       F("subtitle", K::String, "a line under the cover title"),
       F("accent", K::Color, "colour of headings, rules and callouts", "#1d4ea8"),
       F("body_font", K::String, "font family of the text", "Noto Serif"),
       F("heading_font", K::String, "font family of headings, tables and captions", "Noto Sans"),
       F("language", K::String,
         "language of the rules text (an IETF tag: en, he, ar...); a right-to-left one (ar, dv, fa, he, "
         "ps, ur, yi) sets the text right to left and binds the booklet on the right",
         "en"),
       E("binding", {"auto", "left", "right"},
         "the edge the spine is on, seen from the front cover: right for a right-to-left booklet, whose page "
         "1 faces the reader from the other cover (auto: right when `language` is right-to-left)",
         "auto"),
       A("creep", "the imposed booklet's pages of each sheet move this far towards the spine past those "
         "of the sheet outside it, so margins and page numbers line up after trimming: a length, or auto "
         "(`paper_thickness`); the reading-order booklet is unchanged (default: none)",
         R"("anyOf": [{"const": "auto"}, {"type": "string", "pattern": "^[+]?([0-9]+[.]?[0-9]*|[.][0-9]+)(mm|cm|in|pt)$"}, {"const": 0}, {"type": "null"}])"),
       F("paper_thickness", K::Length, "thickness of the booklet's paper, for `creep: auto`", "0.1mm"),
       O("cover", K::Object, &Schemas::booklet_cover(), "cards shown on the cover")}};
  return s;
}

const Schema& Schemas::data_table() {
  static const Schema s{"table",
                        "a table of facts for the booklet ({{table NAME}})",
                        {R("columns", K::StringList, "column headings"),
                         A("rows", "rows: lists of text or numbers, one per column",
                           "\"type\": \"array\", \"items\": {\"type\": \"array\", \"items\": {\"type\": "
                           "[\"string\", \"number\", \"boolean\"]}}",
                           true)}};
  return s;
}

const Schema& Schemas::game() {
  static const Schema s{
      "game",
      "a game file: content/<game>.yaml",
      {R("game", K::Name, "game id; also the output folder out/<game>/"),
       R("title", K::String, "human title"),
       A("colors", "a palette: names for colours (#rrggbb or a CSS colour name such as navy)",
         "\"type\": [\"object\", \"null\"], \"additionalProperties\": {\"type\": \"string\", \"pattern\": "
         "\"^\\\\s*(none|#([0-9A-Fa-f]{3}|[0-9A-Fa-f]{6}|[0-9A-Fa-f]{8})|[A-Za-z]+)\\\\s*$\"}"),
       A("icons",
         "names for icon files (SVG, PNG or JPEG, beside the game file) that text shows inline as :name: or "
         "<icon name=\"name\"/>",
         "\"type\": [\"object\", \"null\"], \"propertyNames\": {\"pattern\": \"^[a-z][a-z0-9_-]*$\"}, "
         "\"additionalProperties\": {\"type\": \"string\", \"minLength\": 1}"),
       O("designs", K::ObjectMap, &Schemas::design(), "named designs"),
       O("decks", K::ObjectList, &Schemas::deck(), "the decks", true),
       O("boards", K::ObjectList, &Schemas::board(), "board previews of hex decks"),
       O("booklet", K::Object, &Schemas::booklet(), "the rule booklet"),
       O("tables", K::ObjectMap, &Schemas::data_table(), "named tables of facts for the booklet"),
       F("templates", K::StringList,
         "folders beside the game file laid out like templates/, layered over the shipped ones in order"),
       O("papers", K::ObjectList, &Schemas::paper(), "this game's own paper sizes, over the shipped ones"),
       O("card_sizes", K::ObjectList, &Schemas::card_size(), "this game's own card sizes, over the shipped ones"),
       O("stocks", K::ObjectList, &Schemas::stock(), "this game's own sheet stocks, over the shipped ones"),
       O("fonts", K::ObjectList, &Schemas::font(),
         "this game's own font families (files relative to the game file), over the shipped ones")}};
  return s;
}

const Schema& Schemas::grid() {
  static const Schema s{
      "grid",
      "how cards sit on the sheet",
      {R("columns", K::Integer, "cards across"),
       R("rows", K::Integer, "cards down"),
       E("rotate", enum_names(kGridRotateNames), "turn each card by this many degrees", "0")}};
  return s;
}

const Schema& Schemas::stock() {
  static const Schema s{
      "stock",
      "a sheet stock (paper, card size, grid and cut guides), or a print shop's or digital "
      "table's card files",
      {R("id", K::Name, "stock id; part of output file names"),
       F("aliases", K::StringList, "other accepted names"),
       F("replaces", K::String,
         "the id of the shipped (or lower layer's) stock this replaces on purpose: its own id; "
         "the note that it replaces one is then not said"),
       F("description", K::String, "one line for `cardstock stocks`"),
       F("paper", K::StringList,
         "paper from templates/papers.yaml, or a list of papers (one stock '<id>-<paper>' each, all named by "
         "the id); none: each page or image is one card with its bleed"),
       R("card", K::String, "card size from templates/cards.yaml"),
       E("kind", enum_names(kStockKindNames),
         "cardstock: fronts and duplex backs; labels: fronts only; foldover: each back beside its front, "
         "across a fold line",
         "cardstock"),
       with_choices(O("grid", K::Object, &Schemas::grid(),
                      "the grid (required with a paper), or auto: as many cards as fit the paper within its "
                      "margin and crop marks, turned if more fit so; for a tts stock, the most cells of a deck sheet"),
                    {"auto"}),
       F("gutter", K::Length, "space between neighbouring cards", "0"),
       F("row_gutter", K::Length, "space between rows, where it differs from the gutter"),
       E("cut", enum_names(kCutStyleNames),
         "cut guides: crop marks in the margin, lines, both, or none (die-cut label sheets, a shop that cuts)",
         "both"),
       F("mark_length", K::Length, "length of a crop mark", "0.25in"),
       E("duplex", enum_names(kDuplexNames), "the edge the printer flips on", "long-edge"),
       E("packing", enum_names(kPackingNames),
         "grid: rows and columns; honeycomb: hex rows offset by half a tile, sharing edges",
         "grid"),
       E("format", enum_names(kStockFormatNames),
         "pdf: one PDF; png: a PNG per card face, in a folder; tts: Tabletop Simulator deck "
         "sheets and saved object, in a folder",
         "pdf"),
       F("dpi", K::Integer, "pixels per inch of png and tts images", "300"),
       E("order", enum_names(kPageOrderNames),
         "each front page (or sheet) then its back, or each back then its front", "front-back"),
       F("accepts", K::StringList,
         "other card sizes made on this stock, drawn at their own size centred on its trim"),
       F("preflight", K::Bool,
         "check warns about text outside the safe zone and edges the art does not bleed past",
         "false"),
       F("cmyk", K::Bool, "convert the PDF to CMYK PDF/X-1a with Ghostscript", "false"),
       E("black", enum_names(kBlackNames),
         "CMYK: neutral black and greys always print in black ink only; pure-k: near-black colours (every channel "
         "at most #40) too, as the grey of their luminance",
         "neutral"),
       F("legible_size", K::Length,
         "the smallest type that prints legibly on this stock; smaller card text is a warning (an error under "
         "--strict)",
         "7pt"),
       F("ink_limit", K::Number,
         "most total ink (C+M+Y+K, in %) the shop takes; the build reports the maximum found"),
       F("margin", K::Length,
         "how close to the paper's edge printers print (default: the paper's); nothing is laid inside it"),
       E("fold", enum_names(kFoldNames),
         "foldover: the fold line runs down the sheet (backs right of their fronts) or across it (backs below)",
         "vertical"),
       F("fold_gap", K::Length, "foldover: space between a front and its back; the fold line runs down its middle",
         "0.5in"),
       E("cutter", enum_names(kCutterNames),
         "a print-then-cut machine: its registration marks on every front page and an SVG cut file beside the PDF",
         "none"),
       O("label_area", K::Object, &Schemas::paper_area(),
         "a full-sheet label product's one label: every card must lie on it")}};
  return s;
}

const Schema& Schemas::paper_area() {
  static const Schema s{"label area",
                        "a rectangle on the paper, from its top-left corner",
                        {R("x", K::Length, "left edge from the paper's left edge"),
                         R("y", K::Length, "top edge from the paper's top edge"),
                         R("w", K::Length, "width"),
                         R("h", K::Length, "height")}};
  return s;
}

const Schema& Schemas::printer() {
  static const Schema s{
      "printer profile",
      "a printer's measured duplex error (cardstock calibrate), for build --printer",
      {R("name", K::String, "the printer, for the manifest"),
       O("duplex_offset", K::Object, &Schemas::duplex_offset(),
         "where back pages land relative to where they should, as seen on the back"),
       F("duplex_rotation", K::Angle, "how far back pages are turned clockwise, as seen on the back", "0deg")}};
  return s;
}

const Schema& Schemas::duplex_offset() {
  static const Schema s{"duplex offset",
                        "a distance back pages land off, as seen on the back",
                        {F("x", K::Offset, "to the right (negative: to the left)", "0"),
                         F("y", K::Offset, "downwards (negative: upwards)", "0")}};
  return s;
}

const Schema& Schemas::paper() {
  static const Schema s{"paper",
                        "a paper size",
                        {R("id", K::Name, "paper id; part of output file names"),
                         R("width", K::Length, "portrait width"),
                         R("height", K::Length, "portrait height"),
                         F("aliases", K::StringList, "other accepted names"),
                         F("replaces", K::String,
                           "the id of the shipped (or lower layer's) one this replaces on purpose: "
                           "its own id; the note that it replaces one is then not said"),
                         F("margin", K::Length,
                           "how close to its edge printers print: nothing is laid inside it", "0.25in"),
                         F("everyday", K::Bool,
                           "printed at home: one-page outputs, booklets and calibration come on it "
                           "when --paper names no paper",
                           "false"),
                         F("booklet_page", K::String,
                           "the paper of a booklet's pages when folded from a sheet of this one "
                           "(letter: half-letter); none: no booklet on it")}};
  return s;
}

const Schema& Schemas::card_size() {
  static const Schema s{"card size",
                        "a card size",
                        {R("id", K::String, "card size id"),
                         R("width", K::Length, "trim width"),
                         R("height", K::Length, "trim height"),
                         F("bleed", K::Length, "art drawn past the trim edge", "0.125in"),
                         F("safe", K::Length, "inset text should stay inside", "0.125in"),
                         F("radius", K::Length, "corner radius of the finished card", "0"),
                         F("aliases", K::StringList, "other accepted names"),
                         F("replaces", K::String,
                           "the id of the shipped (or lower layer's) one this replaces on purpose: "
                           "its own id; the note that it replaces one is then not said"),
                         E("shape", enum_names(kShapeNames),
                           "outline: rect, hex (pointy-top, width = height x 0.866) or circle",
                           "rect")}};
  return s;
}

const Schema& Schemas::font() {
  static const Schema s{"font",
                        "a font family of the private font set",
                        {R("family", K::String, "family name used in designs"),
                         F("package", K::String, "Debian package that installs the files"),
                         R("files", K::StringList, "font files"),
                         F("scripts", K::StringList,
                           "Unicode scripts the family is for (hebrew, arabic, common for digits, "
                           "punctuation and symbols): suggested when a text needs them"),
                         F("fallback_for", K::StringList,
                           "scripts the family draws inside text set in another family without a "
                           "warning (Hebrew words in English text)"),
                         F("fallbacks", K::StringList,
                           "families of the set that draw the characters this family lacks first, "
                           "in this order (Noto Serif Hebrew for Hebrew in Noto Serif text)")}};
  return s;
}

const Schema& Schemas::fonts_file() {
  static const Schema s{"fonts file",
                        "templates/fonts.yaml",
                        {F("default", K::String,
                           "family used when none is named (required in the shipped templates)"),
                         O("fonts", K::ObjectList, &Schemas::font(), "the families", true),
                         F("hyphenation", K::String, "libhyphen dictionary for booklet text"),
                         F("hyphenation_package", K::String,
                           "Debian package that installs the dictionary")}};
  return s;
}

const Schema& Schemas::papers_file() {
  static const Schema s{"papers file", "templates/papers.yaml",
                        {O("papers", K::ObjectList, &Schemas::paper(), "paper sizes", true)}};
  return s;
}

const Schema& Schemas::cards_file() {
  static const Schema s{"cards file", "templates/cards.yaml",
                        {O("cards", K::ObjectList, &Schemas::card_size(), "card sizes", true)}};
  return s;
}

const Schema& Schemas::designs_file() {
  static const Schema s{"designs file", "templates/designs/*.yaml",
                        {O("designs", K::ObjectMap, &Schemas::design(), "named designs", true)}};
  return s;
}

std::vector<const Schema*> Schemas::all() {
  std::vector<const Schema*> v = {&game(),     &design(),     &deck(),        &expect(),
                                  &facts(),    &unrelated(),  &unrelated_allow(), &answer_key(),  &card(),
                                  &card_source(),
                                  &stock(),    &grid(),       &paper(),       &card_size(),
                                  &font(),     &fonts_file(), &papers_file(), &cards_file(),
                                  &designs_file(), &board(),      &board_rule(), &board_extra(),
                                  &booklet(),      &booklet_cover(), &data_table(), &paper_area(),
                                  &printer(),      &duplex_offset()};
  for (const auto& t : layer_types()) v.push_back(&layer(t));
  return v;
}

}  // namespace cardstock
