#!/bin/sh
# Checks the layering of docs/architecture.md on the source tree:
#   support/ <- dialect/ <- lib/ <- passes/ (a layer includes only those on
#   its left), tools share code only through tools/common/, and no C file
#   but dialect/attrs.c spells the name of a discardable attribute the
#   passes exchange (a string literal that is exactly such a name), and no
#   file of a pass folder calls into the folder's entry file.
# Prints every violation; exits 1 if there is one.
set -u
cd "${1:-$(dirname "$0")/..}" || exit 2
status=0

# forbid DIR PATTERN WHY [ALLOWED]: no file under DIR includes a header
# matching PATTERN, except those matching ALLOWED.
forbid() {
	hits=$(grep -rnE "#include \"($2)" --include='*.c' --include='*.h' "$1" |
		grep -vE "#include \"(${4:-^})")
	if [ -n "$hits" ]; then
		printf '%s\n' "$hits" | sed "s|\$|  <- $3|"
		status=1
	fi
}

forbid support 'dialect/|lib/|passes/|mdh-c/' 'support/ knows no dialect'
forbid dialect 'lib/|passes/' 'dialect/ is below lib/ and passes/'
forbid lib 'passes/' 'lib/ is below passes/'
for t in tools/*/; do
	forbid "$t" 'tools/' 'tools share code through tools/common/' \
		"tools/common/|$t"
done

# In a pass of several files (passes/NAME/), the entry file NAME.c drives
# the others and none of them calls back into it (a cycle would make every
# strategy depend on the pass): no other file of the folder names a
# function that NAME.c defines without "static".
for dir in passes/*/; do
	name=$(basename "$dir")
	entry=$dir$name.c
	[ -f "$entry" ] || continue
	fns=$(grep -E '^[A-Za-z_][A-Za-z0-9_ *]*[ *]([A-Za-z_][A-Za-z0-9_]*)\(' "$entry" |
		grep -vE '^(static|typedef|extern)' |
		sed -E 's/^[A-Za-z_][A-Za-z0-9_ *]*[ *]([A-Za-z_][A-Za-z0-9_]*)\(.*/\1/' |
		sort -u | paste -sd'|' -)
	[ -n "$fns" ] || continue
	hits=$(find "$dir" -maxdepth 1 -name '*.[ch]' ! -path "$entry" \
		-exec grep -HnE "\<($fns)\(" {} + | sed 's|^\./||')
	if [ -n "$hits" ]; then
		printf '%s\n' "$hits" | sed "s|\$|  <- calls into the pass entry file $entry|"
		status=1
	fi
done

# The names are those that attrs.c spells (its string literals "mdh.NAME"),
# so that a new attribute is checked as soon as it is added there.
names=$(grep -oE '"mdh\.[a-z_]+"' dialect/attrs.c | sed 's/^"mdh\.//; s/"$//' |
	sort -u | paste -sd'|' -)
if [ -z "$names" ]; then
	echo "dialect/attrs.c spells no attribute name \"mdh.NAME\"" >&2
	exit 2
fi
hits=$(grep -rnE "\"mdh\.($names)\"" --include='*.c' --include='*.h' \
	support dialect lib passes capi tools | grep -v '^dialect/attrs\.c:')
if [ -n "$hits" ]; then
	printf '%s\n' "$hits" | sed 's|$|  <- attribute names live in dialect/attrs.c|'
	status=1
fi
[ $status -eq 0 ] && echo "layers ok"
exit $status
