#include "diff/manifest_read.h"

#include <cmath>
#include <utility>

#include "base/json.h"
#include "diff/pdf_pages.h"

namespace cardstock {

const ManifestOutput* ManifestInfo::find(const std::string& file) const {
  for (const auto& o : outputs)
    if (o.file == file) return &o;
  return nullptr;
}

namespace {

using Spans = std::vector<std::pair<size_t, size_t>>;

const char* type_name(const Json& v) {
  if (v.is_object()) return "an object";
  if (v.is_array()) return "an array";
  if (v.is_string()) return "a string";
  if (v.is_number()) return "a number";
  if (v.is_boolean()) return "true or false";
  return "null";
}

// Reads a parsed manifest for its shape, keeping the first problem with its place.
class Shape {
 public:
  Shape(std::string_view text, const std::string& path, Diagnostics& d) : t_(text), path_(path), d_(d) {}
  bool fail(size_t at, const std::string& what) {
    if (!failed_) {
      const auto [line, col] = json_line_col(t_, at);
      d_.error({path_, line, col}, what);
      failed_ = true;
    }
    return false;
  }
  bool failed() const { return failed_; }
  std::string_view text(const JsonSpan& s) const { return t_.substr(s.begin, s.end - s.begin); }
  // Just past the ':' before a value (where a reader stopped after the key).
  size_t after_colon(const JsonSpan& s) const {
    size_t at = s.begin;
    while (at > 0 && (t_[at - 1] == ' ' || t_[at - 1] == '\t' || t_[at - 1] == '\n' || t_[at - 1] == '\r')) --at;
    return at;
  }
  bool is(const Json& v, const JsonSpan& s, Json::value_t type, const char* want) {
    if (v.type() == type || (type == Json::value_t::number_float && v.is_number())) return true;
    return fail(s.begin, std::string("expected ") + want + ", found " + type_name(v));
  }
  bool string(const Json& v, const JsonSpan& s, std::string* out) {
    if (!is(v, s, Json::value_t::string, "a string")) return false;
    *out = v.get<std::string>();
    return true;
  }
  bool number(const Json& v, const JsonSpan& s, double* out) {
    if (!is(v, s, Json::value_t::number_float, "a number")) return false;
    *out = v.get<double>();
    return true;
  }
  // A number that is a whole number in [lo, hi].
  bool integer(const Json& v, const JsonSpan& s, long* out, long lo, long hi) {
    double x = 0;
    if (!number(v, s, &x)) return false;
    if (x != std::floor(x) || x < static_cast<double>(lo) || x > static_cast<double>(hi))
      return fail(s.begin, "expected a whole number from " + std::to_string(lo) + " to " + std::to_string(hi) +
                               ", found " + std::string(text(s).substr(0, 40)));
    *out = static_cast<long>(x);
    return true;
  }

 private:
  std::string_view t_;
  const std::string& path_;
  Diagnostics& d_;
  bool failed_ = false;
};

// Reads "[x, y, w, h]": four finite numbers, the width and height not negative.
bool read_box(Shape& r, const Json& v, const JsonSpan& s, const std::string& key, PageBox* b) {
  if (!r.is(v, s, Json::value_t::array, "an array")) return false;
  double x[4];
  if (v.size() != 4) {
    for (size_t i = 0; i < v.size() && i < 4; ++i)
      if (!v[i].is_number()) return r.is(v[i], s.items[i], Json::value_t::number_float, "a number");
    return r.fail(s.begin, "'" + key + "' must be four numbers [x, y, w, h]");
  }
  for (size_t i = 0; i < 4; ++i)
    if (!r.number(v[i], s.items[i], &x[i])) return false;
  if (x[2] < 0 || x[3] < 0) return r.fail(s.begin, "'" + key + "' has a negative width or height");
  *b = {x[0], x[1], x[2], x[3]};
  return true;
}

bool read_placement(Shape& r, const Json& v, const JsonSpan& s, ManifestPlacement* p) {
  if (!r.is(v, s, Json::value_t::object, "an object")) return false;
  bool has_id = false, has_rect = false, ok = true;
  size_t i = 0;
  for (auto it = v.begin(); ok && it != v.end(); ++it, ++i) {
    const std::string& key = it.key();
    const JsonSpan& at = s.items[i];
    if (key == "id") ok = has_id = r.string(*it, at, &p->id);
    else if (key == "copy") ok = r.integer(*it, at, &p->copy, 0, 1000000000L);
    else if (key == "side") ok = r.string(*it, at, &p->side);
    else if (key == "source") ok = r.string(*it, at, &p->source);
    else if (key == "rect") ok = has_rect = read_box(r, *it, at, key, &p->rect);
    else if (key == "rotation") ok = r.number(*it, at, &p->rotation);
  }
  if (!ok) return false;
  if (!has_id) return r.fail(s.begin, "a placement has no \"id\"");
  if (!has_rect) return r.fail(s.begin, "placement '" + p->id + "' has no \"rect\"");
  return true;
}

bool read_placements(Shape& r, const Json& v, const JsonSpan& s, ManifestPage* pg) {
  if (!r.is(v, s, Json::value_t::array, "an array")) return false;
  for (size_t k = 0; k < v.size(); ++k) {
    if (static_cast<long>(k) >= kMaxPlacementsPerPage)
      return r.fail(s.begin, "a page lists more than " + std::to_string(kMaxPlacementsPerPage) + " placements");
    if (!read_placement(r, v[k], s.items[k], &pg->placements.emplace_back())) return false;
  }
  return true;
}

bool read_page(Shape& r, const Json& v, const JsonSpan& s, ManifestPage* pg) {
  if (!r.is(v, s, Json::value_t::object, "an object")) return false;
  size_t i = 0;
  for (auto it = v.begin(); it != v.end(); ++it, ++i) {
    if (it.key() == "page" && !r.integer(*it, s.items[i], &pg->page, 1, kMaxDiffPdfPages)) return false;
    if (it.key() == "placements" && !read_placements(r, *it, s.items[i], pg)) return false;
  }
  if (pg->page == 0) return r.fail(s.begin, "a page has no \"page\" number");
  return true;
}

bool read_pages(Shape& r, const Json& v, const JsonSpan& s, ManifestOutput* o) {
  if (!r.is(v, s, Json::value_t::array, "an array")) return false;
  for (size_t k = 0; k < v.size(); ++k)
    if (!read_page(r, v[k], s.items[k], &o->pages.emplace_back())) return false;
  for (const auto& pg : o->pages)
    if (pg.page > o->page_count)
      return r.fail(s.begin, "output '" + o->file + "' lists page " + std::to_string(pg.page) + " of " +
                                 std::to_string(o->page_count));
  return true;
}

bool read_output(Shape& r, const Json& v, const JsonSpan& s, const std::set<std::string>& keep, Spans* blank,
                 ManifestOutput* o) {
  if (!r.is(v, s, Json::value_t::object, "an object")) return false;
  bool has_file = false, has_count = false;
  const Json* pages = nullptr;
  const JsonSpan* pages_at = nullptr;
  size_t i = 0;
  for (auto it = v.begin(); it != v.end(); ++it, ++i) {
    const std::string& key = it.key();
    const JsonSpan& at = s.items[i];
    if (key == "file") {
      if (!(has_file = r.string(*it, at, &o->file))) return false;
      if (o->file.empty()) return r.fail(at.begin, "\"file\" is empty");
    } else if (key == "page_count") {
      if (!(has_count = r.integer(*it, at, &o->page_count, 0, kMaxDiffPdfPages))) return false;
    } else if (key == "inputs_key") {
      blank->push_back({at.begin, at.end});
    } else if (key == "pages" && !has_file) {
      // "file" comes first in cardstock's manifests; in any other order the pages
      // cannot be kept or dropped as they are read.
      return r.fail(r.after_colon(at), "\"pages\" comes before \"file\" (not a cardstock manifest?)");
    } else if (key == "pages" && keep.count(o->file)) {
      pages = &*it;
      pages_at = &at;
    }
  }
  if (!has_file) return r.fail(s.begin, "an output has no \"file\"");
  if (!has_count) return r.fail(s.begin, "output '" + o->file + "' has no \"page_count\"");
  return !pages || read_pages(r, *pages, *pages_at, o);
}

bool read_outputs(Shape& r, const Json& v, const JsonSpan& s, const std::set<std::string>& keep, Spans* blank,
                  ManifestInfo* out) {
  if (!r.is(v, s, Json::value_t::array, "an array")) return false;
  std::set<std::string> files;
  for (size_t k = 0; k < v.size(); ++k) {
    ManifestOutput o;
    if (!read_output(r, v[k], s.items[k], keep, blank, &o)) return false;
    if (!files.insert(o.file).second) return r.fail(s.items[k].begin, "output '" + o.file + "' is listed twice");
    out->outputs.push_back(std::move(o));
  }
  return true;
}

}  // namespace

bool read_manifest(std::string_view text, const std::string& path, const std::set<std::string>& keep_pages,
                   ManifestInfo* out, Diagnostics& d) {
  Shape r(text, path, d);
  const JsonParsed parsed = parse_json(text);
  if (!parsed.ok()) return r.fail(parsed.error_at, parsed.error);
  const Json& top = parsed.value;
  Spans blank;
  bool has_outputs = false;
  if (r.is(top, parsed.span, Json::value_t::object, "an object")) {
    size_t i = 0;
    for (auto it = top.begin(); it != top.end(); ++it, ++i) {
      const JsonSpan& at = parsed.span.items[i];
      if (it.key() == "outputs") {
        has_outputs = true;
        if (!read_outputs(r, *it, at, keep_pages, &blank, out)) break;
      } else if (it.key() == "inputs" || it.key() == "inputs_key" || it.key() == "folders") {
        blank.push_back({at.begin, at.end});
      }
    }
  }
  if (r.failed()) return false;
  if (!has_outputs) return r.fail(0, "it has no \"outputs\" list (is it a cardstock manifest.json?)");
  size_t from = 0;
  out->comparable.clear();
  for (const auto& [b, e] : blank) {
    out->comparable.append(text.substr(from, b - from));
    from = e;
  }
  out->comparable.append(text.substr(from));
  return true;
}

}  // namespace cardstock
