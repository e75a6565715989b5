"""Extracts the PTX that gpu-module-to-binary{format=isa} embedded in the
gpu.binary ops of an MLIR file (the `assembly` string attributes: \\XX hex
escapes, \\\\ and \\").

  extract-ptx.py FILE            prints the first module's PTX
  extract-ptx.py FILE --all      prints every module's PTX, in order
  extract-ptx.py FILE --split P  writes every module's PTX to P.K.ptx and
                                 prints the file names, one per line
"""
import re
import sys


def unescape(raw):
    return re.sub(r'\\([0-9A-Fa-f]{2}|\\|")',
                  lambda m: m.group(1) if m.group(1) in ('\\', '"')
                  else chr(int(m.group(1), 16)), raw)


text = open(sys.argv[1]).read()
found = re.findall(r'assembly = "((?:[^"\\]|\\.)*)"', text)
if not found:
    sys.exit("extract-ptx: no assembly attribute in " + sys.argv[1])
if len(sys.argv) == 4 and sys.argv[2] == "--split":
    for k, raw in enumerate(found):
        name = "%s.%d.ptx" % (sys.argv[3], k)
        with open(name, "w") as f:
            f.write(unescape(raw))
        print(name)
elif len(sys.argv) == 3 and sys.argv[2] == "--all":
    for raw in found:
        sys.stdout.write(unescape(raw))
else:
    sys.stdout.write(unescape(found[0]))
