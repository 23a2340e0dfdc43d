// Fonts: the private font set the typesetter draws with. Missing or misnamed font files
// are reported as diagnostics, never thrown.
#pragma once
#include <memory>

#include "base/diag.h"
#include "model/model.h"

namespace cardstock {

/// The private font set: a fontconfig configuration holding exactly the files listed in
/// templates/fonts.yaml, so installing other fonts never changes the output.
class Fonts {
 public:
  /// Missing font files are reported as errors at `where`.
  static std::unique_ptr<Fonts> load(const FontSet& set, const Mark& where, Diagnostics& d);
  ~Fonts();
  Fonts(const Fonts&) = delete;
  Fonts& operator=(const Fonts&) = delete;
  struct Impl;
  Impl* impl() const { return impl_.get(); }

 private:
  explicit Fonts(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

}  // namespace cardstock
