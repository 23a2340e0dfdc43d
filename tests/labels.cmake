# Labels of single cases of core_tests and output_tests, which gtest_discover_tests labels
# by their program (tests/CMakeLists.txt); ctest reads this file after the discovered
# tests. The tiers: docs/development.md.
set_tests_properties(Diff.TheReportOpensInAHeadlessBrowser PROPERTIES LABELS "output;browser;heavy")
# The four shipped games on every shop stock, with Ghostscript's CMYK (tests/games/
# shops_test.cpp): minutes under the sanitizers, for drawing code the golden fixtures and
# the stock matrix already run there; in the sanitizer-free pass they run once.
# (gtest_discover_tests names a parameterised case with its value after it.)
foreach(game echad dayenu unity prophets)
  set_tests_properties("Games/EveryShippedGame.PassesStrictOnEveryShopStock/${game}  # GetParam() = \"${game}\""
                       PROPERTIES LABELS "output;heavy")
endforeach()
