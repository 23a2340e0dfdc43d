#include "load/game/facts.h"

#include "load/names.h"

namespace cardstock::loading {

namespace {

Facts read_facts(const YAML::Node& n, const std::string& file, Diagnostics& d) {
  Reader r(n, Schemas::facts(), file);
  Facts f;
  f.key = r.str("key");
  f.mark = r.mark();
  YAML::Node entries = r.node("entries");
  if (!entries || !entries.IsSequence()) {
    if (entries) d.error(mark_of(entries, file), "'entries' must be a list of maps");
    return f;
  }
  UniqueNames seen;
  for (const auto& e : entries) {
    if (!e.IsMap()) {
      d.error(mark_of(e, file), "a fact entry must be a map");
      continue;
    }
    FactEntry fe;
    fe.mark = mark_of(e, file);
    for (const auto& kv : e) {
      const std::string k = kv.first.Scalar();
      std::vector<std::string> vals;
      if (kv.second.IsScalar()) vals.push_back(kv.second.Scalar());
      else if (kv.second.IsSequence())
        for (const auto& v : kv.second)
          if (v.IsScalar()) vals.push_back(v.Scalar());
          else d.error(mark_of(v, file), "fact '" + k + "' must list strings only");
      else d.error(mark_of(kv.second, file), "fact '" + k + "' must be a string or a list");
      fe.values[k] = vals;
    }
    auto it = fe.values.find(f.key);
    if (it == fe.values.end() || it->second.size() != 1) {
      d.error(fe.mark, "fact entry has no single '" + f.key + "' (the facts key)");
      continue;
    }
    fe.key = it->second[0];
    if (!seen.add(fe.key, fe.mark, "fact entry '" + fe.key + "' is listed twice", d, "listed")) continue;
    f.entries.push_back(std::move(fe));
  }
  return f;
}

// An unrelated rule's 'except': one fact and the value (or values) it exempts.
void read_except(const YAML::Node& ex, const std::string& file, UnrelatedRule* ur, Diagnostics& d) {
  if (!ex.IsMap() || ex.size() != 1) {
    d.error(mark_of(ex, file), "'except' must be one fact and its values, e.g. "
                               "{kind: [place, god]}");
    return;
  }
  for (const auto& kv : ex) {
    ur->except_fact = kv.first.Scalar();
    if (kv.second.IsScalar()) ur->except_values.push_back(kv.second.Scalar());
    else if (kv.second.IsSequence())
      for (const auto& v : kv.second) ur->except_values.push_back(v.as<std::string>(""));
  }
}

UnrelatedRule read_unrelated(const YAML::Node& rule, const std::string& file, bool has_facts,
                             Diagnostics& d) {
  Reader rr(rule, Schemas::unrelated(), file);
  UnrelatedRule ur;
  ur.field = rr.str("field");
  ur.fact = rr.str("fact");
  ur.mark = rr.mark();
  ur.fact_mark = rr.mark("fact");
  if (YAML::Node ex = rr.node("except"); ex && !ex.IsNull()) read_except(ex, file, &ur, d);
  ur.note = rr.str("note");
  if (YAML::Node allow = rr.node("allow"); allow && allow.IsSequence())
    for (const auto& a : allow) {
      if (!a.IsMap()) continue;
      Reader ar(a, Schemas::unrelated_allow(), file);
      ur.allow.push_back({ar.str("card"), ar.str("reason"), ar.mark()});
    }
  if (!has_facts) d.error(ur.mark, "an 'unrelated' rule needs the deck's 'facts'");
  return ur;
}

void read_value_names(const YAML::Node& names, const std::string& file, Deck* deck, Diagnostics& d) {
  if (!names.IsMap()) {
    d.error(mark_of(names, file), "'names' must map values to the names shown for them");
    return;
  }
  for (const auto& kv : names) {
    if (!kv.second.IsScalar()) {
      d.error(mark_of(kv.second, file), "'names' must map values to the names shown for them");
      continue;
    }
    deck->names[kv.first.Scalar()] = kv.second.Scalar();
  }
}

}  // namespace

// What matching games add to a deck: the facts table, the unrelated rules checked
// against it, the names values print as, and the answer key.
void read_deck_facts(const Reader& r, const std::string& file, Deck* deck, Diagnostics& d) {
  if (YAML::Node f = r.node("facts"); f && f.IsMap()) deck->facts = read_facts(f, file, d);
  if (YAML::Node u = r.node("unrelated"); u && u.IsSequence())
    for (const auto& rule : u)
      if (rule.IsMap()) deck->unrelated.push_back(read_unrelated(rule, file, deck->facts.has_value(), d));
  if (YAML::Node names = r.node("names"); names && !names.IsNull()) read_value_names(names, file, deck, d);
  if (YAML::Node a = r.node("answer_key"); a && a.IsMap()) {
    Reader ar(a, Schemas::answer_key(), file);
    deck->answer_key = AnswerKey{ar.str("title"), ar.list("columns"), {}, ar.mark()};
    if (YAML::Node cols = ar.node("columns"); cols && cols.IsSequence())
      for (const auto& c : cols) deck->answer_key->column_marks.push_back(mark_of(c, file));
    if (!deck->facts) d.error(ar.mark(), "an 'answer_key' needs the deck's 'facts'");
  }
}

}  // namespace cardstock::loading
