#include "load/images/images.h"

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <filesystem>
#include <map>
#include <set>
#include <vector>

#include "base/files.h"
#include "base/paths.h"
#include "load/images/svg_xml.h"

namespace fs = std::filesystem;

namespace cardstock {

namespace {

enum class Format { Png, Jpeg, Gif, Svg, Gzip, Other };

bool starts_with(const std::string& s, const char* p) { return s.rfind(p, 0) == 0; }

Format sniff(const std::string& b) {
  if (starts_with(b, "\x89PNG\r\n\x1a\n")) return Format::Png;
  if (starts_with(b, "\xff\xd8\xff")) return Format::Jpeg;
  if (starts_with(b, "GIF87a") || starts_with(b, "GIF89a")) return Format::Gif;
  if (starts_with(b, "\x1f\x8b")) return Format::Gzip;
  // XML text: an SVG has its root element near the top, after a prolog and comments.
  size_t i = starts_with(b, "\xef\xbb\xbf") ? 3 : 0;
  while (i < b.size() && std::isspace(static_cast<unsigned char>(b[i]))) ++i;
  if (i < b.size() && b[i] == '<' && b.find("<svg", i) != std::string::npos) return Format::Svg;
  return Format::Other;
}

const char* format_name(Format f) {
  switch (f) {
    case Format::Png: return "a PNG";
    case Format::Jpeg: return "a JPEG";
    case Format::Gif: return "a GIF";
    case Format::Svg: return "an SVG";
    case Format::Gzip: return "a compressed (gzip) file";
    default: return "an unknown kind of";
  }
}

long be16(const std::string& b, size_t at) {
  return (long(static_cast<unsigned char>(b[at])) << 8) | long(static_cast<unsigned char>(b[at + 1]));
}
long be32(const std::string& b, size_t at) { return (be16(b, at) << 16) | be16(b, at + 2); }
long le16(const std::string& b, size_t at) {
  return long(static_cast<unsigned char>(b[at])) | (long(static_cast<unsigned char>(b[at + 1])) << 8);
}

// The pixel size a raster picture declares, or false with *why ("is cut short...").
bool raster_size(const std::string& b, Format f, long* w, long* h, std::string* why) {
  if (f == Format::Png) {
    // Signature, then the IHDR chunk: length, "IHDR", width, height.
    if (b.size() < 24 || b.compare(12, 4, "IHDR") != 0) {
      *why = "is damaged or cut short: its PNG header is incomplete";
      return false;
    }
    *w = be32(b, 16);
    *h = be32(b, 20);
  } else if (f == Format::Gif) {
    if (b.size() < 10) {
      *why = "is damaged or cut short: its GIF header is incomplete";
      return false;
    }
    *w = le16(b, 6);
    *h = le16(b, 8);
  } else {  // JPEG: the size is in the first start-of-frame segment
    size_t i = 2;
    for (;;) {
      while (i < b.size() && static_cast<unsigned char>(b[i]) == 0xFF && i + 1 < b.size() &&
             static_cast<unsigned char>(b[i + 1]) == 0xFF)
        ++i;  // fill bytes
      if (i + 4 > b.size() || static_cast<unsigned char>(b[i]) != 0xFF) {
        *why = "is damaged or cut short: no picture size found in the JPEG data";
        return false;
      }
      const int m = static_cast<unsigned char>(b[i + 1]);
      const bool sof = (m >= 0xC0 && m <= 0xCF) && m != 0xC4 && m != 0xC8 && m != 0xCC;
      if (sof) {
        if (i + 9 > b.size()) {
          *why = "is damaged or cut short: its JPEG header is incomplete";
          return false;
        }
        *h = be16(b, i + 5);
        *w = be16(b, i + 7);
        break;
      }
      if (m == 0xD8 || m == 0x01 || (m >= 0xD0 && m <= 0xD7)) {
        i += 2;
        continue;
      }
      i += 2 + static_cast<size_t>(be16(b, i + 2));
    }
  }
  if (*w <= 0 || *h <= 0) {
    *why = "is damaged: its header gives a size of " + std::to_string(*w) + " x " + std::to_string(*h) + " pixels";
    return false;
  }
  return true;
}

std::string megapixels(long px) {
  return std::to_string(px / 1000000) + (px % 1000000 >= 100000 ? "." + std::to_string(px % 1000000 / 100000) : "");
}

bool base64_decode(const std::string& in, std::string* out) {
  static const std::string abc = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  uint32_t acc = 0;
  int bits = 0;
  for (char c : in) {
    if (std::isspace(static_cast<unsigned char>(c)) || c == '=') continue;
    const size_t v = abc.find(c);
    if (v == std::string::npos) return false;
    acc = (acc << 6) | static_cast<uint32_t>(v);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out->push_back(static_cast<char>((acc >> bits) & 0xFF));
    }
  }
  return true;
}

std::string percent_decode(const std::string& in) {
  std::string out;
  for (size_t i = 0; i < in.size(); ++i) {
    if (in[i] == '%' && i + 2 < in.size() && std::isxdigit(static_cast<unsigned char>(in[i + 1])) &&
        std::isxdigit(static_cast<unsigned char>(in[i + 2]))) {
      out.push_back(static_cast<char>(std::stoi(in.substr(i + 1, 2), nullptr, 16)));
      i += 2;
    } else {
      out.push_back(in[i]);
    }
  }
  return out;
}

// One check of a top-level image and everything it pulls in.
struct Check {
  std::string root;
  bool allow_outside = false;
  long pixels = 0;          // raster pixels counted so far (an SVG's pictures add up)
  std::set<std::string> seen;  // linked files already checked
  std::string* why = nullptr;
  std::vector<std::string> chain;  // the SVG files being checked, the outermost first

  bool fail(const std::string& who, const std::string& what) {
    *why = who + " " + what;
    return false;
  }

  bool raster(const std::string& bytes, Format f, const std::string& who, bool alone) {
    long w = 0, h = 0;
    std::string e;
    if (!raster_size(bytes, f, &w, &h, &e)) return fail(who, e);
    if (w > kMaxImagePixels / h) {
      return fail(who, "is " + std::to_string(w) + " x " + std::to_string(h) + " pixels (" + megapixels(w * h) +
                           " megapixels); images are limited to " + megapixels(kMaxImagePixels) + " megapixels");
    }
    pixels += w * h;
    if (!alone && pixels > kMaxImagePixels)
      return fail(who, "brings the pictures of one SVG to " + megapixels(pixels) +
                           " megapixels; images are limited to " + megapixels(kMaxImagePixels) +
                           " megapixels together");
    return true;
  }

  // The XML entities an SVG declares, if they are harmless text; else false.
  bool entities(const std::string& t, const std::string& who, std::map<std::string, std::string>* out) {
    for (size_t at = t.find("<!ENTITY"); at != std::string::npos; at = t.find("<!ENTITY", at + 1)) {
      size_t i = at + 8;
      auto skip = [&] {
        while (i < t.size() && std::isspace(static_cast<unsigned char>(t[i]))) ++i;
      };
      skip();
      if (i < t.size() && t[i] == '%') return fail(who, "declares a parameter entity; entities in SVG files are limited to plain text");
      const size_t name_at = i;
      while (i < t.size() && !std::isspace(static_cast<unsigned char>(t[i]))) ++i;
      const std::string name = t.substr(name_at, i - name_at);
      skip();
      if (i >= t.size() || (t[i] != '"' && t[i] != '\''))
        return fail(who, "declares the entity '" + name + "' from another file (SYSTEM or PUBLIC); entities in SVG "
                         "files are limited to plain text");
      const size_t close = t.find(t[i], i + 1);
      if (close == std::string::npos) return fail(who, "is not a valid SVG file: an entity declaration is never closed");
      const std::string value = t.substr(i + 1, close - i - 1);
      if (value.find_first_of("<&%") != std::string::npos)
        return fail(who, "declares the entity '" + name + "' that builds markup or refers to other entities; "
                         "entities in SVG files are limited to plain text");
      (*out)[name] = value;
    }
    return true;
  }

  // An attribute value with XML's character and entity references replaced.
  bool unescape(const std::string& v, const std::map<std::string, std::string>& ents, const std::string& who,
                std::string* out) {
    static const std::map<std::string, std::string> xml = {
        {"amp", "&"}, {"lt", "<"}, {"gt", ">"}, {"quot", "\""}, {"apos", "'"}};
    for (size_t i = 0; i < v.size(); ++i) {
      if (v[i] != '&') {
        out->push_back(v[i]);
        continue;
      }
      const size_t semi = v.find(';', i);
      if (semi == std::string::npos) return fail(who, "has a link with a stray '&': '" + v + "'");
      const std::string name = v.substr(i + 1, semi - i - 1);
      if (!name.empty() && name[0] == '#') {
        const bool hex = name.size() > 1 && (name[1] == 'x' || name[1] == 'X');
        const std::string digits = name.substr(hex ? 2 : 1);
        if (digits.empty() || digits.size() > 6 ||
            digits.find_first_not_of(hex ? "0123456789abcdefABCDEF" : "0123456789") != std::string::npos)
          return fail(who, "has a link with a bad character reference: '" + v + "'");
        const long c = std::stol(digits, nullptr, hex ? 16 : 10);
        if (c <= 0 || c > 0x10FFFF) return fail(who, "has a link with a bad character reference: '" + v + "'");
        if (c < 0x80) {
          out->push_back(static_cast<char>(c));
        } else {  // links are paths and URIs: anything past ASCII goes through as UTF-8
          if (c < 0x800) {
            out->push_back(static_cast<char>(0xC0 | (c >> 6)));
          } else {
            if (c < 0x10000) {
              out->push_back(static_cast<char>(0xE0 | (c >> 12)));
            } else {
              out->push_back(static_cast<char>(0xF0 | (c >> 18)));
              out->push_back(static_cast<char>(0x80 | ((c >> 12) & 0x3F)));
            }
            out->push_back(static_cast<char>(0x80 | ((c >> 6) & 0x3F)));
          }
          out->push_back(static_cast<char>(0x80 | (c & 0x3F)));
        }
      } else if (auto it = xml.find(name); it != xml.end()) {
        *out += it->second;
      } else if (auto e = ents.find(name); e != ents.end()) {
        *out += e->second;
      } else {
        return fail(who, "has a link that uses the undeclared entity '&" + name + ";'");
      }
      i = semi;
    }
    return true;
  }

  // Every place an SVG can name another resource: href and xlink:href attributes
  // (image, use, xi:include, the xml-stylesheet instruction...) and CSS url(...).
  static std::vector<std::string> links(const std::string& t) {
    std::vector<std::string> out;
    for (size_t at = t.find("href"); at != std::string::npos; at = t.find("href", at + 4)) {
      if (at > 0 && (std::isalnum(static_cast<unsigned char>(t[at - 1])) || t[at - 1] == '-')) continue;
      size_t i = at + 4;
      while (i < t.size() && std::isspace(static_cast<unsigned char>(t[i]))) ++i;
      if (i >= t.size() || t[i] != '=') continue;
      ++i;
      while (i < t.size() && std::isspace(static_cast<unsigned char>(t[i]))) ++i;
      if (i >= t.size() || (t[i] != '"' && t[i] != '\'')) continue;
      const size_t close = t.find(t[i], i + 1);
      if (close == std::string::npos) break;
      out.push_back(t.substr(i + 1, close - i - 1));
    }
    for (size_t at = t.find("url("); at != std::string::npos; at = t.find("url(", at + 4)) {
      const size_t close = t.find(')', at);
      if (close == std::string::npos) break;
      std::string v = t.substr(at + 4, close - at - 4);
      while (!v.empty() && std::isspace(static_cast<unsigned char>(v.back()))) v.pop_back();
      size_t s = 0;
      while (s < v.size() && std::isspace(static_cast<unsigned char>(v[s]))) ++s;
      v = v.substr(s);
      if (v.size() >= 2 && (v[0] == '"' || v[0] == '\'') && v.back() == v[0]) v = v.substr(1, v.size() - 2);
      out.push_back(v);
    }
    for (size_t at = t.find("@import"); at != std::string::npos; at = t.find("@import", at + 7)) {
      size_t i = at + 7;
      while (i < t.size() && std::isspace(static_cast<unsigned char>(t[i]))) ++i;
      if (i < t.size() && (t[i] == '"' || t[i] == '\'')) {
        const size_t close = t.find(t[i], i + 1);
        if (close != std::string::npos) out.push_back(t.substr(i + 1, close - i - 1));
      }
    }
    return out;
  }

  bool svg(const std::string& t, const fs::path& dir, const std::string& who, int depth) {
    if (depth > kMaxSvgDepth)
      return fail(who, "nests SVGs more than " + std::to_string(kMaxSvgDepth) + " deep");
    std::map<std::string, std::string> ents;
    if (!entities(t, who, &ents)) return false;
    if (std::string why = svg_xml_problem(t); !why.empty()) return fail(who, why);
    for (const std::string& raw : links(t)) {
      std::string v;
      if (!unescape(raw, ents, who, &v)) return false;
      size_t s = 0;
      while (s < v.size() && std::isspace(static_cast<unsigned char>(v[s]))) ++s;
      v = v.substr(s);
      if (v.empty() || v[0] == '#') continue;  // a reference inside the same file
      if (!link(v, dir, who, depth)) return false;
    }
    return true;
  }

  bool link(const std::string& v, const fs::path& dir, const std::string& who, int depth) {
    const std::string shown = v.size() > 60 ? v.substr(0, 57) + "..." : v;
    if (v.rfind("data:", 0) == 0) {
      const size_t comma = v.find(',');
      if (comma == std::string::npos) return fail(who, "embeds a picture with a malformed data: link");
      std::string type = v.substr(5, comma - 5);
      for (auto& c : type) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
      const bool b64 = type.size() >= 7 && type.compare(type.size() - 7, 7, ";base64") == 0;
      const std::string mime = type.substr(0, type.find(';'));
      std::string bytes;
      if (b64) {
        if (!base64_decode(v.substr(comma + 1), &bytes))
          return fail(who, "embeds a " + mime + " picture whose base64 data is damaged");
      } else {
        bytes = percent_decode(v.substr(comma + 1));
      }
      const std::string sub = who + " embeds a " + (mime.empty() ? std::string("text") : mime) + " picture, which";
      const Format f = sniff(bytes);
      if (mime == "image/svg+xml" && f == Format::Svg) return svg(bytes, dir, sub, depth + 1);
      if ((mime == "image/png" && f == Format::Png) || ((mime == "image/jpeg" || mime == "image/jpg") && f == Format::Jpeg) ||
          (mime == "image/gif" && f == Format::Gif))
        return raster(bytes, f, sub, false);
      if (mime == "image/png" || mime == "image/jpeg" || mime == "image/jpg" || mime == "image/gif" ||
          mime == "image/svg+xml")
        return fail(sub, "is " + std::string(format_name(f)) + " file, not what its type says");
      return fail(who, "embeds a picture of type '" + mime + "'; only PNG, JPEG, GIF and SVG pictures are allowed");
    }
    // A scheme (letters then ':') other than file: would be fetched from elsewhere.
    std::string path = v;
    const size_t colon = v.find(':');
    if (colon != std::string::npos && colon > 1 && v.find('/') > colon) {
      if (v.rfind("file://", 0) != 0)
        return fail(who, "links to '" + shown + "', which is not a file; an SVG may only link to files in the project");
      path = percent_decode(v.substr(7));
    } else {
      path = percent_decode(v.substr(0, v.find_first_of("#?")));
    }
    const std::string sub = who + " links to '" + shown + "', which";
    // Where the link leads, held to the same rule as the card's own images.
    const fs::path target = fs::path(path).is_absolute() ? fs::path(path) : dir / path;
    std::error_code ec;
    const fs::path rel = fs::path(path).is_absolute() ? fs::path(path) : target.lexically_relative(fs::path(root));
    std::string resolved, e;
    if (!confined_path(root, rel.string(), allow_outside, &resolved, &e)) {
      const size_t cut = e.find("' ");  // "'<rel>' leads outside ..." -> "leads outside ..."
      return fail(sub, cut == std::string::npos ? e : e.substr(cut + 2));
    }
    const std::string key = fs::weakly_canonical(target, ec).string();
    // An SVG that links back to one it is drawn in (itself, or one linking to it) is a
    // loop librsvg stops by drawing nothing there, in silence.
    if (std::find(chain.begin(), chain.end(), key) != chain.end())
      return fail(sub, "closes a loop (SVGs that link to one another draw nothing there): remove one of the links");
    if (!seen.insert(key).second) return true;
    std::string bytes;
    if (!read_regular_file(target.string(), static_cast<size_t>(kMaxImageBytes), &bytes, &e))
      return fail(sub, "cannot be read: " + e);
    const Format f = sniff(bytes);
    if (f == Format::Svg) {
      chain.push_back(key);
      const bool ok = svg(bytes, target.parent_path(), sub, depth + 1);
      chain.pop_back();
      return ok;
    }
    if (f == Format::Png || f == Format::Jpeg || f == Format::Gif) return raster(bytes, f, sub, false);
    return fail(sub, "is not a PNG, JPEG, GIF or SVG picture");
  }
};

}  // namespace

PictureKind picture_kind(const std::string& path) {
  std::string ext = fs::path(path).extension().string();
  for (char& ch : ext) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  return ext == ".svg"                     ? PictureKind::Svg
         : ext == ".png"                   ? PictureKind::Png
         : ext == ".jpg" || ext == ".jpeg" ? PictureKind::Jpeg
                                           : PictureKind::None;
}

bool is_jpeg_name(const std::string& path) { return picture_kind(path) == PictureKind::Jpeg; }

bool raster_pixels(const std::string& bytes, long* w, long* h) {
  const Format f = sniff(bytes);
  std::string why;
  return (f == Format::Png || f == Format::Jpeg) && raster_size(bytes, f, w, h, &why);
}

bool check_image_file(const std::string& path, const std::string& shown, const std::string& root,
                      bool allow_outside, std::string* why) {
  const std::string who = "image '" + shown + "'";
  std::string bytes, e;
  if (!read_regular_file(path, static_cast<size_t>(kMaxImageBytes), &bytes, &e)) {
    *why = "cannot read " + who + ": " + e;
    return false;
  }
  return check_image_bytes(bytes, path, shown, root, allow_outside, why);
}

bool check_image_bytes(const std::string& bytes, const std::string& path, const std::string& shown,
                       const std::string& root, bool allow_outside, std::string* why) {
  const std::string who = "image '" + shown + "'";
  Check c{root, allow_outside, 0, {}, why, {}};
  std::error_code ec;
  c.chain.push_back(fs::weakly_canonical(path, ec).string());
  if (bytes.empty()) return c.fail(who, "is empty (0 bytes)");
  const Format f = sniff(bytes);
  if (picture_kind(path) == PictureKind::Png) {
    if (f != Format::Png)
      return c.fail(who, f == Format::Other ? "is not a PNG file (it does not start with PNG's signature)"
                                             : "is " + std::string(format_name(f)) + " file, not a PNG: convert it to PNG");
    return c.raster(bytes, f, who, true);
  }
  if (is_jpeg_name(path)) {  // a photo or a scan
    if (f != Format::Jpeg)
      return c.fail(who, f == Format::Other ? "is not a JPEG file (it does not start with JPEG's signature)"
                                             : "is " + std::string(format_name(f)) + " file, not a JPEG: convert it to JPEG");
    return c.raster(bytes, f, who, true);
  }
  if (f == Format::Gzip) return c.fail(who, "is compressed (SVGZ); save it as a plain SVG file");
  if (f != Format::Svg)
    return c.fail(who, f == Format::Other ? "is not an SVG file (no <svg> element)"
                                          : "is " + std::string(format_name(f)) + " file, not an SVG");
  return c.svg(bytes, fs::path(path).parent_path(), who, 0);
}

}  // namespace cardstock
