#include "layout/art_key.h"

#include <cstring>
#include <type_traits>

namespace cardstock {

namespace {

// A field added to these types must be added to the key too, or two cards that differ in
// it would share one drawing. The sizes are those of x86-64 with libstdc++ (the build's
// platform); the assertion is the reminder, not the guarantee (a test changes each field).
#if defined(__x86_64__) && defined(__GLIBCXX__)
static_assert(sizeof(TextStyle) == 88, "TextStyle changed: add the new field to art_key");
static_assert(sizeof(ArtItem) == 440, "ArtItem changed: add the new field to art_key (or say why it is not drawn)");
// CardArt::placed is not drawn on the card (proofs draw it over the card, as page items).
static_assert(sizeof(CardArt) == 88, "CardArt changed: add the new field to art_key");
#endif

class KeyWriter {
 public:
  explicit KeyWriter(std::string* out) : out_(out) {}
  void num(double v) { raw(&v, sizeof v); }
  void num(int v) { raw(&v, sizeof v); }
  void flag(bool b) { out_->push_back(b ? '\1' : '\0'); }
  void text(const std::string& s) {
    num(static_cast<int>(s.size()));  // length first: "ab"+"c" differs from "a"+"bc"
    out_->append(s);
  }
  void color(const Color& c) {
    flag(c.none);
    num(c.r);
    num(c.g);
    num(c.b);
    num(c.a);
  }
  void rect(const Rect& r) {
    num(r.x);
    num(r.y);
    num(r.w);
    num(r.h);
  }

 private:
  void raw(const void* p, size_t n) { out_->append(static_cast<const char*>(p), n); }
  std::string* out_;
};

void style_key(KeyWriter& k, const TextStyle& s) {
  k.text(s.font);
  k.flag(s.bold);
  k.flag(s.italic);
  k.num(s.size);
  k.num(static_cast<int>(s.align));
  k.flag(s.rtl);
  k.flag(s.markup);
  k.num(s.line_spacing);
  k.num(static_cast<int>(s.icons.size()));
  for (const auto& icon : s.icons) k.text(icon);
}

}  // namespace

std::string art_key(const CardArt& art, double width, double height) {
  std::string out;
  out.reserve(64 + art.items.size() * 160);
  KeyWriter k(&out);
  k.num(width);
  k.num(height);
  k.color(art.background);
  k.num(static_cast<int>(art.items.size()));
  for (const ArtItem& it : art.items) {
    k.num(static_cast<int>(it.type));
    k.rect(it.box);
    k.color(it.fill);
    k.color(it.stroke);
    k.color(it.color);
    k.num(it.stroke_width);
    k.num(it.radius);
    k.text(it.text);
    style_key(k, it.style);
    k.num(static_cast<int>(it.valign));
    k.text(it.image);
    k.num(static_cast<int>(it.fit));
    k.num(static_cast<int>(it.bleed_fill));
    k.num(it.bleed);
    k.num(it.rotate);
    k.num(it.first_line);
    k.num(it.line_count);
  }
  return out;
}

}  // namespace cardstock
