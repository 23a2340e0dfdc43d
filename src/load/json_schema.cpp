// json_schema(): the JSON Schema of a game file, written from the schema tables.
#include <algorithm>
#include <sstream>

#include "base/input_limits.h"
#include "base/json.h"
#include "load/schema.h"
#include "load/schema_values.h"

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
