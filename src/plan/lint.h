// lint: every text that reaches a page, read as it will be printed. Markup that was never
// expanded (an icon code of the game, a {field} reference, an <icon> tag, Markdown
// emphasis or links) is an error; type set below a legible size is a warning (an error
// under --strict). Each is said once, at its source (the design layer or the card for
// card text, the booklet line for booklet text, the output for generated text), with how
// many cards or outputs show it. Pure: reads plans and resolved cards, writes Diagnostics.
#pragma once
#include <vector>

#include "base/diag.h"
#include "plan/planned.h"
#include "plan/prepare.h"

namespace cardstock {

/// The smallest type, in points, that prints legibly when neither the design nor the
/// deck's stocks say otherwise (`legible_size`).
inline constexpr double kLegiblePt = 7;

/// Checks the text of every card of `p` and every text item of `outs` (booklets, answer
/// keys, boards, proofs). `stocks[k]` are the stocks deck k is printed on, for their
/// legible size.
void lint_printed_text(const PreparedGame& p, const std::vector<PlannedOutput>& outs,
                       const std::vector<std::vector<Stock>>& stocks, Diagnostics& d);

/// What in `text` is markup left unexpanded, in words ("the icon code ':hay:'"), or "";
/// *token (if given) gets the markup itself (":hay:", "{name}", "**"). `game` gives the
/// icon names that count.
std::string unexpanded_markup(const std::string& text, const Game& game, std::string* token = nullptr);

}  // namespace cardstock
