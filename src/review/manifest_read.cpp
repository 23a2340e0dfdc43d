#include "review/manifest_read.h"

#include <cmath>
#include <utility>

#include "review/json_reader.h"
#include "review/pdf_pages.h"

namespace cardstock {

const ManifestOutput* ManifestInfo::find(const std::string& file) const {
  for (const auto& o : outputs)
    if (o.file == file) return &o;
  return nullptr;
}

namespace {

using Spans = std::vector<std::pair<size_t, size_t>>;

// Reads "[x, y, w, h]": four finite numbers, the width and height not negative.
bool read_box(JsonReader& r, const std::string& key, PageBox* b) {
  if (!r.begin_array()) return false;
  const size_t at = r.value_begin();
  double v[4];
  int n = 0;
  while (r.next_item()) {
    double x = 0;
    if (n == 4 || !r.number(&x)) return r.ok() ? r.fail_at(at, "'" + key + "' must be four numbers [x, y, w, h]") : false;
    v[n++] = x;
  }
  if (!r.ok()) return false;
  if (n != 4) return r.fail_at(at, "'" + key + "' must be four numbers [x, y, w, h]");
  if (v[2] < 0 || v[3] < 0) return r.fail_at(at, "'" + key + "' has a negative width or height");
  *b = {v[0], v[1], v[2], v[3]};
  return true;
}

bool read_placement(JsonReader& r, ManifestPlacement* p) {
  if (!r.begin_object()) return false;
  const size_t at = r.value_begin();
  bool has_id = false, has_rect = false;
  for (std::string key; r.next_key(&key);) {
    if (key == "id") has_id = r.string(&p->id);
    else if (key == "copy") r.integer(&p->copy, 0, 1000000000L);
    else if (key == "side") r.string(&p->side);
    else if (key == "source") r.string(&p->source);
    else if (key == "rect") has_rect = read_box(r, key, &p->rect);
    else if (key == "rotation") r.number(&p->rotation);
    else r.skip();
  }
  if (!r.ok()) return false;
  if (!has_id) return r.fail_at(at, "a placement has no \"id\"");
  if (!has_rect) return r.fail_at(at, "placement '" + p->id + "' has no \"rect\"");
  return true;
}

bool read_page(JsonReader& r, ManifestPage* pg) {
  if (!r.begin_object()) return false;
  const size_t at = r.value_begin();
  for (std::string key; r.next_key(&key);) {
    if (key == "page") {
      r.integer(&pg->page, 1, kMaxDiffPdfPages);
    } else if (key == "placements") {
      if (!r.begin_array()) return false;
      const size_t list = r.value_begin();
      while (r.next_item()) {
        if (static_cast<long>(pg->placements.size()) >= kMaxPlacementsPerPage)
          return r.fail_at(list, "a page lists more than " + std::to_string(kMaxPlacementsPerPage) + " placements");
        pg->placements.emplace_back();
        if (!read_placement(r, &pg->placements.back())) return false;
      }
    } else {
      r.skip();
    }
  }
  if (!r.ok()) return false;
  if (pg->page == 0) return r.fail_at(at, "a page has no \"page\" number");
  return true;
}

bool read_output(JsonReader& r, const std::set<std::string>& keep, Spans* blank, ManifestOutput* o) {
  if (!r.begin_object()) return false;
  const size_t at = r.value_begin();
  bool has_file = false, has_count = false;
  size_t pages_at = 0;
  for (std::string key; r.next_key(&key);) {
    if (key == "file") {
      has_file = r.string(&o->file);
      if (has_file && o->file.empty()) return r.fail_at_value("\"file\" is empty");
    } else if (key == "page_count") {
      has_count = r.integer(&o->page_count, 0, kMaxDiffPdfPages);
    } else if (key == "inputs_key") {
      if (r.skip()) blank->push_back({r.value_begin(), r.value_end()});
    } else if (key == "pages" && !has_file) {
      // "file" comes first in cardstock's manifests; in any other order the pages
      // cannot be kept or dropped as they are read.
      return r.fail_at(r.value_end(), "\"pages\" comes before \"file\" (not a cardstock manifest?)");
    } else if (key == "pages" && keep.count(o->file)) {
      if (!r.begin_array()) return false;
      pages_at = r.value_begin();
      while (r.next_item()) {
        o->pages.emplace_back();
        if (!read_page(r, &o->pages.back())) return false;
      }
    } else {
      r.skip();
    }
  }
  if (!r.ok()) return false;
  if (!has_file) return r.fail_at(at, "an output has no \"file\"");
  if (!has_count) return r.fail_at(at, "output '" + o->file + "' has no \"page_count\"");
  for (const auto& pg : o->pages)
    if (pg.page > o->page_count)
      return r.fail_at(pages_at, "output '" + o->file + "' lists page " + std::to_string(pg.page) + " of " +
                                     std::to_string(o->page_count));
  return true;
}

}  // namespace

bool read_manifest(std::string_view text, const std::set<std::string>& keep_pages, ManifestInfo* out,
                   std::string* err) {
  JsonReader r(text);
  Spans blank;
  bool has_outputs = false;
  std::set<std::string> files;
  if (r.begin_object()) {
    for (std::string key; r.next_key(&key);) {
      if (key == "outputs") {
        has_outputs = true;
        if (!r.begin_array()) break;
        while (r.next_item()) {
          ManifestOutput o;
          r.peek();  // past the whitespace: where the output starts
          const size_t at = r.value_end();
          if (!read_output(r, keep_pages, &blank, &o)) break;
          if (!files.insert(o.file).second) {
            r.fail_at(at, "output '" + o.file + "' is listed twice");
            break;
          }
          out->outputs.push_back(std::move(o));
        }
      } else if (key == "inputs" || key == "inputs_key" || key == "folders") {
        if (r.skip()) blank.push_back({r.value_begin(), r.value_end()});
      } else {
        r.skip();
      }
    }
  }
  if (!r.finish()) {
    *err = r.error();
    return false;
  }
  if (!has_outputs) {
    *err = "1:1: it has no \"outputs\" list (is it a cardstock manifest.json?)";
    return false;
  }
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
