// The SVG cut writer: a file it cannot write is an error that says why, in the OS's words.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "output/writer.h"
#include "render/typesetter.h"
#include "test_util.h"

namespace cardstock {

TEST(SvgCutWriter, AFailedWriteSaysWhy) {
  if (!std::filesystem::exists("/dev/full")) GTEST_SKIP() << "no /dev/full";
  Diagnostics d;
  const auto fonts = Fonts::load(testing::shipped_templates().fonts, {}, d);
  ASSERT_TRUE(fonts) << d.str();
  const Typesetter ts(*fonts);
  PlannedOutput o;
  o.file = "cut.svg";
  o.format = OutputFormat::SvgCut;
  o.title = "t";
  PlannedPage page;
  page.width = 400;
  page.height = 300;
  o.pages.push_back(page);
  const WriteContext ctx{ts, "test", "2026-01-01T00:00:00Z"};
  std::string err;
  EXPECT_FALSE(writer_for(OutputFormat::SvgCut).write("/dev/full", o, ctx, &err));
  EXPECT_EQ(err, "cannot write '/dev/full': No space left on device");
}

}  // namespace cardstock
