#!/usr/bin/env python3
"""Makes docs/dialect.md from the dialect's sources, so that it cannot drift.

Usage: gen-dialect-doc.py [OUT.md]   (default: docs/dialect.md)

- the types, attributes and ops with their operands, results and
  attributes: dialect/mdh.irdl.mlir (each with the comment above it);
- the builtin combine operators: the table of dialect/operators.c;
- the discardable attributes: the comments of dialect/attrs.h;
- the prose: dialect/dialect.md.in, whose line @GENERATED@ the generated
  sections replace.
"""
import os
import re
import sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")


def read(path):
    with open(os.path.join(ROOT, path)) as f:
        return f.read()


def irdl_entities(text):
    """(kind, name, comment, body lines) of each type, attribute and op."""
    out, comment = [], []
    lines = text.split("\n")
    i = 0
    while i < len(lines):
        line = lines[i].strip()
        m = re.match(r"irdl\.(type|attribute|operation) @(\w+) \{", line)
        if line.startswith("//"):
            comment.append(line[2:].strip())
        elif m:
            body = []
            i += 1
            while lines[i].strip() != "}":
                body.append(lines[i].strip())
                i += 1
            out.append((m.group(1), m.group(2), " ".join(comment), body))
            comment = []
        else:
            comment = []
        i += 1
    return out


def constraint_names(body):
    """The SSA constraint names of "body" and what each allows."""
    names = {}
    for line in body:
        m = re.match(r"%(\w+) = irdl\.(\w+)\s*(.*)", line)
        if m:
            names[m.group(1)] = (m.group(2) + ("" if m.group(3).startswith("(") else " ") + m.group(3)).strip()
    return names


def describe(value, names, depth=0):
    """What the constraint "value" (a %name or text) allows, in words."""
    value = value.strip()
    variadic = value.startswith("variadic ")
    if variadic:
        value = value[len("variadic "):]
    name = value.lstrip("%")
    what = names[name] if value.startswith("%") and name in names else value
    what = re.sub(r"^base ", "", what)
    if depth < 4:
        what = re.sub(r"%(\w+)",
                      lambda m: describe("%" + m.group(1), names, depth + 1)
                      if m.group(1) in names else m.group(0), what)
    return ("variadic " if variadic else "") + what.replace('"', "")


def field_list(body, key, names):
    for line in body:
        m = re.match(r"irdl\.%s\((.*)\)$" % key, line)
        if m and m.group(1):
            return [(p.split(":")[0].strip(), describe(p.split(":", 1)[1], names))
                    for p in m.group(1).split(",")]
        m = re.match(r"irdl\.attributes \{(.*)\}$", line)
        if key == "attributes" and m:
            return [(p.split("=")[0].strip().strip('"'),
                     describe(p.split("=", 1)[1], names))
                    for p in m.group(1).split(",")]
    return []


def irdl_section():
    ents = irdl_entities(read("dialect/mdh.irdl.mlir"))
    out = ["## Types, attributes and ops (generated)", "",
           "From `dialect/mdh.irdl.mlir`. IRDL gives the structure; the "
           "rules beyond it are the verifier's (below).", ""]
    for kind, name, comment, body in ents:
        names = constraint_names(body)
        prefix = {"type": "!mdh.", "attribute": "#mdh.",
                  "operation": "mdh."}[kind]
        out.append("### `%s%s` (%s)" % (prefix, name, kind))
        out.append("")
        if comment:
            out.append(comment)
            out.append("")
        rows = []
        for key in ("parameters", "operands", "results", "attributes"):
            for field, what in field_list(body, key, names):
                rows.append("| %s | `%s` | %s |" % (key.rstrip("s"), field, what))
        if rows:
            out += ["| kind | name | constraint |", "|---|---|---|"] + rows + [""]
    return out


def operators_section():
    text = read("dialect/operators.c")
    rows = re.findall(r'\{"(\w+)", (NULL|"[\w.]+"), "([\w.]+)", MDH_IDENTITY_(\w+)\}',
                      text)
    ident = {"ZERO": "0", "ONE": "1", "ALL_ONES": "all bits set (-1)",
             "HIGHEST": "the largest value (+inf for floats)",
             "LOWEST": "the smallest value (-inf for floats)"}
    out = ["## Builtin combine operators (generated)", "",
           "From the table of `dialect/operators.c`. The name is written in "
           "`#mdh.pw<\"NAME\">` and `#mdh.ps<\"NAME\">` (or in an array of "
           "names, one per result component) and is the `<op>` of the device "
           "runtime's `mdh_<helper>_<op>_<type>` functions.", "",
           "| name | on floats | on integers | identity |", "|---|---|---|---|"]
    for name, fop, iop, idn in rows:
        out.append("| `%s` | %s | `%s` | %s |" % (
            name, "`%s`" % fop.strip('"') if fop != "NULL" else "not defined",
            iop, ident[idn]))
    return out + [""]


def attrs_section():
    text = read("dialect/attrs.h")
    out = ["## Discardable attributes (generated)", "",
           "From the comments of `dialect/attrs.h`: the attributes through "
           "which the passes talk, and which users may set to override a "
           "decision.", "", "| attribute | on | meaning |", "|---|---|---|"]
    for m in re.finditer(r"/\* (`mdh\.\w+`(?: and `mdh\.\w+`)?) \(([^)]*)\): "
                         r"(.*?)\*/", text, re.S):
        on, meaning = (" ".join(re.sub(r"\n\s*\*", " ", g).split())
                       for g in (m.group(2), m.group(3)))
        meaning = meaning.rstrip(". ") + "."
        out.append("| %s | %s | %s |" % (m.group(1), on, meaning))
    return out + [""]


def main(argv):
    # An option is no output path: "--help" once became a file of that name.
    if len(argv) > 2 or (len(argv) == 2 and argv[1].startswith("-")):
        print(__doc__.strip(), file=sys.stdout if argv[1] in ("-h", "--help")
              else sys.stderr)
        return 0 if argv[1] in ("-h", "--help") else 1
    out = argv[1] if len(argv) > 1 else os.path.join(ROOT, "docs", "dialect.md")
    generated = "\n".join(irdl_section() + operators_section() + attrs_section())
    text = read("dialect/dialect.md.in").replace("@GENERATED@", generated.rstrip())
    with open(out, "w") as f:
        f.write(text.rstrip() + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
