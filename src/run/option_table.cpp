// option_table: the options that shape a build, one row each (run/option_table.h).
#include "run/option_table.h"

namespace cardstock {

namespace {

using O = BuildOptions;
constexpr unsigned kAll = kBuildCmd | kWatchCmd | kCheckCmd | kPreviewCmd;
constexpr unsigned kBuilds = kBuildCmd | kWatchCmd;
// Proofs, CMYK and where Tabletop Simulator finds the images: build, watch, and check
// (which plans the same outputs without drawing them); not preview.
constexpr unsigned kPublishing = kBuildCmd | kWatchCmd | kCheckCmd;

// clang-format off
const OptionRow kRows[] = {
  {"--paper", "a paper of templates/papers.yaml (letter, a4, a3, tabloid...) or all",
   &O::paper, false, kAll, "paper", Keyed::Always, true, "paper"},
  {"--single-sided", "fronts only: no back pages",
   &O::backs, true, kAll, "backs", Keyed::Always, true, "single_sided"},
  {"--strict", "treat warnings (e.g. text overflow) as errors",
   &O::strict, false, kAll, "strict", Keyed::Always, true, "strict"},
  {"--allow-outside", "let images and booklet sources lie outside the game file's folder",
   &O::allow_outside, false, kAll, "outside", Keyed::Always, true, "allow_outside"},
  {"--force", "render every output, even those whose inputs did not change",
   &O::force, false, kBuilds, "force", Keyed::Never, true, "force"},
  // The child's notices stay out, as the parent leaves them out. `check -q` as `build -q`.
  {"-q,--quiet", "print only diagnostics (no progress, no summary lines)",
   &O::quiet, false, kBuilds | kCheckCmd, "quiet", Keyed::Never, true, ""},
  {"--keep-stale", "keep the outputs of a game's previous build that this build no longer makes (default: remove them)",
   &O::keep_stale, false, kBuilds, "keep-stale", Keyed::Never, true, "keep_stale"},
  // Issues 15 and 16: a stock for every deck that holds its cards (a home stock, a print
  // shop's or Tabletop Simulator's), and a printer profile that corrects back pages.
  {"--stock", "print every deck whose cards this stock holds on it instead of the deck's own stocks "
              "(repeatable or comma-separated, e.g. tgc-poker,dtc-poker,tts; cardstock stocks lists them)",
   &O::stocks, false, kAll, "stock", Keyed::WhenGiven, true, "stocks"},
  // Keyed by the profile's values, not its file name (options_key reads the profile); a
  // file on the server is no studio option.
  {"--printer", "a printer profile (from cardstock calibrate): back pages are moved and turned to cancel its "
                "duplex error",
   &O::printer, false, kAll, "printer", Keyed::Never, true, ""},
  {"--proof", "also write <deck>-proof.pdf: each card with its trim, bleed and safe lines and its source",
   &O::proof, false, kPublishing, "proof", Keyed::WhenGiven, true, "proof"},
  {"--cmyk", "convert every PDF but proofs to CMYK PDF/X-1a (needs Ghostscript)",
   &O::cmyk, false, kPublishing, "cmyk", Keyed::WhenGiven, true, "cmyk"},
  {"--tts-url", "address the Tabletop Simulator images will have (the saved object names URL + file name)",
   &O::tts_url, false, kPublishing, "tts-url", Keyed::WhenGiven, true, "tts_url"},
};
// clang-format on

}  // namespace

std::span<const OptionRow> option_rows() { return kRows; }

std::string long_name(const OptionRow& row) {
  const std::string f = row.flag;
  const size_t comma = f.rfind(',');
  return comma == std::string::npos ? f : f.substr(comma + 1);
}

std::vector<std::string> child_options(const BuildOptions& opt) {
  std::vector<std::string> a;
  for (const OptionRow& r : kRows) {
    if (!r.to_child) continue;
    const std::string name = long_name(r);
    if (auto* b = std::get_if<bool O::*>(&r.member)) {
      if (opt.*(*b) != r.negated) a.push_back(name);
    } else if (auto* s = std::get_if<std::string O::*>(&r.member)) {
      if (!(opt.*(*s)).empty()) a.insert(a.end(), {name, opt.*(*s)});
    } else {
      for (const std::string& v : opt.*std::get<std::vector<std::string> O::*>(r.member)) a.insert(a.end(), {name, v});
    }
  }
  return a;
}

std::string key_text(const BuildOptions& opt, Keyed when) {
  std::string key;
  for (const OptionRow& r : kRows) {
    if (r.keyed != when || when == Keyed::Never) continue;
    const std::string k = std::string(" ") + r.key + "=";
    if (auto* b = std::get_if<bool O::*>(&r.member)) {
      if (when == Keyed::Always || opt.*(*b)) key += k + (opt.*(*b) ? "1" : "0");
    } else if (auto* s = std::get_if<std::string O::*>(&r.member)) {
      if (when == Keyed::Always || !(opt.*(*s)).empty()) key += k + opt.*(*s);
    } else {
      for (const std::string& v : opt.*std::get<std::vector<std::string> O::*>(r.member)) key += k + v;
    }
  }
  return key;
}

}  // namespace cardstock
