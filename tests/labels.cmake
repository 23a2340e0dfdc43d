# Labels of single cases of core_tests and output_tests, which gtest_discover_tests labels
# by their program (tests/CMakeLists.txt); ctest reads this file after the discovered
# tests. The tiers: docs/development.md.
set_tests_properties(Diff.TheReportOpensInAHeadlessBrowser PROPERTIES LABELS "output;browser;heavy")
