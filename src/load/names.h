// Names the readers share: "did you mean" with the names available, and names that must
// be unique (a second use is an error with a note at the first). Reports, never throws.
#pragma once
#include <algorithm>
#include <map>
#include <string>
#include <vector>

#include "base/diag.h"
#include "model/model.h"

namespace cardstock::loading {

// "; available: a, b, c" (each once, at most 40), so a wrong name shows what could be
// written instead.
std::string available(const std::vector<std::string>& names);

// Every id of a list of papers, card sizes or stocks (their aliases are accepted too,
// but listing them would only make the list longer).
template <class T>
std::vector<std::string> ids_of(const std::vector<T>& v) {
  std::vector<std::string> out;
  for (const auto& x : v) out.push_back(x.id);
  return out;
}

// Reports unknown names with a "did you mean" from the known ones, and lists those
// (`shown`, else `known`).
void unknown(Diagnostics& d, const Mark& m, const std::string& what, const std::string& name,
             const std::vector<std::string>& known, const std::vector<std::string>& shown = {});

// The family names of a font set, for "did you mean".
std::vector<std::string> family_names(const FontSet& fonts);

// The second use of a name that must be unique is an error, with a note at the first.
class UniqueNames {
 public:
  bool has(const std::string& name) const { return first_.count(name) > 0; }
  /// True if `name` is new; else reports `message` at `m` and where `name` was first used.
  bool add(const std::string& name, const Mark& m, const std::string& message, Diagnostics& d,
           const std::string& used = "used") {
    auto [first, fresh] = first_.emplace(name, m);
    if (!fresh) {
      d.error(m, message);
      d.note(first->second, "'" + name + "' is first " + used + " here");
    }
    return fresh;
  }

 private:
  std::map<std::string, Mark> first_;
};

// Papers, card sizes and stocks are found by id or alias: every name of one must be
// unique among all of them, or a deck naming it would get whichever came first.
template <class T>
bool names_unique(const std::vector<T>& known, const T& x, const std::string& what, Diagnostics& d) {
  std::vector<std::string> names{x.id};
  names.insert(names.end(), x.aliases.begin(), x.aliases.end());
  for (const auto& n : names)
    for (const auto& k : known) {
      const bool taken = k.id == n || std::find(k.aliases.begin(), k.aliases.end(), n) != k.aliases.end();
      if (!taken) continue;
      d.error(x.mark, n == x.id && k.id == n
                          ? what + " '" + n + "' is defined twice"
                          : what + " '" + x.id + "': the name '" + n + "' is already one of " + what +
                                " '" + k.id + "'");
      d.note(k.mark, what + " '" + k.id + "' is first defined here");
      return false;
    }
  return true;
}

}  // namespace cardstock::loading
