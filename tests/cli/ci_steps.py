#!/usr/bin/python3
"""The shell steps of the CI recipe's workflow files, for tests/cli/ci_recipe_test.cpp
to run on a scratch repository (Debian's python3-yaml).

  ci_steps.py github WORKFLOW OUT   the one job's env and its `run` steps after the
                                    checkout, each written to OUT/step-N.sh
  ci_steps.py gitlab CI_FILE OUT    the one job's variables and its before_script and
                                    script lines, in order, each to OUT/step-N.sh

Prints one line a thing, tab-separated: "env KEY VALUE", "step NAME FILE" or
"skip NAME" (what only the CI service itself can do: steps before the checkout in
GitHub, installing packages with apt-get in GitLab's image; `uses:` actions are "uses").
"""
import os
import sys

import yaml


def write(out, n, text):
    path = os.path.join(out, "step-%d.sh" % n)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
    return path


def github(path, out):
    doc = yaml.safe_load(open(path, encoding="utf-8"))
    (name, job), = doc["jobs"].items()
    for k, v in job.get("env", {}).items():
        print("env\t%s\t%s" % (k, v))
    checked_out = False
    n = 0
    for step in job["steps"]:
        label = step.get("name") or step.get("uses") or "?"
        if "uses" in step:
            checked_out = checked_out or step["uses"].startswith("actions/checkout")
            print("uses\t%s" % step["uses"])
        elif not checked_out:
            print("skip\t%s" % label)
        else:
            n += 1
            print("step\t%s\t%s" % (label, write(out, n, step["run"])))


def gitlab(path, out):
    doc = yaml.safe_load(open(path, encoding="utf-8"))
    jobs = {k: v for k, v in doc.items() if isinstance(v, dict) and "script" in v}
    (name, job), = jobs.items()
    for k, v in job.get("variables", {}).items():
        print("env\t%s\t%s" % (k, v))
    n = 0
    for line in job.get("before_script", []) + job["script"]:
        if line.startswith("apt-get"):
            print("skip\t%s" % line)
            continue
        n += 1
        print("step\t%s\t%s" % (line.splitlines()[0], write(out, n, line)))


if __name__ == "__main__":
    {"github": github, "gitlab": gitlab}[sys.argv[1]](sys.argv[2], sys.argv[3])
