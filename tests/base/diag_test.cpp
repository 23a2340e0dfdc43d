#include "base/diag.h"

#include <gtest/gtest.h>

namespace cardstock {

TEST(Diagnostics, NotesFollowTheirErrorAndAreNotCounted) {
  Diagnostics d;
  d.error({"g.yaml", 9, 3}, "duplicate key 'face' in 'designs'");
  d.note({"g.yaml", 4, 3}, "'face' is first defined here");
  d.warning({"g.yaml", 12, 5}, "something to look at");
  EXPECT_EQ(d.str(),
            "g.yaml:9:3: error: duplicate key 'face' in 'designs'\n"
            "g.yaml:4:3: note: 'face' is first defined here\n"
            "g.yaml:12:5: warning: something to look at\n");
  EXPECT_EQ(d.error_count(), 1u);
  EXPECT_EQ(d.warning_count(), 1u);
  d.make_warnings_errors();  // --strict promotes warnings, never notes
  EXPECT_EQ(d.error_count(), 2u);
  EXPECT_EQ(d.warning_count(), 0u);
  EXPECT_EQ(d.all()[1].severity, Severity::Note);
}

TEST(Diagnostics, TheSameMessageAtTheSamePlaceIsReportedOnce) {
  Diagnostics d;
  for (int card = 0; card < 3; ++card) {
    d.warning({"g.yaml", 6, 9}, "a problem of the design, met once per card");
    d.note({"g.yaml", 2, 1}, "its note");
  }
  d.warning({"g.yaml", 7, 9}, "a problem of the design, met once per card");
  EXPECT_EQ(d.str(),
            "g.yaml:6:9: warning: a problem of the design, met once per card\n"
            "g.yaml:2:1: note: its note\n"
            "g.yaml:7:9: warning: a problem of the design, met once per card\n");
}

TEST(Diagnostics, ControlCharactersInMessagesAreEscaped) {
  Diagnostics d;
  d.error({"g.yaml", 1, 1}, "card field name 'k\x1b[2J' is odd\x7f \xc2\x9b");
  EXPECT_EQ(d.str(), "g.yaml:1:1: error: card field name 'k\\x1B[2J' is odd\\x7F \\u009B\n");
}

// Bytes that are not UTF-8 are escaped too (a terminal would show them as it likes),
// UTF-8 is kept, and the file name is escaped as the message is: a newline in it must not
// start a line of its own ("::error::" is a command to GitHub Actions).
TEST(Diagnostics, InvalidUtf8AndNamesAreEscaped) {
  Diagnostics d;
  d.error({"caf\xe9\n::error::x.yaml", 2, 3}, "card 'ab\xff\xc3' and '\xd7\x90\xef\xbf\xbd'");
  EXPECT_EQ(d.str(), "caf\\xE9\\n::error::x.yaml:2:3: error: card 'ab\\xFF\\xC3' and '\xd7\x90\xef\xbf\xbd'\n");
}

}  // namespace cardstock
