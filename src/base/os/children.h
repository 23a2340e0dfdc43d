// children: cardstock processes run at once, at most N at a time, their output read as it
// comes (so none blocks on a full pipe), each reaped when its output ends. Interrupted
// (interrupt.h), no more are started. For run/schedule.h, which decides what they do.
#pragma once
#include <functional>
#include <string>
#include <vector>

namespace cardstock {

struct ChildResult {
  int status = 1;
  std::string out, err;
};

/// Runs each `argv` (argv[0] is the program) as a fresh process, in the order given, at
/// most `jobs` at once, starting the next as soon as any ends; collects each one's exit
/// status and output, by index. Interrupted (interrupt.h), it starts no more and waits
/// for those running, which were asked to stop. `ended`, if set, is called with the index
/// of each process as it ends (for progress).
std::vector<ChildResult> run_children(const std::vector<std::vector<std::string>>& argvs, int jobs,
                                      const std::function<void(size_t)>& ended = {});

}  // namespace cardstock
