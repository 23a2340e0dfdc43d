// Schema tables: one per YAML object. They drive validation, defaults, "did you mean",
// the JSON Schema (`cardstock schema`) and the documentation test, so these cannot drift.
#pragma once
#include <string>
#include <string_view>
#include <vector>

#include <yaml-cpp/yaml.h>

#include "base/diag.h"
#include "base/input_limits.h"

namespace cardstock {

enum class Kind {
  String,      // plain text
  Name,        // an id that names an output file or folder: see check_file_name()
  Template,    // text with {field} references, expanded per card
  Length,      // 63.5mm, 2.5in, 12pt
  RelLength,   // a Length or a percentage of the card
  Number,      // a plain number
  Integer,     // a whole number
  Bool,        // true / false
  Color,       // #rrggbb, none or a palette name (may be a Template)
  Enum,        // one of `choices`
  StringList,  // a list of strings (a single string is accepted as a list of one)
  Object,      // a map checked against `object`
  ObjectList,  // a list of maps, each checked against `object`
  ObjectMap,   // a map of names to maps, each checked against `object`
  Scalar,      // a string or number (card fields)
  Any,         // anything: checked by hand in the loader
  Offset,      // a Length that may be negative (a printer's duplex offset)
  Angle,       // degrees with their unit: 0.2deg (a bare 0 too)
};

struct Schema;

struct Field {
  std::string name;
  Kind kind = Kind::String;
  bool required = false;
  std::string def;  // default, as YAML text; "" = none
  std::string doc;
  std::vector<std::string> choices;  // Kind::Enum
  const Schema* object = nullptr;    // Kind::Object / ObjectList / ObjectMap
  // Kind::ObjectList: an item holding one of the keys `alt_keys` is checked against `alt`
  // instead (cards or a `{csv: FILE}` / `{sheet: FILE}` entry), and the value may be one
  // such map on its own.
  const Schema* alt = nullptr;
  std::vector<std::string> alt_keys;
  // A layer key that may be a {field} reference instead of its kind's value, read per card.
  bool per_card = false;
  std::string json;                  // Kind::Any: JSON Schema keywords for what the loader accepts
};

struct Schema {
  std::string name;  // as used in messages: "text layer", "deck"
  std::string doc;
  std::vector<Field> fields;
  bool open = false;       // keys not listed are allowed (card data fields)
  std::string open_doc;    // what extra keys mean, when open
  std::vector<std::string> one_of;  // exactly one of these keys is given (checked by the loader)
  const Field* find(const std::string& key) const;
  std::vector<std::string> keys() const;
};

/// Every schema of the content format, by role.
struct Schemas {
  static const Schema& game();
  static const Schema& design();
  static const Schema& layer(const std::string& type);  // "rect", "text", ...; throws on unknown
  static std::vector<std::string> layer_types();
  static const Schema& layer_common();
  static const Schema& deck();
  static const Schema& expect();
  static const Schema& facts();
  static const Schema& unrelated();
  static const Schema& unrelated_allow();
  static const Schema& answer_key();
  static const Schema& card();
  static const Schema& card_source();
  static const Schema& stock();
  static const Schema& grid();
  static const Schema& paper();
  static const Schema& card_size();
  static const Schema& fonts_file();
  static const Schema& font();
  static const Schema& papers_file();
  static const Schema& cards_file();
  static const Schema& designs_file();
  static const Schema& board();
  static const Schema& board_rule();
  static const Schema& board_extra();
  static const Schema& booklet();
  static const Schema& booklet_cover();
  static const Schema& data_table();
  static const Schema& paper_area();      // a stock's label_area
  static const Schema& printer();         // a printer profile (--printer)
  static const Schema& duplex_offset();   // its duplex_offset
  /// Every schema above, for documentation and tests.
  static std::vector<const Schema*> all();
};

/// True if `s` can be one component of an output file name: 1 to kMaxNameLength
/// characters, only ASCII letters, digits, '-', '_' and '.', not starting with '.'.
/// Otherwise false, after reporting at `m` "<what> '<s>' cannot name a file: <what
/// breaks the rule> (ids name output files: use <file_name_rule()>)".
bool check_file_name(const std::string& s, const std::string& what, const Mark& m, Diagnostics& d);

/// The rule check_file_name() applies, in words, for messages and docs.
std::string file_name_rule();

/// True if `s` can name a card field (used as {field}): [a-z][a-z0-9_]*.
bool valid_field_name(const std::string& s);

/// 1-based mark of a node in `file`.
Mark mark_of(const YAML::Node& n, const std::string& file);

/// True if the map `n` has `key` with any value, null included (as `n[key]` tests true);
/// false if `n` is not a map (or is an absent key's node). Never throws. Unlike n[key], an
/// absent key costs no string stream.
bool has_key(const YAML::Node& n, std::string_view key);

/// True if the map `n` has `key` with a value that is not null. As has_key otherwise.
bool has_value(const YAML::Node& n, std::string_view key);

/// Checks `n` against `s`: it must be a map, with no unknown keys (each gets a "did you
/// mean"), every required key present, and each value of its field's kind. Recurses into
/// Object/ObjectList/ObjectMap fields. A key given twice, and a key that is not text (a
/// list, a map, null), are skipped, not reported: the loader reports every one of a file
/// at its place. Returns false if
/// anything was wrong.
bool validate(const YAML::Node& n, const Schema& s, const std::string& file, Diagnostics& d);

/// What is wrong with `s` as a value of `f`'s kind (a length, number, choice...), as words
/// to follow the key ("must be a length with a unit (mm, cm, in or pt), not '12'"), or "".
/// For values only known per card (a {field} filled in).
std::string scalar_problem(const Field& f, const std::string& s);

/// Checks one value against a field's kind (used by validate and for Any fields).
bool validate_value(const YAML::Node& v, const Field& f, const std::string& file,
                    Diagnostics& d);

/// Reads typed values from a validated map, taking defaults from the schema. Values
/// that failed validation read as the default (validation already reported them).
class Reader {
 public:
  Reader(const YAML::Node& n, const Schema& s, std::string file);
  bool has(const std::string& key) const;
  YAML::Node node(const std::string& key) const;
  Mark mark(const std::string& key) const;  // the value's mark, else the object's
  Mark mark() const { return mark_of(n_, file_); }
  std::string str(const std::string& key) const;
  double number(const std::string& key) const;
  long integer(const std::string& key) const;
  bool boolean(const std::string& key) const;
  struct Length length(const std::string& key) const;
  struct RelLength rel_length(const std::string& key) const;
  double angle(const std::string& key) const;  // degrees
  std::vector<std::string> list(const std::string& key) const;

 private:
  const Field& field(const std::string& key) const;
  const YAML::Node* find(const std::string& key) const;  // nullptr if absent
  std::string raw(const std::string& key) const;  // scalar or default
  YAML::Node n_;
  std::vector<std::pair<std::string, YAML::Node>> entries_;  // the map's keys, in order
  const Schema& s_;
  std::string file_;
};

/// The JSON Schema (draft-07, what editors implement) of a game file, generated from the
/// tables; docs/cardstock.schema.json holds a copy (a test keeps it in step).
std::string json_schema();

}  // namespace cardstock
