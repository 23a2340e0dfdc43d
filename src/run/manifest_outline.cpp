#include "run/manifest_outline.h"

#include <type_traits>
#include <utility>

namespace cardstock {

namespace {

// Follows where each SAX event is by a stack of open containers: the root object is
// depth 1, a header list depth 2, an output depth 3, its pages list depth 4 and a page
// depth 5. Reading a 5,400-card manifest this way costs a tenth of building it as a value.
class OutlineReader {
 public:
  OutlineReader(ManifestOutline* out, bool header_only) : out_(out), header_only_(header_only) {}

  bool null() { return value(nullptr); }
  bool boolean(bool v) { return value(v); }
  bool number_integer(Json::number_integer_t v) { return value(v); }
  bool number_unsigned(Json::number_unsigned_t v) { return value(v); }
  bool number_float(Json::number_float_t v, const std::string&) { return value(v); }
  bool string(std::string& v) { return value(v); }
  bool binary(Json::binary_t&) { return value(nullptr); }

  bool start_object(size_t) { return open(true); }
  bool start_array(size_t) { return open(false); }
  bool end_object() { return close(); }
  bool end_array() { return close(); }

  bool key(std::string& k) {
    stack_.back().key = k;
    if (depth() == 1 && k == "outputs" && header_only_) {
      stopped_ = true;
      return false;
    }
    return true;
  }
  bool parse_error(size_t, const std::string&, const nlohmann::detail::exception&) { return false; }
  bool stopped() const { return stopped_; }

 private:
  struct Frame {
    bool object = false;
    std::string key;  // an object's current key
  };
  size_t depth() const { return stack_.size(); }
  const std::string& key_at(size_t d) const { return stack_[d - 1].key; }
  // Inside the root's "outputs" (the root's current key stays "outputs" until it closes).
  bool in_outputs() const { return depth() >= 1 && key_at(1) == "outputs"; }

  bool open(bool object) {
    if (depth() == 0) {
      if (!object) return false;  // a manifest is an object
    } else if (!in_outputs()) {
      // A header key's list, or anything nested deeper than a list of plain values.
      if (depth() == 1) out_->header[key_at(1)] = object ? Json(nullptr) : Json::array();
      else if (depth() == 2) out_->header[key_at(1)] = nullptr;
    } else if (depth() == 1) {
      out_->outputs_listed = !object;
    } else if (depth() == 2) {
      out_->outputs.emplace_back();  // not an object: an output without a file
    } else if (depth() == 3 && !object && key_at(3) == "pages") {
      pages_ = true;
    }
    stack_.push_back({object, {}});
    return true;
  }

  bool close() {
    if (in_outputs() && depth() == 4) pages_ = false;
    if (in_outputs() && depth() == 3 && stack_.back().object && !out_->outputs.empty()) {
      if (!saved_.empty()) out_->outputs.back().inside.push_back(std::move(saved_));
      saved_.clear();
    }
    stack_.pop_back();
    return true;
  }

  template <class T>
  bool value(T v) {
    const size_t d = depth();
    if (d == 0) return false;  // a manifest is an object
    if (!in_outputs()) {
      if (d == 1) {
        out_->header[key_at(1)] = std::move(v);
      } else if (d == 2) {
        Json& list = out_->header[key_at(1)];
        if (list.is_array()) list.push_back(std::move(v));
      }
      return true;
    }
    if (d == 2) out_->outputs.emplace_back();  // not an object: an output without a file
    if (out_->outputs.empty()) return true;
    ManifestOutline::Output& o = out_->outputs.back();
    if (d == 3 && stack_.back().object) {
      const std::string& k = key_at(3);
      std::string text;
      if constexpr (std::is_same_v<T, std::string>) text = std::move(v);
      if (k == "file") o.file = std::move(text);
      else if (k == "inputs_key") o.inputs_key = std::move(text);
      else if (k == "saved_object") saved_ = std::move(text);
    } else if (d == 5 && pages_ && stack_.back().object && key_at(5) == "file") {
      if constexpr (std::is_same_v<T, std::string>) o.inside.push_back(std::move(v));
    }
    return true;
  }

  ManifestOutline* out_;
  bool header_only_;
  std::vector<Frame> stack_;
  bool pages_ = false;   // inside an output's "pages" list
  bool stopped_ = false;  // header_only, at "outputs"
  std::string saved_;    // the output's saved_object, put after its pages
};

}  // namespace

ManifestOutline read_manifest_outline(std::string_view text, bool header_only) {
  ManifestOutline out;
  if (text.empty()) return out;
  OutlineReader reader(&out, header_only);
  // strict: nothing may follow the object. A header-only read stops early on purpose.
  const bool parsed = Json::sax_parse(text, &reader, nlohmann::detail::input_format_t::json, !header_only);
  if (!parsed && !reader.stopped()) return ManifestOutline{};
  out.ok = true;
  return out;
}

}  // namespace cardstock
