// `cardstock watch`: build, wait for a saved change to anything the build reads or a new
// picture in a folder-of-pictures deck's folder (base/os/watcher.h), build again. Rebuilding is cheap when little changed: the build is
// incremental, so only the outputs whose inputs changed are drawn again.
#include <cerrno>
#include <cstring>
#include <filesystem>

#include "base/diag.h"
#include "base/os/interrupt.h"
#include "base/os/watcher.h"
#include "base/text_check.h"
#include "run/build.h"

namespace fs = std::filesystem;

namespace cardstock {

int watch_files(const std::vector<std::string>& given, const BuildOptions& opt, std::ostream& out,
                std::ostream& err) {
  interrupt::install();
  const std::vector<std::string> files = given.empty() ? default_content_files("content") : given;
  Watcher w(opt.poll);
  if (!w.ok()) {
    say_error(err, Mark{"cardstock"}, std::string("cannot watch for changes: ") + std::strerror(errno));
    return 1;
  }
  const std::string out_dir = fs::absolute(opt.out_dir).lexically_normal().string();
  for (;;) {
    const int status = build_files(given, opt, out, err);
    if (status == 2) return status;  // a usage error: no change to a file will mend it
    const size_t folders = w.watch(build_inputs(files, opt));
    if (const std::string note = w.take_note(); !note.empty()) err << "note: " << printable(note) << std::endl;
    // From here nothing is written: a SIGTERM sent on reading the next line (as scripts and
    // tests do) is recorded and ends the wait below, not the process mid-sentence (seen in CI).
    interrupt::set_waiting(true);
    out << "watching " << folders << (folders == 1 ? " folder" : " folders") << " for changes (Ctrl-C to stop)"
        << std::endl;
    err.flush();
    const std::string changed = w.wait(status != 0, out_dir);
    interrupt::set_waiting(false);  // the next build writes: a signal removes its temporary files and ends it
    if (changed.empty()) {
      out << "stopped; the outputs are those of the last build" << std::endl;
      return 0;
    }
    out << "changed: " << printable(changed) << std::endl;
  }
}

}  // namespace cardstock
