// Reader: typed values of a validated map, each falling back to its schema default.
#include <stdexcept>

#include "base/length.h"
#include "load/schema/schema.h"
#include "load/schema/schema_values.h"

namespace cardstock {

using namespace loading;

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

}  // namespace cardstock
