#include "run/build.h"

#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <iomanip>
#include <map>
#include <optional>
#include <sstream>
#include <thread>

#include "base/files.h"
#include "base/text_check.h"
#include "run/cache.h"
#include "run/commit.h"
#include "run/interrupt.h"
#include "plan/plan.h"
#include "plan/prepare.h"
#include "run/progress.h"
#include "run/schedule.h"
#include "load/load.h"
#include "load/printer.h"
#include "plan/manifest.h"
#include "model/inputs.h"
#include "output/cmyk.h"
#include "output/writer.h"
#include "layout/layout.h"

namespace fs = std::filesystem;

namespace cardstock {

PlanOptions plan_options(const BuildOptions& o) {
  PlanOptions p;
  p.paper = o.paper;
  p.backs = o.backs;
  p.strict = o.strict;
  p.stocks = o.stocks;
  p.proof = o.proof;
  p.cmyk = o.cmyk;
  p.tts_url = o.tts_url;
  p.ghostscript = !ghostscript().empty();
  return p;
}

std::string pinned_date() {
  const char* env = std::getenv("SOURCE_DATE_EPOCH");
  std::time_t t = 1767225600;  // 2026-01-01T00:00:00Z
  if (env && *env) {
    char* end = nullptr;
    long long v = std::strtoll(env, &end, 10);
    if (end && *end == '\0' && v >= 0 && v < 253402300800LL) t = static_cast<std::time_t>(v);
  }
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buf;
}

std::vector<std::string> default_content_files(const std::string& dir) {
  std::vector<std::string> out;
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) return out;
  for (const auto& e : fs::directory_iterator(dir, ec))
    if (e.is_regular_file() && e.path().extension() == ".yaml") out.push_back(e.path().string());
  std::sort(out.begin(), out.end());
  return out;
}

std::string find_shipped_templates(const std::string& exe, const std::string& configured,
                                   std::vector<std::string>* looked, const BuildTree& tree) {
  std::vector<fs::path> places;
  std::error_code ec;
  if (!exe.empty()) {
    const fs::path bin = fs::path(exe).parent_path();
    places.push_back(bin.parent_path() / "share" / "cardstock" / "templates");
    // Only the program in its own build folder: an installed or copied one never reads
    // the source tree it happened to be built from.
    if (!tree.dir.empty() && !tree.templates.empty() && fs::equivalent(bin, tree.dir, ec))
      places.push_back(tree.templates);
    // A build folder in the source tree (build/, or build/<config>/): no higher, so a copy
    // of the program elsewhere never picks up some unrelated templates/ folder.
    fs::path p = bin;
    for (int up = 0; up < 3 && !p.empty(); ++up, p = p.parent_path()) {
      places.push_back(p / "templates");
      if (p == p.root_path()) break;
    }
  }
  if (!configured.empty()) places.push_back(configured);
  for (const auto& p : places) {
    looked->push_back(p.string());
    if (fs::is_regular_file(p / "cards.yaml", ec)) return p.string();
  }
  return "";
}

namespace {

// Errors about no one file (an option, the command line) are the program's own.
const Mark kProgram{"cardstock"};

// The shipped templates and the --templates layers over them; false (after printing
// why) if they cannot be used.
bool load_all_templates(const BuildOptions& opt, Templates* t, std::ostream& err) {
  if (opt.templates_dir.empty()) {
    std::string looked;
    for (const auto& l : opt.templates_looked) looked += (looked.empty() ? "" : ", ") + l;
    say_error(err, kProgram,
              "the shipped templates folder was not found (looked in " + looked +
                  "); install cardstock with `cmake --install` or its .deb package, or run it from its build folder");
    return false;
  }
  Diagnostics d;
  *t = load_templates(opt.templates_dir, d);
  for (const auto& layer : opt.template_layers) add_templates(*t, layer, d);
  err << d.str();
  return !d.has_errors();
}

// One game of a build: prepared, planned, and what is to be done with it.
struct GameRun {
  std::unique_ptr<Fonts> fonts;  // its own font set, when it adds fonts (outlives `prepared`)
  // What measures and draws its text (prepared.measurer points to it until it is let go).
  std::unique_ptr<Typesetter> typesetter;
  PreparedGame prepared;
  void let_go_of_typesetter() {
    prepared.measurer = nullptr;
    typesetter.reset();
  }
  bool loaded = false, up_to_date = false;
  std::vector<PlannedOutput> outputs;
  std::vector<std::string> inputs;  // every file the outputs were made from
  std::string inputs_key;
  std::string previous_manifest;    // as found in out/<game>/
};

// Every file of the templates folders (the shipped one and the --templates layers), the
// fonts and the hyphenation dictionary, sorted: what every output is made from.
std::vector<std::string> template_files(const Templates& t) {
  std::vector<std::string> files;
  for (const auto& dir : t.dirs) {
    const auto under = files_under(dir);
    files.insert(files.end(), under.begin(), under.end());
  }
  for (const auto& fam : t.fonts.families)
    for (const auto& f : fam.files) files.push_back(f);
  if (!t.fonts.hyphenation.empty()) files.push_back(t.fonts.hyphenation);
  std::sort(files.begin(), files.end());
  files.erase(std::unique(files.begin(), files.end()), files.end());
  return files;
}

// The templates a game was loaded with: its own layered ones, or those of the build.
const Templates& templates_of(const Game& g, const Templates& shared) { return g.templates ? *g.templates : shared; }

// Whether two font sets draw alike (the same families from the same files).
bool same_fonts(const FontSet& a, const FontSet& b) {
  if (a.families.size() != b.families.size()) return false;
  for (size_t i = 0; i < a.families.size(); ++i)
    if (a.families[i].family != b.families[i].family || a.families[i].files != b.families[i].files ||
        a.families[i].fallback_for != b.families[i].fallback_for)
      return false;
  return true;
}

// Everything besides input files that changes the outputs: the printer profile by its
// name, file and values (the manifest records all three), not by its bytes (a comment
// edited in it redraws nothing). (The options of print shops and proofs are named only
// when given, so the keys of other builds stay as they were.)
std::string options_key(const BuildOptions& opt, const std::optional<PrinterProfile>& printer) {
  std::string key = std::string("cardstock ") + kVersion + " paper=" + opt.paper + " backs=" + (opt.backs ? "1" : "0") +
                    " strict=" + (opt.strict ? "1" : "0") + " outside=" + (opt.allow_outside ? "1" : "0") +
                    " date=" + (opt.date.empty() ? pinned_date() : opt.date) + " templates=" + opt.templates_dir;
  for (const auto& layer : opt.template_layers) key += " layer=" + layer;
  for (const auto& s : opt.stocks) key += " stock=" + s;
  if (printer)
    key += " printer=" + printer->name + "@" + printer->file + ":" + format_number(printer->offset_x.pt) + "," +
           format_number(printer->offset_y.pt) + "," + format_number(printer->rotation);
  if (opt.proof) key += " proof=1";
  if (opt.cmyk) key += " cmyk=1";
  if (!opt.tts_url.empty()) key += " tts-url=" + opt.tts_url;
  return key;
}

// A rough cost of drawing a loaded game before anything is laid out (the units of
// pages_weight), and how many outputs it will have: to share games among processes.
GameWork estimate_work(const Game& g, const Templates& t, const PlanOptions& opt) {
  GameWork w{0, 0};
  const int single_pages = static_cast<int>(single_page_papers(t, opt).size());
  for (const auto& deck : g.decks) {
    const double cards = static_cast<double>(deck.total_cards());
    for (const auto& stock : stocks_for(deck, t, opt)) {
      if (!stock_wanted(opt, stock)) continue;
      const bool backs = deck_has_backs(deck, stock, opt.backs);
      w.weight += stock_weight(stock, cards, backs);
      ++w.outputs;
    }
    if (opt.proof) {
      w.weight += 4 + cards * 2;
      ++w.outputs;
    }
    if (deck.answer_key && deck.facts) {
      w.weight += 10.0 * single_pages;
      w.outputs += single_pages;
    }
  }
  w.weight += 10.0 * single_pages * static_cast<double>(g.boards.size());
  w.outputs += single_pages * static_cast<int>(g.boards.size());
  if (g.booklet) {
    // Per paper, the booklet in reading order, and imposed (its pages placed, not set
    // again: the folds and the qpdf pass).
    const int papers = opt.paper == "all" ? 2 : 1;
    w.weight += papers * (50.0 + 10.0);
    w.outputs += 2 * papers;
  }
  return w;
}

// --paper names a paper by its id: any of the shipped templates (A3, Tabloid...), or of a
// game's own (B5). False after saying why, with the shipped ids.
bool paper_named(const BuildOptions& opt, const Templates& t, const std::vector<const Templates*>& games,
                 std::ostream& err) {
  if (opt.paper == "all") return true;
  const Paper* p = t.find_paper(opt.paper);
  if (p && p->id == opt.paper) return true;
  for (const Templates* g : games)
    if (const Paper* q = g->find_paper(opt.paper); q && q->id == opt.paper) return true;
  std::vector<std::string> ids;
  for (const auto& q : t.papers) ids.push_back(q.id);
  for (const Templates* g : games)
    for (const auto& q : g->papers)
      if (std::find(ids.begin(), ids.end(), q.id) == ids.end()) ids.push_back(q.id);
  say_error(err, kProgram,
            "--paper: unknown paper '" + shown_text(opt.paper, 0) + "'" +
                (p ? " (it is another name of '" + p->id + "': give that)" : did_you_mean(opt.paper, ids)) +
                "; the papers are all, " + or_list(ids));
  return false;
}

// --paper, --stock and --printer, checked against the templates and loaded before any
// game: 0, 2 (a usage error) or 1 (a printer profile with errors), the reason printed.
// A --paper the shipped templates lack may be a game's own: run() checks it after loading.
int command_line_options(const BuildOptions& opt, const Templates& t, std::optional<PrinterProfile>* printer,
                         std::ostream& err) {
  if (const Paper* p = t.find_paper(opt.paper); p && p->id != opt.paper && !paper_named(opt, t, {}, err)) return 2;
  for (const auto& name : opt.stocks) {
    const Stock* s = t.find_stock(name);
    if (!s) {
      say_error(err, kProgram,
                "--stock: unknown stock '" + name + "'" + did_you_mean(name, t.stock_names()) +
                    " (cardstock stocks lists them)");
      return 2;
    }
    if (opt.paper != "all" && !s->card_pages() && s->paper.id != opt.paper) {
      say_error(err, kProgram, "--stock " + name + " is on " + s->paper.id + " paper, but --paper asks for " + opt.paper);
      return 2;
    }
  }
  if (!opt.printer.empty()) {
    if (std::string why = not_a_regular_file(opt.printer); !why.empty()) {
      say_error(err, Mark{opt.printer}, "cannot read the printer profile: " + why);
      return 2;
    }
    Diagnostics d;
    *printer = load_printer_profile(opt.printer, d);
    err << d.str();
    if (!*printer) return 1;
  }
  return 0;
}

// Writes one output with its format's writer. What the writer reports (a CMYK file's
// ink) is said at the place in the game file that asked for the output; a warning fails
// the build under --strict. Scratch files it asked for are gone when it returns.
bool write_output(OutputFolder& folder, const PlannedOutput& o, const WriteContext& shared, bool strict,
                  std::ostream& err, Progress& progress, std::string* written = nullptr) {
  const Writer& writer = writer_for(o.format);
  const std::string shown = (folder.dir() / o.file).string();
  bool refused = false;
  WriteContext ctx = shared;
  ctx.scratch = [&folder, &o](const std::string& name, std::string* e) { return folder.scratch(o.file + "." + name, e); };
  ctx.report = [&](const std::string& message, bool warning) {
    const char* what = !warning ? "note" : strict ? "error" : "warning";
    err << o.mark.str() << ": " << what << ": " << shown << ": " << message << "\n";
    refused = refused || (warning && strict);
  };
  std::string e;
  const std::string tmp =
      o.is_folder() ? folder.temporary_folder(o.file, o.folder_files(), &e) : folder.temporary(o.file, &e);
  bool ok = !tmp.empty();
  if (!ok) {
    progress.clear();
    err << "cardstock: error: " << e << "\n";
  } else if (!writer.write(tmp, o, ctx, &e)) {
    progress.clear();
    err << shown << ": error: " << e << "\n";
    ok = false;
  }
  folder.drop_scratch();
  if (written) *written = tmp;
  return ok && !refused;
}

// "built out/echad/: 9 PDFs, 98 pages, manifest.json", with what was left unchanged.
std::string built_line(const std::string& dir, const std::vector<PlannedOutput>& outputs,
                       const std::vector<bool>& drawn) {
  size_t pages = 0, redrawn = 0, pdfs = 0, folders = 0, images = 0, cut_files = 0;
  for (size_t i = 0; i < outputs.size(); ++i) {
    const PlannedOutput& o = outputs[i];
    if (o.is_folder()) {
      ++folders;
      images += o.pages.size();
    } else if (o.format == OutputFormat::SvgCut) {
      ++cut_files;
    } else {
      ++pdfs;
      pages += o.pages.size();
    }
    redrawn += drawn[i];
  }
  auto n = [](size_t k, const char* one, const char* many) { return std::to_string(k) + " " + (k == 1 ? one : many); };
  std::ostringstream out;
  out << "built " << dir << "/: ";
  if (pdfs || !folders) out << n(pdfs, "PDF", "PDFs") << ", " << n(pages, "page", "pages") << ", ";
  if (cut_files) out << n(cut_files, "SVG cut file", "SVG cut files") << ", ";
  if (folders) out << n(folders, "folder", "folders") << " of images (" << n(images, "image", "images") << "), ";
  out << "manifest.json";
  if (redrawn < outputs.size()) out << " (" << redrawn << " rewritten, " << outputs.size() - redrawn << " unchanged)";
  out << "\n";
  return out.str();
}

// The command line of a child process that draws share u.share of the game at `source`:
// the options of this build, passed on.
std::vector<std::string> child_argv(const BuildOptions& opt, const std::string& source, const Unit& u) {
  std::vector<std::string> a = {opt.self_exe, "--shipped-templates", opt.templates_dir};
  for (const auto& layer : opt.template_layers) a.insert(a.end(), {"--templates", layer});
  a.insert(a.end(), {"build", source, "-o", opt.out_dir, "--paper", opt.paper, "-j", "1"});
  auto flag = [&](bool on, const char* name) {
    if (on) a.push_back(name);
  };
  auto option = [&](const std::string& value, const char* name) {
    if (!value.empty()) a.insert(a.end(), {name, value});
  };
  flag(!opt.backs, "--single-sided");
  flag(opt.strict, "--strict");
  flag(opt.allow_outside, "--allow-outside");
  flag(opt.force, "--force");
  for (const auto& st : opt.stocks) option(st, "--stock");
  option(opt.printer, "--printer");
  flag(opt.proof, "--proof");
  flag(opt.cmyk, "--cmyk");
  option(opt.tts_url, "--tts-url");
  if (u.shares > 1) option(std::to_string(u.share) + "/" + std::to_string(u.shares), "--shard");
  return a;
}

// For each output, the index of the output whose pages it places (PlannedOutput::
// imposes), or -1.
std::vector<int> imposed_sources(const std::vector<PlannedOutput>& outputs) {
  std::vector<int> source(outputs.size(), -1);
  for (size_t i = 0; i < outputs.size(); ++i)
    for (size_t r = 0; r < outputs.size() && !outputs[i].imposes.empty(); ++r)
      if (outputs[r].file == outputs[i].imposes) source[i] = static_cast<int>(r);
  return source;
}

// For share_of: an output that places another's pages and that output go to one
// process, numbered by the placed output's index; -1 for the rest.
std::vector<int> drawn_together(const std::vector<PlannedOutput>& outputs) {
  const std::vector<int> source = imposed_sources(outputs);
  std::vector<int> t(outputs.size(), -1);
  for (size_t i = 0; i < outputs.size(); ++i)
    if (source[i] >= 0) t[i] = t[static_cast<size_t>(source[i])] = source[i];
  return t;
}

// What a game's outputs draw for one another (output/writer.h):
// - each deck's art book: drawn when this process first draws one of its sheets, freed
//   after the last it draws;
// - the finished booklet an imposed booklet places: the one this process just wrote,
//   read back, or else that booklet drawn again for it alone. The file is the same either
//   way, whatever -j is and whatever was up to date. Only the PDF writer places pages: a
//   CMYK booklet is drawn whole, then converted.
class DrawnForOthers {
 public:
  // `here`: the outputs this process draws.
  DrawnForOthers(const std::vector<PlannedOutput>& outputs, const std::vector<bool>& here, const Typesetter& ts)
      : outputs_(outputs), ts_(ts), group_(book_groups(outputs)), source_(imposed_sources(outputs)),
        kept_(outputs.size(), false) {
    for (size_t i = 0; i < outputs.size(); ++i) {
      if (group_[i] >= 0 && here[i]) last_[group_[i]] = i;
      if (places_pages(i)) kept_[static_cast<size_t>(source_[i])] = true;
    }
  }

  // Sets ctx->book and ctx->imposed for output i, drawing what they need first. False
  // with *err (said after the output's file name) if that fails.
  bool before(size_t i, OutputFolder& folder, WriteContext* ctx, std::string* err) {
    ctx->imposed = nullptr;
    ctx->book = nullptr;
    source_book_.reset();
    if (places_pages(i)) {
      const size_t r = static_cast<size_t>(source_[i]);
      std::string e;
      if (!finished_.count(r) && !draw_alone(folder, r, *ctx, &finished_[r], &e)) {
        *err = "cannot draw '" + outputs_[r].file + "' to impose: " + e;
        return false;
      }
      if (!(source_book_ = PdfBook::open(finished_[r], "'" + outputs_[r].file + "'", err))) return false;
      ctx->imposed = source_book_.get();
    }
    if (const int k = group_[i]; k >= 0) {
      std::unique_ptr<DrawnBook>& book = books_[k];
      if (!book) {
        std::vector<const PlannedOutput*> members;
        for (size_t j = 0; j < outputs_.size(); ++j)
          if (group_[j] == k) members.push_back(&outputs_[j]);
        if (!(book = draw_book(members, ts_, err))) return false;
      }
      ctx->book = book.get();
    }
    return true;
  }

  // Output i was written to `written`: keeps its bytes if an output places its pages, and
  // lets go of what no later output of this process needs. False with *err as before().
  bool after(size_t i, const std::string& written, std::string* err) {
    source_book_.reset();
    if (group_[i] >= 0 && last_[group_[i]] == i) books_.erase(group_[i]);
    if (kept_[i] && !read_regular_file(written, kReadBack, &finished_[i], err)) {
      *err = "cannot read it back: " + *err;
      return false;
    }
    return true;
  }

 private:
  // A PDF this build wrote, read back: any size it has (a booklet is far below this).
  static constexpr size_t kReadBack = size_t{1} << 30;

  bool places_pages(size_t i) const { return source_[i] >= 0 && outputs_[i].format == OutputFormat::Pdf; }

  // The finished bytes of output r, drawn into a scratch file of `folder`, for an output
  // that places its pages when this process does not draw it.
  bool draw_alone(OutputFolder& folder, size_t r, WriteContext ctx, std::string* bytes, std::string* err) {
    const PlannedOutput& o = outputs_[r];
    const Writer& writer = writer_for(o.format);
    const std::string scratch = folder.scratch(o.file + ".pages", err);
    ctx.book = nullptr;
    ctx.imposed = nullptr;
    const bool ok =
        !scratch.empty() && writer.write(scratch, o, ctx, err) && read_regular_file(scratch, kReadBack, bytes, err);
    folder.drop_scratch();
    return ok;
  }

  const std::vector<PlannedOutput>& outputs_;
  const Typesetter& ts_;
  std::vector<int> group_;   // by output: its book group (book_groups), or -1
  std::vector<int> source_;  // by output: the output whose pages it places, or -1
  std::vector<bool> kept_;   // by output: an output places its pages (its bytes are kept)
  std::map<int, std::unique_ptr<DrawnBook>> books_;  // by group, while needed
  std::map<int, size_t> last_;                       // by group: its last output drawn here
  std::map<size_t, std::string> finished_;           // by output: its finished bytes
  std::unique_ptr<PdfBook> source_book_;             // what the output being written places
};

class Session {
 public:
  Session(const BuildOptions& opt, std::ostream& out, std::ostream& err)
      : opt_(opt), plan_opt_(plan_options(opt)), out_(out), err_(err) {}

  int run(const std::vector<std::string>& given, bool write) {
    const std::vector<std::string> files = given.empty() ? default_content_files("content") : given;
    if (write && nothing_to_do(files)) return 0;
    if (!start()) return 1;
    if (const int status = start_options(); status != 0) return status;
    if (!named_files_exist(given)) return 2;
    if (files.empty()) {
      say_error(err_, kProgram, "no game files named and no content/*.yaml found");
      return 1;
    }
    const int jobs = opt_.jobs > 0 ? opt_.jobs : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    size_t to_prepare = 0;
    for (const auto& path : files) to_prepare += load(path, write);
    if (!paper_named(opt_, templates_, games_templates(), err_)) return 2;
    // Several cores: games, and the outputs of a big game, are drawn by fresh cardstock
    // processes (run/schedule.h says why processes).
    if (write && jobs > 1 && to_prepare > 0 && !opt_.self_exe.empty() && opt_.shards <= 1) {
      std::vector<GameWork> work;
      for (const auto& g : games_)
        work.push_back(g->loaded && !g->up_to_date
                           ? estimate_work(g->prepared.game, templates_of(g->prepared.game, templates_), plan_opt_)
                           : GameWork{});
      const auto units = split_work(work, jobs);
      if (units.size() > 1) return run_units(units, work, jobs);
    }
    if (to_prepare && !start_fonts()) return 1;
    // Resolving and planning is quick (a tenth of the drawing); it runs here, in order.
    for (auto& g : games_)
      if (g->loaded && !g->up_to_date) prepare(*g);
    return write ? write_all() : report_checks();
  }

 private:
  // A build whose every game is up to date says so before any YAML is parsed: the
  // manifests name each game's folder and inputs (cache.h). A printer profile is
  // parsed to be keyed, and the processes drawing shares of a game have work to do:
  // those take the full way, as does anything the quick look cannot tell.
  bool nothing_to_do(const std::vector<std::string>& files) {
    if (opt_.force || !opt_.printer.empty() || opt_.shards > 1 || opt_.templates_dir.empty() || files.empty())
      return false;
    InputCache cache(options_key(opt_, std::nullopt), {});
    const auto folders = up_to_date_folders(opt_.out_dir, files, cache);
    if (!folders) return false;
    for (const auto& f : *folders) out_ << "up to date: " << f.string() << "/\n";
    return true;
  }

  // The templates of every game loaded (its own papers, stocks... over the shipped ones).
  std::vector<const Templates*> games_templates() const {
    std::vector<const Templates*> out;
    for (const auto& g : games_) out.push_back(&templates_of(g->prepared.game, templates_));
    return out;
  }

  // Loads the templates; false (after printing) on error.
  bool start() {
    return load_all_templates(opt_, &templates_, err_);
  }

  // The options that name things: every --stock must be a stock on a paper --paper asks
  // for (a print shop's or digital table's stock has no paper: any --paper takes it), and
  // a --printer profile a regular file (else a usage error, 2, as for a game file) that
  // is valid (else 1). Then the cache, which the options key.
  int start_options() {
    if (int r = command_line_options(opt_, templates_, &printer_, err_)) return r;
    cache_ = std::make_unique<InputCache>(options_key(opt_, printer_), template_files(templates_));
    return 0;
  }

  // Files named on the command line must be there and be files: a typo is a usage
  // error (exit 2), reported with the system's reason before anything is built.
  bool named_files_exist(const std::vector<std::string>& given) const {
    bool ok = true;
    for (const auto& f : given)
      if (std::string why = not_a_regular_file(f); !why.empty()) {
        say_error(err_, Mark{f}, "cannot read: " + why);
        ok = false;
      }
    return ok;
  }

  // Loads a game; true if it is to be prepared (loaded, and not up to date).
  bool load(const std::string& path, bool write) {
    auto g = std::make_unique<GameRun>();
    g->prepared.source = path;
    if (auto game = load_game(path, templates_, g->prepared.diags, LoadOptions{opt_.allow_outside})) {
      g->prepared.game = std::move(*game);
      g->loaded = !g->prepared.diags.has_errors();
      if (g->loaded && write && !opt_.force) {
        const PreviousBuild previous(folder_of(*g));
        g->previous_manifest = previous.manifest();
        std::vector<std::string> must = cache_->common();
        must.push_back(path);
        for (const GameInput& in : game_inputs(g->prepared.game))
          if (always_recorded(in, g->prepared.game)) must.push_back(in.path);
        g->up_to_date = previous.unchanged(*cache_, must);
      }
    }
    const bool todo = g->loaded && !g->up_to_date;
    games_.push_back(std::move(g));
    return todo;
  }

  // Loads the private font set; false (after printing) on error.
  bool start_fonts() {
    Diagnostics d;
    fonts_ = Fonts::load(templates_.fonts, {opt_.templates_dir + "/fonts.yaml", 0, 0}, d);
    err_ << d.str();
    return !d.has_errors();
  }

  // Resolves, checks and plans a game, and keys its outputs. A game that adds fonts of
  // its own is set with a font set of its own.
  void prepare(GameRun& g) {
    PreparedGame& p = g.prepared;
    const Templates& t = templates_of(p.game, templates_);
    const Fonts* fonts = fonts_.get();
    if (!same_fonts(t.fonts, templates_.fonts)) {
      g.fonts = Fonts::load(t.fonts, p.game.mark, p.diags);
      if (!g.fonts) return;
      fonts = g.fonts.get();
    }
    g.typesetter = std::make_unique<Typesetter>(*fonts);
    prepare_game(p, t, *g.typesetter, opt_.strict);
    if (p.diags.has_errors()) return;
    g.outputs = plan_outputs(p, t, plan_opt_, p.diags, printer_ ? &*printer_ : nullptr);
    std::vector<std::string> game_files{p.source};
    game_files.insert(game_files.end(), p.game.template_files.begin(), p.game.template_files.end());
    cache_->stamp(game_files, p.content_inputs(), g.outputs, &g.inputs, &g.inputs_key);
  }

  fs::path folder_of(const GameRun& g) const { return fs::path(opt_.out_dir) / g.prepared.game.id; }

  // What temporary files end in: this process's id, or for a share of a game drawn by
  // several processes the parent's id and the share, so the parent can find them.
  std::string temp_suffix() const {
    if (opt_.shards > 1) return ".tmp-" + std::to_string(::getppid()) + "-" + std::to_string(opt_.shard);
    return ".tmp-" + std::to_string(::getpid());
  }

  // Prints a failed game's diagnostics and summary; true if it failed.
  bool failed(const GameRun& g, bool write) const {
    const Diagnostics& d = g.prepared.diags;
    progress_.clear();
    // The shares of a game drawn by several processes all find the same problems; the
    // first one tells.
    if (opt_.shard == 0) err_ << d.str();
    if (g.loaded && !d.has_errors()) return false;
    if (opt_.shard == 0)
      err_ << g.prepared.source << ": " << d.error_count() << " error(s), " << d.warning_count() << " warning(s); "
           << (write ? "nothing written" : "check failed") << "\n";
    return true;
  }

  int report_checks() const {
    int status = 0;
    for (const auto& gp : games_) {
      if (failed(*gp, false)) {
        status = 1;
        continue;
      }
      long cards = 0;
      for (const auto& deck : gp->prepared.game.decks) cards += deck.total_cards();
      // "1 deck, 54 cards": a teacher reads this line, so it speaks plainly.
      auto n = [](size_t k, const char* what) { return std::to_string(k) + " " + what + (k == 1 ? "" : "s"); };
      out_ << gp->prepared.source << ": ok (" << n(gp->prepared.game.decks.size(), "deck") << ", "
           << n(static_cast<size_t>(cards), "card") << ", " << n(gp->outputs.size(), "output");
      if (gp->prepared.diags.warning_count()) out_ << ", " << gp->prepared.diags.warning_count() << " warning(s)";
      out_ << ")\n";
    }
    return status;
  }

  int write_all() {
    int status = 0;
    for (const auto& gp : games_)
      if (gp->loaded && !gp->up_to_date) progress_.add_total(gp->outputs.size());
    for (auto& gp : games_) {
      GameRun& g = *gp;
      if (g.up_to_date) {
        progress_.clear();
        if (opt_.shard == 0) out_ << "up to date: " << folder_of(g).string() << "/\n";
        continue;
      }
      if (failed(g, true) || !write_game(g)) status = 1;
      g.let_go_of_typesetter();
    }
    return status;
  }

  // Draws the outputs of a game that changed (this process's share of them), then
  // commits the folder.
  bool write_game(GameRun& g) {
    OutputFolder folder(opt_.out_dir, g.prepared.game.id, temp_suffix());
    if (!reported(err_, [&](Diagnostics& d) { return folder.make(d); })) return false;
    std::vector<bool> draw(g.outputs.size(), true);
    if (!opt_.force) draw = PreviousBuild(folder.dir()).to_draw(g.outputs);
    std::vector<bool> mine(g.outputs.size(), true);
    if (opt_.shards > 1) {
      std::vector<double> weights;
      for (size_t i = 0; i < g.outputs.size(); ++i) weights.push_back(draw[i] ? g.outputs[i].weight : -1);
      // An imposed booklet is drawn by the share that draws the booklet it places (else
      // that share would draw the booklet a second time, for it alone).
      mine = share_of(weights, opt_.shards, opt_.shard, drawn_together(g.outputs));
    }
    {  // what the outputs draw for one another is let go before the manifest is made
      std::vector<bool> here(g.outputs.size());
      for (size_t i = 0; i < g.outputs.size(); ++i) here[i] = draw[i] && mine[i];
      DrawnForOthers shared(g.outputs, here, *g.typesetter);
      WriteContext ctx{*g.typesetter, std::string("cardstock ") + kVersion,
                       opt_.date.empty() ? pinned_date() : opt_.date};
      size_t last = g.outputs.size();  // the last output drawn here
      for (size_t i = 0; i < g.outputs.size(); ++i)
        if (here[i]) last = i;
      for (size_t i = 0; i < g.outputs.size(); ++i) {
        std::string written, e;  // (write_output says its own errors)
        // Once the last output is drawn, what only drawing needed goes before its
        // finishing pass: the pass holds the whole file's objects (about as much again
        // as the resolved cards of a large deck), and the two at once made the peak.
        ctx.drawn = i == last ? std::function<void()>([&g, i] { let_go_of_art(g, i); }) : nullptr;
        if (here[i] && !(shared.before(i, folder, &ctx, &e) &&
                         write_output(folder, g.outputs[i], ctx, opt_.strict, err_, progress_, &written) &&
                         shared.after(i, written, &e))) {
          if (!e.empty()) {
            progress_.clear();
            err_ << (folder.dir() / g.outputs[i].file).string() << ": error: " << e << "\n";
          }
          folder.discard();
          return false;
        }
        progress_.done(1, g.prepared.game.id + "/" + g.outputs[i].file);
      }
    }
    // The kept text and images are this game's alone, and no longer needed: freed before
    // the manifest is assembled, so the two never take memory at once. The drawn pages
    // go too (the manifest needs only their count and what the planners wrote of them).
    g.let_go_of_typesetter();
    for (auto& o : g.outputs) drop_pages(o);
    return commit(g, folder, draw);
  }

  // An output's planned pages, kept as a count.
  static void drop_pages(PlannedOutput& o) {
    const size_t n = o.pages.size();
    std::vector<PlannedPage>().swap(o.pages);
    o.pages.resize(n);
  }

  // What only drawing needs, let go of when output `drawing` (the last one drawn) has
  // been drawn: the kept text and decoded images, the resolved cards, and the pages of
  // every other output. Its own pages stay (the finishing pass reads their boxes), but
  // the card art they point to is gone: nothing after this draws.
  static void let_go_of_art(GameRun& g, size_t drawing) {
    g.typesetter->let_go();
    std::vector<std::vector<CardArt>>().swap(g.prepared.faces);
    std::vector<std::vector<CardArt>>().swap(g.prepared.backs);
    for (size_t j = 0; j < g.outputs.size(); ++j)
      if (j != drawing) drop_pages(g.outputs[j]);
  }

  // Writes the manifest (only if it changed) and renames everything into place.
  bool commit(GameRun& g, OutputFolder& folder, const std::vector<bool>& drawn) {
    const ManifestHeader h{g.prepared.game.id, g.prepared.game.title,
                           g.prepared.source,  g.inputs,
                           g.inputs_key,       templates_of(g.prepared.game, templates_).dirs};
    const std::string manifest = manifest_json(h, g.outputs);
    if ((manifest != g.previous_manifest || opt_.force) && opt_.shard == 0 &&
        !reported(err_, [&](Diagnostics& d) { return folder.write_text("manifest.json", manifest, d); })) {
      folder.discard();
      return false;
    }
    if (!reported(err_, [&](Diagnostics& d) { return folder.commit(opt_.shards <= 1, d); })) return false;
    if (opt_.shard != 0) return true;
    progress_.clear();
    out_ << built_line(folder.dir().string(), g.outputs, drawn);
    return true;
  }

  // Runs the units as child processes, then for each game renames what its shares drew
  // (the manifest last) if every share succeeded, or removes it all if one failed.
  int run_units(const std::vector<Unit>& units, const std::vector<GameWork>& work, int jobs) {
    std::vector<std::vector<std::string>> argvs;
    for (const auto& u : units) argvs.push_back(child_argv(opt_, games_[u.game]->prepared.source, u));
    // Progress by process: each share counts its part of its game's (estimated) outputs.
    for (const auto& w : work) progress_.add_total(static_cast<size_t>(std::max(0, w.outputs)));
    const auto results = run_children(argvs, jobs, [&](size_t i) {
      const Unit& u = units[i];
      const size_t n = static_cast<size_t>(std::max(0, work[u.game].outputs));
      const size_t shares = static_cast<size_t>(u.shares);
      progress_.done(n / shares + (u.share == 0 ? n % shares : 0), games_[u.game]->prepared.game.id);
    });
    progress_.clear();
    if (interrupt::signal_received()) {
      // Each child removed its own temporary files; what finished shares left is ours.
      for (const auto& g : games_)
        if (g->loaded && !g->up_to_date)
          reported(err_, [&](Diagnostics& d) {
            return OutputFolder(opt_.out_dir, g->prepared.game.id, "").adopt_shares(false, d);
          });
      interrupt::finish();
    }
    int status = 0;
    for (size_t k = 0; k < games_.size(); ++k) {
      const GameRun& g = *games_[k];
      if (!g.loaded) {
        failed(g, true);
        status = 1;
        continue;
      }
      if (g.up_to_date) {
        out_ << "up to date: " << folder_of(g).string() << "/\n";
        continue;
      }
      if (!collect(k, units, results)) status = 1;
    }
    return status;
  }

  // Prints what game `k`'s processes said; adopts the files of its shares. True if all
  // of them succeeded.
  bool collect(size_t k, const std::vector<Unit>& units, const std::vector<ChildResult>& results) {
    std::vector<const ChildResult*> mine;  // by share
    for (size_t u = 0; u < units.size(); ++u)
      if (units[u].game == k) {
        if (mine.size() < static_cast<size_t>(units[u].shares)) mine.resize(static_cast<size_t>(units[u].shares));
        mine[static_cast<size_t>(units[u].share)] = &results[u];
      }
    bool ok = true;
    for (const ChildResult* r : mine) {
      err_ << r->err;
      ok = ok && r->status == 0;
    }
    if (mine.size() > 1 && !reported(err_, [&](Diagnostics& d) {
          return OutputFolder(opt_.out_dir, games_[k]->prepared.game.id, "").adopt_shares(ok, d);
        }))
      ok = false;
    if (ok) out_ << mine[0]->out;
    return ok;
  }

  const BuildOptions& opt_;
  const PlanOptions plan_opt_;  // what opt_ asks of planning
  std::ostream& out_;
  std::ostream& err_;
  bool usage_error_ = false;
  Templates templates_;
  std::unique_ptr<Fonts> fonts_;  // loaded only when something is to be laid out
  std::unique_ptr<InputCache> cache_;
  std::optional<PrinterProfile> printer_;  // --printer, loaded
  std::vector<std::unique_ptr<GameRun>> games_;
  mutable Progress progress_{err_, opt_.progress, escapes_allowed()};  // cleared before anything is printed
};

}  // namespace

int check_files(const std::vector<std::string>& files, const BuildOptions& opt, std::ostream& out,
                std::ostream& err) {
  return Session(opt, out, err).run(files, false);
}

int build_files(const std::vector<std::string>& files, const BuildOptions& opt, std::ostream& out,
                std::ostream& err) {
  interrupt::install();  // Ctrl-C or SIGTERM: no temporary file left behind
  return Session(opt, out, err).run(files, true);
}

std::vector<std::string> build_inputs(const std::vector<std::string>& files, const BuildOptions& opt) {
  std::vector<std::string> out(files.begin(), files.end());
  for (const auto& layer : opt.template_layers) out.push_back(layer);
  Templates t;
  std::ostringstream quiet;
  if (!load_all_templates(opt, &t, quiet)) return out;
  const auto shared = template_files(t);
  out.insert(out.end(), shared.begin(), shared.end());
  for (const auto& path : files) {
    Diagnostics d;
    const auto g = load_game(path, t, d, LoadOptions{opt.allow_outside});
    if (!g) continue;
    // What the game names now (a file it cannot read yet included), and what its outputs
    // were last made from (images, fonts).
    for (const GameInput& in : game_inputs(*g)) out.push_back(in.path);
    const auto before = PreviousBuild(fs::path(opt.out_dir) / g->id).inputs();
    out.insert(out.end(), before.begin(), before.end());
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

int list_stocks(const BuildOptions& opt, const std::string& game, std::ostream& out, std::ostream& err) {
  Templates shared;
  if (!load_all_templates(opt, &shared, err)) return 1;
  std::optional<Game> g;
  if (!game.empty()) {
    Diagnostics d;
    g = load_game(game, shared, d, LoadOptions{opt.allow_outside});
    err << d.str();
    if (!g || d.has_errors()) return 1;
  }
  const Templates& t = g ? templates_of(*g, shared) : shared;
  // Columns as wide as their longest entry (label products have long ids).
  size_t wid = 5, wpaper = 5, wcard = 4;
  for (const auto& s : t.stocks) {
    wid = std::max(wid, s.id.size());
    wpaper = std::max(wpaper, s.paper.id.size());
    wcard = std::max(wcard, s.card.id.size());
  }
  auto col = [](size_t w) { return std::setw(static_cast<int>(w + 2)); };
  out << std::left << col(wid) << "STOCK" << col(wpaper) << "PAPER" << col(wcard) << "CARD" << std::setw(11)
      << "KIND" << std::setw(9) << "GRID" << std::setw(6) << "CARDS"
      << "DESCRIPTION\n";
  for (const auto& s : t.stocks) {
    std::string grid = std::to_string(s.columns) + "x" + std::to_string(s.rows) +
                       (s.rotate ? " r" + std::to_string(s.rotate) : "") +
                       (s.packing == Packing::Honeycomb ? " hc" : "");
    size_t cards = grid_slots(s).size();
    // Print shops' and digital tables' stocks: no paper; one card a page or an image, or
    // a Tabletop Simulator sheet (its last cell is the hidden-card image).
    if (s.format == StockFormat::Png) grid = "png";
    if (s.format == StockFormat::Pdf && s.card_pages()) grid = "1 a page";
    if (s.format == StockFormat::Tts) {
      grid += " tts";
      cards = static_cast<size_t>(s.columns * s.rows - 1);
    }
    if (s.format != StockFormat::Tts && s.card_pages()) cards = 1;
    out << col(wid) << s.id << col(wpaper) << (s.card_pages() ? "-" : s.paper.id) << col(wcard) << s.card.id
        << std::setw(11)
        << (s.kind == StockKind::Labels ? "labels" : s.kind == StockKind::Foldover ? "foldover" : "cardstock")
        << std::setw(9) << grid << std::setw(6) << cards << s.description << "\n";
  }
  return 0;
}

}  // namespace cardstock
