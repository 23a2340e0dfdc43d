// preview: `cardstock preview [FILE...]`, a live page of every card, sheet and booklet
// page, served on this computer and updated by itself when a file the games are made from
// is saved. Diagnostics print to `err` as `check` prints them; the return value is the exit
// code (0 when stopped by SIGINT/SIGTERM, 2 on usage errors or when it cannot listen).
#pragma once
#include <ostream>
#include <string>
#include <vector>

#include "run/build.h"

namespace cardstock {

struct PreviewOptions {
  std::string host = "127.0.0.1";  // anything else needs the token printed in the address
  int port = 8421;                 // 0: a free port
  bool no_open = false;            // --no-open: never open the page in the browser (else on a terminal)
};

/// Loads `files` as `check` does (opt's templates, stocks, paper, printer), serves the
/// page, prints `Preview at http://127.0.0.1:PORT/` (with ?token=... when one is needed)
/// as its first line on `out`, and rebuilds at every saved change until a signal stops it.
int preview_files(const std::vector<std::string>& files, const BuildOptions& opt, const PreviewOptions& popt,
                  std::ostream& out, std::ostream& err);

}  // namespace cardstock
