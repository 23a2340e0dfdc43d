#include "base/xml.h"

#include <gtest/gtest.h>

namespace cardstock {

TEST(Xml, EscapesTheFiveCharactersAndNothingElse) {
  EXPECT_EQ(xml_escape("a<b> & \"c\" 'd'"), "a&lt;b&gt; &amp; &quot;c&quot; &#39;d&#39;");
  EXPECT_EQ(xml_escape("אחד é"), "אחד é");  // UTF-8 passes through
  EXPECT_EQ(xml_escape(""), "");
}

}  // namespace cardstock
