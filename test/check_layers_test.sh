#!/bin/sh
# scripts/check-layers.sh on a small tree that breaks each rule once: a lib/
# file including a pass, a file spelling an attribute name that attrs.c
# defines, and a strategy file calling into its pass's entry file. Each must
# be reported, and the script must fail; the same tree without them passes.
set -u
script=$1
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp"/support "$tmp"/dialect "$tmp"/lib "$tmp"/passes/p "$tmp"/capi \
	"$tmp"/tools/common
printf '#define ATTR_FOO "mdh.foo"\n' >"$tmp"/dialect/attrs.c
printf 'int mdh_p_entry(void) { return mdh_p_helper(); }\n' >"$tmp"/passes/p/p.c
printf 'int mdh_p_helper(void) { return 0; }\n' >"$tmp"/passes/p/q.c
printf '#include "lib/x.h"\n' >"$tmp"/lib/x.c
sh "$script" "$tmp" >"$tmp"/out 2>&1 || { cat "$tmp"/out; echo "FAIL: a clean tree is refused"; exit 1; }

printf '#include "passes/pass.h"\nconst char *s = "mdh.foo";\n' >"$tmp"/lib/x.c
printf 'int mdh_p_helper(void) { return mdh_p_entry() - 1; }\n' >"$tmp"/passes/p/q.c
if sh "$script" "$tmp" >"$tmp"/out 2>&1; then
	cat "$tmp"/out
	echo "FAIL: violations not refused"
	exit 1
fi
for want in 'lib/x.c:1:#include "passes/pass.h"  <- lib/ is below passes/' \
	'lib/x.c:2:const char \*s = "mdh.foo";  <- attribute names live in dialect/attrs.c' \
	'passes/p/q.c:1:.*  <- calls into the pass entry file passes/p/p.c'; do
	grep -q "$want" "$tmp"/out || { cat "$tmp"/out; echo "FAIL: not reported: $want"; exit 1; }
done
echo ok
