// plan: a prepared game -> its outputs, each planned as pages (plan/planned.h) with
// what manifest.json says of it. One planner a kind of output: card and label sheets,
// answer keys, board previews, booklets and imposed booklets; each returns what it made.
// Pure: no Cairo, no disk (text is measured through PreparedGame::measurer), so the tests
// and the fuzzer call it directly. Problems (a paper no stock is on, too many pages, two
// outputs of one name) go to Diagnostics.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "base/diag.h"
#include "plan/prepare.h"
#include "plan/planned.h"

namespace cardstock {

/// What the build's options ask of planning (the run stage fills it from the command line).
struct PlanOptions {
  std::string paper = "all";        // a paper id (letter, a4, ...) or "all"
  bool backs = true;                // false: fronts only (--single-sided)
  bool strict = false;              // warnings count as errors
  std::vector<std::string> stocks;  // --stock: print every deck these hold on them
  bool proof = false;               // --proof: a proof PDF a deck
  bool cmyk = false;                // --cmyk: every PDF but proofs in CMYK
  std::string tts_url;              // --tts-url
  bool ghostscript = true;          // Ghostscript is here: CMYK can be made (else an error)
};

/// Every output of `p` the options ask for (paper, backs, stocks), in a fixed order: per
/// deck its stocks (each followed by its cut file, on a cutter stock) then its answer
/// key, then the boards, then the booklets. `printer` (may be null) corrects back pages.
std::vector<PlannedOutput> plan_outputs(const PreparedGame& p, const Templates& t, const PlanOptions& opt,
                                        Diagnostics& d, const PrinterProfile* printer = nullptr);

/// The stocks deck `deck` is printed on: those of `opt.stocks` (--stock) that hold its
/// card size (their own, or one they accept), else its own.
std::vector<Stock> stocks_for(const Deck& deck, const Templates& t, const PlanOptions& opt);

/// What to say when Ghostscript is wanted and missing.
std::string ghostscript_missing();

/// Whether `stock`'s sheets are made under `opt.paper` (a stock without paper always is).
bool stock_wanted(const PlanOptions& opt, const Stock& stock);

/// The papers one-page outputs (answer keys, board previews) are made on under `opt`.
std::vector<Paper> single_page_papers(const Templates& t, const PlanOptions& opt);

/// The one rule for backs: whether deck `deck` on `stock` gets back pages. A deck with a
/// back design gets them on cardstock unless `backs` is false (--single-sided); fold-over
/// sheets carry them beside their fronts whatever `backs` says; labels never have them.
bool deck_has_backs(const Deck& deck, const Stock& stock, bool backs);

// The planners, one a kind of output (plan/plan_*.cpp). Each returns what it made.

/// A deck's sheets and, on a cutter stock, the cut file that goes with them.
struct DeckSheets {
  PlannedOutput sheets;
  std::optional<PlannedOutput> cut_file;
};

/// A deck on a stock: card sheets (fronts, and duplex backs when `backs`: on their own
/// pages, corrected for `printer` when not null, or beside their fronts on a fold-over
/// stock), or labels; and on a cutter stock its SVG cut file. On a stock without paper,
/// one card face a page (a print shop's PDF). Warns of anything inside the stock's
/// non-printable margin; a stock whose cards its cutter or label cannot take is an error
/// (and nothing is made).
std::optional<DeckSheets> plan_sheets(const PreparedGame& p, size_t deck, const Stock& stock, bool backs,
                                      const PrinterProfile* printer, Diagnostics& d);
/// The SVG cut file of a deck's sheets on a cutter stock (plan/plan_cut.cpp): every card
/// outline of the first front page, and the registration marks, in page coordinates;
/// none when the sheets have no front page.
std::optional<PlannedOutput> plan_cut_file(const PreparedGame& p, size_t deck, const Stock& stock,
                                           const SheetLayout& sheets, const std::string& pdf);
/// The output of deck `d` on `stock` named `file`, of manifest kind `kind`: its mark, the
/// words that name it in messages, its stock; pages and format left to the planner.
PlannedOutput deck_output(const Deck& d, const Stock& stock, const std::string& file, OutputKind kind);
/// A deck on a png stock: a folder of one image a card face (plan/plan_images.cpp).
PlannedOutput plan_images(const PreparedGame& p, size_t deck, const Stock& stock, bool backs);
/// A deck on a tts stock: Tabletop Simulator deck sheets, back image and saved object, in
/// a folder (plan/plan_tts.cpp); the saved object names each image `url` + its file name.
/// None for a deck without cards.
std::optional<PlannedOutput> plan_tts(const PreparedGame& p, size_t deck, const Stock& stock, bool backs,
                                      const std::string& url);
/// The name of a card face's image: its number in the deck of `count` (zero-padded to
/// sort), its id, "-copyN" past the first copy, and the side: "003-hammurabi-front.png".
std::string image_file_name(size_t number, size_t count, const std::string& id, long copy, bool back);
/// On a stock with `preflight: true`: warns, at the design layer or design in the game
/// file, of text of deck `deck` that leaves the stock's safe zone and of card edges its
/// art does not run past into the bleed, once for all the cards concerned
/// (plan/plan_preflight.cpp).
void preflight_deck(const PreparedGame& p, size_t deck, const Stock& stock, Diagnostics& d);
/// A deck's proof (`build --proof`, plan/plan_proof.cpp): `<deck>-proof.pdf`, every copy's
/// face (and with `backs` its back) one a cell with its trim, safe zone, bleed, problem
/// text and a slug naming its source; for screens, never converted to CMYK.
PlannedOutput plan_proof(const PreparedGame& p, size_t deck, bool backs, const Templates& t);
/// A deck's answer key: one page a paper.
std::vector<PlannedOutput> plan_answer_key(const PreparedGame& p, size_t deck, const std::vector<Paper>& papers,
                                           const Templates& t, Diagnostics& d);
/// A board preview: one page a paper, the tiles assembled at the largest scale that fits.
std::vector<PlannedOutput> plan_board(const PreparedGame& p, const Board& board, const std::vector<Paper>& papers,
                                      const Templates& t, Diagnostics& d);
/// The booklet: reading-order pages on the small paper (half-Letter, A5) and the same
/// pages imposed two-up on the big one (Letter, A4) for folding. With `printer`, the
/// imposed back sides are corrected for its duplex error as card backs are (each half
/// moved and turned as one card would be; the sheet turns on its short edge).
std::vector<PlannedOutput> plan_booklets(const PreparedGame& p, const Templates& t, const PlanOptions& opt,
                                         Diagnostics& d, const PrinterProfile* printer = nullptr);

/// What the manifest says of a printer profile `pr` applied to back pages as `applied`
/// (the same profile, or landscape_profile of it) for a stock turned on its short edge
/// or not, moved about `about`.
std::string printer_json(const PrinterProfile& pr, const PrinterProfile& applied, bool short_edge,
                         const std::string& about);

/// Shared by the planners of card pages: turns laid-out sheets of deck `deck` into planned
/// pages of `o` with the manifest's account of them; the first page also carries `items`
/// (a table, a title). Each page gets `boxes`, or (null) boxes of the whole sheet. With
/// `page_files` the manifest names each page's file from o->page_files (set before).
void sheet_output(const PreparedGame& p, size_t deck, SheetLayout sheets, std::vector<ArtItem> items,
                  PlannedOutput* o, const PageBoxes* boxes = nullptr, bool page_files = false);

/// A rough drawing cost of a deck of `cards` cards on `stock` before it is laid out, in
/// the units of pages_weight (to share games among processes).
double stock_weight(const Stock& stock, double cards, bool backs);

/// What drawing one image of a png or tts stock costs against a card drawn in a PDF (the
/// units of pages_weight): rasterising and compressing a 300 dpi card face.
inline constexpr double kImageWeight = 40;

/// The duplex calibration sheet on `paper` (plan/plan_calibration.cpp), its text in `font`.
PlannedOutput plan_calibration(const Paper& paper, const std::string& font);

/// The manifest's JSON array of registration marks (kind, stroke, points in points).
std::string registration_json(const std::vector<RegMark>& marks);

/// A rough drawing cost of planned pages: a unit per card drawn and per page, more for a
/// booklet page (long text), so outputs can be shared out among processes.
double pages_weight(const std::vector<PlannedPage>& pages, double per_page);

}  // namespace cardstock
