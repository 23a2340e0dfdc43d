// file_hints: the "did you mean" for a file that is not there, from the files that are
// in its folder (a name in another case first, then one a typo away).
#pragma once
#include <string>

namespace cardstock {

/// The name of a file in `resolved`'s folder that `resolved` most likely meant, when
/// `resolved` is not there: one that differs only in case ("Giraffe.PNG" for
/// "giraffe.png"), else the closest within a typo or so (closest_match); "" if none is
/// close, the folder cannot be read, or `resolved` is there (a folder, unreadable).
std::string near_file(const std::string& resolved);

/// The one file in `resolved`'s folder whose name differs from `resolved`'s only in
/// letter case ("Giraffe.PNG" for "giraffe.png"), when `resolved` is not there; "" when
/// none or more than one does (then which was meant cannot be told).
std::string case_twin(const std::string& resolved);

/// " (did you mean 'pictures/Giraffe.PNG'?)" for a file written as `written` and looked
/// for at `resolved` (near_file, in the folder `written` names), or "".
std::string did_you_mean_file(const std::string& written, const std::string& resolved);

}  // namespace cardstock
