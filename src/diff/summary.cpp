// The command `cardstock diff` and the summaries it prints: text for people, JSON for scripts.
#include <filesystem>
#include <sstream>

#include "base/text_check.h"
#include "plan/manifest.h"
#include "diff/diff.h"
#include "diff/report.h"

namespace fs = std::filesystem;

namespace cardstock {

namespace {

std::string and_list(const std::vector<std::string>& v, size_t most = 20) {
  std::string s;
  const size_t n = std::min(v.size(), most);
  for (size_t i = 0; i < n; ++i) s += (i == 0 ? "" : (i + 1 == n && n == v.size()) ? " and " : ", ") + v[i];
  if (n < v.size()) s += " and " + std::to_string(v.size() - n) + " more";
  return s;
}

std::string card_words(const CardChange& c) {
  std::string s = "'" + printable(c.id) + "'";
  if (c.copies.size() > 1) {
    std::vector<std::string> v;
    for (long k : c.copies) v.push_back(std::to_string(k));
    s += " (copies " + and_list(v) + ")";
  }
  if (!c.side.empty() && c.side != "front") s += " " + c.side;
  if (!c.source.empty()) s += " at " + printable(c.source);
  return s;
}

// True if `inner` is `outer` or lies inside it, once both are resolved.
bool within(const std::string& inner, const std::string& outer) {
  std::error_code ec;
  const fs::path a = fs::weakly_canonical(fs::absolute(inner, ec), ec);
  const fs::path b = fs::weakly_canonical(fs::absolute(outer, ec), ec);
  auto i = a.begin();
  for (auto j = b.begin(); j != b.end(); ++j, ++i) {
    if (j->empty()) continue;
    if (i == a.end() || *i != *j) return false;
  }
  return true;
}

}  // namespace

std::string diff_text(const DiffResult& r, const DiffOptions& o) {
  std::ostringstream s;
  long changed = 0, added = 0, removed = 0;
  for (const auto& od : r.outputs) {
    (od.what == "added" ? added : od.what == "removed" ? removed : changed)++;
    s << od.what << std::string(9 - od.what.size(), ' ') << printable(od.file);
    if (od.pdf && od.what == "added") s << ": " << od.new_pages << " pages";
    if (od.pdf && od.what == "removed") s << ": " << od.old_pages << " pages";
    if (od.pdf && od.what == "changed" && !od.pages.empty()) {
      std::vector<std::string> v;
      for (const auto& p : od.pages) v.push_back(std::to_string(p.page));
      s << ": " << (v.size() == 1 ? "page " : "pages ") << and_list(v) << " of " << od.new_pages;
      if (od.old_pages != od.new_pages) s << " (" << od.old_pages << " before)";
    }
    if (!od.note.empty()) s << ": " << od.note;
    s << "\n";
    if (od.what != "changed") continue;
    for (const auto& p : od.pages) {
      std::vector<std::string> parts;
      for (const char* what : {"changed", "moved", "added", "removed"}) {
        std::vector<std::string> cards;
        for (const auto& c : p.cards)
          if (c.what == what) cards.push_back(card_words(c));
        if (!cards.empty()) parts.push_back(std::string(what) + " " + and_list(cards, 12));
      }
      if (p.pixels_outside > 0) parts.push_back("changed outside the cards (" + std::to_string(p.pixels_outside) + " pixels)");
      if (p.size_changed) parts.push_back("page size changed");
      if (p.what != "changed") parts.insert(parts.begin(), "the page was " + p.what);
      s << "         page " << p.page << ": ";
      for (size_t i = 0; i < parts.size(); ++i) s << (i ? "; " : "") << parts[i];
      s << "\n";
    }
  }
  if (!r.changed()) s << "no output changed (" << r.unchanged << " compared)\n";
  else s << changed << " changed, " << added << " added, " << removed << " removed, " << r.unchanged << " unchanged\n";
  if (!o.report_dir.empty()) {
    s << "report: " << printable((fs::path(o.report_dir) / "index.html").string()) << " (" << r.pictured << (r.pictured == 1 ? " page pictured" : " pages pictured");
    if (r.not_pictured) s << ", " << r.not_pictured << " not: --max-pictures " << o.max_pictures;
    s << ")\n";
  }
  return s.str();
}

std::string diff_json(const DiffResult& r, const DiffOptions& o) {
  std::ostringstream s;
  long changed = 0, added = 0, removed = 0;
  for (const auto& od : r.outputs) (od.what == "added" ? added : od.what == "removed" ? removed : changed)++;
  s << "{\n  \"old\": " << json_quote(o.old_dir) << ",\n  \"new\": " << json_quote(o.new_dir)
    << ",\n  \"changed\": " << (r.changed() ? "true" : "false") << ",\n  \"counts\": {\"changed\": " << changed
    << ", \"added\": " << added << ", \"removed\": " << removed << ", \"unchanged\": " << r.unchanged << "},\n"
    << "  \"report\": "
    << (o.report_dir.empty() ? "null" : json_quote((fs::path(o.report_dir) / "index.html").string()))
    << ",\n  \"pictured\": " << r.pictured << ", \"not_pictured\": " << r.not_pictured << ", \"dpi\": "
    << json_number(o.dpi) << ",\n  \"outputs\": [";
  for (size_t i = 0; i < r.outputs.size(); ++i) {
    const auto& od = r.outputs[i];
    s << (i ? "," : "") << "\n    {\"file\": " << json_quote(od.file) << ", \"change\": " << json_quote(od.what)
      << ", \"pdf\": " << (od.pdf ? "true" : "false");
    if (od.old_pages >= 0) s << ", \"old_pages\": " << od.old_pages;
    if (od.new_pages >= 0) s << ", \"new_pages\": " << od.new_pages;
    if (!od.note.empty()) s << ", \"note\": " << json_quote(od.note);
    s << ", \"pages\": [";
    for (size_t j = 0; j < od.pages.size(); ++j) {
      const auto& p = od.pages[j];
      s << (j ? "," : "") << "\n      {\"page\": " << p.page << ", \"change\": " << json_quote(p.what)
        << ", \"pixels\": " << p.pixels << ", \"pixels_outside_cards\": " << p.pixels_outside
        << ", \"size_changed\": " << (p.size_changed ? "true" : "false") << ", \"cards\": [";
      for (size_t k = 0; k < p.cards.size(); ++k) {
        const auto& c = p.cards[k];
        s << (k ? ", " : "") << "\n        {\"id\": " << json_quote(c.id) << ", \"change\": " << json_quote(c.what)
          << ", \"source\": " << json_quote(c.source) << ", \"side\": " << json_quote(c.side) << ", \"copies\": [";
        for (size_t m = 0; m < c.copies.size(); ++m) s << (m ? ", " : "") << c.copies[m];
        s << "], \"pixels\": " << c.pixels;
        if (c.has_box) s << ", \"changed_box\": " << json_rect({c.box.x, c.box.y, c.box.w, c.box.h});
        s << "}";
      }
      s << "]";
      for (const auto& [key, png] : {std::pair{"old_png", &p.old_png}, {"new_png", &p.new_png}, {"diff_png", &p.diff_png}})
        if (!png->empty()) s << ", \"" << key << "\": " << json_quote(*png);
      s << "}";
    }
    s << (od.pages.empty() ? "]}" : "\n    ]}");
  }
  s << (r.outputs.empty() ? "]\n}\n" : "\n  ]\n}\n");
  return s.str();
}

namespace {

// The folders named on the command line, checked before anything is read: problems are
// the command's own (at "cardstock"), not any file's.
bool check_folders(const DiffOptions& o, Diagnostics& d) {
  const Mark cmd{"cardstock"};
  for (const auto& [what, dir] : {std::pair{"OLD", &o.old_dir}, {"NEW", &o.new_dir}}) {
    std::error_code ec;
    if (!fs::is_directory(*dir, ec)) {
      d.error(cmd, std::string(what) + " '" + *dir + "' is not a folder" +
                       (fs::exists(*dir, ec) ? "" : ": No such file or directory"));
      return false;
    }
  }
  if (!o.report_dir.empty())
    for (const std::string* dir : {&o.old_dir, &o.new_dir})
      if (within(o.report_dir, *dir)) {
        d.error(cmd, "the report folder '" + o.report_dir + "' lies inside '" + *dir +
                         "', which is compared: put it elsewhere");
        return false;
      }
  return true;
}

}  // namespace

int diff_command(const DiffOptions& o, bool json, std::ostream& out, std::ostream& err) {
  Diagnostics d;
  if (!check_folders(o, d)) {
    err << d.str();
    return 2;
  }
  const DiffResult r = diff_folders(o, d);
  if (!d.has_errors() && !o.report_dir.empty()) write_report_html(r, o, d);
  if (d.has_errors()) {
    drop_report_pictures(o.report_dir);  // a report refused or cut short leaves nothing
    // Said last, after however many problems were listed (or counted past the limit).
    Diagnostics last;
    last.error({"cardstock"}, "the folders could not be compared");
    err << d.str() << last.str();
    return 2;
  }
  out << (json ? diff_json(r, o) : diff_text(r, o));
  return r.changed() ? 1 : 0;
}

}  // namespace cardstock
