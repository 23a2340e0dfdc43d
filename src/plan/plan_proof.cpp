// The proof planner (`build --proof`): a deck's cards one a cell, for a screen, each with
// its trim and safe-zone lines, bleed tinted, problem text outlined in red (layout/proof)
// and a slug under it naming the deck, card, copy, side and the YAML file:line it came
// from. The manifest lists every placement, as for card sheets.
#include "plan/plan.h"
#include "layout/proof.h"

namespace cardstock {

namespace {

const Color kInk{0.13, 0.13, 0.13, 1};

ArtItem note(const std::string& text, const Rect& box, double size, const std::string& font) {
  ArtItem it;
  it.type = LayerType::Text;
  it.text = text;
  it.box = box;
  it.style.font = font;
  it.style.size = size;
  it.color = kInk;
  return it;
}

// The slug of one cell: what the card is and where it is written.
std::string slug(const Deck& dk, const Card& card, const CardInstance& in, bool back) {
  return dk.id + " / " + card.id + " / copy " + std::to_string(in.copy) + " / " + (back ? "back" : "front") + "\n" +
         (card.mark.tab.empty() ? card.mark.file + ":" + std::to_string(card.mark.line) : card.mark.str());
}

}  // namespace

PlannedOutput plan_proof(const PreparedGame& p, size_t deck, bool backs, const Templates& t) {
  const Deck& dk = p.game.decks[deck];
  const std::vector<CardInstance> copies = expand_instances(dk);
  SheetLayout sheets = layout_proof(dk.card, copies.size(), backs);
  const std::string& font = t.fonts.default_family;
  std::vector<std::vector<ArtItem>> over(sheets.pages.size());
  bool placed = false;  // said in the heading only when the deck's designs place layers
  for (const auto* arts : {&p.faces[deck], &p.backs[deck]})
    for (const CardArt& a : arts->distinct()) placed = placed || !a.placed.empty();
  for (size_t k = 0; k < sheets.pages.size(); ++k) {
    const std::string head = p.game.title + ": proof of deck '" + dk.id + "', page " + std::to_string(k + 1) + " of " +
                             std::to_string(sheets.pages.size()) +
                             ". Blue: trim. Green: safe zone. Tinted: bleed. Red: text that overflows its box or "
                             "leaves the safe zone." +
                             (placed ? " Orange: boxes placed by anchor, inset or stack." : "");
    over[k].push_back(note(head, {kProofMargin, 10, sheets.width - 2 * kProofMargin, kProofMargin - 14}, 8, font));
    for (const Placement& pl : sheets.pages[k].placements) {
      const CardInstance& in = copies.at(pl.slot);
      const CardArt& art = pl.back ? p.backs[deck][in.card] : p.faces[deck][in.card];
      auto marks = proof_marks(art, dk.card, pl.trim, *p.measurer);
      over[k].insert(over[k].end(), marks.begin(), marks.end());
      over[k].push_back(note(slug(dk, dk.cards[in.card], in, pl.back), slug_box(pl), 7, font));
    }
  }
  PlannedOutput o;
  o.file = dk.id + "-proof.pdf";
  o.mark = dk.mark;
  o.origin = "the proof of deck '" + dk.id + "'";
  o.manifest.kind = OutputKind::Proof;
  sheet_output(p, deck, std::move(sheets), {}, &o);
  for (size_t k = 0; k < over.size(); ++k) o.pages[k].art.items = std::move(over[k]);
  o.weight = pages_weight(o.pages, 2);
  return o;
}

}  // namespace cardstock
