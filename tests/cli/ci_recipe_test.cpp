// The CI recipe (docs/ci.md, examples/ci/) run here, not on a CI service: the shell lines
// of the shipped GitHub Actions and GitLab CI files, read from those files, run in order
// on a scratch git repository with a base branch and a pull request that changes one
// card. What only the service does (checking out, uploading artifacts, installing git
// with apt-get) is skipped; cardstock is the one this build made (CARDSTOCK=...), so
// nothing is compiled twice. So the recipe cannot rot: a renamed option, a missing step
// or a wrong path fails here.
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <map>

#include "output_util.h"
#include "base/json.h"

namespace cardstock {

namespace fs = std::filesystem;
using testing::slurp;

namespace {

void write(const fs::path& p, const std::string& text) {
  fs::create_directories(p.parent_path());
  std::ofstream(p, std::ios::binary) << text;
}

// A game of twelve cards, fronts only, on 3x3 Letter sheets: the tenth on page 2.
std::string game(const std::string& id, const std::string& tenth = "Kappa", const std::string& key = "size") {
  std::string g = "game: " + id + "\ntitle: CI test\ndesigns:\n  face:\n    layers:\n"
                  "      - {type: text, text: \"{word}\", x: 6mm, y: 10mm, w: 51.5mm, h: 20mm, " + key + ": 18pt}\n"
                  "decks:\n  - id: cards\n    stocks: [poker-3x3-letter]\n    face: face\n    cards:\n";
  const char* words[] = {"Alpha", "Beta", "Gamma", "Delta", "Epsilon", "Zeta", "Eta", "Theta", "Iota", "", "Lambda", "Mu"};
  for (int i = 0; i < 12; ++i) {
    const std::string word = *words[i] ? words[i] : tenth;
    g += "      - {id: c" + std::to_string(i) + ", word: \"" + word + "\"}\n";
  }
  return g;
}

// Runs `script` with bash in `dir`; its exit status, its output (both streams) in *log.
int sh(const fs::path& dir, const std::string& script, std::string* log) {
  const fs::path file = dir / ".test-script.sh", out = dir / ".test-script.log";
  write(file, script);
  const int st = std::system(("cd '" + dir.string() + "' && bash '" + file.string() + "' >'" + out.string() + "' 2>&1").c_str());
  *log = slurp(out);
  fs::remove(file);
  fs::remove(out);
  return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

// The environment every run gets: a home, temp folder and git identity of its own.
std::string base_env(const fs::path& dir) {
  return "set -e\nexport HOME='" + (dir / "home").string() + "' TMPDIR='" + (dir / "tmp").string() +
         "'\nexport GIT_AUTHOR_NAME=t GIT_AUTHOR_EMAIL=t@example.org GIT_COMMITTER_NAME=t "
         "GIT_COMMITTER_EMAIL=t@example.org GIT_CONFIG_NOSYSTEM=1\nexport CARDSTOCK='" CARDSTOCK_BINARY "'\n";
}

struct Steps {
  std::map<std::string, std::string> env;
  std::vector<std::pair<std::string, std::string>> run;  // name, script file
  std::vector<std::string> skipped, uses;
};

Steps steps_of(const std::string& kind, const fs::path& file, const fs::path& out) {
  fs::create_directories(out);
  const std::string cmd = "/usr/bin/python3 '" + testing::source_dir() + "/tests/cli/ci_steps.py' " + kind + " '" +
                          file.string() + "' '" + out.string() + "' 2>&1";
  Steps s;
  FILE* p = popen(cmd.c_str(), "r");
  std::string text;
  char buf[4096];
  while (size_t n = fread(buf, 1, sizeof buf, p)) text.append(buf, n);
  EXPECT_EQ(pclose(p), 0) << text << "\n(python3-yaml: scripts/setup.sh --test)";
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    std::vector<std::string> f;
    for (size_t at = 0;;) {
      const size_t tab = line.find('\t', at);
      f.push_back(line.substr(at, tab == std::string::npos ? std::string::npos : tab - at));
      if (tab == std::string::npos) break;
      at = tab + 1;
    }
    if (f[0] == "env" && f.size() == 3) s.env[f[1]] = f[2];
    else if (f[0] == "step" && f.size() == 3) s.run.push_back({f[1], f[2]});
    else if (f[0] == "skip") s.skipped.push_back(f[1]);
    else if (f[0] == "uses") s.uses.push_back(f[1]);
    else ADD_FAILURE() << "ci_steps.py: " << line;
  }
  return s;
}

// A scratch repository: two games and what the recipe needs, on branch main; branch pr
// changes one card of game 'a'.
fs::path scratch_repo(const fs::path& dir) {
  const fs::path repo = dir / "repo";
  const std::string src = testing::source_dir();
  fs::create_directories(repo / "scripts");
  fs::copy(src + "/templates", repo / "templates", fs::copy_options::recursive);
  fs::copy(src + "/examples", repo / "examples", fs::copy_options::recursive);
  for (const char* s : {"setup.sh", "configure.sh"}) fs::copy(src + "/scripts/" + s, repo / "scripts" / s);
  write(repo / "content" / "a.yaml", game("a"));
  write(repo / "content" / "b.yaml", game("b"));
  write(repo / ".gitignore", "/build*/\n/out*/\n/review/\n/.cardstock-base/\n");
  fs::create_directories(dir / "home");
  fs::create_directories(dir / "tmp");
  std::string log;
  EXPECT_EQ(sh(repo, base_env(dir) + "git init -q -b main && git add -A && git commit -q -m base\n"
                     "git checkout -q -b pr\n", &log), 0) << log;
  write(repo / "content" / "a.yaml", game("a", "Kappa Kappa"));
  EXPECT_EQ(sh(repo, base_env(dir) + "git commit -q -am 'one card changes'\n", &log), 0) << log;
  return repo;
}

// Where card c9 ("Kappa") of game `id` is in its file.
std::string kappa_source(const std::string& id) {
  const std::string g = game(id);
  const size_t at = g.find("- {id: c9,");
  return "content/" + id + ".yaml:" + std::to_string(1 + std::count(g.begin(), g.begin() + static_cast<long>(at), '\n')) + ":9";
}

std::string expected_summary() {
  return "changed  a/cards-poker-3x3-letter.pdf: page 2 of 2\n"
         "         page 2: changed 'c9' at " + kappa_source("a") + "\n"
         "1 changed, 0 added, 0 removed, 3 unchanged\n"
         "report: review/index.html (1 page pictured)\n";
}

}  // namespace

TEST(CiRecipe, GitHubActionsStepsRunOnAPullRequest) {
  const fs::path dir = testing::fresh_dir("ci-github");
  const fs::path repo = scratch_repo(dir);
  const Steps s = steps_of("github", repo / "examples/ci/github-actions.yml", dir / "steps");
  // The matrix hands each job its share; the job's env names it so.
  ASSERT_TRUE(s.env.count("CARDSTOCK_SHARE"));
  EXPECT_EQ(s.env.at("CARDSTOCK_SHARE"), "${{ matrix.share }}/${{ strategy.job-total }}");
  EXPECT_EQ(s.env.at("CARDSTOCK_BASE_TOOL"), "base");
  EXPECT_EQ(s.skipped, std::vector<std::string>{"Git for the checkout (the container has none)"});
  EXPECT_EQ(s.uses, (std::vector<std::string>{"actions/checkout@v4", "actions/upload-artifact@v4", "actions/upload-artifact@v4"}));
  std::vector<std::string> names;
  for (const auto& [name, file] : s.run) names.push_back(name);
  EXPECT_EQ(names, (std::vector<std::string>{"Install and build cardstock", "Check", "Build", "Build the base branch",
                                             "What changed on the printed page"}));
  // Each step in a shell of its own, as the service runs them, all as on a pull request.
  std::string script = base_env(dir) +
                       "export CI=true GITHUB_ACTIONS=true GITHUB_EVENT_NAME=pull_request GITHUB_BASE_REF=main "
                       "GITHUB_STEP_SUMMARY='" + (dir / "summary.md").string() + "' CARDSTOCK_SHARE=1/1 "
                       "CARDSTOCK_BASE_TOOL=base CARDSTOCK_SOURCE_URL=https://github.example/o/r/blob/abc/\n";
  for (const auto& [name, file] : s.run) {
    const std::string body = slurp(file);
    EXPECT_EQ(body.find("${{"), std::string::npos) << name << ": a shell line takes what it needs from the env";
    script += "echo '>>> " + name + "'\nbash -e '" + file + "'\n";
  }
  std::string log;
  ASSERT_EQ(sh(repo, script, &log), 0) << log;
  EXPECT_EQ(log.find("::error"), std::string::npos) << log;
  EXPECT_EQ(testing::tree_of(repo / "out" / "a"), (std::vector<std::string>{"cards-poker-3x3-letter.pdf", "manifest.json"}));
  EXPECT_TRUE(fs::exists(repo / "out" / "b" / "cards-poker-3x3-letter.pdf"));
  EXPECT_TRUE(fs::exists(repo / "out-base" / "a" / "cards-poker-3x3-letter.pdf"));
  EXPECT_FALSE(fs::exists(repo / ".cardstock-base")) << "the base branch's worktree is removed";
  EXPECT_EQ(slurp(repo / "review" / "summary.txt"), expected_summary());
  EXPECT_TRUE(fs::exists(repo / "review" / "img" / "0001-diff.png"));
  EXPECT_NE(slurp(repo / "review" / "index.html").find("https://github.example/o/r/blob/abc/content/a.yaml#L"),
            std::string::npos);
  const std::string summary = slurp(dir / "summary.md");
  EXPECT_NE(summary.find("### What changed on the printed page\n```\n" + expected_summary() + "```\n"), std::string::npos)
      << summary;
}

TEST(CiRecipe, GitLabCiStepsRunOnAMergeRequest) {
  const fs::path dir = testing::fresh_dir("ci-gitlab");
  const fs::path repo = scratch_repo(dir);
  const Steps s = steps_of("gitlab", repo / "examples/ci/gitlab-ci.yml", dir / "steps");
  ASSERT_EQ(s.skipped.size(), 1u);
  EXPECT_EQ(s.skipped[0].rfind("apt-get ", 0), 0u);
  ASSERT_EQ(s.run.size(), 5u);
  // One shell for all lines, as GitLab runs a job's script; its variables first.
  std::string script = base_env(dir) +
                       "export CI=true GITLAB_CI=true CI_NODE_INDEX=1 CI_NODE_TOTAL=1 "
                       "CI_MERGE_REQUEST_TARGET_BRANCH_NAME=main CI_PROJECT_URL=https://gitlab.example/g/r "
                       "CI_COMMIT_SHA=abc\n";
  for (const auto& [k, v] : s.env)
    if (k != "GIT_DEPTH") script += "export " + k + "=\"" + v + "\"\n";
  for (const auto& [name, file] : s.run) script += slurp(file) + "\n";
  std::string log;
  ASSERT_EQ(sh(repo, script, &log), 0) << log;
  EXPECT_EQ(slurp(repo / "gl-code-quality-report.json"), "[]\n");
  EXPECT_EQ(slurp(repo / "review" / "summary.txt"), expected_summary());
  EXPECT_NE(slurp(repo / "review" / "index.html").find("https://gitlab.example/g/r/-/blob/abc/content/a.yaml#L"),
            std::string::npos);
  EXPECT_TRUE(fs::exists(repo / "out" / "b" / "manifest.json"));
}

TEST(CiRecipe, CheckErrorsBecomeAnnotationsAndFailTheJob) {
  const fs::path dir = testing::fresh_dir("ci-check");
  const fs::path repo = scratch_repo(dir);
  write(repo / "content" / "b.yaml", game("b", "Kappa", "sise"));
  const std::string bad = game("b", "Kappa", "sise");
  const size_t line6 = [&] { size_t at = 0; for (int i = 1; i < 6; ++i) at = bad.find('\n', at) + 1; return at; }();
  const std::string col = std::to_string(bad.find("sise", line6) - line6 + 1);
  const std::string mark = "content/b.yaml:6:" + col;  // the misspelt key
  const std::string msg = "unknown key 'sise' in text layer (did you mean 'size'?)";
  std::string log;
  EXPECT_EQ(sh(repo, base_env(dir) + "bash examples/ci/cardstock-ci.sh check github\n", &log), 1) << log;
  EXPECT_NE(log.find(mark + ": error: " + msg + "\n"), std::string::npos) << log;
  EXPECT_NE(log.find("::error file=content/b.yaml,line=6,col=" + col + ",title=cardstock check::" + msg + "\n"), std::string::npos)
      << log;
  EXPECT_EQ(sh(repo, base_env(dir) + "bash examples/ci/cardstock-ci.sh check gitlab\n", &log), 1) << log;
  // The Code Quality report, read back.
  const std::string report = slurp(repo / "gl-code-quality-report.json");
  const JsonParsed r = parse_json(report);
  ASSERT_TRUE(r.ok()) << json_place(report, r.error_at) << ": " << r.error << "\n" << report;
  ASSERT_TRUE(r.value.is_array()) << report;
  const long findings = static_cast<long>(r.value.size());
  ASSERT_GE(findings, 1);
  const Json& last = r.value.back();
  const std::string description = last.value("description", ""), severity = last.value("severity", "");
  const std::string path = last.at("location").value("path", "");
  const long line = last.at("location").at("lines").value("begin", 0L);
  EXPECT_EQ(findings, 1);
  EXPECT_EQ(description, msg);
  EXPECT_EQ(severity, "major");
  EXPECT_EQ(path, "content/b.yaml");
  EXPECT_EQ(line, 6);
  // Games that check clean make an empty report and a job that passes.
  fs::remove(repo / "content" / "b.yaml");
  EXPECT_EQ(sh(repo, base_env(dir) + "bash examples/ci/cardstock-ci.sh check gitlab\n", &log), 0) << log;
  EXPECT_EQ(slurp(repo / "gl-code-quality-report.json"), "[]\n");
}

TEST(CiRecipe, TheMatrixSharesTheGameFilesBySize) {
  const fs::path dir = testing::fresh_dir("ci-shares");
  const fs::path repo = dir / "repo";
  fs::create_directories(repo / "content");
  // Sizes 900, 500, 400, 300, 100, largest first to the lighter share: 900+300 and 500+400+100.
  for (const auto& [name, size] : std::vector<std::pair<std::string, size_t>>{
           {"e", 100}, {"d", 300}, {"c", 400}, {"b", 500}, {"a", 900}})
    write(repo / "content" / (name + ".yaml"), std::string(size, '#'));
  std::string log;
  const std::string ci = "bash '" + testing::source_dir() + "/examples/ci/cardstock-ci.sh' games\n";
  ASSERT_EQ(sh(repo, "CARDSTOCK_SHARE=1/2 " + ci, &log), 0) << log;
  EXPECT_EQ(log, "content/a.yaml\ncontent/d.yaml\n");
  ASSERT_EQ(sh(repo, "CARDSTOCK_SHARE=2/2 " + ci, &log), 0) << log;
  EXPECT_EQ(log, "content/b.yaml\ncontent/c.yaml\ncontent/e.yaml\n");
  ASSERT_EQ(sh(repo, ci, &log), 0) << log;
  EXPECT_EQ(log, "content/a.yaml\ncontent/b.yaml\ncontent/c.yaml\ncontent/d.yaml\ncontent/e.yaml\n");
  ASSERT_EQ(sh(repo, "CARDSTOCK_SHARE=7/9 " + ci, &log), 0) << log;
  EXPECT_EQ(log, "");
  EXPECT_EQ(sh(repo, "CARDSTOCK_SHARE=3/2 " + ci, &log), 2);
  EXPECT_EQ(log, "cardstock-ci: CARDSTOCK_SHARE 3/2: want 1 <= K <= N\n");
}

}  // namespace cardstock
