// json_schema(): the JSON Schema of a game file, built from the schema tables as one
// Json document and written in the published file's layout (base/json.h quotes).
#include <algorithm>
#include <sstream>
#include <vector>

#include "base/input_limits.h"
#include "base/json.h"
#include "load/schema/schema.h"
#include "load/schema/schema_values.h"

namespace cardstock {

using namespace loading;
using K = Kind;

namespace {

// Draft-07, the draft editors' YAML support (yaml-language-server, VS Code) implements in
// full. Each kind accepts what the loader accepts, as a YAML parser hands it over:
// numbers YAML writes unquoted (`rotate: 90`, `count: 3`, `x: 0`) as well as quoted
// text, booleans as YAML 1.1 and 1.2 spell them, and null for a key that is not
// required (the loader reads it as absent). tests/load/schema_editor_test.cpp holds the
// two to each other key by key with an independent validator.

// A scalar as the loader takes it: YAML turns `1`, `true` or `1.5` into numbers and
// booleans the loader reads back as their text.
Json scalars(bool or_null) {
  Json t = Json::array({"string", "number", "boolean"});
  if (or_null) t.push_back("null");
  return t;
}

// parse_length: a number (from_chars, optional '+') and a unit, or a bare zero.
constexpr const char* kLengthPattern = "^[+]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][+-]?[0-9]+)?(mm|cm|in|pt)$|^[+-]?(0+[.]?0*|[.]0+)$";
constexpr const char* kRelLengthPattern =
    "^[+]?-?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][+-]?[0-9]+)?(mm|cm|in|pt|%)$|^[+-]?(0+[.]?0*|[.]0+)$";
constexpr const char* kOffsetPattern =
    "^[+-]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][+-]?[0-9]+)?(mm|cm|in|pt)$|^[+-]?(0+[.]?0*|[.]0+)$";
constexpr const char* kAnglePattern = "^[+-]?([0-9]+[.]?[0-9]*|[.][0-9]+)deg$|^[+-]?(0+[.]?0*|[.]0+)$";
constexpr const char* kNumberPattern = "^[+]?-?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][+-]?[0-9]+)?$";
constexpr const char* kIntegerPattern = "^[+-]?[0-9]{1,15}$";

std::string name_pattern() {
  return "^[A-Za-z0-9_-][A-Za-z0-9._-]{0," + std::to_string(kMaxNameLength - 1) + "}$";
}

std::string def_name(const Schema& s) {
  std::string n = s.name;
  std::replace(n.begin(), n.end(), ' ', '_');
  return n;
}

Json ref(const Schema& s) { return Json{{"$ref", "#/definitions/" + def_name(s)}}; }

bool is_number(const std::string& s) {
  double x;
  return parse_double(s, &x);
}

// A text pattern, or 0 (YAML's bare zero), or null when the key is not required.
Json pattern_or_zero(const char* pattern, bool or_null) {
  Json any = Json::array({Json{{"type", "string"}, {"pattern", pattern}}, Json{{"const", 0}}});
  if (or_null) any.push_back(Json{{"type", "null"}});
  return Json{{"anyOf", any}};
}

// A number as YAML gives it, or its text matching `pattern`.
Json number_or_text(const char* type, const char* pattern, bool or_null) {
  Json types = Json::array({type, "string"});
  if (or_null) types.push_back("null");
  return Json{{"type", types}, {"pattern", pattern}};
}

Json enum_of(const Field& f, bool or_null) {
  Json values = Json::array();
  if (f.kind == K::Bool) {
    values = Json::array({true, false});
    for (const auto& w : bool_words()) values.push_back(w);
  } else {
    for (const auto& c : f.choices) values.push_back(c);
    for (const auto& c : f.choices)  // `rotate: 90` is a number to YAML
      if (is_number(c)) values.push_back(Json::parse(c));
  }
  if (or_null) values.push_back(nullptr);
  return Json{{"enum", values}};
}

// The keywords of a field that holds other tables: a map, a list or a map of maps.
Json object_type(const Field& f, bool null) {
  switch (f.kind) {
    case K::Object:  // if/then rather than anyOf: an editor then points at the bad key inside
      if (null) return Json{{"type", Json::array({"object", "null"})}, {"if", {{"type", "object"}}}, {"then", ref(*f.object)}};
      return Json{{"allOf", Json::array({ref(*f.object)})}};
    case K::ObjectList:
      if (f.alt) {  // a list of either (an item with one of `alt_keys` is an `alt`), or one `alt` alone
        Json holds = Json::array();
        for (const auto& k : f.alt_keys) holds.push_back(Json{{"required", Json::array({k})}});
        Json item{{"if", {{"type", "object"}, {"anyOf", holds}}},
                  {"then", ref(*f.alt)},
                  {"else", ref(*f.object)}};
        Json any = Json::array({Json{{"type", "array"}, {"items", item}}, ref(*f.alt)});
        if (null) any.push_back(Json{{"type", "null"}});
        return Json{{"anyOf", any}};
      }
      return Json{{"type", null ? Json::array({"array", "null"}) : Json("array")}, {"items", ref(*f.object)}};
    default:  // K::ObjectMap
      return Json{{"type", null ? Json::array({"object", "null"}) : Json("object")},
                  {"additionalProperties", ref(*f.object)}};
  }
}

// The keywords that give a field's values: `"type": ...`, and so on.
Json field_type(const Field& f) {
  const bool null = !f.required;
  switch (f.kind) {
    case K::String:
    case K::Template:
    case K::Scalar:
      return Json{{"type", scalars(null)}};
    case K::Name:
      return Json{{"type", scalars(null)}, {"pattern", name_pattern()}};
    case K::Length:
      return pattern_or_zero(kLengthPattern, null);
    case K::RelLength:
      return pattern_or_zero(kRelLengthPattern, null);
    case K::Offset:  // printer profiles: a length that may be negative
      return pattern_or_zero(kOffsetPattern, null);
    case K::Angle:
      return pattern_or_zero(kAnglePattern, null);
    case K::Number:
      return number_or_text("number", kNumberPattern, null);
    case K::Integer:
      return number_or_text("integer", kIntegerPattern, null);
    case K::Bool:
    case K::Enum:
      return enum_of(f, null);
    case K::Color:
      return Json{{"type", null ? Json::array({"string", "null"}) : Json("string")}};
    case K::StringList: {
      Json any = Json::array({Json{{"type", scalars(false)}},
                              Json{{"type", "array"}, {"items", {{"type", scalars(false)}}}}});
      if (null) any.push_back(Json{{"type", "null"}});
      return Json{{"anyOf", any}};
    }
    case K::Object:
      if (!f.choices.empty()) return Json{{"anyOf", Json::array({object_type(f, null), Json{{"enum", f.choices}}})}};
      return object_type(f, null);
    case K::ObjectList:
    case K::ObjectMap:
      return object_type(f, null);
    case K::Any:  // the loader's own check, in the table as JSON Schema keywords
      return Json::parse("{" + f.json + "}");
  }
  return Json::object();
}

// A default as a JSON value of the field's own type, for editors to offer.
Json default_value(const Field& f) {
  const std::string& d = f.def;
  bool b;
  if (f.kind == K::Bool && parse_bool(d, &b)) return b;
  if ((f.kind == K::Integer || f.kind == K::Number) && is_number(d)) return Json::parse(d);
  if (f.kind == K::StringList && d.size() > 1 && d.front() == '[' && d.back() == ']') {
    Json list = Json::array();
    std::istringstream in(d.substr(1, d.size() - 2));
    for (std::string item; std::getline(in, item, ',');) {
      item.erase(0, item.find_first_not_of(' '));
      item.erase(item.find_last_not_of(' ') + 1);
      list.push_back(item);
    }
    return list;
  }
  return d;
}

Json property(const Field& f, const std::string& layer_type) {
  Json p{{"description", f.doc}};
  if (!layer_type.empty() && f.name == "type") {
    p["const"] = layer_type;
    return p;
  }
  if (!f.def.empty()) p["default"] = default_value(f);
  const Json t = field_type(f);
  if (!t.empty() && f.per_card)  // or a {field} read per card: size: "{size}"
    p["anyOf"] = Json::array({t, Json{{"type", "string"}, {"pattern", "\\{[a-z][a-z0-9_]*\\}"}}});
  else
    p.update(t);
  return p;
}

// One table: an object with exactly its keys (card fields: any key that is a field name).
void add_object(Json& o, const Schema& s, const std::string& layer_type = "") {
  o["title"] = s.name;
  o["description"] = s.doc;
  o["type"] = "object";
  if (s.open)  // read_card_fields: lower-case field names, each text or a number
    o["patternProperties"] = {
        {"^[a-z][a-z0-9_]*$", {{"description", s.open_doc}, {"type", scalars(true)}, {"maxLength", kMaxFieldLength}}}};
  o["additionalProperties"] = false;
  if (!s.one_of.empty()) {  // exactly one of them, and not null (null is as if absent)
    Json one = Json::array();
    for (const auto& k : s.one_of)
      one.push_back(Json{{"required", Json::array({k})}, {"properties", {{k, {{"type", "string"}}}}}});
    o["oneOf"] = one;
  }
  o["required"] = Json::array();
  for (const auto& f : s.fields)
    if (f.required) o["required"].push_back(f.name);
  o["properties"] = Json::object();
  for (const auto& f : s.fields) o["properties"][f.name] = property(f, layer_type);
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

// A layer: its `type` picks the table that says which keys it may have.
Json layer_dispatch() {
  const auto types = Schemas::layer_types();
  Json all_of = Json::array();
  for (const auto& t : types)
    all_of.push_back(Json{{"if", {{"properties", {{"type", {{"const", t}}}}}}}, {"then", ref(Schemas::layer(t))}});
  return Json{{"description", Schemas::layer_common().doc},
              {"type", "object"},
              {"required", Json::array({"type"})},
              {"properties", {{"type", {{"description", "layer type"}, {"enum", types}}}}},
              {"allOf", all_of}};
}

Json schema_document() {
  Json doc{{"$schema", "http://json-schema.org/draft-07/schema#"},
           {"$comment", "cardstock game file schema, generated by `cardstock schema` from the loader's tables"}};
  add_object(doc, Schemas::game());
  Json& defs = doc["definitions"] = Json::object();
  std::vector<const Schema*> tables;
  reachable(Schemas::game(), &tables);
  for (const Schema* t : tables) add_object(defs[def_name(*t)], *t);
  defs["layer"] = layer_dispatch();
  for (const auto& t : Schemas::layer_types()) add_object(defs[def_name(Schemas::layer(t))], Schemas::layer(t), t);
  return doc;
}

// ---- the file's layout -----------------------------------------------------------------
// The published file keeps the layout it has always had, so that its history reads: one
// entry a line for the document, its properties and definitions, each definition and its
// properties (and the layer's allOf); everything deeper on one line, as {"a": 1, "b": [2]}.

bool one_entry_a_line(const std::vector<std::string>& path) {
  if (path.empty()) return true;
  if (path.size() == 1) return path[0] == "properties" || path[0] == "definitions";
  if (path[0] != "definitions") return false;
  if (path.size() == 2) return true;
  return path.size() == 3 && (path[2] == "allOf" || (path[2] == "properties" && path[1] != "layer"));
}

void write(std::string& out, const Json& j, std::vector<std::string>& path, int depth) {
  if (!j.is_object() && !j.is_array()) {
    out += j.is_string() ? json_quote(j.get_ref<const std::string&>()) : j.dump();
    return;
  }
  const bool lines = one_entry_a_line(path);
  const std::string pad(lines ? 2 * (depth + 1) : 0, ' ');
  out += j.is_object() ? "{" : "[";
  bool first = true;
  for (const auto& [key, value] : j.items()) {
    out += first ? (lines ? "\n" : "") : (lines ? ",\n" : ", ");
    out += pad;
    if (j.is_object()) out += json_quote(key) + ": ";
    path.push_back(key);
    write(out, value, path, depth + 1);
    path.pop_back();
    first = false;
  }
  if (lines) out += "\n" + std::string(2 * depth, ' ');
  out += j.is_object() ? "}" : "]";
}

}  // namespace

std::string json_schema() {
  std::string out;
  std::vector<std::string> path;
  write(out, schema_document(), path, 0);
  return out + "\n";
}

}  // namespace cardstock
