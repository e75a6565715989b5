/* Input that crashes MLIR 22's parser (see guard.h). */

#include "tools/common/guard.h"

#include "mlir-c/Diagnostics.h"

#include <stdlib.h>
#include <string.h>

/* Internal data structure for one scan: the text "t" of "len" bytes, and the
 * names of the type aliases of index seen so far ("!a = index", "!b = !a"),
 * as offsets "alias" of lengths "alias_len", "n_alias" of them. */
struct scan {
  const char *t;
  size_t len;
  size_t *alias, *alias_len;
  size_t n_alias;
};

static int is_ident(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
         (c >= '0' && c <= '9') || c == '_' || c == '.' || c == '$';
}

/* MLIR's lexer also skips a NUL byte inside the text as white space (found
 * by mdh-fuzz-opt: "array<" NUL NUL "index"). */
static size_t skip_blanks(const struct scan *s, size_t i) {
  while (i < s->len && (s->t[i] == ' ' || s->t[i] == '\t' || s->t[i] == '\n' ||
                        s->t[i] == '\r' || s->t[i] == '\0'))
    ++i;
  return i;
}

/* Returns the end of the identifier that starts at "i" ("i" if none). */
static size_t ident_end(const struct scan *s, size_t i) {
  while (i < s->len && is_ident(s->t[i]))
    ++i;
  return i;
}

/* Tells whether the word at "i" is "word", not followed by more of a name. */
static int word_at(const struct scan *s, size_t i, const char *word) {
  size_t n = strlen(word);

  return i + n <= s->len && !memcmp(s->t + i, word, n) &&
         ident_end(s, i + n) == i + n;
}

/* Tells whether the type at "i" is index: the word, or a "!" alias of it. */
static int is_index_type(const struct scan *s, size_t i) {
  size_t a, end;

  if (word_at(s, i, "index"))
    return 1;
  if (i >= s->len || s->t[i] != '!')
    return 0;
  end = ident_end(s, i + 1);
  for (a = 0; a < s->n_alias; ++a)
    if (s->alias_len[a] == end - i &&
        !memcmp(s->t + s->alias[a], s->t + i, end - i))
      return end > i + 1;
  return 0;
}

/* Records the alias defined at "i" ("!name = TYPE" at the start of a line)
 * if TYPE is index. */
static void note_alias(struct scan *s, size_t i) {
  size_t end = ident_end(s, i + 1), eq = skip_blanks(s, end);

  if (end == i + 1 || eq >= s->len || s->t[eq] != '=' ||
      !is_index_type(s, skip_blanks(s, eq + 1)))
    return;
  s->alias[s->n_alias] = i;
  s->alias_len[s->n_alias++] = end - i;
}

/* Tells whether a dense array of index elements starts at "i": "array",
 * "<", an index type. Whatever follows: the parser asks the element type
 * for its bit width before it reads on (found by mdh-fuzz-opt with
 * "array < !j" followed by an op). */
static int index_array_at(const struct scan *s, size_t i) {
  size_t j;

  if (!word_at(s, i, "array") || (i > 0 && is_ident(s->t[i - 1])))
    return 0;
  j = skip_blanks(s, i + 5);
  if (j >= s->len || s->t[j] != '<')
    return 0;
  return is_index_type(s, skip_blanks(s, j + 1));
}

/* Skips the comment or string literal at "i", if there is one. */
static size_t skip_comment_or_string(const struct scan *s, size_t i) {
  if (s->t[i] == '/' && i + 1 < s->len && s->t[i + 1] == '/') {
    while (i < s->len && s->t[i] != '\n')
      ++i;
  } else if (s->t[i] == '"') {
    for (++i; i < s->len && s->t[i] != '"' && s->t[i] != '\n'; ++i)
      if (s->t[i] == '\\')
        ++i;
  }
  return i;
}

/* Tells whether an mdh op name in custom form starts at "i": outside a
 * string, so not the generic "mdh.md_hom"(...). MLIR 22's parser fails on
 * it without any message (the dialect comes from IRDL, which gives its ops
 * no custom assembly). */
static int custom_op_at(const struct scan *s, size_t i) {
  static const char *const ops[] = {"mdh.inp_view", "mdh.md_hom",
                                    "mdh.out_view"};
  size_t k;

  if (i > 0 && (is_ident(s->t[i - 1]) || s->t[i - 1] == '#' ||
                s->t[i - 1] == '!' || s->t[i - 1] == '@'))
    return 0;
  for (k = 0; k < sizeof(ops) / sizeof(ops[0]); ++k)
    if (word_at(s, i, ops[k]))
      return 1;
  return 0;
}

/* What find_unparsable found. */
enum unparsable { INDEX_ARRAY, CUSTOM_OP };

/* Returns the offset of the first construct MLIR's parser cannot handle
 * well, setting "*kind", or -1. */
static long find_unparsable(struct scan *s, enum unparsable *kind) {
  size_t i, next;

  for (i = 0; i < s->len; i = next + 1) {
    next = skip_comment_or_string(s, i);
    if (next != i)
      continue;
    if (s->t[i] == '!' && (i == 0 || s->t[i - 1] == '\n'))
      note_alias(s, i);
    *kind = index_array_at(s, i) ? INDEX_ARRAY : CUSTOM_OP;
    if (*kind == INDEX_ARRAY || custom_op_at(s, i))
      return (long)i;
  }
  return -1;
}

/* Emits the error for the construct "kind" at offset "at" of "text". */
static void report(MlirContext ctx, const char *filename, const char *text,
                   long at, int first_line, enum unparsable kind) {
  unsigned line = (unsigned)first_line, col = 1;
  long i;

  for (i = 0; i < at; ++i, ++col)
    if (text[i] == '\n')
      ++line, col = 0;
  mlirEmitError(
      mlirLocationFileLineColGet(ctx, mlirStringRefCreateFromCString(filename),
                                 line, col),
      kind == INDEX_ARRAY
          ? "dense arrays of index elements are not supported (MLIR 22's "
            "parser crashes on them); use i64 elements"
          : "the mdh ops have no custom assembly form: write them in the "
            "generic form, e.g. %r = \"mdh.md_hom\"(%v) {scalar_function = "
            "@f, combine_ops = [#mdh.cc]} : (!mdh.mda<array<i64: 8>>) -> "
            "!mdh.mda<array<i64: 8>> (docs/dialect.md)");
}

MlirLogicalResult mdh_source_check(MlirContext ctx, const char *filename,
                                   const char *text, size_t len,
                                   int first_line) {
  struct scan s = {text, len, NULL, NULL, 0};
  enum unparsable kind = INDEX_ARRAY;
  long at;

  s.alias = malloc((len / 2 + 1) * sizeof(*s.alias));
  s.alias_len = malloc((len / 2 + 1) * sizeof(*s.alias_len));
  if (!s.alias || !s.alias_len)
    abort();
  at = find_unparsable(&s, &kind);
  free(s.alias);
  free(s.alias_len);
  if (at < 0)
    return mlirLogicalResultSuccess();
  report(ctx, filename, text, at, first_line, kind);
  return mlirLogicalResultFailure();
}
