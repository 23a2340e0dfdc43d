// examples: the games the program ships with as examples (`cardstock example`): listed,
// and one copied with every file it uses into a folder of the user's, ready to build.
// The examples folder is found as the templates are (run/shipped.h): installed, it holds
// a folder a game (examples/<name>/<name>.yaml and its files); in the source tree it is
// content/ (content/<name>.yaml, its files beside it). Which files a game uses is what
// its loader says (model/inputs.h game_inputs): the same list a build keys its outputs by.
#pragma once
#include <ostream>
#include <string>
#include <vector>

#include "run/build.h"

namespace cardstock {

struct Example {
  std::string name;       // what `cardstock example NAME` takes: the game file's name without .yaml
  std::string game_file;  // its game file
  std::string about;      // one line: the game file's first comment ("Echad! -- a history matching...")
};

/// The examples in `dir`, sorted by name: <dir>/<name>.yaml and <dir>/<name>/<name>.yaml.
std::vector<Example> examples_in(const std::string& dir);

/// `cardstock example` without a name: the examples of `dir` (as found: "" if not),
/// a line each, name and what it is. 0, or 1 when the folder was not found.
int list_examples(const std::string& dir, const std::vector<std::string>& looked, std::ostream& out,
                  std::ostream& err);

/// `cardstock example NAME [FOLDER]`: copies example `name` of `dir` with every file it
/// uses into `folder` (made if missing; "" = ./NAME), keeping the paths the game names its
/// files by, so that `cardstock build FOLDER/NAME.yaml` builds what the example builds.
/// Beside them: the examples' licence (LICENSE, when the examples have one) and the
/// editor schema (cardstock.schema.json), which the copied game file's schema line then
/// names. Nothing is written when any of those files is already there. On success says the next
/// command to run. 0; 2 for an unknown name or a file already there; 1 when the folder
/// was not found or a file could not be copied.
int copy_example(const BuildOptions& opt, const std::string& dir, const std::vector<std::string>& looked,
                 const std::string& name, const std::string& folder, std::ostream& out, std::ostream& err);

}  // namespace cardstock
