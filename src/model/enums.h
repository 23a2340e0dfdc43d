// Enum tables: for each choice a content file writes (align: center, cut: marks), the one
// table of its names and values, in the order the schema lists them. The loader, the
// schema (allowed values, "did you mean", the JSON Schema) and layout's per-card values
// all read these; lookups never throw (an unknown name is nullopt, or false).
#pragma once
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "model/model.h"

namespace cardstock {

template <class V>
struct EnumName {
  std::string_view name;
  V value;
};

/// The value named `name` in `table`, or nullopt.
template <class V, size_t N>
constexpr std::optional<V> enum_value(const EnumName<V> (&table)[N], std::string_view name) {
  for (const auto& e : table)
    if (e.name == name) return e.value;
  return std::nullopt;
}

/// The name of `value` in `table` (the first, if two share it), or "".
template <class V, size_t N>
constexpr std::string_view enum_name(const EnumName<V> (&table)[N], V value) {
  for (const auto& e : table)
    if (e.value == value) return e.name;
  return {};
}

/// Every name of `table`, in order: a schema's allowed values and "did you mean".
template <class V, size_t N>
std::vector<std::string> enum_names(const EnumName<V> (&table)[N]) {
  std::vector<std::string> out;
  for (const auto& e : table) out.emplace_back(e.name);
  return out;
}

// ---- card sizes and stocks -----------------------------------------------------------
inline constexpr EnumName<Shape> kShapeNames[] = {
    {"rect", Shape::Rect}, {"hex", Shape::Hex}, {"circle", Shape::Circle}};
inline constexpr EnumName<StockKind> kStockKindNames[] = {
    {"cardstock", StockKind::Cardstock}, {"labels", StockKind::Labels}, {"foldover", StockKind::Foldover}};
inline constexpr EnumName<CutStyle> kCutStyleNames[] = {
    {"marks", CutStyle::Marks}, {"lines", CutStyle::Lines}, {"both", CutStyle::Both}, {"none", CutStyle::None}};
inline constexpr EnumName<Duplex> kDuplexNames[] = {{"long-edge", Duplex::LongEdge},
                                                    {"short-edge", Duplex::ShortEdge}};
inline constexpr EnumName<Packing> kPackingNames[] = {{"grid", Packing::Grid}, {"honeycomb", Packing::Honeycomb}};
inline constexpr EnumName<StockFormat> kStockFormatNames[] = {
    {"pdf", StockFormat::Pdf}, {"png", StockFormat::Png}, {"tts", StockFormat::Tts}};
inline constexpr EnumName<Black> kBlackNames[] = {{"neutral", Black::Neutral}, {"pure-k", Black::PureK}};
inline constexpr EnumName<PageOrder> kPageOrderNames[] = {{"front-back", PageOrder::FrontBack},
                                                          {"back-front", PageOrder::BackFront}};
inline constexpr EnumName<Fold> kFoldNames[] = {{"vertical", Fold::Vertical}, {"horizontal", Fold::Horizontal}};
inline constexpr EnumName<Cutter> kCutterNames[] = {
    {"none", Cutter::None}, {"silhouette", Cutter::Silhouette}, {"cricut", Cutter::Cricut}};
// A grid's turn of each card, in degrees.
inline constexpr EnumName<int> kGridRotateNames[] = {{"0", 0}, {"90", 90}};

// ---- layers ----------------------------------------------------------------------------
inline constexpr EnumName<LayerType> kLayerTypeNames[] = {{"rect", LayerType::Rect},
                                                          {"ellipse", LayerType::Ellipse},
                                                          {"line", LayerType::Line},
                                                          {"text", LayerType::Text},
                                                          {"image", LayerType::Image},
                                                          {"stack", LayerType::Stack}};
inline constexpr EnumName<Align> kAlignNames[] = {
    {"left", Align::Left}, {"center", Align::Center}, {"right", Align::Right}, {"justify", Align::Justify}};
inline constexpr EnumName<VAlign> kVAlignNames[] = {
    {"top", VAlign::Top}, {"middle", VAlign::Middle}, {"bottom", VAlign::Bottom}};
inline constexpr EnumName<Fit> kFitNames[] = {{"contain", Fit::Contain}, {"cover", Fit::Cover}, {"stretch", Fit::Stretch}};
// Placed layers and stacks (layout/placement.h).
inline constexpr EnumName<Anchor> kAnchorNames[] = {
    {"top-left", Anchor::TopLeft}, {"top", Anchor::Top},       {"top-right", Anchor::TopRight},
    {"left", Anchor::Left},        {"center", Anchor::Center}, {"right", Anchor::Right},
    {"bottom-left", Anchor::BottomLeft}, {"bottom", Anchor::Bottom}, {"bottom-right", Anchor::BottomRight}};
inline constexpr EnumName<Inset> kInsetNames[] = {{"trim", Inset::Trim}, {"bleed", Inset::Bleed}, {"safe", Inset::Safe}};
inline constexpr EnumName<StackDir> kStackDirNames[] = {{"down", StackDir::Down}, {"right", StackDir::Right}};
inline constexpr EnumName<StackAlign> kStackAlignNames[] = {
    {"stretch", StackAlign::Stretch}, {"start", StackAlign::Start}, {"center", StackAlign::Center}, {"end", StackAlign::End}};
// A layer's turn about its box's centre, in degrees.
inline constexpr EnumName<int> kRotateNames[] = {{"0", 0}, {"90", 90}, {"180", 180}, {"270", 270}};
// Text weight, style and direction, each held as a flag of the layer (bold, italic, rtl).
inline constexpr EnumName<bool> kWeightNames[] = {{"normal", false}, {"bold", true}};
inline constexpr EnumName<bool> kStyleNames[] = {{"normal", false}, {"italic", true}};
inline constexpr EnumName<bool> kDirNames[] = {{"ltr", false}, {"rtl", true}};

/// The names layer key `key` takes if it is a choice (rotate, weight, style, align, valign,
/// dir, fit), in order; empty for any other key.
std::vector<std::string> layer_choice_names(std::string_view key);

/// Sets choice key `key` of `l` to the value named `name` (a design's `align: center`, or
/// a card's {field} giving it). False, `l` untouched, if `key` is not a choice key or
/// `name` is not one of its names.
bool set_layer_choice(Layer& l, std::string_view key, std::string_view name);

// ---- other choices ---------------------------------------------------------------------
// A CSV card source's cell separator (none given: guessed from the header row).
inline constexpr EnumName<char> kSeparatorNames[] = {{",", ','}, {";", ';'}, {"tab", '\t'}};

// A board extra's side of its tile, as the hex step to that neighbour: rows down and
// half tiles right.
struct HexStep {
  int drow = 0, dx2 = 0;
  constexpr bool operator==(const HexStep&) const = default;
};
inline constexpr EnumName<HexStep> kHexSideNames[] = {{"ne", {-1, 1}}, {"e", {0, 2}},  {"se", {1, 1}},
                                                      {"sw", {1, -1}}, {"w", {0, -2}}, {"nw", {-1, -1}}};

}  // namespace cardstock
