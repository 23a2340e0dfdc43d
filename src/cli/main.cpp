// cardstock command line: CLI11 wiring only. Exit codes: 0 ok, 1 content errors (diff: something
// changed), 2 usage (diff: or folders that cannot be compared).
#include <CLI/CLI.hpp>

#include <algorithm>
#include <cstdio>
#include <iostream>
#include <optional>

#include "base/diag.h"
#include "base/os/interrupt.h"
#include "base/os/process.h"
#include "base/text_check.h"
#include "run/build.h"
#include "run/option_table.h"
#include "base/progress.h"
#include "load/schema/schema.h"
#include "diff/diff.h"
#include "preview/preview.h"
#include "run/examples.h"
#include "run/shipped.h"

namespace {

// Errors about the command line itself are the program's own.
const cardstock::Mark kProgram{"cardstock"};

// The options of the table (run/option_table.h) that command `bit` takes, each bound to
// its member of `opt`; a text option shows its default when it has one.
void add_table_options(CLI::App* sub, cardstock::BuildOptions& opt, unsigned bit) {
  const cardstock::BuildOptions defaults;
  for (const cardstock::OptionRow& r : cardstock::option_rows()) {
    if (!(r.commands & bit)) continue;
    if (auto* b = std::get_if<bool cardstock::BuildOptions::*>(&r.member)) {
      sub->add_flag((r.negated ? "!" : "") + std::string(r.flag), opt.*(*b), r.help);
    } else if (auto* t = std::get_if<std::string cardstock::BuildOptions::*>(&r.member)) {
      auto* o = sub->add_option(r.flag, opt.*(*t), r.help);
      if (!(defaults.*(*t)).empty()) o->capture_default_str();
    } else {
      sub->add_option(r.flag, opt.*std::get<std::vector<std::string> cardstock::BuildOptions::*>(r.member), r.help)
          ->allow_extra_args(false)
          ->delimiter(',');
    }
  }
}

// The options `build` and `watch` take besides the table's: where and how fast.
void add_build_options(CLI::App* sub, cardstock::BuildOptions& opt, std::vector<std::string>& files, unsigned bit) {
  sub->add_option("files", files, "game files");
  sub->add_option("-o,--out", opt.out_dir, "output folder")->capture_default_str();
  add_table_options(sub, opt, bit);
  sub->add_option("-j,--jobs", opt.jobs,
                  "processes drawing at once: games, and a big game's outputs, in parallel (default: one per core)")
      ->check(CLI::Range(1, 256));
  sub->add_flag("!--no-wait", opt.wait,
                "fail at once when another cardstock build is writing a game's output folder (default: wait for it)");
}

// --templates (layers over the shipped folder, before or after the command) and where
// the shipped templates are; returns the program's own path.
std::string add_template_options(CLI::App& app, cardstock::BuildOptions& opt) {
  const std::string exe = cardstock::program_path();
  opt.templates_dir = cardstock::find_shipped_templates(exe, CARDSTOCK_INSTALLED_TEMPLATES, &opt.templates_looked,
                                                        {CARDSTOCK_BUILD_TREE, CARDSTOCK_SOURCE_DIR});
  app.add_option("--templates", opt.template_layers,
                 "a folder laid out like templates/ (stocks/, cards.yaml, papers.yaml, fonts.yaml, designs/), "
                 "layered over the shipped templates; may be given more than once")
      ->check(CLI::ExistingDirectory)
      ->allow_extra_args(false);
  app.add_option("--shipped-templates", opt.templates_dir, "internal: the shipped templates folder")->group("");
  return exe;
}

void add_check_options(CLI::App* check, cardstock::BuildOptions& opt, std::vector<std::string>& files, unsigned bit) {
  check->add_option("files", files, "game files");
  add_table_options(check, opt, bit);
}

// `watch` and `preview`: how they see changes. Not an option_table row: it changes
// nothing a build makes, and a build's child processes never wait for changes.
void add_poll_flag(CLI::App* sub, cardstock::BuildOptions& opt) {
  sub->add_flag("--poll", opt.poll,
                "look for changes every 0.5 s instead of with inotify (chosen by itself, with a note, for a folder "
                "on a network or Windows drive)");
}

// `cardstock preview`: loads as check does (the same files, paper, stocks, printer), then
// where to serve the page.
CLI::App* add_preview_command(CLI::App& app, cardstock::BuildOptions& opt, std::vector<std::string>& files,
                              cardstock::PreviewOptions& popt) {
  auto* preview = app.add_subcommand(
      "preview", "show every card, sheet and booklet page in the browser, updated at every save (Ctrl-C to stop)");
  add_check_options(preview, opt, files, cardstock::kPreviewCmd);
  preview->add_option("--port", popt.port, "port to listen on (0: a free one)")->check(CLI::Range(0, 65535))
      ->capture_default_str();
  preview->add_option("--host", popt.host,
                      "address to listen on; anything but 127.0.0.1 (e.g. 0.0.0.0 for a classroom) needs the "
                      "random token printed with the address")
      ->capture_default_str();
  preview->add_flag("--no-open", popt.no_open, "do not open the page in the browser");
  add_poll_flag(preview, opt);
  return preview;
}

CLI::App* add_calibrate_command(CLI::App& app, cardstock::BuildOptions& opt) {
  auto* calibrate = app.add_subcommand(
      "calibrate", "write the duplex calibration sheet into <out>/calibration/ (print it, read it, write printer.yaml)");
  calibrate->add_option("-o,--out", opt.out_dir, "output folder")->capture_default_str();
  calibrate->add_option("--paper", opt.paper, "a paper of templates/papers.yaml or all (letter and a4)")
      ->capture_default_str();
  return calibrate;
}

CLI::App* add_diff_command(CLI::App& app, cardstock::DiffOptions& dopt, bool& diff_json) {
  auto* diff = app.add_subcommand(
      "diff", "compare two output folders page by page; exit 0 if nothing changed, 1 if something did, 2 on errors");
  diff->add_option("old", dopt.old_dir, "output folder before (e.g. out/ of the main branch)")->required();
  diff->add_option("new", dopt.new_dir, "output folder after")->required();
  diff->add_option("-o,--out", dopt.report_dir, "write a review report here: index.html and the changed pages as PNGs");
  diff->add_flag("--json", diff_json, "print the summary as JSON");
  diff->add_option("--dpi", dopt.dpi, "resolution pages are compared and pictured at")
      ->check(CLI::Range(36.0, 300.0))
      ->capture_default_str();
  diff->add_option("--max-pictures", dopt.max_pictures, "most pages pictured in the report (the rest are listed)")
      ->check(CLI::Range(0, 100000))
      ->capture_default_str();
  diff->add_option("--source-url", dopt.source_url,
                   "link each card's source to URL + file + #L + line (e.g. https://github.com/o/r/blob/SHA/)");
  return diff;
}

// `cardstock example [NAME [FOLDER]]`: the example games, found as the templates are.
struct ExampleCommand {
  std::string name, folder;
  int run(const std::string& exe, const cardstock::BuildOptions& opt) const {
    std::vector<std::string> looked;
    const std::string dir = cardstock::find_shipped_folder(exe, cardstock::kShippedExamples,
                                                           CARDSTOCK_INSTALLED_EXAMPLES, &looked,
                                                           {CARDSTOCK_BUILD_TREE, CARDSTOCK_SOURCE_DIR});
    if (name.empty()) return cardstock::list_examples(dir, looked, std::cout, std::cerr);
    return cardstock::copy_example(opt, dir, looked, name, folder, std::cout, std::cerr);
  }
};

CLI::App* add_example_command(CLI::App& app, ExampleCommand& ex) {
  auto* example = app.add_subcommand(
      "example", "list the example games; with NAME, copy that one with every file it uses into FOLDER, ready to build");
  example->add_option("name", ex.name, "an example (cardstock example lists them)");
  example->add_option("folder", ex.folder, "the folder to copy it into, made if missing (default: NAME)");
  return example;
}

// --shard K/N (internal: a share of one game's outputs); false if it is not that.
bool parse_shard(const std::string& shard, size_t files, cardstock::BuildOptions& opt) {
  char end = 0;
  return std::sscanf(shard.c_str(), "%d/%d%c", &opt.shard, &opt.shards, &end) == 2 && opt.shards >= 1 &&
         opt.shards <= 256 && opt.shard >= 0 && opt.shard < opt.shards && files == 1;
}

// What CLI11 cannot check of -o and --shard; false, having said why, if they are refused.
bool build_options_valid(const std::string& shard, size_t files, cardstock::BuildOptions& opt) {
  if (opt.out_dir.empty()) {
    cardstock::say_error(std::cerr, kProgram, "-o wants a folder, not an empty name");
    return false;
  }
  if (!shard.empty() && !parse_shard(shard, files, opt)) {
    cardstock::say_error(std::cerr, kProgram, "--shard wants K/N (0 <= K < N <= 256) and one game file");
    return false;
  }
  return true;
}

// The word the user gave as a command, when CLI11 found none it knows ("A subcommand is
// required" says nothing of `cardstock bulid`): the first argument that is neither an
// option nor the value of --templates. None if there is none or it is a command.
std::optional<std::string> unknown_command(int argc, char** argv, const std::vector<std::string>& commands) {
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--templates" || a == "--shipped-templates") {
      ++i;
      continue;
    }
    if (a.size() > 1 && a[0] == '-') continue;
    if (std::find(commands.begin(), commands.end(), a) != commands.end()) return std::nullopt;
    return a;
  }
  return std::nullopt;
}

std::string listed(const std::vector<std::string>& words) {
  std::string s;
  for (size_t i = 0; i < words.size(); ++i) s += (i ? (i + 1 == words.size() ? " and " : ", ") : "") + words[i];
  return s;
}

// What CLI11 calls "The following argument was not expected: --strcit": each word said
// as unknown, an option with the one meant among the command's own (and the program's).
int extras_refused(CLI::App& app) {
  const auto subs = app.get_subcommands();
  const CLI::App* sub = subs.empty() ? nullptr : subs.front();
  std::vector<std::string> options;
  for (const CLI::App* a : {static_cast<const CLI::App*>(&app), sub})
    if (a)
      for (const CLI::Option* o : a->get_options()) {
        if (o->get_group().empty()) continue;  // internal
        for (const auto& n : o->get_lnames()) options.push_back("--" + n);
        for (const auto& n : o->get_snames()) options.push_back("-" + n);
      }
  const std::string where = sub ? " of 'cardstock " + sub->get_name() + "'" : "";
  const std::string help = std::string("; cardstock ") + (sub ? sub->get_name() + " " : "") + "--help lists ";
  const auto words = app.remaining(true);
  if (words.empty()) return 2;
  for (const std::string& word : words) {
    const std::string shown = cardstock::shown_text(word, 0);
    if (word.size() > 1 && word[0] == '-') {
      const std::string name = word.substr(0, word.find('='));
      cardstock::say_error(std::cerr, kProgram,
                           "unknown option '" + cardstock::shown_text(name, 0) + "'" + where +
                               cardstock::did_you_mean(name, options) + help + "the options");
    } else {
      cardstock::say_error(std::cerr, kProgram, "unexpected argument '" + shown + "'" + where + help + "what it takes");
    }
  }
  return 2;
}

// A command line CLI11 refused: an unknown command said with "did you mean" and the
// commands, the rest as CLI11 says it (--help, --version: 0). The exit code.
int parse_failed(CLI::App& app, const CLI::ParseError& e, int argc, char** argv) {
  if (e.get_exit_code() != 0 && app.get_subcommands().empty()) {
    std::vector<std::string> commands;
    for (const auto* sub : app.get_subcommands([](const CLI::App*) { return true; }))
      commands.push_back(sub->get_name());
    if (const auto word = unknown_command(argc, argv, commands)) {
      cardstock::say_error(std::cerr, kProgram,
                           "unknown command '" + cardstock::shown_text(*word, 0) + "'" +
                               cardstock::did_you_mean(*word, commands) + "; the commands are " + listed(commands) +
                               " (cardstock --help says more)");
      return 2;
    }
  }
  if (dynamic_cast<const CLI::ExtrasError*>(&e)) return extras_refused(app);
  int code = app.exit(e);
  return code == 0 ? 0 : 2;
}

// `cardstock diff`, once its options are read.
int run_diff(const CLI::App& diff, const cardstock::DiffOptions& dopt, bool json) {
  if (diff.count("--out") && dopt.report_dir.empty()) {
    cardstock::say_error(std::cerr, kProgram, "-o wants a folder, not an empty name");
    return 2;
  }
  return cardstock::diff_command(dopt, json, std::cout, std::cerr);
}

}  // namespace

int main(int argc, char** argv) {
  // Over a file size limit (ulimit -f) a write fails with EFBIG and is reported as any
  // other failed write ("File too large"), the previous outputs kept; the default,
  // SIGXFSZ, would kill the build mid-file with no word.
  cardstock::interrupt::ignore_file_size_signal();
  CLI::App app{"cardstock: compiles YAML card, tile and booklet definitions into print-and-play PDFs"};
  app.set_version_flag("--version", std::string("cardstock ") + cardstock::kVersion);
  app.require_subcommand(1);
  // --templates may come before or after the command (fallthrough), once per folder.
  app.fallthrough();
  cardstock::BuildOptions opt;
  const std::string exe = add_template_options(app, opt);
  app.footer(cardstock::guide_footer(opt.templates_dir));

  std::vector<std::string> files;
  auto* build = app.add_subcommand("build", "render game files into out/<game>/ (default: content/*.yaml)");
  add_build_options(build, opt, files, cardstock::kBuildCmd);
  auto* watch = app.add_subcommand(
      "watch", "build, then build again whenever a file the games are made from is saved (Ctrl-C to stop)");
  add_build_options(watch, opt, files, cardstock::kWatchCmd);
  add_poll_flag(watch, opt);
  std::string shard;
  build->add_option("--shard", shard, "internal: draw share K/N of one game's outputs")->group("");
  build->add_flag("--lock-held", opt.lock_held, "internal: the parent build holds the output folders' locks")->group("");
  cardstock::PreviewOptions popt;
  auto* preview = add_preview_command(app, opt, files, popt);

  auto* check = app.add_subcommand("check", "load, validate and lay out without writing anything");
  add_check_options(check, opt, files, cardstock::kCheckCmd);

  std::string stocks_game;
  auto* stocks = app.add_subcommand("stocks", "list the sheet stocks (with FILE: those that game can use)");
  stocks->add_option("file", stocks_game, "a game file whose own stocks to list too");
  std::string cards_game;
  auto* cards = app.add_subcommand("cards", "list the card sizes (with FILE: the game's own too)");
  cards->add_option("file", cards_game, "a game file whose own card sizes to list too");
  auto* schema = app.add_subcommand("schema", "print the JSON Schema of game files");
  auto* calibrate = add_calibrate_command(app, opt);

  cardstock::DiffOptions dopt;
  bool diff_json = false;
  auto* diff = add_diff_command(app, dopt, diff_json);
  ExampleCommand ex;
  auto* example = add_example_command(app, ex);

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return parse_failed(app, e, argc, argv);
  }
  if (!build_options_valid(shard, files.size(), opt)) return 2;
  opt.self_exe = exe;
  opt.progress = shard.empty() && cardstock::progress_wanted(opt.quiet);
  std::ostream nowhere(nullptr);  // --quiet: the summary lines go nowhere, diagnostics still to stderr
  std::ostream& out = opt.quiet ? nowhere : std::cout;
  if (*build) return cardstock::build_files(files, opt, out, std::cerr);
  if (*watch) return cardstock::watch_files(files, opt, out, std::cerr);
  if (*check) return cardstock::check_files(files, opt, out, std::cerr);
  if (*preview) {
    opt.progress = false;
    return cardstock::preview_files(files, opt, popt, std::cout, std::cerr);
  }
  if (*stocks) return cardstock::list_stocks(opt, stocks_game, std::cout, std::cerr);
  if (*cards) return cardstock::list_cards(opt, cards_game, std::cout, std::cerr);
  if (*calibrate) return cardstock::calibrate(opt, std::cout, std::cerr);
  if (*diff) return run_diff(*diff, dopt, diff_json);
  if (*example) return ex.run(exe, opt);
  if (*schema) {
    std::cout << cardstock::json_schema();
    return 0;
  }
  return 2;
}
