#!/usr/bin/python3
"""Validates YAML game files against cardstock's JSON Schema with an independent
validator (Debian's python3-jsonschema and python3-yaml), for tests/load/schema_editor_test.cpp.

  jsonschema_check.py SCHEMA FILE...        one line a file: "FILE<TAB>ok" or
                                            "FILE<TAB>error<TAB>where: what"
  jsonschema_check.py --examples OUT DOC... writes the YAML examples of the Markdown
                                            files DOC as game files in OUT (see below) and
                                            prints one line a block: "written<TAB>FILE" or
                                            "skipped<TAB>DOC:LINE<TAB>why"

Exit status 3 if a Debian package is missing, 4 if the schema is not a valid draft-07
schema, 0 otherwise (invalid files are reported, not failures).
"""
import json
import os
import re
import sys

try:
    import jsonschema
    import yaml
except ImportError as e:  # the test says how to get it
    print("missing Debian package: %s (apt-get install python3-jsonschema python3-yaml)" % e.name)
    sys.exit(3)

# What a documentation example that is only part of a game file is completed with.
MINIMAL_DECK = {"id": "cards", "face": "face", "cards": [{"id": "a"}]}
MINIMAL_GAME = {"game": "example", "title": "Example", "designs": {"face": {"layers": []}}, "decks": [MINIMAL_DECK]}


def validate(schema_path, files):
    with open(schema_path, encoding="utf-8") as f:
        schema = json.load(f)
    cls = jsonschema.validators.validator_for(schema)
    try:
        cls.check_schema(schema)
    except jsonschema.exceptions.SchemaError as e:
        print("the schema is not valid: %s" % e.message)
        sys.exit(4)
    validator = cls(schema)
    for path in files:
        with open(path, encoding="utf-8") as f:
            data = yaml.safe_load(f)
        errors = sorted(validator.iter_errors(data), key=lambda e: list(e.absolute_path))
        if not errors:
            print("%s\tok" % path)
        else:
            e = errors[0]
            where = "/".join(str(p) for p in e.absolute_path) or "(top)"
            print("%s\terror\t%s: %s" % (path, where, e.message.replace("\n", " ")[:300]))


def examples(out, docs):
    # OUT holds schema.json: which keys a game file and a deck have.
    with open(os.path.join(out, "schema.json"), encoding="utf-8") as f:
        schema = json.load(f)
    game_keys = set(schema["properties"])
    deck_keys = set(schema["definitions"]["deck"]["properties"])
    n = 0
    for doc in docs:
        text = open(doc, encoding="utf-8").read()
        for m in re.finditer(r"^```yaml\n(.*?)^```", text, re.S | re.M):
            line = text.count("\n", 0, m.start()) + 1
            block = m.group(1)
            # A block indented as part of a deck (facts, unrelated...): dedented.
            indent = min((len(l) - len(l.lstrip(" ")) for l in block.splitlines() if l.strip() and not l.lstrip().startswith("#")), default=0)
            block = "\n".join(l[indent:] for l in block.splitlines())
            data = yaml.safe_load(block)
            if not isinstance(data, dict):
                print("skipped\t%s:%d\tnot a map" % (doc, line))
                continue
            keys = set(data)
            if keys <= game_keys:
                game = dict(MINIMAL_GAME)
                game.update(data)
            elif keys <= deck_keys:
                deck = dict(MINIMAL_DECK)
                deck.update(data)
                game = dict(MINIMAL_GAME)
                game["decks"] = [deck]
            else:
                print("skipped\t%s:%d\tkeys %s are not a game file's or a deck's" % (doc, line, ", ".join(sorted(keys - game_keys))))
                continue
            n += 1
            path = os.path.join(out, "example-%d.yaml" % n)
            with open(path, "w", encoding="utf-8") as f:
                f.write("# %s:%d\n" % (doc, line))
                json.dump(game, f, ensure_ascii=False, indent=1)  # JSON is YAML
            print("written\t%s\t%s:%d" % (path, doc, line))


if __name__ == "__main__":
    if len(sys.argv) >= 3 and sys.argv[1] == "--examples":
        examples(sys.argv[2], sys.argv[3:])
    elif len(sys.argv) >= 2:
        validate(sys.argv[1], sys.argv[2:])
    else:
        print(__doc__)
        sys.exit(2)
