/* mdh-tune's tuning records (support/tuning.h): a record in memory, and a
 * small JSON reader and writer for it, on libc alone.
 *
 * Reading goes in two steps. A recursive-descent parser turns the text into
 * a tree of JSON values, each with the line and column it starts at; it
 * rejects what is not JSON (RFC 8259), duplicate keys in an object and
 * nesting deeper than MAX_DEPTH. Then the tree is checked against the record
 * format, every entry before any is added, so that a file with an error
 * leaves the record as it was. The checks follow the text, so that the
 * first error in the file is the one reported.
 *
 * Numbers go through strtod, which reads '.' as the decimal point in the C
 * locale, the one the mdh tools keep; so does the %.6g of the writer.
 */

#include "support/tuning.h"

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#define FORMAT "mdh-tuning-record"
#define VERSION 1
#define MAX_DEPTH 64

void mdh_tuning_record_init(struct mdh_tuning_record *r) {
  r->n = 0;
  r->cap = 0;
  r->entries = NULL;
}

/* Frees the strings of "e". */
static void entry_free_strings(struct mdh_tuning_entry *e) {
  free(e->device);
  free(e->function);
  free(e->signature);
  free(e->pipeline);
  free(e->reduction_mode);
  free(e->fusion);
}

void mdh_tuning_record_clear(struct mdh_tuning_record *r) {
  int i;

  for (i = 0; i < r->n; ++i)
    entry_free_strings(&r->entries[i]);
  free(r->entries);
  mdh_tuning_record_init(r);
}

/* Returns "data", an array of "n" elements of "size" bytes with room for
 * "*cap", with room for one more: reallocated (and "*cap" raised) when it is
 * full. Returns NULL if out of memory, "data" and "*cap" then unchanged. */
static void *grow(void *data, int n, int *cap, size_t size) {
  int new_cap;

  if (n < *cap)
    return data;
  if (*cap > INT_MAX / 2)
    return NULL;
  new_cap = *cap ? 2 * *cap : 4;
  data = realloc(data, new_cap * size);
  if (data)
    *cap = new_cap;
  return data;
}

/* Sets "*copy" to a copy of "s", or to NULL if "s" is NULL. Returns 0, or -1
 * if out of memory. */
static int copy_string(const char *s, char **copy) {
  size_t len;

  *copy = NULL;
  if (!s)
    return 0;
  len = strlen(s) + 1;
  *copy = malloc(len);
  if (!*copy)
    return -1;
  memcpy(*copy, s, len);
  return 0;
}

/* Fills "copy" with "e", its strings copied. Returns 0, or -1 if out of
 * memory, with no string left allocated. The copies are all tried (a bitwise
 * or), so that each pointer is either a copy or NULL when they are freed. */
static int entry_copy(struct mdh_tuning_entry *copy,
                      const struct mdh_tuning_entry *e) {
  int ok;

  *copy = *e;
  ok = copy_string(e->device, &copy->device) |
       copy_string(e->function, &copy->function) |
       copy_string(e->signature, &copy->signature) |
       copy_string(e->pipeline, &copy->pipeline) |
       copy_string(e->reduction_mode, &copy->reduction_mode) |
       copy_string(e->fusion, &copy->fusion);
  if (ok < 0)
    entry_free_strings(copy);
  return ok;
}

/* Tells whether "e" has the key (device, function, signature, pipeline,
 * kernel). */
static int entry_has_key(const struct mdh_tuning_entry *e, const char *device,
                         const char *function, const char *signature,
                         const char *pipeline, int kernel) {
  return e->kernel == kernel && !strcmp(e->device, device) &&
         !strcmp(e->function, function) && !strcmp(e->signature, signature) &&
         !strcmp(e->pipeline, pipeline);
}

/* Returns the position in "r" of the entry with the given key, or -1. A
 * linear search: records hold a few hundred entries. */
static int find_index(const struct mdh_tuning_record *r, const char *device,
                      const char *function, const char *signature,
                      const char *pipeline, int kernel) {
  int i;

  for (i = 0; i < r->n; ++i)
    if (entry_has_key(&r->entries[i], device, function, signature, pipeline,
                      kernel))
      return i;
  return -1;
}

/* Tells whether "a" was measured faster than "b". A negative (or NaN) time
 * is unknown: a known time is faster than an unknown one, and nothing is
 * faster than an equal time, so that on a tie the existing entry stays. */
static int is_faster(const struct mdh_tuning_entry *a,
                     const struct mdh_tuning_entry *b) {
  if (!(a->ms >= 0))
    return 0;
  return !(b->ms >= 0) || a->ms < b->ms;
}

/* Adds a copy of "e" to "r", or puts it in place of the entry with its key
 * if it is faster. The room and the copy are made before anything of "r"
 * changes, so that out of memory leaves "r" as it was. */
int mdh_tuning_record_add(struct mdh_tuning_record *r,
                          const struct mdh_tuning_entry *e) {
  struct mdh_tuning_entry copy, *entries;
  int i = find_index(r, e->device, e->function, e->signature, e->pipeline,
                     e->kernel);

  if (i >= 0 && !is_faster(e, &r->entries[i]))
    return 0;
  if (i < 0) {
    entries = grow(r->entries, r->n, &r->cap, sizeof(*entries));
    if (!entries)
      return -1;
    r->entries = entries;
  }
  if (entry_copy(&copy, e) < 0)
    return -1;
  if (i >= 0)
    entry_free_strings(&r->entries[i]);
  else
    i = r->n++;
  r->entries[i] = copy;
  return 0;
}

const struct mdh_tuning_entry *
mdh_tuning_record_find(const struct mdh_tuning_record *r, const char *device,
                       const char *function, const char *signature,
                       const char *pipeline, int kernel) {
  int i = find_index(r, device, function, signature, pipeline, kernel);

  return i < 0 ? NULL : &r->entries[i];
}

/* Tells whether entry "i" of "r" is the first one for its device. */
static int is_first_of_device(const struct mdh_tuning_record *r, int i) {
  int j;

  for (j = 0; j < i; ++j)
    if (!strcmp(r->entries[j].device, r->entries[i].device))
      return 0;
  return 1;
}

/* Counts the entries that are the first of their device. */
int mdh_tuning_record_devices(const struct mdh_tuning_record *r,
                              const char **device) {
  int i, n = 0;

  for (i = 0; i < r->n; ++i)
    n += is_first_of_device(r, i);
  if (device)
    *device = n == 1 ? r->entries[0].device : NULL;
  return n;
}

enum json_kind {
  JSON_NULL,
  JSON_BOOL,
  JSON_NUMBER,
  JSON_STRING,
  JSON_ARRAY,
  JSON_OBJECT
};

struct json_member;

/* A JSON value that starts at "line":"col". "kind" tells which fields hold
 * it: "boolean"; "number", and for a number written as an integer (no
 * fraction, no exponent) "is_int" with its value in "integer" unless it does
 * not fit a long ("overflow"); "string" (NUL-terminated: a string holding
 * NUL is rejected); the "n" "items" of an array or "members" of an object,
 * with room for "cap". */
struct json_value {
  enum json_kind kind;
  int line, col;
  int boolean;
  double number;
  int is_int, overflow;
  long integer;
  char *string;
  int n, cap;
  struct json_value *items;
  struct json_member *members;
};

/* A member "key": "value" of an object, the key starting at "line":"col". */
struct json_member {
  char *key;
  int line, col;
  struct json_value value;
};

static const struct json_value empty_value;

/* Frees what "v" holds and makes it an empty value. */
static void json_value_clear(struct json_value *v) {
  int i;

  for (i = 0; v->items && i < v->n; ++i)
    json_value_clear(&v->items[i]);
  for (i = 0; v->members && i < v->n; ++i) {
    free(v->members[i].key);
    json_value_clear(&v->members[i].value);
  }
  free(v->items);
  free(v->members);
  free(v->string);
  *v = empty_value;
}

/* Returns the member "key" among the first "n" members of the object "obj",
 * or NULL. */
static const struct json_member *lookup(const struct json_value *obj,
                                        const char *key, int n) {
  int i;

  for (i = 0; i < n; ++i)
    if (!strcmp(obj->members[i].key, key))
      return &obj->members[i];
  return NULL;
}

/* Returns the member "key" of the object "obj", or NULL. */
static const struct json_member *member(const struct json_value *obj,
                                        const char *key) {
  return lookup(obj, key, obj->n);
}

/* Internal data structure for reading the "len" bytes of "text": the next
 * byte is at "pos", on line "line" and column "col" (bytes, from 1);
 * "depth" arrays and objects are open. A message goes to "err", of
 * "err_len" bytes. After an error the parser is abandoned. */
struct parser {
  const char *text;
  size_t len, pos;
  int line, col;
  int depth;
  char *err;
  size_t err_len;
};

static int fail_at(struct parser *p, int line, int col, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* Writes "LINE:COL: " and the message "fmt" to the error buffer of "p",
 * truncated to its size. Returns -1. */
static int fail_at(struct parser *p, int line, int col, const char *fmt, ...) {
  va_list ap;
  int n;

  if (!p->err_len)
    return -1;
  n = snprintf(p->err, p->err_len, "%d:%d: ", line, col);
  if (n < 0 || (size_t)n >= p->err_len)
    return -1;
  va_start(ap, fmt);
  vsnprintf(p->err + n, p->err_len - n, fmt, ap);
  va_end(ap);
  return -1;
}

/* Reports at the position of "p" that memory ran out. Returns -1. */
static int out_of_memory(struct parser *p) {
  return fail_at(p, p->line, p->col, "out of memory");
}

/* Returns the next byte of "p", or -1 at the end of the text. */
static int peek(const struct parser *p) {
  return p->pos < p->len ? (unsigned char)p->text[p->pos] : -1;
}

/* Moves "p" past its next byte. */
static void advance(struct parser *p) {
  if (p->text[p->pos++] == '\n') {
    ++p->line;
    p->col = 1;
  } else {
    ++p->col;
  }
}

static void skip_space(struct parser *p) {
  int c;

  while ((c = peek(p)) == ' ' || c == '\t' || c == '\n' || c == '\r')
    advance(p);
}

/* Reports that "p" expected "what" at its position, where the text ends or
 * has something else. Returns -1. */
static int expected(struct parser *p, const char *what) {
  int c = peek(p);

  if (c < 0)
    return fail_at(p, p->line, p->col, "unexpected end of input, expected %s",
                   what);
  if (c > ' ' && c < 0x7f)
    return fail_at(p, p->line, p->col, "unexpected '%c', expected %s", c, what);
  return fail_at(p, p->line, p->col, "unexpected byte 0x%02x, expected %s", c,
                 what);
}

/* A growing NUL-terminated byte buffer. (support/str.h's mdh_str aborts when
 * out of memory and needs MLIR; the parser reports it and needs libc.) */
struct buf {
  char *data;
  size_t len, cap;
};

/* Appends "c" to "b". Returns 0, or -1 if out of memory. */
static int buf_push(struct buf *b, char c) {
  char *data;

  if (b->len + 1 >= b->cap) {
    size_t cap = b->cap ? 2 * b->cap : 32;
    data = realloc(b->data, cap);
    if (!data)
      return -1;
    b->data = data;
    b->cap = cap;
  }
  b->data[b->len++] = c;
  b->data[b->len] = '\0';
  return 0;
}

/* Appends the code point "cp" (below 0x110000, no surrogate) to "b" as
 * UTF-8. Returns 0, or -1 if out of memory. */
static int push_utf8(struct buf *b, unsigned long cp) {
  char out[4];
  int n, i;

  if (cp < 0x80) {
    out[0] = (char)cp;
    n = 1;
  } else if (cp < 0x800) {
    out[0] = (char)(0xc0 | cp >> 6);
    n = 2;
  } else if (cp < 0x10000) {
    out[0] = (char)(0xe0 | cp >> 12);
    n = 3;
  } else {
    out[0] = (char)(0xf0 | cp >> 18);
    n = 4;
  }
  for (i = 1; i < n; ++i)
    out[i] = (char)(0x80 | ((cp >> 6 * (n - 1 - i)) & 0x3f));
  for (i = 0; i < n; ++i)
    if (buf_push(b, out[i]) < 0)
      return -1;
  return 0;
}

/* Returns the value of the hex digit "c", or -1 if it is none. */
static int hex_value(int c) {
  if (c >= '0' && c <= '9')
    return c - '0';
  if (c >= 'a' && c <= 'f')
    return c - 'a' + 10;
  if (c >= 'A' && c <= 'F')
    return c - 'A' + 10;
  return -1;
}

/* Reads the 4 hex digits after a "\u" into "*cp". Returns 0, or -1 if they
 * are not 4 hex digits. */
static int read_hex4(struct parser *p, unsigned long *cp) {
  int i, d;

  *cp = 0;
  for (i = 0; i < 4; ++i) {
    d = hex_value(peek(p));
    if (d < 0)
      return -1;
    *cp = *cp << 4 | (unsigned long)d;
    advance(p);
  }
  return 0;
}

/* Reads the low half of a surrogate pair whose high half "hi" came from the
 * \u escape at "line":"col", and sets "*cp" to the pair's code point.
 * Returns 0, or -1 after a message. */
static int read_low_surrogate(struct parser *p, unsigned long hi, int line,
                              int col, unsigned long *cp) {
  unsigned long lo;
  int lo_line = p->line, lo_col = p->col;

  if (peek(p) != '\\')
    return fail_at(p, line, col, "unpaired surrogate in \\u escape");
  advance(p);
  if (peek(p) != 'u')
    return fail_at(p, line, col, "unpaired surrogate in \\u escape");
  advance(p);
  if (read_hex4(p, &lo) < 0)
    return fail_at(p, lo_line, lo_col,
                   "invalid \\u escape: expected 4 hex digits");
  if (lo < 0xdc00 || lo > 0xdfff)
    return fail_at(p, line, col, "unpaired surrogate in \\u escape");
  *cp = 0x10000 + ((hi - 0xd800) << 10) + (lo - 0xdc00);
  return 0;
}

/* Reads the rest of the \u escape at "line":"col", "p" being past its "u",
 * and appends its character to "b" as UTF-8: a code point of the BMP, or,
 * for a high surrogate, the pair it forms with the \u escape that must
 * follow. A NUL is rejected: the record's strings are C strings. Returns 0,
 * or -1 after a message. */
static int read_unicode_escape(struct parser *p, struct buf *b, int line,
                               int col) {
  unsigned long cp;

  if (read_hex4(p, &cp) < 0)
    return fail_at(p, line, col, "invalid \\u escape: expected 4 hex digits");
  if (cp == 0)
    return fail_at(p, line, col, "\\u0000 is not allowed in a string");
  if (cp >= 0xdc00 && cp <= 0xdfff)
    return fail_at(p, line, col, "unpaired surrogate in \\u escape");
  if (cp >= 0xd800 && cp <= 0xdbff &&
      read_low_surrogate(p, cp, line, col, &cp) < 0)
    return -1;
  if (push_utf8(b, cp) < 0)
    return out_of_memory(p);
  return 0;
}

/* Reads the escape that starts at the next byte of "p", a backslash, and
 * appends its character to "b". Returns 0, or -1 after a message. */
static int read_escape(struct parser *p, struct buf *b) {
  static const char from[] = "\"\\/bfnrt", to[] = "\"\\/\b\f\n\r\t";
  int line = p->line, col = p->col;
  const char *k;
  int c;

  advance(p);
  c = peek(p);
  if (c == 'u') {
    advance(p);
    return read_unicode_escape(p, b, line, col);
  }
  if (c < 0)
    return expected(p, "an escape");
  k = c > 0 ? strchr(from, c) : NULL;
  if (!k && c > ' ' && c < 0x7f)
    return fail_at(p, line, col, "invalid escape '\\%c'", c);
  if (!k)
    return fail_at(p, line, col, "invalid escape");
  advance(p);
  if (buf_push(b, to[k - from]) < 0)
    return out_of_memory(p);
  return 0;
}

/* Reads the character or escape at the position of "p", inside a string,
 * and appends the character to "b". Returns 0, or -1 after a message. */
static int read_char(struct parser *p, struct buf *b) {
  int c = peek(p);

  if (c == '\\')
    return read_escape(p, b);
  if (c < 0x20)
    return fail_at(p, p->line, p->col, "control character 0x%02x in a string",
                   c);
  if (buf_push(b, (char)c) < 0)
    return out_of_memory(p);
  advance(p);
  return 0;
}

/* Reads the characters of the string that opened at "line":"col" into "b",
 * up to and past its closing quote. A raw newline ends the string as the end
 * of the text does: it is unterminated (JSON strings hold no raw control
 * characters, and a quote forgotten at the end of a line is the likely
 * mistake). Returns 0, or -1 after a message. */
static int read_chars(struct parser *p, struct buf *b, int line, int col) {
  int c;

  while ((c = peek(p)) != '"') {
    if (c < 0 || c == '\n')
      return fail_at(p, line, col, "unterminated string");
    if (read_char(p, b) < 0)
      return -1;
  }
  advance(p);
  return 0;
}

/* Reads the string that starts at the next byte of "p", a '"', into "*out"
 * (NUL-terminated, the caller's to free). Returns 0, or -1 after a message,
 * "*out" then NULL. */
static int parse_string(struct parser *p, char **out) {
  struct buf b = {NULL, 0, 0};
  int line = p->line, col = p->col;

  *out = NULL;
  advance(p);
  if (read_chars(p, &b, line, col) < 0) {
    free(b.data);
    return -1;
  }
  if (!b.data)
    b.data = calloc(1, 1);
  if (!b.data)
    return out_of_memory(p);
  *out = b.data;
  return 0;
}

/* Reads the string at the position of "p" into "v". Returns 0, or -1 after
 * a message. */
static int parse_string_value(struct parser *p, struct json_value *v) {
  v->kind = JSON_STRING;
  return parse_string(p, &v->string);
}

static int is_digit(int c) { return c >= '0' && c <= '9'; }

/* Moves "p" past the digits at its position; returns how many there were. */
static int skip_digits(struct parser *p) {
  int n = 0;

  for (; is_digit(peek(p)); ++n)
    advance(p);
  return n;
}

/* Moves "p" past the number at its position, of the grammar
 *
 *   -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?
 *
 * Returns 1 if it is written as an integer (no fraction, no exponent), 0 if
 * not, or -1 if the text there is no such number. */
static int scan_number(struct parser *p) {
  int is_int = 1;

  if (peek(p) == '-')
    advance(p);
  if (peek(p) == '0')
    advance(p);
  else if (!skip_digits(p))
    return -1;
  if (is_digit(peek(p)))
    return -1;
  if (peek(p) == '.') {
    advance(p);
    is_int = 0;
    if (!skip_digits(p))
      return -1;
  }
  if (peek(p) != 'e' && peek(p) != 'E')
    return is_int;
  advance(p);
  if (peek(p) == '+' || peek(p) == '-')
    advance(p);
  return skip_digits(p) ? 0 : -1;
}

/* Reads the number that starts at the next byte of "p" into "v": its value
 * as a double and, if it is written as an integer, as a long. Returns 0, or
 * -1 after a message. */
static int parse_number(struct parser *p, struct json_value *v) {
  size_t start = p->pos, len;
  int is_int = scan_number(p);
  char *lit;

  if (is_int < 0)
    return fail_at(p, v->line, v->col, "invalid number");
  len = p->pos - start;
  lit = malloc(len + 1);
  if (!lit)
    return out_of_memory(p);
  memcpy(lit, p->text + start, len);
  lit[len] = '\0';
  v->kind = JSON_NUMBER;
  v->number = strtod(lit, NULL);
  v->is_int = is_int;
  errno = 0;
  if (is_int)
    v->integer = strtol(lit, NULL, 10);
  v->overflow = is_int && errno == ERANGE;
  free(lit);
  return 0;
}

/* Reads true, false or null at the position of "p" into "v". Returns 0, or
 * -1 after a message: no value is there. */
static int parse_literal(struct parser *p, struct json_value *v) {
  static const struct {
    const char *word;
    enum json_kind kind;
    int boolean;
  } literals[] = {
      {"true", JSON_BOOL, 1}, {"false", JSON_BOOL, 0}, {"null", JSON_NULL, 0}};
  size_t i, n, k;

  for (i = 0; i < sizeof(literals) / sizeof(literals[0]); ++i) {
    n = strlen(literals[i].word);
    if (p->len - p->pos < n || memcmp(p->text + p->pos, literals[i].word, n))
      continue;
    for (k = 0; k < n; ++k)
      advance(p);
    v->kind = literals[i].kind;
    v->boolean = literals[i].boolean;
    return 0;
  }
  return expected(p, "a value");
}

static int parse_value(struct parser *p, struct json_value *v);

/* Moves "p" into the array or object "v" at its position, unless that opens
 * more than MAX_DEPTH of them. Returns 0, or -1 after a message. */
static int enter(struct parser *p, const struct json_value *v) {
  if (++p->depth > MAX_DEPTH)
    return fail_at(p, v->line, v->col, "nesting deeper than %d", MAX_DEPTH);
  advance(p);
  return 0;
}

/* Moves "p" past the closing bracket or brace at its position. Returns 0. */
static int leave(struct parser *p) {
  advance(p);
  --p->depth;
  return 0;
}

/* Moves "p" past the ',' between two elements of an array or object closed
 * by "close", or past "close". Returns 1 after a ',', 0 after "close", or -1
 * after a message: something else is there, or "close" follows the ','. */
static int next_element(struct parser *p, char close) {
  int line, col;

  skip_space(p);
  if (peek(p) == close)
    return leave(p);
  if (peek(p) != ',')
    return close == ']' ? expected(p, "',' or ']'") : expected(p, "',' or '}'");
  line = p->line;
  col = p->col;
  advance(p);
  skip_space(p);
  if (peek(p) == close)
    return fail_at(p, line, col, "trailing comma before '%c'", close);
  return 1;
}

/* Reads the array that starts at the next byte of "p", a '[', into "v".
 * Each element is parsed into a new (empty) slot of "v", so that on an error
 * clearing "v" frees all of it. Returns 0, or -1 after a message. */
static int parse_array(struct parser *p, struct json_value *v) {
  struct json_value *items;
  int more;

  v->kind = JSON_ARRAY;
  if (enter(p, v) < 0)
    return -1;
  skip_space(p);
  if (peek(p) == ']')
    return leave(p);
  do {
    items = grow(v->items, v->n, &v->cap, sizeof(*items));
    if (!items)
      return out_of_memory(p);
    v->items = items;
    v->items[v->n++] = empty_value;
    if (parse_value(p, &v->items[v->n - 1]) < 0)
      return -1;
  } while ((more = next_element(p, ']')) > 0);
  return more;
}

/* Adds an empty member to the object "obj" and returns it, or NULL after a
 * message. */
static struct json_member *add_member(struct parser *p,
                                      struct json_value *obj) {
  static const struct json_member empty_member;
  struct json_member *members;

  members = grow(obj->members, obj->n, &obj->cap, sizeof(*members));
  if (!members) {
    out_of_memory(p);
    return NULL;
  }
  obj->members = members;
  obj->members[obj->n] = empty_member;
  return &obj->members[obj->n++];
}

/* Reads the member "key": value at the position of "p" into a new member of
 * the object "obj". A key the object already has is an error: which of the
 * two would count is what JSON leaves open. Returns 0, or -1 after a
 * message. */
static int parse_member(struct parser *p, struct json_value *obj) {
  struct json_member *m;

  skip_space(p);
  if (peek(p) != '"')
    return expected(p, "a string key");
  m = add_member(p, obj);
  if (!m)
    return -1;
  m->line = p->line;
  m->col = p->col;
  if (parse_string(p, &m->key) < 0)
    return -1;
  if (lookup(obj, m->key, obj->n - 1))
    return fail_at(p, m->line, m->col, "duplicate key \"%.64s\"", m->key);
  skip_space(p);
  if (peek(p) != ':')
    return expected(p, "':'");
  advance(p);
  return parse_value(p, &m->value);
}

/* Reads the object that starts at the next byte of "p", a '{', into "v".
 * Returns 0, or -1 after a message. */
static int parse_object(struct parser *p, struct json_value *v) {
  int more;

  v->kind = JSON_OBJECT;
  if (enter(p, v) < 0)
    return -1;
  skip_space(p);
  if (peek(p) == '}')
    return leave(p);
  do {
    if (parse_member(p, v) < 0)
      return -1;
  } while ((more = next_element(p, '}')) > 0);
  return more;
}

/* Reads the value after the white space at the position of "p" into "v",
 * which is overwritten. Returns 0, or -1 after a message, "v" then empty. */
static int parse_value(struct parser *p, struct json_value *v) {
  int c, ok;

  *v = empty_value;
  skip_space(p);
  v->line = p->line;
  v->col = p->col;
  c = peek(p);
  if (c == '{')
    ok = parse_object(p, v);
  else if (c == '[')
    ok = parse_array(p, v);
  else if (c == '"')
    ok = parse_string_value(p, v);
  else if (c == '-' || is_digit(c))
    ok = parse_number(p, v);
  else
    ok = parse_literal(p, v);
  if (ok < 0)
    json_value_clear(v);
  return ok;
}

/* Reads the one value of the text of "p" into "v": nothing but white space
 * may follow it. Returns 0, or -1 after a message, "v" then empty. */
static int parse_document(struct parser *p, struct json_value *v) {
  if (parse_value(p, v) < 0)
    return -1;
  skip_space(p);
  if (peek(p) < 0)
    return 0;
  json_value_clear(v);
  return fail_at(p, p->line, p->col,
                 "unexpected text after the end of the record");
}

/* What a value of a key of an entry must be: a string, an integer that fits
 * an int or a long, any finite number, or an array of 1 to
 * MDH_TUNING_MAX_SIZES integers >= 0 that fit a long. */
enum field_kind {
  FIELD_STRING,
  FIELD_INT,
  FIELD_LONG,
  FIELD_NUMBER,
  FIELD_BOOL,
  FIELD_SIZES
};

/* A key of an entry: its "name", the "kind" of its value, where the value
 * goes in a struct mdh_tuning_entry ("offset"), whether the key is
 * "required", the least value a number may have ("min"), the values a
 * string may have ("values", NULL-terminated; NULL for any), spelt out for
 * a message in "values_text". */
struct field {
  const char *name;
  enum field_kind kind;
  size_t offset;
  int required;
  long min;
  const char *const *values;
  const char *values_text;
};

static const char *const reduction_modes[] = {"atomic", "deterministic", NULL};
static const char *const fusions[] = {"basteln", "none", "single", NULL};

#define FIELD(name, kind, required, min, values, text)                         \
  {                                                                            \
#name, kind, offsetof(struct mdh_tuning_entry, name), required, min,       \
        values, text                                                           \
  }

static const struct field fields[] = {
    FIELD(device, FIELD_STRING, 1, 0, NULL, NULL),
    FIELD(function, FIELD_STRING, 1, 0, NULL, NULL),
    FIELD(signature, FIELD_STRING, 1, 0, NULL, NULL),
    FIELD(pipeline, FIELD_STRING, 1, 0, NULL, NULL),
    FIELD(kernel, FIELD_INT, 1, -1, NULL, NULL),
    FIELD(mapping_index, FIELD_LONG, 0, 0, NULL, NULL),
    FIELD(reduction_mode, FIELD_STRING, 0, 0, reduction_modes,
          "\"atomic\" or \"deterministic\""),
    FIELD(double_buffer, FIELD_BOOL, 0, 0, NULL, NULL),
    FIELD(fusion, FIELD_STRING, 0, 0, fusions,
          "\"basteln\", \"none\" or \"single\""),
    FIELD(ms, FIELD_NUMBER, 0, 0, NULL, NULL),
    FIELD(tile_sizes, FIELD_SIZES, 0, 0, NULL, NULL),
};

/* Returns the field named "name", or NULL. */
static const struct field *find_field(const char *name) {
  size_t i;

  for (i = 0; i < sizeof(fields) / sizeof(fields[0]); ++i)
    if (!strcmp(fields[i].name, name))
      return &fields[i];
  return NULL;
}

/* Tells whether "s" is one of the NULL-terminated "values". */
static int is_one_of(const char *s, const char *const *values) {
  for (; *values; ++values)
    if (!strcmp(s, *values))
      return 1;
  return 0;
}

/* Checks that the value "v" of the field "f" is an integer between "f"'s
 * minimum and "max". Returns 0, or -1 after a message. */
static int check_integer(struct parser *p, const struct field *f,
                         const struct json_value *v, long max) {
  if (v->kind != JSON_NUMBER || !v->is_int)
    return fail_at(p, v->line, v->col, "%s must be an integer", f->name);
  if (v->overflow || v->integer > max)
    return fail_at(p, v->line, v->col, "%s is out of range", f->name);
  if (v->integer < f->min)
    return fail_at(p, v->line, v->col, "%s must be >= %ld", f->name, f->min);
  return 0;
}

/* Checks that the value "v" of the field "f" is a finite number of at least
 * "f"'s minimum. Returns 0, or -1 after a message. */
static int check_number(struct parser *p, const struct field *f,
                        const struct json_value *v) {
  if (v->kind != JSON_NUMBER)
    return fail_at(p, v->line, v->col, "%s must be a number", f->name);
  if (!isfinite(v->number))
    return fail_at(p, v->line, v->col, "%s is out of range", f->name);
  if (v->number < (double)f->min)
    return fail_at(p, v->line, v->col, "%s must be >= %ld", f->name, f->min);
  return 0;
}

/* Checks that the value "v" of the field "f" is a string, one of "f"'s
 * values if it lists them. Returns 0, or -1 after a message. */
static int check_string(struct parser *p, const struct field *f,
                        const struct json_value *v) {
  if (v->kind != JSON_STRING)
    return fail_at(p, v->line, v->col, "%s must be a string", f->name);
  if (f->values && !is_one_of(v->string, f->values))
    return fail_at(p, v->line, v->col, "%s must be %s", f->name,
                   f->values_text);
  return 0;
}

/* Checks that the value "v" of the field "f" is an array of 1 to
 * MDH_TUNING_MAX_SIZES sizes, integers >= 0 that fit a long. Returns 0, or
 * -1 after a message. */
static int check_sizes(struct parser *p, const struct field *f,
                       const struct json_value *v) {
  int i;

  if (v->kind != JSON_ARRAY)
    return fail_at(p, v->line, v->col, "%s must be an array", f->name);
  if (v->n < 1 || v->n > MDH_TUNING_MAX_SIZES)
    return fail_at(p, v->line, v->col, "%s must hold 1 to %d sizes", f->name,
                   MDH_TUNING_MAX_SIZES);
  for (i = 0; i < v->n; ++i)
    if (check_integer(p, f, &v->items[i], LONG_MAX) < 0)
      return -1;
  return 0;
}

/* Checks that "v" is a value the field "f" takes. Returns 0, or -1 after a
 * message. */
static int check_value(struct parser *p, const struct field *f,
                       const struct json_value *v) {
  switch (f->kind) {
  case FIELD_STRING:
    return check_string(p, f, v);
  case FIELD_INT:
    return check_integer(p, f, v, INT_MAX);
  case FIELD_LONG:
    return check_integer(p, f, v, LONG_MAX);
  case FIELD_NUMBER:
    return check_number(p, f, v);
  case FIELD_BOOL:
    return v->kind == JSON_BOOL ? 0
                                : fail_at(p, v->line, v->col,
                                          "%s must be true or false", f->name);
  case FIELD_SIZES:
    return check_sizes(p, f, v);
  }
  return -1;
}

/* Stores the value "v", checked by check_value, in the field "f" of "e" (a
 * string pointing into "v"). */
static void store_value(const struct field *f, const struct json_value *v,
                        struct mdh_tuning_entry *e) {
  char *at = (char *)e + f->offset;
  int i;

  switch (f->kind) {
  case FIELD_STRING:
    *(char **)at = v->string;
    break;
  case FIELD_INT:
    *(int *)at = (int)v->integer;
    break;
  case FIELD_LONG:
    *(long *)at = v->integer;
    break;
  case FIELD_NUMBER:
    *(double *)at = v->number;
    break;
  case FIELD_BOOL:
    *(int *)at = v->boolean;
    break;
  case FIELD_SIZES:
    for (i = 0; i < v->n; ++i)
      ((long *)at)[i] = v->items[i].integer;
    e->n_tile_sizes = v->n;
    break;
  }
}

/* Checks the member "m" of an entry and stores its value in "e". Returns 0,
 * or -1 after a message: the key is unknown, or its value is not what the
 * key takes. */
static int store_member(struct parser *p, const struct json_member *m,
                        struct mdh_tuning_entry *e) {
  const struct field *f = find_field(m->key);

  if (!f)
    return fail_at(p, m->line, m->col, "unknown key \"%.64s\" in an entry",
                   m->key);
  if (check_value(p, f, &m->value) < 0)
    return -1;
  store_value(f, &m->value, e);
  return 0;
}

/* Checks that the entry "obj" has every required key. Returns 0, or -1 after
 * a message at the entry. */
static int check_required(struct parser *p, const struct json_value *obj) {
  size_t i;

  for (i = 0; i < sizeof(fields) / sizeof(fields[0]); ++i)
    if (fields[i].required && !member(obj, fields[i].name))
      return fail_at(p, obj->line, obj->col, "missing key \"%s\"",
                     fields[i].name);
  return 0;
}

/* Checks that the entry "obj" (read into "e"), for kernel "e->kernel" >= 0,
 * chooses the kernel's mapping, reduction mode or (on the cpu pipeline)
 * tile sizes, and no fusion. Returns 0, or -1 after a message. */
static int check_kernel_choice(struct parser *p, const struct json_value *obj,
                               const struct mdh_tuning_entry *e) {
  static const char *const gpu_keys[] = {"reduction_mode", "double_buffer"};
  const struct json_member *m = member(obj, "fusion");
  size_t i;

  if (m)
    return fail_at(p, m->line, m->col,
                   "fusion is for function entries (kernel -1), not kernel %d",
                   e->kernel);
  m = member(obj, "tile_sizes");
  if (m && strcmp(e->pipeline, "cpu"))
    return fail_at(p, m->line, m->col,
                   "tile_sizes is for entries of the cpu pipeline, not %s",
                   e->pipeline);
  for (i = 0; i < sizeof(gpu_keys) / sizeof(gpu_keys[0]); ++i) {
    m = member(obj, gpu_keys[i]);
    if (m && !strcmp(e->pipeline, "cpu"))
      return fail_at(p, m->line, m->col,
                     "%s is for entries of the gpu pipelines, not cpu",
                     gpu_keys[i]);
  }
  if (e->mapping_index < 0 && !e->reduction_mode && e->double_buffer < 0 &&
      !e->n_tile_sizes)
    return fail_at(p, obj->line, obj->col,
                   "a kernel entry (kernel %d) needs mapping_index, "
                   "reduction_mode, double_buffer or tile_sizes",
                   e->kernel);
  return 0;
}

/* Checks that the entry "obj" (read into "e"), for the whole function
 * (kernel -1), chooses its fusion and nothing of a kernel. Returns 0, or -1
 * after a message. */
static int check_function_choice(struct parser *p, const struct json_value *obj,
                                 const struct mdh_tuning_entry *e) {
  static const char *const kernel_keys[] = {"mapping_index", "reduction_mode",
                                            "double_buffer", "tile_sizes"};
  const struct json_member *m;
  size_t i;

  for (i = 0; i < sizeof(kernel_keys) / sizeof(kernel_keys[0]); ++i) {
    m = member(obj, kernel_keys[i]);
    if (m)
      return fail_at(p, m->line, m->col,
                     "%s is for kernel entries (kernel >= 0), not kernel -1",
                     kernel_keys[i]);
  }
  if (!e->fusion)
    return fail_at(p, obj->line, obj->col,
                   "a function entry (kernel -1) needs fusion");
  return 0;
}

/* Reads the entry "v" into "e", whose strings then point into "v": first
 * each member in the order of the text, then the required keys, then the
 * choice the entry makes. Returns 0, or -1 after a message. */
static int extract_entry(struct parser *p, const struct json_value *v,
                         struct mdh_tuning_entry *e) {
  static const struct mdh_tuning_entry none = {NULL, NULL, NULL, NULL, -1, -1,
                                               NULL, -1,   NULL, -1,   0,  {0}};
  int i;

  if (v->kind != JSON_OBJECT)
    return fail_at(p, v->line, v->col, "an entry must be an object");
  *e = none;
  for (i = 0; i < v->n; ++i)
    if (store_member(p, &v->members[i], e) < 0)
      return -1;
  if (check_required(p, v) < 0)
    return -1;
  if (e->kernel >= 0)
    return check_kernel_choice(p, v, e);
  return check_function_choice(p, v, e);
}

/* Checks the entries "entries" (a JSON array) and adds them to "r", all of
 * them checked before the first is added. Returns 0, or -1 after a
 * message. */
static int add_entries(struct parser *p, const struct json_value *entries,
                       struct mdh_tuning_record *r) {
  struct mdh_tuning_entry *list;
  int i, ok = 0;

  if (!entries->n)
    return 0;
  list = malloc(entries->n * sizeof(*list));
  if (!list)
    return out_of_memory(p);
  for (i = 0; ok == 0 && i < entries->n; ++i)
    ok = extract_entry(p, &entries->items[i], &list[i]);
  for (i = 0; ok == 0 && i < entries->n; ++i)
    if (mdh_tuning_record_add(r, &list[i]) < 0)
      ok = out_of_memory(p);
  free(list);
  return ok;
}

/* Returns the value of the key "key" of the object "top", or NULL after a
 * message at "top": it has no such key. */
static const struct json_value *
require(struct parser *p, const struct json_value *top, const char *key) {
  const struct json_member *m = member(top, key);

  if (m)
    return &m->value;
  fail_at(p, top->line, top->col, "missing key \"%s\"", key);
  return NULL;
}

/* Checks the "format" and "version" of the record "top" (an object). The
 * format comes first: a JSON file that is no tuning record at all should
 * say so, rather than report its keys. Returns 0, or -1 after a message. */
static int check_format(struct parser *p, const struct json_value *top) {
  const struct json_value *v;

  v = require(p, top, "format");
  if (!v)
    return -1;
  if (v->kind != JSON_STRING || strcmp(v->string, FORMAT))
    return fail_at(p, v->line, v->col, "format must be \"%s\"", FORMAT);
  v = require(p, top, "version");
  if (!v)
    return -1;
  if (v->kind != JSON_NUMBER || !v->is_int)
    return fail_at(p, v->line, v->col, "version must be an integer");
  if (v->overflow)
    return fail_at(p, v->line, v->col, "version is out of range");
  if (v->integer != VERSION)
    return fail_at(p, v->line, v->col,
                   "unsupported version %ld (only version %d is known)",
                   v->integer, VERSION);
  return 0;
}

/* Checks that the record "top" has no key but "format", "version" and
 * "entries": as in an entry, a misspelt key must not pass silently. Returns
 * 0, or -1 after a message. */
static int check_top_keys(struct parser *p, const struct json_value *top) {
  static const char *const keys[] = {"format", "version", "entries", NULL};
  int i;

  for (i = 0; i < top->n; ++i)
    if (!is_one_of(top->members[i].key, keys))
      return fail_at(p, top->members[i].line, top->members[i].col,
                     "unknown key \"%.64s\" in the record",
                     top->members[i].key);
  return 0;
}

/* Checks the record "top" and adds its entries to "r". Returns 0, or -1
 * after a message. */
static int add_record(struct parser *p, const struct json_value *top,
                      struct mdh_tuning_record *r) {
  const struct json_value *entries;

  if (top->kind != JSON_OBJECT)
    return fail_at(p, top->line, top->col, "the record must be an object");
  if (check_format(p, top) < 0 || check_top_keys(p, top) < 0)
    return -1;
  entries = require(p, top, "entries");
  if (!entries)
    return -1;
  if (entries->kind != JSON_ARRAY)
    return fail_at(p, entries->line, entries->col, "entries must be an array");
  return add_entries(p, entries, r);
}

int mdh_tuning_record_parse(const char *text, size_t len,
                            struct mdh_tuning_record *r, char *err,
                            size_t err_len) {
  struct parser p = {text, len, 0, 1, 1, 0, err, err_len};
  struct json_value top;
  int ok;

  if (err_len)
    err[0] = '\0';
  if (parse_document(&p, &top) < 0)
    return -1;
  ok = add_record(&p, &top, r);
  json_value_clear(&top);
  return ok;
}

/* Reads all of "f" into "*text" ("*len" bytes, the caller's to free).
 * Returns 0, or -1 with errno set. */
static int read_all(FILE *f, char **text, size_t *len) {
  size_t cap = 4096, n = 0;
  char *data = malloc(cap), *bigger;

  while (data && (n += fread(data + n, 1, cap - n, f)) == cap) {
    bigger = cap <= ((size_t)-1) / 2 ? realloc(data, 2 * cap) : NULL;
    if (!bigger)
      free(data);
    data = bigger;
    cap *= 2;
  }
  if (!data) {
    errno = ENOMEM;
    return -1;
  }
  if (ferror(f)) {
    free(data);
    errno = errno ? errno : EIO;
    return -1;
  }
  *text = data;
  *len = n;
  return 0;
}

/* Reads the file "path" into "*text" ("*len" bytes, the caller's to free).
 * Returns 0, or -1 with "PATH: why" in "err". */
static int read_file(const char *path, char **text, size_t *len, char *err,
                     size_t err_len) {
  FILE *f = fopen(path, "rb");
  int ok, saved;

  if (!f) {
    snprintf(err, err_len, "%s: %s", path, strerror(errno));
    return -1;
  }
  errno = 0;
  ok = read_all(f, text, len);
  saved = errno;
  fclose(f);
  if (ok < 0)
    snprintf(err, err_len, "%s: %s", path, strerror(saved));
  return ok;
}

/* Reads "path" whole, then parses it; a parse error's "LINE:COL: what" gets
 * the path in front. */
int mdh_tuning_record_read(const char *path, struct mdh_tuning_record *r,
                           char *err, size_t err_len) {
  char msg[512];
  char *text;
  size_t len;
  int ok;

  if (err_len)
    err[0] = '\0';
  if (read_file(path, &text, &len, err, err_len) < 0)
    return -1;
  ok = mdh_tuning_record_parse(text, len, r, msg, sizeof(msg));
  free(text);
  if (ok < 0)
    snprintf(err, err_len, "%s:%s", path, msg);
  return ok;
}

/* Compares the entries that "a" and "b" point to by device, function,
 * pipeline, kernel and, so that the order of the file does not depend on
 * qsort's, signature. */
static int compare_entries(const void *a, const void *b) {
  const struct mdh_tuning_entry *x = *(const struct mdh_tuning_entry *const *)a;
  const struct mdh_tuning_entry *y = *(const struct mdh_tuning_entry *const *)b;
  int c = strcmp(x->device, y->device);

  if (!c)
    c = strcmp(x->function, y->function);
  if (!c)
    c = strcmp(x->pipeline, y->pipeline);
  if (!c)
    c = (x->kernel > y->kernel) - (x->kernel < y->kernel);
  if (!c)
    c = strcmp(x->signature, y->signature);
  return c;
}

/* Writes "s" to "f" as a JSON string: '"', '\\' and control characters
 * escaped, every other byte (UTF-8 included) as it is. */
static void write_string(FILE *f, const char *s) {
  static const char from[] = "\"\\\b\f\n\r\t", to[] = "\"\\bfnrt";
  const char *k;

  putc('"', f);
  for (; *s; ++s) {
    k = strchr(from, *s);
    if (k)
      fprintf(f, "\\%c", to[k - from]);
    else if ((unsigned char)*s < 0x20)
      fprintf(f, "\\u%04x", (unsigned)(unsigned char)*s);
    else
      putc(*s, f);
  }
  putc('"', f);
}

/* Writes the member "key": "value" of a string to "f", after "sep". */
static void write_member(FILE *f, const char *sep, const char *key,
                         const char *value) {
  fprintf(f, "%s\"%s\": ", sep, key);
  write_string(f, value);
}

/* Writes "e" to "f" as one line of the entries, its keys in the order of
 * struct mdh_tuning_entry and those it has no value for left out. */
static void write_entry(FILE *f, const struct mdh_tuning_entry *e) {
  int i;

  write_member(f, "    {", "device", e->device);
  write_member(f, ", ", "function", e->function);
  write_member(f, ", ", "signature", e->signature);
  write_member(f, ", ", "pipeline", e->pipeline);
  fprintf(f, ", \"kernel\": %d", e->kernel);
  if (e->mapping_index >= 0)
    fprintf(f, ", \"mapping_index\": %ld", e->mapping_index);
  if (e->reduction_mode)
    write_member(f, ", ", "reduction_mode", e->reduction_mode);
  if (e->double_buffer >= 0)
    fprintf(f, ", \"double_buffer\": %s", e->double_buffer ? "true" : "false");
  if (e->fusion)
    write_member(f, ", ", "fusion", e->fusion);
  for (i = 0; i < e->n_tile_sizes; ++i)
    fprintf(f, "%s%ld", i ? ", " : ", \"tile_sizes\": [", e->tile_sizes[i]);
  if (e->n_tile_sizes)
    putc(']', f);
  if (e->ms >= 0 && isfinite(e->ms))
    fprintf(f, ", \"ms\": %.6g", e->ms);
  putc('}', f);
}

/* Writes the entries of "r" in the order of compare_entries. The error
 * indicator of a FILE stays set once a write fails, so one check after all
 * of them, and the flush, see every failure. */
int mdh_tuning_record_write(FILE *f, const struct mdh_tuning_record *r) {
  const struct mdh_tuning_entry **order;
  int i;

  order = malloc((r->n ? r->n : 1) * sizeof(*order));
  if (!order)
    return -1;
  for (i = 0; i < r->n; ++i)
    order[i] = &r->entries[i];
  qsort(order, r->n, sizeof(*order), &compare_entries);
  fprintf(f, "{\n  \"format\": \"%s\",\n  \"version\": %d,\n  \"entries\": [",
          FORMAT, VERSION);
  for (i = 0; i < r->n; ++i) {
    fputs(i ? ",\n" : "\n", f);
    write_entry(f, order[i]);
  }
  fputs(r->n ? "\n  ]\n}\n" : "]\n}\n", f);
  free(order);
  return ferror(f) || fflush(f) ? -1 : 0;
}
