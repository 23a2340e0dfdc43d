// Diagnostics: collected, never thrown; each carries the file:line:col it is about.
#pragma once
#include <ostream>
#include <set>
#include <string>
#include <vector>

namespace cardstock {

struct Mark {
  std::string file;
  int line = 0;  // 1-based; 0 = whole file (or whole tab). In a spreadsheet: the row
  int col = 0;   // 1-based. In a spreadsheet: the column (1 = A)
  std::string tab;  // a spreadsheet's tab ("" = a text file): the mark is a cell
  /// "file:line:col", or "file" when line is 0; a cell: "file:tab!B7" (a tab of more than
  /// letters, digits and _ quoted as spreadsheets quote it: 'My tab'!B7), "file:tab".
  std::string str() const;
};

/// A spreadsheet column's letters: 1 -> "A", 27 -> "AA"; "" for 0 or less.
std::string column_letters(int col);

/// A Note belongs to the error or warning reported just before it (e.g. "first defined
/// here"): it is counted neither as an error nor as a warning, and --strict leaves it.
/// A Notice is a note of its own (a game's stock replacing a shipped one, a CMYK file's
/// ink): printed as "note:" too, and left out under --quiet.
enum class Severity { Warning, Error, Note, Notice };

struct Diagnostic {
  Severity severity = Severity::Error;
  Mark mark;
  std::string message;
  std::string str() const;  // "file:line:col: error: message" (or warning:, note:)
  // An error about a file that cannot be read (Diagnostics::file_error): the file, and
  // how many more places named it (said at the end of `message`, from byte `said`).
  std::string file;
  size_t more = 0, said = 0;
};

class Diagnostics {
 public:
  void error(const Mark& m, std::string msg);
  /// An error about `file`, which cannot be read (missing, not a file), named at `m`:
  /// said once a file, at the first place that names it; every later place is counted
  /// into that one ("(and 13 more places)"), whichever deck or design it is in.
  void file_error(const Mark& m, std::string msg, const std::string& file);
  void warning(const Mark& m, std::string msg);
  /// A warning about `file` (a picture named in other letter case than the disk's), said
  /// once a file as file_error says its errors, the later places counted into it.
  void file_warning(const Mark& m, std::string msg, const std::string& file);
  /// Adds a note to the error or warning just reported (dropped with it if that one was).
  void note(const Mark& m, std::string msg);
  /// A note of its own, about no error or warning (a game's stock replacing a shipped
  /// one): not counted, not promoted by --strict, said once at a place.
  void notice(const Mark& m, std::string msg);
  /// Promotes every warning to an error (the --strict switch).
  void make_warnings_errors();
  bool has_errors() const;
  size_t error_count() const;
  size_t warning_count() const;
  const std::vector<Diagnostic>& all() const { return items_; }
  /// Every message, one per line, in the order reported; past kMaxKept, a last line
  /// says how many more there were. Without `notices`, notices are left out (--quiet).
  std::string str(bool notices = true) const;
  void append(const Diagnostics& other);

  /// Most diagnostics kept: a hostile file can make millions; the rest are only counted.
  static constexpr size_t kMaxKept = 1000;

 private:
  // A message already reported at the same place is not repeated: a design's text is
  // resolved once per card, and a problem in the design itself would otherwise be
  // listed once for every card that uses it.
  void add(Severity s, const Mark& m, std::string msg, const std::string& file = "", size_t uses = 1);
  std::vector<Diagnostic> items_;
  std::set<std::string> seen_;
  bool last_dropped_ = false;
  size_t dropped_errors_ = 0, dropped_warnings_ = 0;  // past kMaxKept
};

/// Edit distance counting a swap of neighbouring letters as one edit, for "did you mean".
size_t edit_distance(const std::string& a, const std::string& b);

/// The candidate closest to `word` if it is close enough to be a likely typo, else "".
std::string closest_match(const std::string& word, const std::vector<std::string>& candidates);

/// " (did you mean 'x'?)" or "" — ready to append to a message.
std::string did_you_mean(const std::string& word, const std::vector<std::string>& candidates);

/// One error said on `to` as Diagnostics says every error (input in it escaped), for
/// a step with nothing else to report: `at` is a file, or "cardstock" for the program's
/// own (an option, the command line).
void say_error(std::ostream& to, const Mark& at, std::string msg);

/// Runs `step(d)` with diagnostics of its own, writes them to `to` (a terminal, CI's log)
/// and returns what `step` returned: one call site per step that can fail.
template <class Step>
bool reported(std::ostream& to, Step&& step) {
  Diagnostics d;
  const bool ok = step(d);
  to << d.str();
  return ok && !d.has_errors();
}

}  // namespace cardstock
