// Validation against the schema tables (validate, validate_value, scalar_problem) and
// the name rules ids and card fields follow (check_file_name, valid_field_name).
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <optional>
#include <set>

#include "base/length.h"
#include "base/text_check.h"
#include "load/schema/schema.h"
#include "load/schema/schema_values.h"
#include "model/model.h"

namespace cardstock {

using namespace loading;
using K = Kind;

std::string file_name_rule() {
  return "letters, digits, '-', '_' and '.' only, not starting with '.', 1 to " +
         std::to_string(kMaxNameLength) + " characters";
}

bool valid_field_name(const std::string& k) {
  bool ident = !k.empty() && k[0] >= 'a' && k[0] <= 'z';
  for (char ch : k) ident = ident && ((ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9') || ch == '_');
  return ident;
}

namespace {

// What keeps `s` from being one component of an output file name ("it contains '/'"),
// or "" if nothing does.
std::string file_name_problem(const std::string& s) {
  if (s.empty()) return "it is empty";
  // The characters first: "/" says more about "../../x" than its length would.
  for (size_t i = 0; i < s.size(); ++i) {
    const unsigned char c = static_cast<unsigned char>(s[i]);
    if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' ||
        c == '_' || c == '.')
      continue;
    if (c == ' ') return "it contains a space";
    if (c >= 0x21 && c < 0x7f) return std::string("it contains '") + static_cast<char>(c) + "'";
    if (c >= 0xC2 && c <= 0xF4) {  // a multi-byte UTF-8 character: show it whole
      size_t n = 1;
      while (i + n < s.size() && n < 4 && (static_cast<unsigned char>(s[i + n]) & 0xC0) == 0x80) ++n;
      return "it contains '" + s.substr(i, n) + "' (only ASCII letters are allowed)";
    }
    char hex[8];
    std::snprintf(hex, sizeof hex, "0x%02X", c);
    return std::string("it contains the byte ") + hex;
  }
  if (s.size() > kMaxNameLength) return "it is " + std::to_string(s.size()) + " characters long";
  if (s == "." || s == "..") return "it names a folder, not a file";
  if (s[0] == '.') return "it starts with '.' (a hidden file)";
  return "";
}

}  // namespace

bool check_file_name(const std::string& s, const std::string& what, const Mark& m, Diagnostics& d) {
  const std::string why = file_name_problem(s);
  if (why.empty()) return true;
  d.error(m, what + " '" + s + "' cannot name a file: " + why + " (ids name output files: use " + file_name_rule() +
                 ")");
  return false;
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

// yaml-cpp's own lookup builds a std::stringstream for every absent key (to name it in an
// InvalidNode exception nobody sees), and making a node to stand for "absent" allocates
// a whole node memory: the loader asks a handful of absent keys on every card of a deck.
// 0: no such key, 1: there with a null value, 2: there with another value.
int key_state(const YAML::Node& n, std::string_view key) {
  if (!n.IsDefined() || !n.IsMap()) return 0;
  for (const auto& kv : n)
    if (kv.first.IsScalar() && kv.first.Scalar() == key) return kv.second.IsNull() ? 1 : 2;
  return 0;
}

}  // namespace

bool has_key(const YAML::Node& n, std::string_view key) { return key_state(n, key) > 0; }
bool has_value(const YAML::Node& n, std::string_view key) { return key_state(n, key) == 2; }

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
      // A map, or one of the words its `choices` list (grid: auto).
      if (v.IsScalar() && std::find(f.choices.begin(), f.choices.end(), v.Scalar()) != f.choices.end()) return true;
      if (!v.IsMap())
        return wrong(f, mark_of(v, file),
                     f.choices.empty() ? "must be a map" : "must be a map or " + join_quoted(f.choices), d);
      return validate(v, *f.object, file, d);
    case K::ObjectList: {
      auto alt = [&](const YAML::Node& item) {
        if (!f.alt || !item.IsMap()) return false;
        for (const auto& k : f.alt_keys)
          if (has_key(item, k)) return true;
        return false;
      };
      if (alt(v)) return validate(v, *f.alt, file, d);
      if (!v.IsSequence() && f.alt && v.IsScalar() && !f.alt_keys.empty()) {
        // A file named alone (`cards: words.csv`): the map that names a file, with it.
        std::string keys;
        for (size_t i = 0; i < f.alt_keys.size(); ++i)
          keys += (i == 0 ? "" : i + 1 == f.alt_keys.size() ? " or " : ", ") + f.alt_keys[i];
        return wrong(f, mark_of(v, file),
                     "must be a list, or a map with " + keys + " (e.g. " + f.name + ": {" + f.alt_keys.front() + ": " +
                         shown_text(v.Scalar(), 0) + "})",
                     d);
      }
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
    const std::string err = read_template(v.Scalar()).error;
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
    if (f->kind == K::Name &&
        !check_file_name(kv.second.Scalar(), f->name == "id" ? s.name + " id" : f->name + " id",
                         mark_of(kv.second, file), d))
      ok = false;
  }
  for (const auto& f : s.fields) {
    if (f.required && !has_value(n, f.name)) {
      d.error(mark_of(n, file), "missing required key '" + f.name + "' in " + s.name);
      ok = false;
    }
  }
  return ok;
}

}  // namespace cardstock
