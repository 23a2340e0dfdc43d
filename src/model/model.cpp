#include "model/model.h"

#include <algorithm>

namespace cardstock {

namespace {

int hex(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

template <class T>
const T* find_named(const std::vector<T>& v, const std::string& name) {
  // From the last: a name is unique within a layer of templates, and a higher layer (a
  // game's own stocks) comes later and wins.
  for (auto x = v.rbegin(); x != v.rend(); ++x) {
    if (x->id == name) return &*x;
    for (const auto& a : x->aliases)
      if (a == name) return &*x;
  }
  return nullptr;
}

template <class T>
std::vector<std::string> names_of(const std::vector<T>& v) {
  std::vector<std::string> out;
  for (const auto& x : v) {
    out.push_back(x.id);
    for (const auto& a : x.aliases) out.push_back(a);
  }
  return out;
}

}  // namespace

std::optional<Color> parse_color(const std::string& s) {
  if (s == "none") return Color{0, 0, 0, 0, true};
  if (s.empty() || s[0] != '#') return std::nullopt;
  std::string h = s.substr(1);
  for (char c : h)
    if (hex(c) < 0) return std::nullopt;
  if (h.size() == 3) h = {h[0], h[0], h[1], h[1], h[2], h[2]};
  if (h.size() != 6 && h.size() != 8) return std::nullopt;
  auto byte = [&](size_t i) { return (hex(h[i]) * 16 + hex(h[i + 1])) / 255.0; };
  Color c{byte(0), byte(2), byte(4), h.size() == 8 ? byte(6) : 1.0};
  return c;
}

TemplateFields read_template(const std::string& t) {
  TemplateFields out;
  for (size_t i = 0; i < t.size(); ++i) {
    if (t[i] == '{') {
      if (i + 1 < t.size() && t[i + 1] == '{') { ++i; continue; }
      size_t end = t.find('}', i);
      if (end == std::string::npos) {
        out.error = "unclosed '{' in '" + t + "'";
        return out;
      }
      std::string name = t.substr(i + 1, end - i - 1);
      if (name.empty()) {
        out.error = "empty '{}' in '" + t + "'";
        return out;
      }
      out.names.push_back(name);
      i = end;
    }
  }
  return out;
}

std::vector<std::string> template_fields(const std::string& t) { return read_template(t).names; }


size_t expanded_size(const std::string& t, const std::map<std::string, std::string>& f) {
  size_t n = 0;
  for (size_t i = 0; i < t.size(); ++i) {
    const char c = t[i];
    if ((c == '{' || c == '}') && i + 1 < t.size() && t[i + 1] == c) {
      ++n;
      ++i;
    } else if (c == '{') {
      const size_t end = t.find('}', i);
      if (end == std::string::npos) return n + t.size() - i;
      auto it = f.find(t.substr(i + 1, end - i - 1));
      if (it != f.end()) n += it->second.size();
      i = end;
    } else {
      ++n;
    }
  }
  return n;
}

std::string expand_template(const std::string& t, const std::map<std::string, std::string>& f,
                            std::string* missing) {
  std::string out;
  out.reserve(t.size());
  for (size_t i = 0; i < t.size(); ++i) {
    char c = t[i];
    if ((c == '{' || c == '}') && i + 1 < t.size() && t[i + 1] == c) {
      out += c;
      ++i;
    } else if (c == '{') {
      size_t end = t.find('}', i);
      if (end == std::string::npos) {
        out += t.substr(i);
        break;
      }
      std::string name = t.substr(i + 1, end - i - 1);
      auto it = f.find(name);
      if (it != f.end()) out += it->second;
      else if (missing && missing->empty()) *missing = name;
      i = end;
    } else {
      out += c;
    }
  }
  return out;
}

bool FontSet::has(const std::string& family) const {
  for (const auto& f : families)
    if (f.family == family) return true;
  return false;
}

const FactEntry* Facts::find(const std::string& key_value) const {
  for (const auto& e : entries)
    if (e.key == key_value) return &e;
  return nullptr;
}

bool UnrelatedRule::excepts(const FactEntry& e) const {
  if (except_fact.empty()) return false;
  auto it = e.values.find(except_fact);
  if (it == e.values.end()) return false;
  for (const auto& v : it->second)
    if (std::find(except_values.begin(), except_values.end(), v) != except_values.end()) return true;
  return false;
}

long Deck::total_cards() const {
  long n = 0;
  for (const auto& c : cards) n += c.count;
  return n;
}

bool Stock::holds(const CardSize& size) const {
  if (size.id == card.id) return true;
  for (const auto& a : accepts)
    if (a.id == size.id) return true;
  return false;
}

const Paper* Templates::find_paper(const std::string& n) const { return find_named(papers, n); }
const CardSize* Templates::find_card(const std::string& n) const { return find_named(cards, n); }
const Stock* Templates::find_stock(const std::string& n) const { return find_named(stocks, n); }
std::vector<const Stock*> Templates::find_stocks(const std::string& n) const {
  if (const Stock* s = find_stock(n)) return {s};
  std::vector<const Stock*> out;
  for (const auto& s : stocks)
    if (!s.family.empty() && s.family == n) out.push_back(&s);
  return out;
}
std::vector<std::string> Templates::stock_names() const {
  std::vector<std::string> out = names_of(stocks);
  for (const auto& s : stocks)
    if (!s.family.empty() && std::find(out.begin(), out.end(), s.family) == out.end()) out.push_back(s.family);
  return out;
}
std::vector<std::string> Templates::card_names() const { return names_of(cards); }
std::vector<std::string> Templates::paper_names() const { return names_of(papers); }

const Deck* Game::find_deck(const std::string& deck_id) const {
  for (const auto& d : decks)
    if (d.id == deck_id) return &d;
  return nullptr;
}

const DataTable* Game::find_table(const std::string& table_name) const {
  for (const auto& t : tables)
    if (t.name == table_name) return &t;
  return nullptr;
}

}  // namespace cardstock
