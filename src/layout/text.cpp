// text: the measurer's defaults and the fixed-metrics measurer tests use, text fitted to
// a box (fit_text), and font issues (characters no font has, missing faces) in words.
#include "layout/font_issues.h"

#include <algorithm>
#include <cmath>

#include "base/text_check.h"

namespace cardstock {

namespace {

size_t utf8_length(const std::string& s) {
  size_t n = 0;
  for (unsigned char c : s) n += (c & 0xC0) != 0x80;
  return n;
}

}  // namespace

std::vector<double> TextMeasurer::line_heights(const std::string& text, const TextStyle& style,
                                               double wrap) const {
  const TextExtent e = measure(text, style, wrap);
  const int n = std::max(1, e.lines);
  return std::vector<double>(static_cast<size_t>(n), e.height / n);
}

std::vector<FontIssue> TextMeasurer::font_issues(const std::string&, const TextStyle&, double) const {
  return {};
}

TextExtent FixedMeasurer::measure(const std::string& text, const TextStyle& st,
                                  double wrap) const {
  const double cw = st.size * 0.5, lh = st.size * 1.2 * st.line_spacing;
  TextExtent e;
  double line = 0, widest = 0;
  int lines = 1;
  size_t i = 0;
  while (i <= text.size()) {
    size_t j = text.find_first_of(" \n", i);
    if (j == std::string::npos) j = text.size();
    const double word = utf8_length(text.substr(i, j - i)) * cw;
    const double with_space = line > 0 ? line + cw + word : word;
    if (line > 0 && with_space > wrap + 1e-9) {
      widest = std::max(widest, line);
      line = word;
      ++lines;
    } else {
      line = with_space;
    }
    if (j < text.size() && text[j] == '\n') {
      widest = std::max(widest, line);
      line = 0;
      ++lines;
    }
    i = j + 1;
  }
  widest = std::max(widest, line);
  e.width = widest;
  e.lines = lines;
  e.height = lines * lh;
  return e;
}

FitResult fit_text(const std::string& text, TextStyle style, double box_w, double box_h,
                   double min_size, bool shrink, const TextMeasurer& m) {
  auto fits = [&](double size) {
    style.size = size;
    TextExtent e = m.measure(text, style, box_w);
    return e.width <= box_w + 0.01 && e.height <= box_h + 0.01;
  };
  const double size = style.size;
  if (fits(size)) return {size, false};
  if (!shrink || min_size >= size) return {size, true};
  if (!fits(min_size)) return {min_size, true};
  // Work in tenths of a point so the result is stable across runs and machines.
  long lo = static_cast<long>(std::ceil(min_size * 10 - 1e-9));
  long hi = static_cast<long>(std::floor(size * 10 + 1e-9));
  while (hi - lo > 1) {
    long mid = (lo + hi) / 2;
    if (fits(mid / 10.0)) lo = mid;
    else hi = mid;
  }
  return {lo / 10.0, false};
}

std::string or_list(const std::vector<std::string>& v) {
  std::string s;
  for (size_t i = 0; i < v.size(); ++i) s += (i == 0 ? "" : i + 1 == v.size() ? " or " : ", ") + v[i];
  return s;
}

namespace {

std::string utf8_of(char32_t c) {
  std::string s;
  if (c < 0x80) {
    s += static_cast<char>(c);
  } else if (c < 0x800) {
    s += static_cast<char>(0xC0 | (c >> 6));
    s += static_cast<char>(0x80 | (c & 0x3F));
  } else if (c < 0x10000) {
    s += static_cast<char>(0xE0 | (c >> 12));
    s += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
    s += static_cast<char>(0x80 | (c & 0x3F));
  } else {
    s += static_cast<char>(0xF0 | (c >> 18));
    s += static_cast<char>(0x80 | ((c >> 12) & 0x3F));
    s += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
    s += static_cast<char>(0x80 | (c & 0x3F));
  }
  return s;
}

// "U+0645 'م', U+0631 'ر'"
std::string samples(const std::vector<char32_t>& chars) {
  std::string s;
  for (size_t i = 0; i < chars.size(); ++i)
    s += (i ? ", " : "") + code_point_name(chars[i]) + " '" + utf8_of(chars[i]) + "'";
  return s;
}

// At most 40 characters of `s` (37 and "..." when longer); it holds no control
// characters (those are errors when the file is read).
std::string short_text(const std::string& s) {
  if (utf8_length(s) <= 40) return s;
  size_t i = 0;
  for (int n = 0; n < 37 && i < s.size(); ++n) next_code_point(s, &i);
  return s.substr(0, i) + "...";
}

}  // namespace

std::string font_issue_message(const FontIssue& f, const std::string& shown, const std::string& fix) {
  const std::string q = "'" + short_text(shown) + "'";
  switch (f.kind) {
    case FontIssue::Kind::Fallback: {
      std::string script = f.script == "common" ? "" : f.script;
      if (!script.empty()) script[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(script[0])));
      std::replace(script.begin(), script.end(), '-', ' ');
      return q + " has " + script + (script.empty() ? "" : " ") + "characters (" + samples(f.chars) +
             ") that " + f.family + " does not have: they are drawn in " + f.used + " instead (" + fix + ")";
    }
    case FontIssue::Kind::Missing:
      return q + " has characters that no font of the set has (" + samples(f.chars) +
             "): they would be drawn as empty boxes (" + fix + ")";
    case FontIssue::Kind::NoFace: {
      const std::string face = f.bold && f.italic ? "bold italic" : f.bold ? "bold" : "italic";
      const std::string drawn = f.bold && f.italic ? "upright in its regular weight"
                                : f.bold           ? "in its regular weight"
                                                   : "upright";
      return f.family + " has no " + face + " face: " + q + " is drawn " + drawn + " (" + fix + ")";
    }
  }
  return "";
}

std::string set_font_fix(const FontIssue& f, const std::string& face_fix) {
  switch (f.kind) {
    case FontIssue::Kind::Fallback:
      if (f.suggest.empty()) return "add a font that has them to templates/fonts.yaml";
      return "let " + or_list(f.suggest) + " draw them: add " + f.script +
             " to its fallback_for in templates/fonts.yaml";
    case FontIssue::Kind::Missing:
      return "remove them, or add a font that has them to templates/fonts.yaml";
    case FontIssue::Kind::NoFace:
      return face_fix;
  }
  return "";
}

void report_item_font_issues(const std::vector<ArtItem>& items, const TextMeasurer& m, const Mark& at,
                             const std::string& face_fix, Diagnostics& d) {
  for (const ArtItem& it : items) {
    if (it.type != LayerType::Text || it.text.empty()) continue;
    for (const FontIssue& f : m.font_issues(it.text, it.style, it.box.w)) {
      const std::string msg = font_issue_message(f, it.text, set_font_fix(f, face_fix));
      if (font_issue_is_error(f)) d.error(at, msg);
      else d.warning(at, msg);
    }
  }
}

// A text layer's font issues, reported where the characters came from: the card field
// whose value holds them, else the layer's `text`; a missing face at the `style` or
// `weight` that asked for it. Messages quote the design's text, not the card's, so a
// problem of the design is listed once, not once per card.
void report_font_issues(const std::vector<FontIssue>& issues, const Card& card, const Layer& l,
                        Diagnostics& d) {
  for (const FontIssue& f : issues) {
    Mark at = l.text_mark;
    std::string shown = l.text, fix, field;
    if (f.kind != FontIssue::Kind::NoFace && !f.chars.empty()) {
      const std::string c = utf8_of(f.chars[0]);
      for (const auto& name : template_fields(l.text)) {
        auto v = card.fields.find(name);
        if (v == card.fields.end() || v->second.find(c) == std::string::npos) continue;
        shown = v->second;
        field = name;
        auto fm = card.field_marks.find(name);
        if (fm != card.field_marks.end()) at = fm->second;
        break;
      }
    }
    const std::string layer = field.empty() ? "" : " for the layer at " + l.mark.str();
    switch (f.kind) {
      case FontIssue::Kind::Fallback:
        fix = f.suggest.empty() ? "add a font that has them to templates/fonts.yaml"
                                : "use font: " + or_list(f.suggest) + layer;
        break;
      case FontIssue::Kind::Missing:
        fix = "remove them, or add a font that has them to templates/fonts.yaml";
        break;
      case FontIssue::Kind::NoFace:
        if (f.italic && l.italic) at = l.style_mark;
        else if (f.bold && l.bold) at = l.weight_mark;
        // The face was asked for by the layer's `style`/`weight`, or by <i>/<b> markup.
        fix = "use a family that has one, or ";
        if (f.italic) fix += l.italic ? "style: normal" : "drop the <i>";
        if (f.bold && f.italic) fix += " and ";
        if (f.bold) fix += l.bold ? "weight: normal" : "drop the <b>";
        break;
    }
    const std::string msg = font_issue_message(f, shown, fix);
    if (font_issue_is_error(f)) d.error(at, msg);
    else d.warning(at, msg);
  }
}
}  // namespace cardstock
