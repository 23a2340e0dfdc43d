// `cardstock calibrate`: the duplex calibration sheet, planned (plan/plan_calibration.cpp),
// drawn by the PDF writer with the private fonts, and committed like a game's folder:
// into <out>/calibration/, all files at once or none, nothing outside -o.
#include "base/text_check.h"
#include "load/load.h"
#include "output/writer.h"
#include "plan/manifest.h"
#include "plan/plan.h"
#include "run/build.h"
#include "run/commit.h"
#include "run/folder_lock.h"
#include "base/os/interrupt.h"
#include "base/os/process.h"

namespace cardstock {

int calibrate(const BuildOptions& opt, std::ostream& out, std::ostream& err) {
  interrupt::install();
  Diagnostics d;
  const Templates t = load_templates(opt.templates_dir, d);
  err << d.str();
  if (d.has_errors()) return 1;
  std::vector<PlannedOutput> outs;
  for (const Paper& paper : single_page_papers(t, plan_options(opt)))
    outs.push_back(plan_calibration(paper, t.fonts.default_family));
  if (outs.empty()) {
    say_error(err, Mark{"cardstock"}, "no paper '" + opt.paper + "' in " + opt.templates_dir + "/papers.yaml");
    return 2;
  }
  Diagnostics fd;
  const auto fonts = Fonts::load(t.fonts, {opt.templates_dir + "/fonts.yaml", 0, 0}, fd);
  err << fd.str();
  if (fd.has_errors()) return 1;
  const Typesetter typesetter(*fonts);
  OutputFolder folder(opt.out_dir, "calibration", ".tmp-" + std::to_string(process_id()));
  if (!reported(err, [&](Diagnostics& d) { return folder.make(d); })) return 1;
  const auto lock = FolderLock::take(folder.dir(), opt.wait, err);
  if (!lock) return 1;
  const WriteContext ctx{typesetter, std::string("cardstock ") + kVersion, opt.date.empty() ? pinned_date() : opt.date};
  for (const auto& o : outs) {
    std::string e;
    const std::string tmp = folder.temporary(o.file, &e);
    if (tmp.empty() || !writer_for(o.format).write(tmp, o, ctx, &e)) {
      const std::string fin = (folder.dir() / o.file).string();
      say_error(err, Mark{fin}, said_as_final(e, tmp, fin));
      folder.discard();
      return 1;
    }
  }
  const ManifestHeader h{"calibration", "cardstock duplex calibration", "", {}, ""};
  if (!reported(err, [&](Diagnostics& d) { return folder.write_text("manifest.json", manifest_json(h, outs), d); })) {
    folder.discard();
    return 1;
  }
  if (!reported(err, [&](Diagnostics& d) { return folder.commit(true, d); })) return 1;
  for (const auto& o : outs)
    out << "wrote " << printable((folder.dir() / o.file).string()) << ": print both pages on one sheet, flip on long edge, "
        << "at 100 %\n";
  return 0;
}

}  // namespace cardstock
