// writer: turns a planned output into a file. A format is a Writer registered in
// writer_for(), the one place that knows them all. Errors come back as text.
#pragma once
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "output/pdf_finish.h"
#include "plan/planned.h"
#include "render/art_book.h"
#include "render/typesetter.h"

namespace cardstock {

/// The card art of one deck drawn once for all its PDFs (render/art_book.h ArtBook) and read for
/// copying (pdf_finish.h PdfBook).
struct DrawnBook {
  ArtBook art;
  std::unique_ptr<PdfBook> pdf;
};

/// Which outputs share a book: for each of `outputs`, the number of its group, or -1.
/// A group is the card, label and fold-over sheets in PDF (formats pdf and pdf-cmyk) of
/// one deck that place cards, when there are two or more; it depends on the plan alone
/// (not on which outputs this process draws), so a file's bytes do not depend on -j, on
/// what was up to date, or on a proof being asked for.
std::vector<int> book_groups(const std::vector<PlannedOutput>& outputs);

struct WriteContext;

/// Draws and reads the book of the outputs of one group, telling `step` (if set) of each
/// card art drawn. nullptr with *err on failure.
std::unique_ptr<DrawnBook> draw_book(const std::vector<const PlannedOutput*>& outputs, const Typesetter& ts,
                                     std::string* err, const WriteContext* progress = nullptr);

/// What every writer draws with and stamps in: the game's Typesetter (text and images),
/// the generator's name and the pinned date.
struct WriteContext {
  const Typesetter& typesetter;
  std::string creator;  // "cardstock 0.1.0"
  std::string date;     // ISO 8601, pinned for reproducible output
  /// For writers that pass a file through another program (CMYK): a temporary name
  /// beside the output's own, inside the output folder, removed after the build and if it
  /// is interrupted. ("" if it cannot be had; *err then says why.)
  std::function<std::string(const std::string& name, std::string* err)> scratch;
  /// What a writer found that the user should know (the ink of a CMYK file): a warning
  /// when `warning` (an error under --strict), else a note.
  std::function<void(const std::string& message, bool warning)> report;
  /// The book of the output's group (book_groups), or null: PDF writers place the card
  /// art it holds from it.
  DrawnBook* book = nullptr;
  /// For an output that imposes another (PlannedOutput::imposes): that output's finished
  /// PDF, read for copying. PDF writers then place its pages instead of drawing them again.
  PdfBook* imposed = nullptr;
  /// Called once the output's pages are drawn, before the pass that finishes the file
  /// (PDF writers; may be empty): the build lets go there of what only drawing needed
  /// when this is the last output it draws, so that memory and the pass's never add up.
  std::function<void()> drawn;
  /// Called as a writer draws (may be empty), for progress: `done` of `total` pages of the
  /// output (`unit` "page", or "image" for a folder of images), or of the card art of its
  /// deck's book ("card").
  std::function<void(size_t done, size_t total, const char* unit)> step;
};

class Writer {
 public:
  virtual ~Writer() = default;
  /// Writes `o` into a new file at `path` (a temporary file the build renames into
  /// place). False with *err set on failure; `path` may then hold a partial file.
  virtual bool write(const std::string& path, const PlannedOutput& o, const WriteContext& c,
                     std::string* err) const = 0;
};

/// The writer of `format`: every format has one.
const Writer& writer_for(OutputFormat format);

}  // namespace cardstock
