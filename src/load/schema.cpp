#include "load/schema.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <optional>
#include <set>
#include <sstream>
#include <stdexcept>

#include "base/length.h"
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

std::vector<Field> box_fields() {
  return {
      R("type", K::String, "layer type: rect, ellipse, line, text or image"),
      F("x", K::RelLength, "left edge from the card's trim corner (Length or % of card width)", "0"),
      F("y", K::RelLength, "top edge from the card's trim corner (Length or % of card height)", "0"),
      F("w", K::RelLength, "width (Length or % of card width)", "100%"),
      F("h", K::RelLength, "height (Length or % of card height)", "100%"),
      F("when", K::Template, "draw the layer only if this expands to non-empty text"),
      E("rotate", {"0", "90", "180", "270"}, "turn the layer clockwise about its box's centre", "0"),
  };
}

// Every layer key whose value is a length, number, choice or true/false may be a
// {field} read per card instead (`size: "{size}"`, `fit: "{fit}"`); not `type`.
Schema make_layer(std::string name, std::string doc, std::vector<Field> extra) {
  Schema s{name, doc, box_fields()};
  for (auto& f : extra) s.fields.push_back(std::move(f));
  for (auto& f : s.fields)
    f.per_card = f.name != "type" && (f.kind == K::Length || f.kind == K::RelLength || f.kind == K::Number ||
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
        E("weight", {"normal", "bold"}, "font weight", "normal"),
        E("style", {"normal", "italic"}, "font style", "normal"),
        F("size", K::Length, "font size", "10pt"),
        F("min_size", K::Length, "smallest size auto-shrink may use", "6pt"),
        F("shrink", K::Bool, "shrink the text until it fits its box", "true"),
        F("color", K::Color, "text colour", "#000000"),
        E("align", {"left", "center", "right", "justify"}, "horizontal alignment", "left"),
        E("valign", {"top", "middle", "bottom"}, "vertical alignment", "top"),
        F("markup", K::Bool, "interpret Pango markup such as <b> and <i>", "false"),
        E("dir", {"ltr", "rtl"}, "base paragraph direction", "ltr"),
        F("line_spacing", K::Number, "line height as a multiple of the font's", "1"),
    };
    m.emplace("text", make_layer("text layer", "a paragraph of text in a box", text));
    std::vector<Field> image = {
        R("src", K::Template, "image file (.svg or .png), relative to the game file's folder"),
        E("fit", {"contain", "cover", "stretch"}, "how the image fills its box", "contain"),
    };
    m.emplace("image", make_layer("image layer", "an SVG or PNG image", image));
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
  return {"rect", "ellipse", "line", "text", "image"};
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
       R("face", K::String, "default face design"),
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
                     "the cards: a list of cards and {csv: FILE} entries, or one {csv: FILE}", true);
         f.alt = &Schemas::card_source();
         f.alt_key = "csv";
         return f;
       }()}};
  return s;
}

const Schema& Schemas::card_source() {
  static const Schema s{
      "card source",
      "cards read from a CSV or TSV file: a header row of field names, then a card a row",
      {R("csv", K::String, "the file, relative to the game file"),
       E("separator", {",", ";", "tab"}, "what separates the cells (default: guessed from the header row)", ""),
       F("id_from", K::String,
         "a column whose values make the ids of rows with no `id` (made file-name safe and unique)")}};
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
         Field f = E("side", {"ne", "e", "se", "sw", "w", "nw"}, "which side of that tile it lies against", "");
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
       A("colors", "a palette: names for colours",
         "\"type\": [\"object\", \"null\"], \"additionalProperties\": {\"type\": \"string\", \"pattern\": "
         "\"^(none|#([0-9A-Fa-f]{3}|[0-9A-Fa-f]{6}|[0-9A-Fa-f]{8}))$\"}"),
       A("icons",
         "names for icon files (SVG or PNG, beside the game file) that text shows inline as :name: or "
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
       E("rotate", {"0", "90"}, "turn each card by this many degrees", "0")}};
  return s;
}

const Schema& Schemas::stock() {
  static const Schema s{
      "stock",
      "a sheet stock (paper, card size, grid and cut guides), or a print shop's or digital "
      "table's card files",
      {R("id", K::Name, "stock id; part of output file names"),
       F("aliases", K::StringList, "other accepted names"),
       F("description", K::String, "one line for `cardstock stocks`"),
       F("paper", K::String,
         "paper from templates/papers.yaml; none: each page or image is one card with its bleed"),
       R("card", K::String, "card size from templates/cards.yaml"),
       E("kind", {"cardstock", "labels", "foldover"},
         "cardstock: fronts and duplex backs; labels: fronts only; foldover: each back beside its front, "
         "across a fold line",
         "cardstock"),
       O("grid", K::Object, &Schemas::grid(),
         "the grid (required with a paper); for a tts stock, the cells of a deck sheet"),
       F("gutter", K::Length, "space between neighbouring cards", "0"),
       F("row_gutter", K::Length, "space between rows, where it differs from the gutter"),
       E("cut", {"marks", "lines", "both", "none"},
         "cut guides: crop marks in the margin, lines, both, or none (die-cut label sheets, a shop that cuts)",
         "both"),
       F("mark_length", K::Length, "length of a crop mark", "0.25in"),
       E("duplex", {"long-edge", "short-edge"}, "the edge the printer flips on", "long-edge"),
       E("packing", {"grid", "honeycomb"},
         "grid: rows and columns; honeycomb: hex rows offset by half a tile, sharing edges",
         "grid"),
       E("format", {"pdf", "png", "tts"},
         "pdf: one PDF; png: a PNG per card face, in a folder; tts: Tabletop Simulator deck "
         "sheets and saved object, in a folder",
         "pdf"),
       F("dpi", K::Integer, "pixels per inch of png and tts images", "300"),
       E("order", {"front-back", "back-front"},
         "each front page (or sheet) then its back, or each back then its front", "front-back"),
       F("accepts", K::StringList,
         "other card sizes made on this stock, drawn at their own size centred on its trim"),
       F("preflight", K::Bool,
         "check warns about text outside the safe zone and edges the art does not bleed past",
         "false"),
       F("cmyk", K::Bool, "convert the PDF to CMYK PDF/X-1a with Ghostscript", "false"),
       F("legible_size", K::Length,
         "the smallest type that prints legibly on this stock; smaller card text is a warning (an error under "
         "--strict)",
         "7pt"),
       F("ink_limit", K::Number,
         "most total ink (C+M+Y+K, in %) the shop takes; the build reports the maximum found"),
       F("margin", K::Length,
         "how close to the paper's edge printers print (default: the paper's); nothing is laid inside it"),
       E("fold", {"vertical", "horizontal"},
         "foldover: the fold line runs down the sheet (backs right of their fronts) or across it (backs below)",
         "vertical"),
       F("fold_gap", K::Length, "foldover: space between a front and its back; the fold line runs down its middle",
         "0.5in"),
       E("cutter", {"none", "silhouette", "cricut"},
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
                         E("shape", {"rect", "hex", "circle"},
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
                           "warning (Hebrew words in English text)")}};
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

std::string file_name_rule() {
  return "letters, digits, '-', '_' and '.' only, not starting with '.', 1 to " +
         std::to_string(kMaxNameLength) + " characters";
}

bool valid_field_name(const std::string& k) {
  bool ident = !k.empty() && k[0] >= 'a' && k[0] <= 'z';
  for (char ch : k) ident = ident && ((ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9') || ch == '_');
  return ident;
}

bool valid_file_name(const std::string& s, std::string* why) {
  if (s.empty()) {
    *why = "it is empty";
    return false;
  }
  // The characters first: "/" says more about "../../x" than its length would.
  for (size_t i = 0; i < s.size(); ++i) {
    const unsigned char c = static_cast<unsigned char>(s[i]);
    if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' ||
        c == '_' || c == '.')
      continue;
    if (c == ' ') {
      *why = "it contains a space";
    } else if (c >= 0x21 && c < 0x7f) {
      *why = std::string("it contains '") + static_cast<char>(c) + "'";
    } else if (c >= 0xC2 && c <= 0xF4) {  // a multi-byte UTF-8 character: show it whole
      size_t n = 1;
      while (i + n < s.size() && n < 4 && (static_cast<unsigned char>(s[i + n]) & 0xC0) == 0x80) ++n;
      *why = "it contains '" + s.substr(i, n) + "' (only ASCII letters are allowed)";
    } else {
      char hex[8];
      std::snprintf(hex, sizeof hex, "0x%02X", c);
      *why = std::string("it contains the byte ") + hex;
    }
    return false;
  }
  if (s.size() > kMaxNameLength) {
    *why = "it is " + std::to_string(s.size()) + " characters long";
    return false;
  }
  if (s == "." || s == "..") {
    *why = "it names a folder, not a file";
    return false;
  }
  if (s[0] == '.') {
    *why = "it starts with '.' (a hidden file)";
    return false;
  }
  return true;
}

Mark mark_of(const YAML::Node& n, const std::string& file) {
  Mark m;
  m.file = file;
  if (n.IsDefined()) {
    auto ym = n.Mark();
    if (ym.line >= 0) {
      m.line = ym.line + 1;
      m.col = ym.column + 1;
    }
  }
  return m;
}

namespace {

const char* kind_name(Kind k) {
  switch (k) {
    case K::String: case K::Template: return "a string";
    case K::Name: return "a name";
    case K::Length: return "a length";
    case K::RelLength: return "a length or percentage";
    case K::Number: return "a number";
    case K::Integer: return "a whole number";
    case K::Bool: return "true or false";
    case K::Color: return "a colour";
    case K::Enum: return "one of the listed values";
    case K::StringList: return "a list of strings";
    case K::Object: return "a map";
    case K::ObjectList: return "a list of maps";
    case K::ObjectMap: return "a map of names to maps";
    case K::Scalar: return "a string or number";
    case K::Any: return "a value";
    case K::Offset: return "a length";
    case K::Angle: return "an angle";
  }
  return "a value";
}

std::string join_quoted(const std::vector<std::string>& v) {
  std::string s;
  for (size_t i = 0; i < v.size(); ++i) {
    if (i) s += i + 1 == v.size() ? " or " : ", ";
    s += "'" + v[i] + "'";
  }
  return s;
}

// The words YAML 1.1 reads as booleans (as PyYAML and yaml-cpp's own as<bool> do); YAML
// 1.2 editors read only true and false so. The loader takes them all, whichever YAML the
// writer had in mind; the JSON Schema lists them.
const std::vector<std::string>& bool_words() {
  static const std::vector<std::string> w = {"true", "True", "TRUE", "yes", "Yes", "YES", "on",  "On",  "ON",
                                             "false", "False", "FALSE", "no", "No", "NO", "off", "Off", "OFF"};
  return w;
}

bool parse_bool(const std::string& s, bool* out) {
  const auto& w = bool_words();
  const auto it = std::find(w.begin(), w.end(), s);
  if (it == w.end()) return false;
  *out = it - w.begin() < 9;
  return true;
}

// The largest length (or percentage of the card) a content file may give: 1000 in is
// 25 m, far beyond any sheet. Absurd values such as `size: 1e18pt` would otherwise
// overflow the conversions that follow (tenths of a point, Pango units) later on.

bool in_range(const RelLength& l) {
  return std::fabs(l.value) <= (l.percent ? kMaxPercent : kMaxLengthPt);
}

bool parse_long(const std::string& s, long* out) {
  if (s.empty()) return false;
  size_t i = (s[0] == '-' || s[0] == '+') ? 1 : 0;
  if (i == s.size()) return false;
  for (size_t j = i; j < s.size(); ++j)
    if (s[j] < '0' || s[j] > '9') return false;
  if (s.size() - i > 15) return false;  // far beyond any sensible count
  *out = std::stol(s);
  return true;
}

bool parse_double(const std::string& s, double* out) {
  std::string err;
  // A number is a length with no unit: reuse the strict parser by adding "pt".
  auto l = parse_length(s + "pt", &err);
  if (!l) return false;
  *out = l->pt;
  return true;
}

// Reports that the value of `f` at `m` is wrong ("'size' must be ..."); false, to return.
bool wrong(const Field& f, const Mark& m, const std::string& why, Diagnostics& d) {
  d.error(m, "'" + f.name + "' " + why);
  return false;
}

// The kinds whose values are maps or lists (and Any): checked here, recursing into
// objects. nullopt for the scalar kinds, which validate_scalar checks.
std::optional<bool> validate_collection(const YAML::Node& v, const Field& f,
                                        const std::string& file, Diagnostics& d) {
  switch (f.kind) {
    case K::Any:
      return true;
    case K::Object:
      if (!v.IsMap()) return wrong(f, mark_of(v, file), "must be a map", d);
      return validate(v, *f.object, file, d);
    case K::ObjectList: {
      auto alt = [&](const YAML::Node& item) { return f.alt && item.IsMap() && item[f.alt_key]; };
      if (alt(v)) return validate(v, *f.alt, file, d);
      if (!v.IsSequence()) return wrong(f, mark_of(v, file), "must be a list", d);
      bool ok = true;
      for (const auto& item : v) ok = validate(item, alt(item) ? *f.alt : *f.object, file, d) && ok;
      return ok;
    }
    case K::ObjectMap: {
      if (!v.IsMap())
        return wrong(f, mark_of(v, file), "must be a map of names to " + f.object->name + "s", d);
      bool ok = true;
      for (const auto& kv : v) ok = validate(kv.second, *f.object, file, d) && ok;
      return ok;
    }
    case K::StringList:
      if (v.IsScalar()) return true;
      if (!v.IsSequence()) return wrong(f, mark_of(v, file), "must be a list of strings", d);
      for (const auto& item : v)
        if (!item.IsScalar()) {
          d.error(mark_of(item, file), "'" + f.name + "' must list strings only");
          return false;
        }
      return true;
    default:
      return std::nullopt;
  }
}

std::string length_problem(const std::string& s) {
  std::string err;
  const auto l = parse_length(s, &err);
  if (!l) return "must be a length with a unit (mm, cm, in or pt), not '" + s + "'";
  if (l->pt < 0) return "must not be negative, not '" + s + "'";
  if (l->pt > kMaxLengthPt) return "must be at most 1000in, not '" + s + "'";
  return "";
}

std::string rel_length_problem(const std::string& s) {
  std::string err;
  const auto l = parse_rel_length(s, &err);
  if (!l) return "must be a length with a unit (mm, cm, in or pt) or a percentage, not '" + s + "'";
  if (!in_range(*l))
    return std::string("must be between ") + (l->percent ? "-1000% and 1000%" : "-1000in and 1000in") + ", not '" +
           s + "'";
  return "";
}

// A length that may be negative: an offset either way, at most kMaxLengthPt.
std::string offset_problem(const std::string& s) {
  std::string err;
  const auto l = parse_length(s, &err);
  if (!l) return "must be a length with a unit (mm, cm, in or pt), not '" + s + "'";
  if (std::fabs(l->pt) > kMaxLengthPt) return "must be between -1000in and 1000in, not '" + s + "'";
  return "";
}

std::string angle_problem(const std::string& s) {
  std::string err;
  if (parse_angle(s, &err)) return "";
  return "must be an angle in degrees (e.g. 0.2deg), not '" + s + "'";
}

// A scalar's text `s` (at `m`) against its field's kind. The other scalar kinds take any
// text here: validate() checks names, the loader colours.
bool validate_scalar(const std::string& s, const Field& f, const Mark& m, Diagnostics& d) {
  const std::string why = scalar_problem(f, s);
  return why.empty() || wrong(f, m, why, d);
}

}  // namespace

std::string scalar_problem(const Field& f, const std::string& s) {
  switch (f.kind) {
    case K::Length:
      return length_problem(s);
    case K::RelLength:
      return rel_length_problem(s);
    case K::Offset:
      return offset_problem(s);
    case K::Angle:
      return angle_problem(s);
    case K::Integer: {
      long n;
      return parse_long(s, &n) ? "" : "must be a whole number, not '" + s + "'";
    }
    case K::Number: {
      double x;
      return parse_double(s, &x) ? "" : "must be a number, not '" + s + "'";
    }
    case K::Bool: {
      bool b;
      return parse_bool(s, &b) ? "" : "must be true or false, not '" + s + "'";
    }
    case K::Enum:
      if (std::find(f.choices.begin(), f.choices.end(), s) != f.choices.end()) return "";
      return "must be " + join_quoted(f.choices) + ", not '" + s + "'" + did_you_mean(s, f.choices);
    default:
      return "";
  }
}

bool validate_value(const YAML::Node& v, const Field& f, const std::string& file,
                    Diagnostics& d) {
  if (const auto checked = validate_collection(v, f, file, d)) return *checked;
  if (!v.IsScalar()) return wrong(f, mark_of(v, file), std::string("must be ") + kind_name(f.kind), d);
  // A {field} reference is read per card (layout checks what it gives); here only its braces.
  if (f.per_card && v.Scalar().find('{') != std::string::npos) {
    std::string err;
    template_fields(v.Scalar(), &err);
    if (!err.empty()) d.error(mark_of(v, file), "'" + f.name + "': " + err);
    return err.empty();
  }
  return validate_scalar(v.Scalar(), f, mark_of(v, file), d);
}

bool validate(const YAML::Node& n, const Schema& s, const std::string& file, Diagnostics& d) {
  if (!n.IsMap()) {
    d.error(mark_of(n, file), s.name + " must be a map of keys to values");
    return false;
  }
  bool ok = true;
  std::set<std::string> seen;
  for (const auto& kv : n) {
    if (!kv.first.IsScalar()) {  // a list, map or null as a key: reported by the loader's walk
      ok = false;
      continue;
    }
    const std::string key = kv.first.Scalar();
    if (!seen.insert(key).second) {  // reported (with its first place) by the loader's walk
      ok = false;
      continue;
    }
    const Field* f = s.find(key);
    if (!f) {
      if (s.open) continue;
      d.error(mark_of(kv.first, file),
              "unknown key '" + key + "' in " + s.name + did_you_mean(key, s.keys()));
      ok = false;
      continue;
    }
    if (kv.second.IsNull() && !f->required) continue;
    if (!validate_value(kv.second, *f, file, d)) {
      ok = false;
      continue;
    }
    // Ids become file and folder names: a '/' or '..' in one would write outside out/.
    std::string why;
    if (f->kind == K::Name && !valid_file_name(kv.second.Scalar(), &why)) {
      const std::string what = f->name == "id" ? s.name + " id" : f->name + " id";
      d.error(mark_of(kv.second, file), what + " '" + kv.second.Scalar() + "' cannot name a file: " + why +
                                            " (ids name output files: use " + file_name_rule() + ")");
      ok = false;
    }
  }
  for (const auto& f : s.fields) {
    if (f.required && (!n[f.name] || n[f.name].IsNull())) {
      d.error(mark_of(n, file), "missing required key '" + f.name + "' in " + s.name);
      ok = false;
    }
  }
  return ok;
}

Reader::Reader(const YAML::Node& n, const Schema& s, std::string file)
    : n_(n), s_(s), file_(std::move(file)) {
  // One pass over the map: yaml-cpp's own lookup converts every key to a string on
  // every call, and a card's fields are looked up a dozen times.
  if (n_.IsMap())
    for (auto it = n_.begin(); it != n_.end(); ++it)
      if (it->first.IsScalar()) entries_.emplace_back(it->first.Scalar(), it->second);
}

const Field& Reader::field(const std::string& key) const {
  const Field* f = s_.find(key);
  if (!f) throw std::logic_error("schema " + s_.name + " has no key " + key);
  return *f;
}

const YAML::Node* Reader::find(const std::string& key) const {
  field(key);
  for (const auto& [k, v] : entries_)  // the first of duplicate keys, as yaml-cpp
    if (k == key) return &v;
  return nullptr;
}

bool Reader::has(const std::string& key) const {
  const YAML::Node* v = find(key);
  return v && !v->IsNull();
}

YAML::Node Reader::node(const std::string& key) const {
  if (const YAML::Node* v = find(key)) return *v;
  return n_.IsMap() ? n_[key] : YAML::Node();
}

Mark Reader::mark(const std::string& key) const {
  const YAML::Node* v = find(key);
  return v && !v->IsNull() ? mark_of(*v, file_) : mark_of(n_, file_);
}

std::string Reader::raw(const std::string& key) const {
  const YAML::Node* v = find(key);
  if (v && v->IsScalar()) return v->Scalar();
  return field(key).def;
}

std::string Reader::str(const std::string& key) const { return raw(key); }

double Reader::number(const std::string& key) const {
  double x = 0;
  if (!parse_double(raw(key), &x)) parse_double(field(key).def, &x);
  return x;
}

long Reader::integer(const std::string& key) const {
  long n = 0;
  if (!parse_long(raw(key), &n)) parse_long(field(key).def, &n);
  return n;
}

bool Reader::boolean(const std::string& key) const {
  bool b = false;
  if (!parse_bool(raw(key), &b)) parse_bool(field(key).def, &b);
  return b;
}

Length Reader::length(const std::string& key) const {
  auto l = parse_length(raw(key), nullptr);
  if (!l || !in_range({l->pt, false})) l = parse_length(field(key).def, nullptr);
  return l.value_or(Length{});
}

double Reader::angle(const std::string& key) const {
  auto a = parse_angle(raw(key), nullptr);
  if (!a) a = parse_angle(field(key).def, nullptr);
  return a.value_or(0);
}

RelLength Reader::rel_length(const std::string& key) const {
  auto l = parse_rel_length(raw(key), nullptr);
  if (!l || !in_range(*l)) l = parse_rel_length(field(key).def, nullptr);
  return l.value_or(RelLength{});
}

std::vector<std::string> Reader::list(const std::string& key) const {
  std::vector<std::string> out;
  YAML::Node v;
  if (has(key)) {
    v = *find(key);
  } else {
    const std::string& def = field(key).def;
    if (def.empty()) return out;
    v = YAML::Load(def);
  }
  if (v.IsScalar()) return {v.Scalar()};
  if (v.IsSequence())
    for (const auto& item : v)
      if (item.IsScalar()) out.push_back(item.Scalar());
  return out;
}

namespace {

// ---- the JSON Schema -----------------------------------------------------------------
// Draft-07, the draft editors' YAML support (yaml-language-server, VS Code) implements in
// full. Each kind accepts what the loader accepts, as a YAML parser hands it over:
// numbers YAML writes unquoted (`rotate: 90`, `count: 3`, `x: 0`) as well as quoted
// text, booleans as YAML 1.1 and 1.2 spell them, and null for a key that is not
// required (the loader reads it as absent). tests/load/schema_editor_test.cpp holds the
// two to each other key by key with an independent validator.

std::string json_escape(const std::string& s) {
  std::string o;
  for (char c : s) {
    if (c == '"' || c == '\\') { o += '\\'; o += c; }
    else if (c == '\n') o += "\\n";
    else o += c;
  }
  return o;
}

std::string q(const std::string& s) { return "\"" + json_escape(s) + "\""; }

// A scalar as the loader takes it: YAML turns `1`, `true` or `1.5` into numbers and
// booleans the loader reads back as their text.
const char* kScalars = "[\"string\", \"number\", \"boolean\"]";
const char* kScalarsOrNull = "[\"string\", \"number\", \"boolean\", \"null\"]";

// parse_length: a number (from_chars, optional '+') and a unit, or a bare zero.
const char* kLengthPattern = "^[+]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][+-]?[0-9]+)?(mm|cm|in|pt)$|^[+-]?(0+[.]?0*|[.]0+)$";
const char* kRelLengthPattern =
    "^[+]?-?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][+-]?[0-9]+)?(mm|cm|in|pt|%)$|^[+-]?(0+[.]?0*|[.]0+)$";
const char* kOffsetPattern =
    "^[+-]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][+-]?[0-9]+)?(mm|cm|in|pt)$|^[+-]?(0+[.]?0*|[.]0+)$";
const char* kAnglePattern = "^[+-]?([0-9]+[.]?[0-9]*|[.][0-9]+)deg$|^[+-]?(0+[.]?0*|[.]0+)$";
const char* kNumberPattern = "^[+]?-?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][+-]?[0-9]+)?$";
const char* kIntegerPattern = "^[+-]?[0-9]{1,15}$";

std::string name_pattern() {
  return "^[A-Za-z0-9_-][A-Za-z0-9._-]{0," + std::to_string(kMaxNameLength - 1) + "}$";
}

std::string def_name(const Schema& s) {
  std::string n = s.name;
  std::replace(n.begin(), n.end(), ' ', '_');
  return n;
}

std::string ref(const Schema& s) { return "{\"$ref\": \"#/definitions/" + def_name(s) + "\"}"; }

bool is_number(const std::string& s) {
  double x;
  return parse_double(s, &x);
}

// The keywords that give a field's values: `"type": ...`, and so on.
std::string field_type(const Field& f) {
  const bool null = !f.required;
  const std::string or_null = null ? ", {\"type\": \"null\"}" : "";
  switch (f.kind) {
    case K::String:
    case K::Template:
    case K::Scalar:
      return std::string("\"type\": ") + (null ? kScalarsOrNull : kScalars);
    case K::Name:
      return std::string("\"type\": ") + (null ? kScalarsOrNull : kScalars) + ", \"pattern\": " + q(name_pattern());
    case K::Length:
      return "\"anyOf\": [{\"type\": \"string\", \"pattern\": " + q(kLengthPattern) + "}, {\"const\": 0}" + or_null + "]";
    case K::RelLength:
      return "\"anyOf\": [{\"type\": \"string\", \"pattern\": " + q(kRelLengthPattern) + "}, {\"const\": 0}" + or_null + "]";
    case K::Offset:  // printer profiles: a length that may be negative
      return "\"anyOf\": [{\"type\": \"string\", \"pattern\": " + q(kOffsetPattern) + "}, {\"const\": 0}" + or_null + "]";
    case K::Angle:
      return "\"anyOf\": [{\"type\": \"string\", \"pattern\": " + q(kAnglePattern) + "}, {\"const\": 0}" + or_null + "]";
    case K::Number:
      return std::string("\"type\": [\"number\", \"string\"") + (null ? ", \"null\"" : "") + "], \"pattern\": " + q(kNumberPattern);
    case K::Integer:
      return std::string("\"type\": [\"integer\", \"string\"") + (null ? ", \"null\"" : "") + "], \"pattern\": " + q(kIntegerPattern);
    case K::Bool: {
      std::string o = "\"enum\": [true, false";
      for (const auto& w : bool_words()) o += ", " + q(w);
      return o + (null ? ", null]" : "]");
    }
    case K::Color:
      return std::string("\"type\": ") + (null ? "[\"string\", \"null\"]" : "\"string\"");
    case K::Enum: {
      std::string o = "\"enum\": [";
      for (size_t i = 0; i < f.choices.size(); ++i) o += (i ? ", " : "") + q(f.choices[i]);
      for (const auto& c : f.choices)  // `rotate: 90` is a number to YAML
        if (is_number(c)) o += ", " + c;
      return o + (null ? ", null]" : "]");
    }
    case K::StringList:
      return std::string("\"anyOf\": [{\"type\": ") + kScalars + "}, {\"type\": \"array\", \"items\": {\"type\": " +
             kScalars + "}}" + or_null + "]";
    case K::Object:  // if/then rather than anyOf: an editor then points at the bad key inside
      return null ? "\"type\": [\"object\", \"null\"], \"if\": {\"type\": \"object\"}, \"then\": " + ref(*f.object)
                  : "\"allOf\": [" + ref(*f.object) + "]";
    case K::ObjectList:
      if (f.alt)  // a list of either (an item with `alt_key` is an `alt`), or one `alt` alone
        return "\"anyOf\": [{\"type\": \"array\", \"items\": {\"if\": {\"type\": \"object\", \"required\": [" +
               q(f.alt_key) + "]}, \"then\": " + ref(*f.alt) + ", \"else\": " + ref(*f.object) + "}}, " + ref(*f.alt) +
               or_null + "]";
      return std::string("\"type\": ") + (null ? "[\"array\", \"null\"]" : "\"array\"") + ", \"items\": " + ref(*f.object);
    case K::ObjectMap:
      return std::string("\"type\": ") + (null ? "[\"object\", \"null\"]" : "\"object\"") +
             ", \"additionalProperties\": " + ref(*f.object);
    case K::Any:
      return f.json;
  }
  return "";
}

// A default as a JSON value of the field's own type, for editors to offer.
std::string default_value(const Field& f) {
  const std::string& d = f.def;
  bool b;
  if (f.kind == K::Bool && parse_bool(d, &b)) return b ? "true" : "false";
  if ((f.kind == K::Integer || f.kind == K::Number) && is_number(d)) return d;
  if (f.kind == K::StringList && d.size() > 1 && d.front() == '[' && d.back() == ']') {
    std::string o = "[", item;
    std::istringstream in(d.substr(1, d.size() - 2));
    for (bool first = true; std::getline(in, item, ','); first = false) {
      item.erase(0, item.find_first_not_of(' '));
      item.erase(item.find_last_not_of(' ') + 1);
      o += (first ? "" : ", ") + q(item);
    }
    return o + "]";
  }
  return q(d);
}

void emit_property(std::ostringstream& o, const Field& f, const std::string& pad, const std::string& layer_type) {
  o << pad << q(f.name) << ": {\"description\": " << q(f.doc);
  if (!layer_type.empty() && f.name == "type") {
    o << ", \"const\": " << q(layer_type) << "}";
    return;
  }
  if (!f.def.empty()) o << ", \"default\": " << default_value(f);
  const std::string t = field_type(f);
  if (!t.empty() && f.per_card)  // or a {field} read per card: size: "{size}"
    o << ", \"anyOf\": [{" << t << "}, {\"type\": \"string\", \"pattern\": \"\\\\{[a-z][a-z0-9_]*\\\\}\"}]";
  else if (!t.empty())
    o << ", " << t;
  o << "}";
}

// The keywords of one table: an object with exactly its keys (card fields: any key
// that is a field name).
void emit_object(std::ostringstream& o, const Schema& s, const std::string& pad, const std::string& layer_type = "") {
  o << pad << "\"title\": " << q(s.name) << ",\n" << pad << "\"description\": " << q(s.doc) << ",\n"
    << pad << "\"type\": \"object\",\n";
  if (s.open)  // read_card_fields: lower-case field names, each text or a number
    o << pad << "\"patternProperties\": {\"^[a-z][a-z0-9_]*$\": {\"description\": " << q(s.open_doc)
      << ", \"type\": " << kScalarsOrNull << ", \"maxLength\": " << kMaxFieldLength << "}},\n";
  o << pad << "\"additionalProperties\": false,\n" << pad << "\"required\": [";
  bool first = true;
  for (const auto& f : s.fields)
    if (f.required) {
      o << (first ? "" : ", ") << q(f.name);
      first = false;
    }
  o << "],\n" << pad << "\"properties\": {";
  for (size_t i = 0; i < s.fields.size(); ++i) {
    o << (i ? ",\n" : "\n");
    emit_property(o, s.fields[i], pad + "  ", layer_type);
  }
  o << "\n" << pad << "}";
}

// Every table a game file can hold, below the game itself, in the order first reached.
void reachable(const Schema& s, std::vector<const Schema*>* out) {
  for (const auto& f : s.fields)
    for (const Schema* t : {f.object, f.alt})  // `alt`: a deck's {csv: FILE} entries
      if (t && std::find(out->begin(), out->end(), t) == out->end()) {
        out->push_back(t);
        reachable(*t, out);
      }
}

}  // namespace

std::string json_schema() {
  std::ostringstream o;
  o << "{\n  \"$schema\": \"http://json-schema.org/draft-07/schema#\",\n"
    << "  \"$comment\": \"cardstock game file schema, generated by `cardstock schema` from the loader's tables\",\n";
  emit_object(o, Schemas::game(), "  ");
  o << ",\n  \"definitions\": {";
  std::vector<const Schema*> tables;
  reachable(Schemas::game(), &tables);
  for (const Schema* t : tables) {
    o << "\n    " << q(def_name(*t)) << ": {\n";
    emit_object(o, *t, "      ");
    o << "\n    },";
  }
  // A layer: its `type` picks the table that says which keys it may have.
  const auto types = Schemas::layer_types();
  o << "\n    \"layer\": {\n      \"description\": " << q(Schemas::layer_common().doc)
    << ",\n      \"type\": \"object\",\n      \"required\": [\"type\"],\n"
    << "      \"properties\": {\"type\": {\"description\": \"layer type\", \"enum\": [";
  for (size_t i = 0; i < types.size(); ++i) o << (i ? ", " : "") << q(types[i]);
  o << "]}},\n      \"allOf\": [";
  for (size_t i = 0; i < types.size(); ++i)
    o << (i ? "," : "") << "\n        {\"if\": {\"properties\": {\"type\": {\"const\": " << q(types[i])
      << "}}}, \"then\": " << ref(Schemas::layer(types[i])) << "}";
  o << "\n      ]\n    }";
  for (const auto& t : types) {
    o << ",\n    " << q(def_name(Schemas::layer(t))) << ": {\n";
    emit_object(o, Schemas::layer(t), "      ", t);
    o << "\n    }";
  }
  o << "\n  }\n}\n";
  return o.str();
}

}  // namespace cardstock
