#include "plan/deck_arts.h"

#include <functional>
#include <string>

namespace cardstock {

size_t DeckArts::push_back(CardArt art) {
  distinct_.push_back(std::move(art));
  index_.push_back(static_cast<uint32_t>(distinct_.size() - 1));
  return distinct_.size() - 1;
}

void DeckArts::push_shared(size_t number) { index_.push_back(static_cast<uint32_t>(number)); }

namespace {

// Mixes `v` into `h` (boost's hash_combine).
void mix(size_t& h, size_t v) { h ^= v + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2); }

}  // namespace

const std::optional<std::vector<std::string>>& DeckResolver::fields_of(const Design* design) {
  auto [it, fresh] = fields_.try_emplace(design);
  if (fresh && design) it->second = design_fields(*design);
  return it->second;
}

size_t DeckResolver::key_hash(const Design* design, const Card& card) {
  if (!design) return 0;  // an empty art, whatever the fields
  const std::hash<std::string> hs;
  size_t h = hs(design->name);
  auto add = [&](const std::string& name, const std::string* value) {
    mix(h, hs(name));
    mix(h, value ? hs(*value) + 1 : 0);
  };
  if (const auto& used = fields_of(design))
    for (const std::string& name : *used) {
      auto v = card.fields.find(name);
      add(name, v == card.fields.end() ? nullptr : &v->second);
    }
  else
    for (const auto& [name, value] : card.fields) add(name, &value);
  return h;
}

bool DeckResolver::same_key(const Design* design, const Card& a, const Card& b) {
  if (!design) return true;
  const auto& used = fields_of(design);
  if (!used) return a.fields == b.fields;
  for (const std::string& name : *used) {
    auto x = a.fields.find(name), y = b.fields.find(name);
    if ((x == a.fields.end()) != (y == b.fields.end())) return false;
    if (x != a.fields.end() && x->second != y->second) return false;
  }
  return true;
}

size_t DeckResolver::misses_count() const {
  size_t n = 0;
  if (misses_)
    for (const FieldMiss& f : *misses_) n += f.cards.size();
  return n;
}

void DeckResolver::add(size_t card, const Design* design, DeckArts& to) {
  const Card& c = deck_.cards[card];
  const size_t hash = key_hash(design, c);
  for (auto [it, end] = seen_.equal_range(hash); it != end; ++it) {
    const Seen& s = it->second;
    if (s.arts == &to && s.design == design && same_key(design, deck_.cards[s.card], c))
      return to.push_shared(s.number);
  }
  if (!design) {
    seen_.emplace(hash, Seen{&to, nullptr, card, to.push_back(CardArt{})});
    return;
  }
  // Past the kept messages a new one would not show in all(): nothing is shared then.
  const size_t said = d_.all().size(), missed = misses_count();
  CardArt art = resolve_card(g_, deck_, c, *design, m_, d_, misses_);
  const bool quiet = said < Diagnostics::kMaxKept && d_.all().size() == said && misses_count() == missed;
  const size_t number = to.push_back(std::move(art));
  if (quiet) seen_.emplace(hash, Seen{&to, design, card, number});
}

}  // namespace cardstock
