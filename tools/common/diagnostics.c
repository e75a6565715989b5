/* Diagnostics of mdh-opt (see diagnostics.h). */

#include "tools/common/diagnostics.h"

#include <stdlib.h>
#include <string.h>

/* One diagnostic, or one expectation of the input. */
struct entry {
  MlirDiagnosticSeverity severity;
  int line;
  char *text;
  int matched;
};

struct entry_list {
  struct entry *v;
  size_t n, cap;
};

/* Internal data structure of the engine: the input ("filename", "text"), the
 * temporary file name it is parsed from ("alias"), and in verify mode the
 * diagnostics seen so far. */
struct mdh_diag_engine {
  const char *filename;
  const char *text;
  char *alias;
  int verify;
  struct entry_list seen;
};

/* A resolved file location. */
struct file_loc {
  const char *file;
  size_t file_len;
  int line, col;
};

static void list_push(struct entry_list *l, MlirDiagnosticSeverity severity,
                      int line, char *text) {
  if (l->n == l->cap) {
    l->cap = l->cap ? 2 * l->cap : 16;
    l->v = realloc(l->v, l->cap * sizeof(*l->v));
    if (!l->v)
      abort();
  }
  l->v[l->n].severity = severity;
  l->v[l->n].line = line;
  l->v[l->n].text = text;
  l->v[l->n].matched = 0;
  l->n++;
}

static void list_clear(struct entry_list *l) {
  size_t i;

  for (i = 0; i < l->n; ++i)
    free(l->v[i].text);
  free(l->v);
}

struct mdh_diag_engine *mdh_diag_engine_create(const char *filename,
                                               const char *text, int verify) {
  struct mdh_diag_engine *e = calloc(1, sizeof(*e));

  if (!e)
    abort();
  e->filename = filename;
  e->text = text;
  e->verify = verify;
  return e;
}

void mdh_diag_engine_destroy(struct mdh_diag_engine *e) {
  if (!e)
    return;
  list_clear(&e->seen);
  free(e->alias);
  free(e);
}

void mdh_diag_engine_set_alias(struct mdh_diag_engine *e, const char *alias) {
  free(e->alias);
  e->alias = alias ? strdup(alias) : NULL;
}

/* Finds the first file location in "loc" (through call sites, fusions and
 * names). Returns 0 if there is none. */
static int resolve(MlirLocation loc, struct file_loc *out) {
  MlirStringRef file;
  MlirLocation subs[16];
  intptr_t n, i;

  if (mlirLocationIsAFileLineColRange(loc)) {
    file = mlirIdentifierStr(mlirLocationFileLineColRangeGetFilename(loc));
    out->file = file.data;
    out->file_len = file.length;
    out->line = mlirLocationFileLineColRangeGetStartLine(loc);
    out->col = mlirLocationFileLineColRangeGetStartColumn(loc);
    return 1;
  }
  if (mlirLocationIsACallSite(loc))
    return resolve(mlirLocationCallSiteGetCallee(loc), out);
  if (mlirLocationIsAName(loc))
    return resolve(mlirLocationNameGetChildLoc(loc), out);
  if (mlirLocationIsAFused(loc)) {
    n = mlirLocationFusedGetNumLocations(loc);
    if (n > 16)
      n = 16;
    mlirLocationFusedGetLocations(loc, subs);
    for (i = 0; i < n; ++i)
      if (resolve(subs[i], out))
        return 1;
  }
  return 0;
}

/* Tells whether "loc" lies in the engine's input (or its alias). */
static int in_input(struct mdh_diag_engine *e, const struct file_loc *loc) {
  const char *names[2] = {e->filename, e->alias};
  int i;

  for (i = 0; i < 2; ++i)
    if (names[i] && strlen(names[i]) == loc->file_len &&
        !strncmp(names[i], loc->file, loc->file_len))
      return 1;
  return 0;
}

static const char *severity_name(MlirDiagnosticSeverity s) {
  switch (s) {
  case MlirDiagnosticError:
    return "error";
  case MlirDiagnosticWarning:
    return "warning";
  case MlirDiagnosticNote:
    return "note";
  default:
    return "remark";
  }
}

static void append_chunk(MlirStringRef s, void *user) {
  char **buf = user;
  size_t old = *buf ? strlen(*buf) : 0;

  *buf = realloc(*buf, old + s.length + 1);
  if (!*buf)
    abort();
  memcpy(*buf + old, s.data, s.length);
  (*buf)[old + s.length] = '\0';
}

static char *message_of(MlirDiagnostic diag) {
  char *msg = NULL;

  mlirDiagnosticPrint(diag, &append_chunk, &msg);
  return msg ? msg : strdup("");
}

/* Prints line "line" of the input and a caret under column "col". */
static void print_source_line(struct mdh_diag_engine *e, int line, int col) {
  const char *p = e->text, *end;
  int l, c;

  for (l = 1; l < line && p; ++l) {
    p = strchr(p, '\n');
    if (p)
      ++p;
  }
  if (!p || !*p)
    return;
  end = strchr(p, '\n');
  if (!end)
    end = p + strlen(p);
  fprintf(stderr, "%.*s\n", (int)(end - p), p);
  for (c = 1; c < col; ++c)
    fputc(p[c - 1] == '\t' ? '\t' : ' ', stderr);
  fprintf(stderr, "^\n");
}

static void print_diagnostic(struct mdh_diag_engine *e, MlirDiagnostic diag) {
  struct file_loc loc;
  char *msg = message_of(diag);
  int located = resolve(mlirDiagnosticGetLocation(diag), &loc);
  int ours = located && in_input(e, &loc);
  const char *sev = severity_name(mlirDiagnosticGetSeverity(diag));
  intptr_t i, n;

  if (ours)
    fprintf(stderr, "%s:%d:%d: %s: %s\n", e->filename, loc.line, loc.col, sev,
            msg);
  else if (located)
    fprintf(stderr, "%.*s:%d:%d: %s: %s\n", (int)loc.file_len, loc.file,
            loc.line, loc.col, sev, msg);
  else
    fprintf(stderr, "loc(unknown): %s: %s\n", sev, msg);
  if (ours)
    print_source_line(e, loc.line, loc.col);
  free(msg);
  n = mlirDiagnosticGetNumNotes(diag);
  for (i = 0; i < n; ++i)
    print_diagnostic(e, mlirDiagnosticGetNote(diag, i));
}

/* Notes that mlir-opt --verify-diagnostics suppresses too (it turns off
 * printing the op on diagnostics). */
static int is_op_dump_note(const char *msg) {
  return !strncmp(msg, "see current operation", 21);
}

static void collect_diagnostic(struct mdh_diag_engine *e, MlirDiagnostic diag) {
  struct file_loc loc;
  MlirDiagnosticSeverity sev = mlirDiagnosticGetSeverity(diag);
  char *msg = message_of(diag);
  int line = 0;
  intptr_t i, n;

  if (resolve(mlirDiagnosticGetLocation(diag), &loc) && in_input(e, &loc))
    line = loc.line;
  if (sev == MlirDiagnosticNote && is_op_dump_note(msg))
    free(msg);
  else
    list_push(&e->seen, sev, line, msg);
  n = mlirDiagnosticGetNumNotes(diag);
  for (i = 0; i < n; ++i)
    collect_diagnostic(e, mlirDiagnosticGetNote(diag, i));
}

static MlirLogicalResult handle(MlirDiagnostic diag, void *user) {
  struct mdh_diag_engine *e = user;

  if (e->verify)
    collect_diagnostic(e, diag);
  else
    print_diagnostic(e, diag);
  return mlirLogicalResultSuccess();
}

MlirDiagnosticHandlerID mdh_diag_engine_attach(struct mdh_diag_engine *e,
                                               MlirContext ctx) {
  return mlirContextAttachDiagnosticHandler(ctx, &handle, e, NULL);
}

static const struct {
  const char *word;
  MlirDiagnosticSeverity severity;
} kinds[] = {
    {"expected-error", MlirDiagnosticError},
    {"expected-warning", MlirDiagnosticWarning},
    {"expected-note", MlirDiagnosticNote},
    {"expected-remark", MlirDiagnosticRemark},
};

/* Parses the line offset after "expected-KIND" at "p" ("@+N", "@-N",
 * "@above", "@below" or nothing, after optional blanks as mlir-opt allows)
 * into "*line"; returns the text after it. */
static const char *parse_offset(const char *p, int *line) {
  char *end;
  long n;

  while (*p == ' ')
    ++p;
  if (*p != '@')
    return p;
  ++p;
  if (!strncmp(p, "above", 5)) {
    *line -= 1;
    return p + 5;
  }
  if (!strncmp(p, "below", 5)) {
    *line += 1;
    return p + 5;
  }
  n = strtol(p, &end, 10);
  *line += (int)n;
  return end;
}

/* Reads the directive starting at "p" on line "line" into "list"; returns
 * the position after it. */
static const char *parse_directive(const char *p, int line,
                                   struct entry_list *list, size_t k) {
  const char *open, *close, *eol;
  int target = line;

  p = parse_offset(p + strlen(kinds[k].word), &target);
  eol = strchr(p, '\n');
  if (!eol)
    eol = p + strlen(p);
  open = strstr(p, "{{");
  if (!open || open > eol)
    return p;
  close = strstr(open + 2, "}}");
  if (!close || close > eol)
    return p;
  list_push(list, kinds[k].severity, target,
            strndup(open + 2, close - open - 2));
  return close + 2;
}

/* Collects every expectation of the input text. */
static void parse_expectations(const char *text, struct entry_list *list) {
  const char *p = text, *next;
  int line = 1;
  size_t k;

  for (; *p; ++p) {
    if (*p == '\n') {
      ++line;
      continue;
    }
    for (k = 0; k < sizeof(kinds) / sizeof(kinds[0]); ++k) {
      if (strncmp(p, kinds[k].word, strlen(kinds[k].word)))
        continue;
      next = parse_directive(p, line, list, k);
      p = next - 1;
      break;
    }
  }
}

/* Marks the first unmatched expectation that "d" satisfies. */
static int match(struct entry_list *expected, const struct entry *d) {
  size_t i;
  struct entry *x;

  for (i = 0; i < expected->n; ++i) {
    x = &expected->v[i];
    if (x->matched || x->severity != d->severity || x->line != d->line ||
        !strstr(d->text, x->text))
      continue;
    x->matched = 1;
    return 1;
  }
  return 0;
}

int mdh_diag_engine_verify(struct mdh_diag_engine *e) {
  struct entry_list expected = {NULL, 0, 0};
  size_t i;
  int ok = 1;

  parse_expectations(e->text, &expected);
  for (i = 0; i < e->seen.n; ++i) {
    if (match(&expected, &e->seen.v[i]))
      continue;
    fprintf(stderr, "%s:%d: error: unexpected %s: %s\n", e->filename,
            e->seen.v[i].line, severity_name(e->seen.v[i].severity),
            e->seen.v[i].text);
    ok = 0;
  }
  for (i = 0; i < expected.n; ++i) {
    if (expected.v[i].matched)
      continue;
    fprintf(stderr,
            "%s:%d: error: expected %s \"%s\" was not "
            "produced\n",
            e->filename, expected.v[i].line,
            severity_name(expected.v[i].severity), expected.v[i].text);
    ok = 0;
  }
  list_clear(&expected);
  return ok ? 0 : -1;
}
