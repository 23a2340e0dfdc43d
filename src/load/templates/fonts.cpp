#include "load/templates/fonts.h"

#include "base/files.h"
#include "base/os/files.h"
#include "base/paths.h"
#include "base/text_check.h"
#include "load/schema/schema.h"

namespace fs = std::filesystem;

namespace cardstock::loading {

namespace {

// A font file of a layer: a relative path is found in `root`; a game's must lie in its
// folder. "" (after an error at `at`) if it is refused.
std::string font_file(const std::string& f, const fs::path& root, const LayerOrigin& o, const Mark& at,
                      Diagnostics& d) {
  if (o.confine_to.empty()) return fs::path(f).is_absolute() ? f : (root / f).string();
  std::string resolved, why;
  const std::string rel = fs::path(f).is_absolute() ? f : fs::relative(root / f, o.confine_to).string();
  if (!confined_path(o.confine_to, rel, o.allow_outside, &resolved, &why)) {
    d.error(at, "font file " + why);
    return "";
  }
  return resolved;
}

// What a file named as a font is, from its first bytes: "" for a font FreeType reads
// (TrueType, OpenType, a collection, WOFF, WOFF2, Type 1), else what it is in words:
// fontconfig would only say it cannot load it, and no package installs a font over it.
std::string not_a_font(const std::string& path) {
  std::string why;
  const int fd = open_regular_file(path, true, &why);
  if (fd < 0) return "";  // said by not_a_regular_file
  char buf[16] = {};
  const long n = read_full(fd, buf, sizeof buf);
  os::close_file(fd);
  const std::string head(buf, n > 0 ? static_cast<size_t>(n) : 0);
  static const std::string kFonts[] = {std::string("\0\1\0\0", 4), "true", "typ1", "OTTO", "ttcf", "wOFF",
                                      "wOF2", "%!PS-AdobeFont", "%!FontType1", "\x80\x01"};
  for (const std::string& sig : kFonts)
    if (head.rfind(sig, 0) == 0) return "";
  if (head.empty()) return "it is empty (0 bytes)";
  static const std::pair<const char*, const char*> kinds[] = {
      {"%PDF", "a PDF file"}, {"\x89PNG", "a PNG picture"}, {"\xFF\xD8\xFF", "a JPEG picture"},
      {"PK\x03\x04", "a zip archive: unpack the font file from it"}, {"<", "text (XML or HTML)"}};
  std::string what;
  for (const auto& [sig, name] : kinds)
    if (head.rfind(sig, 0) == 0) what = name;
  return "it is not a font file (it starts with '" + shown_text(head.substr(0, 4), 0) + "'" +
         (what.empty() ? "" : "; it is " + what) + ")";
}

}  // namespace

void read_font_family(const YAML::Node& f, const std::string& file, const fs::path& root, const LayerOrigin& o,
                      TemplateLayer& layer, Diagnostics& d) {
  Reader fr(f, Schemas::font(), file);
  FontFamily fam{fr.str("family"),     fr.str("package"),      {},
                 fr.mark(),              fr.list("scripts"),     fr.list("fallback_for"),
                 fr.mark("scripts"),     fr.mark("fallback_for"), fr.list("fallbacks"),
                 fr.mark("fallbacks")};
  // Fontconfig would block on a FIFO and read /dev/zero for ever: only files.
  const std::string package = fr.str("package").empty() ? "" : " (install Debian package " + fr.str("package") + ")";
  if (YAML::Node files = fr.node("files"); files && files.IsSequence())
    for (const auto& fn : files) {
      if (!fn.IsScalar()) continue;
      const std::string path = font_file(fn.Scalar(), root, o, mark_of(fn, file), d);
      if (path.empty()) continue;
      if (std::string why = not_a_regular_file(path); !why.empty())
        d.error(mark_of(fn, file), "font file '" + fn.Scalar() + "' of '" + fam.family + "' cannot be used: " + why +
                                       (why.rfind("it ", 0) == 0 ? "" : package));
      else if (std::string what = not_a_font(path); !what.empty())
        d.error(mark_of(fn, file), "font file '" + fn.Scalar() + "' of '" + fam.family + "' cannot be used: " + what);
      fam.files.push_back(path);
    }
  else
    for (const auto& fn : fr.list("files")) fam.files.push_back(font_file(fn, root, o, fr.mark("files"), d));
  layer.add(std::move(fam), fr.mark("family"));
}

void read_fonts_file(Templates& t, const fs::path& root, const LayerOrigin& o, TemplateLayer& layer, Diagnostics& d) {
  const std::string fonts_path = (root / "fonts.yaml").string();
  auto n = load_checked(fonts_path, Schemas::fonts_file(), d);
  if (!n) return;
  Reader r(*n, Schemas::fonts_file(), fonts_path);
  for (const auto& f : (*n)["fonts"])
    if (f.IsMap()) read_font_family(f, fonts_path, root, o, layer, d);
  if (r.has("hyphenation")) {
    t.fonts.hyphenation = font_file(r.str("hyphenation"), root, o, r.mark("hyphenation"), d);
    t.fonts.hyphenation_package = r.str("hyphenation_package");
    if (!t.fonts.hyphenation.empty())
      if (std::string why = not_a_regular_file(t.fonts.hyphenation); !why.empty()) {
        // A missing dictionary only costs hyphenation (a warning where a booklet is set);
        // anything else there is refused now.
        if (why.rfind("it ", 0) == 0)
          d.error(r.mark("hyphenation"), "hyphenation dictionary '" + t.fonts.hyphenation + "' cannot be used: " + why);
      }
  }
  if (r.has("default")) {
    if (!o.base && r.str("default") != t.fonts.default_family)
      d.notice(r.mark("default"), "the default font '" + r.str("default") + "' replaces '" + t.fonts.default_family + "'");
    t.fonts.default_family = r.str("default");
  } else if (o.base) {
    d.error(r.mark(), "missing required key 'default' in fonts file");
  }
  if ((o.base || r.has("default")) && !t.fonts.has(t.fonts.default_family))
    d.error(r.mark("default"), "default font '" + t.fonts.default_family + "' is not one of the listed families");
}

}  // namespace cardstock::loading
