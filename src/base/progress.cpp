#include "base/progress.h"

#include <cstdlib>
#include <cstring>

#include "base/os/process.h"
#include "base/text_check.h"

namespace cardstock {

namespace {

bool dumb_terminal() {
  const char* term = std::getenv("TERM");
  return term && std::strcmp(term, "dumb") == 0;
}

}  // namespace

bool progress_wanted(bool quiet) { return !quiet && stderr_is_terminal() && !dumb_terminal(); }

bool escapes_allowed() {
  const char* no_color = std::getenv("NO_COLOR");
  return !(no_color && *no_color) && !dumb_terminal();
}

void Progress::done(size_t n, const std::string& what) {
  done_ += n;
  if (on_) draw(what, "");
}

void Progress::step(const std::string& what, size_t k, size_t n, const char* unit) {
  if (!on_) return;
  const auto now = std::chrono::steady_clock::now();
  if (k < n && now - drawn_at_ < std::chrono::milliseconds(100)) return;
  drawn_at_ = now;
  draw(what, std::string(", ") + unit + " " + std::to_string(k) + "/" + std::to_string(n));
}

void Progress::draw(const std::string& what, const std::string& tail) {
  std::string line = lead_ + std::to_string(done_) + "/" + std::to_string(total_) + unit_;
  if (!what.empty()) {
    // A name from the input, escaped (a terminal must not run what it holds), and
    // shortened from its start so that the counts stay in one 80-column line.
    std::string name = printable(what);
    const size_t room = line.size() + 2 + tail.size() < 78 ? 78 - line.size() - 2 - tail.size() : 0;
    if (name.size() > room) {
      size_t cut = name.size() - (room > 3 ? room - 3 : 0);
      while (cut < name.size() && (static_cast<unsigned char>(name[cut]) & 0xC0) == 0x80) ++cut;
      name = "..." + name.substr(cut);
    }
    line += ", " + name;
  }
  line += tail;
  err_ << '\r' << line;
  if (escapes_) err_ << "\x1b[K";
  else if (line.size() < shown_) err_ << std::string(shown_ - line.size(), ' ');
  err_.flush();
  shown_ = line.size();
}

void Progress::clear() {
  if (!on_ || shown_ == 0) return;
  if (escapes_) err_ << "\r\x1b[K";
  else err_ << '\r' << std::string(shown_, ' ') << '\r';
  err_.flush();
  shown_ = 0;
}

}  // namespace cardstock
