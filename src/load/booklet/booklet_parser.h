// booklet_parser: the Markdown reader of load/booklet/booklet.cpp, shared by its files: the Parser
// (block readers in booklet_blocks.cpp, {{directives}} in booklet_directives.cpp) and the
// text helpers both use. Internal to load/; problems go to Diagnostics at line:col.
#pragma once
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "base/diag.h"
#include "load/booklet/booklet.h"

namespace cardstock::booklet_md {

/// `s` without leading and trailing white space.
std::string trim(const std::string& s);
bool starts_with(const std::string& s, const std::string& p);
/// The parts of `s` between `sep`s, each trimmed.
std::vector<std::string> split_list(const std::string& s, char sep);
/// "map" -> "Map", "start_number" -> "Start number".
std::string heading_of(const std::string& field);
/// A value as a table shows it: its entry in a directive's 'names', if any.
std::string shown(const std::map<std::string, std::string>& names, const std::string& v);

struct Directive {
  std::string name;
  Mark mark;
  std::vector<std::string> args;
  std::vector<Mark> arg_marks;
  std::vector<std::pair<std::string, std::string>> keys;  // in order written
  std::vector<Mark> key_marks;
  const std::string* key(const std::string& k) const {
    for (const auto& kv : keys)
      if (kv.first == k) return &kv.second;
    return nullptr;
  }
};

struct DirectiveSpec {
  const char* name;
  size_t min_args, max_args;
  std::vector<std::string> keys;  // allowed key=value names ("*": any, e.g. a field name)
  bool block;
};

/// The directives there are, and what each takes.
const std::vector<DirectiveSpec>& directive_specs();
const DirectiveSpec* find_spec(const std::string& name);
std::vector<std::string> spec_names();

// Text gathered from several source lines, remembering where each line's piece starts,
// so a problem found in the joined text is reported at its own line and column.
struct Src {
  std::string text;
  std::vector<size_t> offsets;
  std::vector<int> lines;
  std::vector<size_t> cols;  // 0-based
  void add(const std::string& piece, int line, size_t col) {
    if (!text.empty()) text += ' ';
    offsets.push_back(text.size());
    lines.push_back(line);
    cols.push_back(col);
    text += piece;
  }
  std::pair<int, size_t> at(size_t pos) const {
    size_t k = 0;
    while (k + 1 < offsets.size() && offsets[k + 1] <= pos) ++k;
    if (offsets.empty()) return {0, pos};
    return {lines[k], cols[k] + (pos - offsets[k])};
  }
};

class Parser {
 public:
  Parser(const std::string& file, const Game& g, Diagnostics& d) : file_(file), g_(g), d_(d) {}

  std::vector<Block> run(const std::string& text);

 private:
  Mark at(int line, size_t col) const { return {file_, line, static_cast<int>(col) + 1}; }
  static int line_no(size_t i) { return static_cast<int>(i) + 1; }

  // The block readers: each reads the block that starts at line i of lines_ into `out`
  // (nothing if it has errors) and returns the index of the line after it.
  size_t next_block(size_t i, std::vector<Block>* out);  // whichever block line i starts
  size_t comment(size_t i);
  size_t heading(size_t i, std::vector<Block>* out);
  size_t directive_line(size_t i, std::vector<Block>* out);
  size_t callout(size_t i, std::vector<Block>* out);
  size_t table(size_t i, std::vector<Block>* out);
  size_t list_item(size_t i, bool bullet, size_t num_at, std::vector<Block>* out);
  size_t paragraph(size_t i, std::vector<Block>* out);
  bool blank(size_t i) const;
  bool starts_block(size_t i) const;

  // Splits "{{name a b k=v k="v w"}}" (inner text starting at column `col0`).
  bool tokenize(const std::string& inner, int line, size_t col0, Directive* out);
  std::optional<Directive> directive(const std::string& inner, int line, size_t col0);
  // Expands inline {{count}} directives in `raw` and converts it to markup.
  std::string inline_text(const Src& src);
  std::string inline_text(const std::string& raw, int line, size_t col0) {
    Src s;
    s.add(raw, line, col0);
    return inline_text(s);
  }
  std::optional<std::string> count(const Directive& dv);
  // A directive on a line of its own: appends its block (none if it has errors).
  void block_directive(const Directive& dv, std::vector<Block>* out);
  // The parts of a block directive's block: false (reported) if it cannot be made.
  bool figure(const Directive& dv, Block* b);
  bool figure_labels(const Directive& dv, const Deck& dk, Block* b);
  bool data_table(const Directive& dv, Block* b);
  void parts_table(Block* b);
  bool deck_table(const Directive& dv, Block* b);
  bool tally_table(const Directive& dv, const Deck& dk, const std::map<std::string, std::string>& names,
                   Block* b);
  bool fields_table(const Directive& dv, const Deck& dk, const std::map<std::string, std::string>& names,
                    Block* b);
  const Deck* deck(const std::string& id, const Mark& m);
  bool has_field(const Deck& dk, const std::string& field, const Mark& m);
  std::map<std::string, std::string> names_arg(const Directive& dv);
  bool header_arg(const Directive& dv, size_t columns, std::vector<std::string>* header);
  std::optional<FigureCard> figure_card(const Deck& dk, const std::string& id, const Mark& m);
  std::string game_cell(const std::string& v, size_t row, size_t col, const Mark& m, const std::string& where,
                        Block* b, bool* ok);

  std::string file_;
  const Game& g_;
  Diagnostics& d_;
  std::vector<std::string> lines_;  // the text run() parses
};

}  // namespace cardstock::booklet_md
