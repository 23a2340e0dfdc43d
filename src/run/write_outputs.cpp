// write_outputs: drawing a game's outputs: each with its format's writer, with what they
// draw for one another (art books, the booklet an imposed booklet places), and the
// summary line; also the work estimate and command line of a child process. Sizes in
// pages_weight units; errors are printed to `err` after the file's name (false back).
#include <algorithm>
#include <functional>
#include <map>
#include <sstream>

#include "base/files.h"
#include "base/text_check.h"
#include "output/pdf_finish.h"
#include "output/writer.h"
#include "plan/plan.h"
#include "run/option_table.h"
#include "run/commit.h"
#include "base/progress.h"
#include "run/session_parts.h"

namespace cardstock {

namespace {

// For each output, the index of the output whose pages it places (PlannedOutput::
// imposes), or -1.
std::vector<int> imposed_sources(const std::vector<PlannedOutput>& outputs) {
  std::vector<int> source(outputs.size(), -1);
  for (size_t i = 0; i < outputs.size(); ++i)
    for (size_t r = 0; r < outputs.size() && !outputs[i].imposes.empty(); ++r)
      if (outputs[r].file == outputs[i].imposes) source[i] = static_cast<int>(r);
  return source;
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
    // A writer's finding (a CMYK file's ink), at the output's source, as every message.
    Diagnostics d;
    if (!warning) d.notice(o.mark, shown + ": " + message);
    else d.warning(o.mark, shown + ": " + message);
    if (strict) d.make_warnings_errors();
    err << d.str();
    refused = refused || d.has_errors();
  };
  std::string e;
  const std::string tmp =
      o.is_folder() ? folder.temporary_folder(o.file, o.folder_files(), &e) : folder.temporary(o.file, &e);
  bool ok = !tmp.empty();
  if (!ok) {
    progress.clear();
    say_error(err, kProgram, e);
  } else if (!writer.write(tmp, o, ctx, &e)) {
    progress.clear();
    say_error(err, Mark{shown}, said_as_final(e, tmp, shown));
    ok = false;
  }
  folder.drop_scratch();
  if (written) *written = tmp;
  return ok && !refused;
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
        if (!(book = draw_book(members, ts_, err, ctx))) return false;
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

// What only drawing needs, let go of when output `drawing` (the last one drawn) has
// been drawn: the kept text and decoded images, the resolved cards, and the pages of
// every other output. Its own pages stay (the finishing pass reads their boxes), but
// the card art they point to is gone: nothing after this draws.
void let_go_of_art(GameRun& g, size_t drawing) {
  g.typesetter->let_go();
  std::vector<DeckArts>().swap(g.prepared.faces);
  std::vector<DeckArts>().swap(g.prepared.backs);
  for (size_t j = 0; j < g.outputs.size(); ++j)
    if (j != drawing) drop_pages(g.outputs[j]);
}

}  // namespace

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
  out << "built " << printable(dir) << "/: ";
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
  a.insert(a.end(), {"build", source, "-o", opt.out_dir, "-j", "1", "--lock-held"});
  const std::vector<std::string> given = child_options(opt);  // every row of the option table a child takes
  a.insert(a.end(), given.begin(), given.end());
  if (u.shares > 1) a.insert(a.end(), {"--shard", std::to_string(u.share) + "/" + std::to_string(u.shares)});
  return a;
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

// An output's planned pages, kept as a count.
void drop_pages(PlannedOutput& o) {
  const size_t n = o.pages.size();
  std::vector<PlannedPage>().swap(o.pages);
  o.pages.resize(n);
}

bool draw_outputs(GameRun& g, OutputFolder& folder, const std::vector<bool>& here, const BuildOptions& opt,
                  Progress& progress, std::ostream& err) {
  DrawnForOthers shared(g.outputs, here, *g.typesetter);
  WriteContext ctx{*g.typesetter, std::string("cardstock ") + kVersion,
                   opt.date.empty() ? pinned_date() : opt.date};
  size_t last = g.outputs.size();  // the last output drawn here
  for (size_t i = 0; i < g.outputs.size(); ++i)
    if (here[i]) last = i;
  for (size_t i = 0; i < g.outputs.size(); ++i) {
    std::string written, e;  // (write_output says its own errors)
    // Once the last output is drawn, what only drawing needed goes before its
    // finishing pass: the pass holds the whole file's objects (about as much again
    // as the resolved cards of a large deck), and the two at once made the peak.
    ctx.drawn = i == last ? std::function<void()>([&g, i] { let_go_of_art(g, i); }) : nullptr;
    // Within an output, by its pages (or its deck's card art first): one output of a
    // large deck takes seconds, and counting outputs alone showed nothing meanwhile.
    const std::string what = g.prepared.game.id + "/" + g.outputs[i].file;
    ctx.step = [&progress, &what](size_t k, size_t n, const char* unit) { progress.step(what, k, n, unit); };
    if (here[i] && !(shared.before(i, folder, &ctx, &e) &&
                     write_output(folder, g.outputs[i], ctx, opt.strict, err, progress, &written) &&
                     shared.after(i, written, &e))) {
      if (!e.empty()) {
        progress.clear();
        say_error(err, Mark{(folder.dir() / g.outputs[i].file).string()}, e);
      }
      folder.discard();
      return false;
    }
    progress.done(1, g.prepared.game.id + "/" + g.outputs[i].file);
  }
  return true;
}

}  // namespace cardstock
