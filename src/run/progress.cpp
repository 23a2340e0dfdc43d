#include "run/progress.h"

#include <unistd.h>

#include <cstdlib>
#include <cstring>

#include "base/text_check.h"

namespace cardstock {

namespace {

bool dumb_terminal() {
  const char* term = std::getenv("TERM");
  return term && std::strcmp(term, "dumb") == 0;
}

}  // namespace

bool progress_wanted(bool quiet) { return !quiet && ::isatty(STDERR_FILENO) == 1 && !dumb_terminal(); }

bool escapes_allowed() {
  const char* no_color = std::getenv("NO_COLOR");
  return !(no_color && *no_color) && !dumb_terminal();
}

void Progress::done(size_t n, const std::string& what) {
  done_ += n;
  if (!on_) return;
  std::string line = lead_ + std::to_string(done_) + "/" + std::to_string(total_) + unit_;
  if (!what.empty()) line += ", " + printable(what);  // a name from the input: escaped
  if (line.size() > 78) {  // one line of an 80-column terminal, cut between characters
    size_t cut = 75;
    while (cut > 0 && (static_cast<unsigned char>(line[cut]) & 0xC0) == 0x80) --cut;
    line = line.substr(0, cut) + "...";
  }
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
