// process: this process (its id, its own path, whether it writes to a terminal), and
// running another program (Ghostscript) without a shell: its arguments as given, its
// output read as it comes, its errors kept for the message, and never outliving cardstock
// (it is asked to stop when cardstock dies). Nothing throws.
#pragma once
#include <functional>
#include <string>
#include <vector>

namespace cardstock {

/// This process's id (in the names of its temporary files).
int process_id();

/// Whether standard output / standard error is a terminal.
bool stdout_is_terminal();
bool stderr_is_terminal();

/// This program's own file (read from /proc/self/exe), where the files installed beside
/// it are looked for (the shipped templates, the PDF reader module); "" if it cannot be
/// known.
std::string program_path();

/// The full path of program `name` found on the PATH (a regular, executable file), or ""
/// if there is none.
std::string find_program(const std::string& name);

struct ProgramRun {
  int status = -1;   // exit status; 128 + N if killed by signal N; -1 if it could not start
  std::string err;   // what it wrote on stderr (the first 64 KB)
  std::string why;   // set when it could not be started at all
};

/// Runs `argv` (argv[0] a full path) with `env` ("NAME=value") added to the environment,
/// stdin closed; each chunk it writes on stdout goes to `out` (which may return false to
/// stop reading: the program is then killed). Waits for it to end.
ProgramRun run_program(const std::vector<std::string>& argv, const std::vector<std::string>& env,
                       const std::function<bool(const char*, size_t)>& out);

}  // namespace cardstock
