// option_table: the one table of the options that shape what a build makes and how
// (issue 41 §4). Each row names the flag and its help (cli/ registers it from here), the
// member of BuildOptions it sets, the commands that take it, its name in the cache key
// (options_key), whether a -j child process is given it (child_argv), and its name in the
// studio's build options. A new option is a member of BuildOptions and one row here; a
// test (tests/run/option_table_test.cpp) checks that every row reaches the child and the
// key as its row says.
//
// Not rows: where the files go and how many processes (-o, -j, --no-wait) and the
// internal flags a parent gives its children (--shard, --lock-held): they choose where
// and how fast, not what is made, and the child's are written by child_argv itself.
#pragma once
#include <span>
#include <string>
#include <variant>
#include <vector>

#include "run/build.h"

namespace cardstock {

/// The commands that take an option, as bits.
enum CommandBit : unsigned { kBuildCmd = 1, kWatchCmd = 2, kCheckCmd = 4, kPreviewCmd = 8 };

/// When an option enters the cache key: always (the default value too), only when given
/// (so that the keys of builds without it stay as they were), or never (it changes how
/// a build runs or what it prints, not the bytes it writes).
enum class Keyed { Always, WhenGiven, Never };

using OptionMember =
    std::variant<bool BuildOptions::*, std::string BuildOptions::*, std::vector<std::string> BuildOptions::*>;

struct OptionRow {
  const char* flag;     // as CLI11 takes it: "--cmyk", "-q,--quiet"
  const char* help;     // what --help says
  OptionMember member;  // what it sets
  bool negated;         // a flag that sets its member false (--single-sided: backs)
  unsigned commands;    // CommandBit of each command that takes it
  const char* key;      // its name in the cache key ("backs=1")
  Keyed keyed;
  bool to_child;        // a -j child process is given it, as the parent was
  const char* json;     // its name in the studio's build options ("" = not offered there)
};

/// Every row, in the order --help lists them.
std::span<const OptionRow> option_rows();

/// The long name of a row's flag: "--quiet" of "-q,--quiet".
std::string long_name(const OptionRow& row);

/// The arguments that give a child process `opt`'s value of every row with to_child,
/// in table order: a flag when set, "--name value" once a value.
std::vector<std::string> child_options(const BuildOptions& opt);

/// " key=value" of every row keyed `when`, in table order: a flag as 1 or 0, a list once
/// a value; WhenGiven rows only when set (a flag true, a text or list not empty).
std::string key_text(const BuildOptions& opt, Keyed when);

}  // namespace cardstock
