#include "base/text_check.h"

#include <algorithm>
#include <cctype>
#include <cstdio>

namespace cardstock {

namespace {

std::string hex_byte(unsigned char b) {
  char buf[8];
  std::snprintf(buf, sizeof buf, "0x%02X", b);
  return buf;
}

std::string hex_bytes(std::string_view s, size_t at, size_t n) {
  std::string out;
  for (size_t k = 0; k < n && at + k < s.size(); ++k)
    out += (k ? " " : "") + hex_byte(static_cast<unsigned char>(s[at + k]));
  return out;
}

bool continuation(std::string_view s, size_t i) {
  return i < s.size() && (static_cast<unsigned char>(s[i]) & 0xC0) == 0x80;
}

// Decodes strictly: returns the character and its length, or a fault for bytes that
// are not UTF-8 (stray, cut short, overlong, surrogates, beyond U+10FFFF).
struct Decoded {
  char32_t c = 0;
  size_t length = 1;
  std::optional<TextFault> fault;
};

Decoded decode(std::string_view s, size_t i) {
  const unsigned char b = static_cast<unsigned char>(s[i]);
  Decoded r;
  if (b < 0x80) {
    r.c = b;
    return r;
  }
  size_t n = 0;
  char32_t c = 0;
  if (b >= 0xC0 && b <= 0xDF) n = 2, c = b & 0x1F;
  else if (b >= 0xE0 && b <= 0xEF) n = 3, c = b & 0x0F;
  else if (b >= 0xF0 && b <= 0xF7) n = 4, c = b & 0x07;
  size_t got = 1;
  while (n && got < n && continuation(s, i + got)) c = (c << 6) | (s[i + got++] & 0x3F);
  auto fault = [&](size_t len, std::string what) {
    r.length = len;
    r.fault = TextFault{i, len, std::move(what), true, true};
    return r;
  };
  // A lone byte above 0x7F is what a Latin-1 or Windows-1252 letter looks like here.
  if (n == 0 || got == 1) return fault(1, "byte " + hex_byte(b) + " is not UTF-8");
  if (got < n)
    return fault(got, "bytes " + hex_bytes(s, i, got) + " start a UTF-8 character but end too soon");
  static const char32_t least[] = {0, 0, 0x80, 0x800, 0x10000};
  if (c < least[n])
    return fault(n, "bytes " + hex_bytes(s, i, n) + " are an overlong encoding of " +
                        code_point_name(c) + ", which UTF-8 forbids");
  if (c >= 0xD800 && c <= 0xDFFF)
    return fault(n, "bytes " + hex_bytes(s, i, n) + " encode " + code_point_name(c) +
                        ", a UTF-16 surrogate (CESU-8), which UTF-8 forbids");
  if (c > 0x10FFFF)
    return fault(n, "bytes " + hex_bytes(s, i, n) + " encode a value beyond U+10FFFF, the last "
                                                     "Unicode character");
  r.c = c;
  r.length = n;
  return r;
}

}  // namespace

std::string code_point_name(char32_t c) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "U+%04X", static_cast<unsigned>(c));
  return buf;
}

char32_t next_code_point(std::string_view s, size_t* i) {
  Decoded r = decode(s, *i);
  *i += r.length;
  return r.fault ? U'\uFFFD' : r.c;
}

std::optional<TextFault> find_text_fault(std::string_view s, size_t from) {
  for (size_t i = from; i < s.size();) {
    const unsigned char b = static_cast<unsigned char>(s[i]);
    if (b >= 0x20 && b < 0x7F) {  // the usual case, quickly
      ++i;
      continue;
    }
    Decoded r = decode(s, i);
    if (r.fault) return r.fault;
    const char32_t c = r.c;
    // Tab, line feed and carriage return are layout, and drawn as such; every other C0
    // and C1 control, and DEL, is drawn as nothing (or a box) by Pango.
    if (c == 0) return TextFault{i, 1, "a NUL byte (U+0000)", true};
    if ((c < 0x20 && c != '\t' && c != '\n' && c != '\r') || (c >= 0x7F && c <= 0x9F))
      return TextFault{i, r.length, "control character " + code_point_name(c), true};
    if (c == 0xFFFD) return TextFault{i, r.length, "U+FFFD '\uFFFD', the replacement character", false};
    i += r.length;
  }
  return std::nullopt;
}

std::string text_fault_message(const TextFault& f, bool in_file) {
  if (!f.error)
    return f.what + ", stands for a letter lost when this text was converted from another "
                    "encoding: type the letter again";
  if (f.encoding && in_file)
    return f.what + ": save the file as UTF-8" +
           (f.length == 1 ? " (it looks like Latin-1 or Windows-1252)" : "");
  return f.what + (f.encoding ? ": remove it" : " cannot be drawn: remove it");
}

Utf16 utf16_kind(std::string_view text) {
  if (text.substr(0, 2) == "\xFF\xFE") return Utf16::Le;
  if (text.substr(0, 2) == "\xFE\xFF") return Utf16::Be;
  if (text.size() < 2) return Utf16::No;
  size_t zero_even = 0, zero_odd = 0;
  const size_t n = std::min<size_t>(text.size() & ~size_t{1}, 1000);
  for (size_t i = 0; i < n; ++i) (i % 2 ? zero_odd : zero_even) += text[i] == '\0';
  const size_t pairs = n / 2;
  if (zero_odd * 2 >= pairs && zero_even * 8 <= zero_odd) return Utf16::Le;
  if (zero_even * 2 >= pairs && zero_odd * 8 <= zero_even) return Utf16::Be;
  return Utf16::No;
}

bool check_file_text(std::string_view text, const std::string& file, bool replacement_chars,
                     Diagnostics& d) {
  // UTF-16 (Notepad's "Unicode", a spreadsheet's "Unicode text") would be a NUL byte on
  // every line: one error says what the file is and how to save it as UTF-8 instead.
  if (const Utf16 u = utf16_kind(text); u != Utf16::No) {
    const bool bom = text.substr(0, 2) == "\xFF\xFE" || text.substr(0, 2) == "\xFE\xFF";
    d.error({file, 0, 0}, std::string("this file is UTF-16 text (") + (u == Utf16::Le ? "little" : "big") +
                              "-endian, " + (bom ? "with" : "without") +
                              " a byte-order mark), not UTF-8: save it as UTF-8 (the encoding \"UTF-8\" in "
                              "the editor's Save As; or iconv -f UTF-16" + (u == Utf16::Le ? "LE" : "BE") +
                              " -t UTF-8)");
    return false;
  }
  size_t start = text.substr(0, 3) == "\xEF\xBB\xBF" ? 3 : 0;
  bool ok = true;
  int line = 1, reported = 0, more = 0;
  size_t line_start = start;
  size_t i = start;
  // A whole file in Latin-1 has a bad byte on most lines: the first few places say what
  // is wrong, a count says how much.
  constexpr int kMaxReports = 10;
  while (i < text.size()) {
    auto f = find_text_fault(text, i);
    if (!f) break;
    if (reported == kMaxReports) {
      if (f->error) ok = false;
      if (f->error || replacement_chars) ++more;
      const size_t eol = text.find('\n', f->offset);
      if (eol == std::string_view::npos) break;
      i = eol;
      continue;
    }
    // Lines before the fault; columns count bytes from the line's start.
    for (size_t k = line_start; k < f->offset; ++k)
      if (text[k] == '\n') {
        ++line;
        line_start = k + 1;
      }
    const Mark m{file, line, static_cast<int>(f->offset - line_start) + 1};
    if (f->error) {
      ok = false;
      d.error(m, text_fault_message(*f, true));
      ++reported;
    } else if (replacement_chars) {
      d.warning(m, text_fault_message(*f, true));
      ++reported;
    }
    // One report a line is enough to find it; go on at the next line.
    const size_t eol = text.find('\n', f->offset);
    if (eol == std::string_view::npos) break;
    i = eol;
  }
  if (more) {
    const std::string msg = std::to_string(more) + " more line(s) with such characters are not listed";
    if (ok) d.warning({file, 0, 0}, msg);
    else d.error({file, 0, 0}, msg);
  }
  return ok;
}

std::string shown_text(std::string_view s, size_t at, size_t max) {
  // Start a little before the fault, on a character boundary.
  size_t begin = at > max / 2 ? at - max / 2 : 0;
  while (begin > 0 && begin < s.size() && (static_cast<unsigned char>(s[begin]) & 0xC0) == 0x80) --begin;
  std::string out = begin ? "..." : "";
  size_t chars = 0, i = begin;
  while (i < s.size() && chars < max) {
    Decoded r = decode(s, i);
    const unsigned char b = static_cast<unsigned char>(s[i]);
    if (r.fault) {
      for (size_t k = 0; k < r.length; ++k) {
        char buf[8];
        std::snprintf(buf, sizeof buf, "\\x%02X", static_cast<unsigned char>(s[i + k]));
        out += buf;
      }
    } else if (r.c == '\n') {
      out += "\\n";
    } else if (r.c == '\t') {
      out += "\\t";
    } else if (r.c == '"' || r.c == '\\') {
      out += '\\';
      out += static_cast<char>(b);
    } else if (r.c < 0x20 || (r.c >= 0x7F && r.c <= 0x9F)) {
      char buf[12];
      std::snprintf(buf, sizeof buf, r.c < 0x100 ? "\\x%02X" : "\\u%04X", static_cast<unsigned>(r.c));
      out += buf;
    } else {
      out.append(s.substr(i, r.length));
    }
    i += r.length;
    ++chars;
  }
  if (i < s.size()) out += "...";
  return out;
}

std::string printable(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  char buf[12];
  for (size_t i = 0; i < s.size();) {
    const unsigned char b = static_cast<unsigned char>(s[i]);
    if (b >= 0x20 && b < 0x7F) {  // the usual case, quickly
      out += s[i++];
      continue;
    }
    Decoded r = decode(s, i);
    const char32_t c = r.c;
    if (r.fault) {
      for (size_t k = 0; k < r.length; ++k) {
        std::snprintf(buf, sizeof buf, "\\x%02X", static_cast<unsigned char>(s[i + k]));
        out += buf;
      }
    } else if (c == '\n' || c == '\t' || c == '\r') {
      out += c == '\n' ? "\\n" : c == '\t' ? "\\t" : "\\r";
    } else if (c < 0x20 || c == 0x7F) {
      std::snprintf(buf, sizeof buf, "\\x%02X", static_cast<unsigned>(c));
      out += buf;
    } else if ((c >= 0x80 && c <= 0x9F) || c == 0x2028 || c == 0x2029 || (c >= 0x202A && c <= 0x202E) ||
               (c >= 0x2066 && c <= 0x2069)) {
      std::snprintf(buf, sizeof buf, "\\u%04X", static_cast<unsigned>(c));
      out += buf;
    } else {
      out.append(s.substr(i, r.length));
    }
    i += r.length;
  }
  return out;
}

std::string printable_lead(std::string_view s) {
  std::string out = printable(s);
  const unsigned char c = out.empty() ? 'a' : static_cast<unsigned char>(out[0]);
  if (std::isalnum(c) || c == '.' || c == '/' || c == '_' || c >= 0x80) return out;
  return "./" + out;
}

std::string utf8_or_escaped(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (size_t i = 0; i < s.size();) {
    const size_t at = i;
    const char32_t c = next_code_point(s, &i);
    // A real U+FFFD is three bytes; a byte that is not UTF-8 decodes to it in one.
    if (c == 0xFFFD && i - at == 1) {
      char hex[8];
      std::snprintf(hex, sizeof hex, "\\x%02X", static_cast<unsigned char>(s[at]));
      out += hex;
    } else {
      out.append(s.substr(at, i - at));
    }
  }
  return out;
}

}  // namespace cardstock
