#!/bin/sh
# Checks the layering of DESIGN.md section 2 on the source tree:
#   support/ <- dialect/ <- lib/ <- passes/ (a layer includes only those on
#   its left), tools share code only through tools/common/, and no C file
#   but dialect/attrs.c spells the name of a discardable attribute the
#   passes exchange (a string literal that is exactly such a name).
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

names='schedule|stmt|influence|scheduler|mapping|mappings|mapping_index'
names="$names|reduction_mode|sizes|index_aware|assume_homomorphic|kinds|isl_budget"
hits=$(grep -rnE "\"mdh\.($names)\"" --include='*.c' --include='*.h' \
	support dialect lib passes capi tools | grep -v '^dialect/attrs\.c:')
if [ -n "$hits" ]; then
	printf '%s\n' "$hits" | sed 's|$|  <- attribute names live in dialect/attrs.c|'
	status=1
fi
[ $status -eq 0 ] && echo "layers ok"
exit $status
