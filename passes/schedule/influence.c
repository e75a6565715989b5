/* Influence constraint trees: construction, parsing and printing (see
 * influence.h for the textual form). */

#include "passes/schedule/influence.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void *xrealloc(void *p, size_t n) {
  p = realloc(p, n ? n : 1);
  if (!p)
    abort();
  return p;
}

struct mdh_infl_node *mdh_infl_node_alloc(int depth) {
  struct mdh_infl_node *node = calloc(1, sizeof(*node));

  if (!node)
    abort();
  node->depth = depth;
  return node;
}

struct mdh_infl_node *mdh_infl_node_free(struct mdh_infl_node *node) {
  int k;

  if (!node)
    return NULL;
  for (k = 0; k < node->n_row; ++k)
    free(node->rows[k].terms);
  free(node->rows);
  for (k = 0; k < node->n_child; ++k)
    mdh_infl_node_free(node->child[k]);
  free(node->child);
  free(node);
  return NULL;
}

void mdh_infl_node_add_child(struct mdh_infl_node *node,
                             struct mdh_infl_node *child) {
  node->child =
      xrealloc(node->child, (node->n_child + 1) * sizeof(*node->child));
  child->parent = node;
  child->index = node->n_child;
  node->child[node->n_child++] = child;
}

void mdh_infl_node_add_row(struct mdh_infl_node *node, int n,
                           const struct mdh_infl_term *terms, int64_t cst,
                           int is_eq) {
  struct mdh_infl_row *row;

  node->rows = xrealloc(node->rows, (node->n_row + 1) * sizeof(*node->rows));
  row = &node->rows[node->n_row++];
  row->n_term = n;
  row->terms = xrealloc(NULL, n * sizeof(*terms));
  memcpy(row->terms, terms, n * sizeof(*terms));
  row->cst = cst;
  row->is_eq = is_eq;
}

struct mdh_infl_node *mdh_infl_node_right_sibling(struct mdh_infl_node *node) {
  if (!node || !node->parent || node->index + 1 >= node->parent->n_child)
    return NULL;
  return node->parent->child[node->index + 1];
}

struct mdh_infl_node *mdh_infl_node_first_child(struct mdh_infl_node *node) {
  return node && node->n_child ? node->child[0] : NULL;
}

char *mdh_infl_node_path(const struct mdh_infl_node *node) {
  struct mdh_str s;
  int idx[256], n = 0;

  mdh_str_init(&s);
  mdh_str_append(&s, "", 0);
  for (; node && node->parent && n < 256; node = node->parent)
    idx[n++] = node->index;
  while (n-- > 0)
    mdh_str_printf(&s, "%d%s", idx[n], n ? "." : "");
  return s.data;
}

/* Internal data structure of the parser: the text, the current position,
 * the statements names resolve to and the first error. */
struct parser {
  const char *text;
  const char *p;
  const struct mdh_infl_stmts *stmts;
  struct mdh_str *error;
  int failed;
};

static void skip_space(struct parser *ps) {
  while (isspace((unsigned char)*ps->p))
    ++ps->p;
}

static void fail(struct parser *ps, const char *what) {
  if (ps->failed)
    return;
  ps->failed = 1;
  mdh_str_printf(ps->error, "%s at offset %d", what, (int)(ps->p - ps->text));
}

/* Consumes "tok" if it comes next. */
static int accept(struct parser *ps, const char *tok) {
  size_t n = strlen(tok);

  skip_space(ps);
  if (strncmp(ps->p, tok, n))
    return 0;
  ps->p += n;
  return 1;
}

static void expect(struct parser *ps, const char *tok) {
  char msg[48];

  if (accept(ps, tok))
    return;
  snprintf(msg, sizeof(msg), "expected '%s'", tok);
  fail(ps, msg);
}

static int64_t parse_int(struct parser *ps) {
  char *end;
  long long v;

  skip_space(ps);
  errno = 0;
  v = strtoll(ps->p, &end, 10);
  if (end == ps->p || errno || v > INT32_MAX || v < INT32_MIN) {
    fail(ps, "expected an integer (at most 32 bits)");
    return 0;
  }
  ps->p = end;
  return v;
}

/* Parses the statement name at the current position. */
static int parse_stmt(struct parser *ps) {
  const char *start;
  int k;

  skip_space(ps);
  start = ps->p;
  while (isalnum((unsigned char)*ps->p) || *ps->p == '_')
    ++ps->p;
  for (k = 0; k < ps->stmts->n; ++k)
    if ((size_t)(ps->p - start) == strlen(ps->stmts->names[k]) &&
        !strncmp(start, ps->stmts->names[k], ps->p - start))
      return k;
  if (ps->p > start && !ps->failed) {
    /* Name the unknown statement and those there are. */
    struct mdh_str what;
    mdh_str_init(&what);
    mdh_str_printf(&what,
                   "unknown statement '%.*s' (the md_homs of the "
                   "function are ",
                   (int)(ps->p - start), start);
    for (k = 0; k < ps->stmts->n; ++k)
      mdh_str_printf(&what, "%s%s", k ? ", " : "", ps->stmts->names[k]);
    mdh_str_printf(&what, ", in program order; mdh-schedule sets mdh.stmt)");
    ps->p = start;
    fail(ps, what.data);
    mdh_str_clear(&what);
    return 0;
  }
  ps->p = start;
  fail(ps, "expected a statement name");
  return 0;
}

/* Parses "S[d][c]" into "t"; the row must not lie below "depth". */
static void parse_coef(struct parser *ps, int depth, struct mdh_infl_term *t) {
  const char *start;

  skip_space(ps);
  start = ps->p;
  t->stmt = parse_stmt(ps);
  expect(ps, "[");
  t->dim = (int)parse_int(ps);
  expect(ps, "]");
  expect(ps, "[");
  if (accept(ps, "cst"))
    t->col = ps->failed ? 0 : ps->stmts->ranks[t->stmt];
  else
    t->col = (int)parse_int(ps);
  expect(ps, "]");
  if (ps->failed)
    return;
  if (t->dim < 0 || t->dim > depth) {
    ps->p = start;
    fail(ps, "row out of range: a node constrains rows 0..its depth");
  } else if (t->col < 0 || t->col > ps->stmts->ranks[t->stmt]) {
    char what[160];
    snprintf(what, sizeof(what),
             "column %d out of range: %s has rank %d, columns 0..%d (or cst)",
             t->col, ps->stmts->names[t->stmt], ps->stmts->ranks[t->stmt],
             ps->stmts->ranks[t->stmt] - 1);
    ps->p = start;
    fail(ps, what);
  }
}

/* Internal data structure for a linear form being parsed. */
struct lin {
  int n;
  struct mdh_infl_term terms[64];
  int64_t cst;
};

/* Parses one term and adds it to "lin" with sign "sign". */
static void parse_term(struct parser *ps, int depth, int sign,
                       struct lin *lin) {
  int64_t v = 1;

  skip_space(ps);
  if (isdigit((unsigned char)*ps->p)) {
    v = parse_int(ps);
    if (!accept(ps, "*")) {
      lin->cst += sign * v;
      return;
    }
  }
  if (lin->n == 64) {
    fail(ps, "too many terms");
    return;
  }
  parse_coef(ps, depth, &lin->terms[lin->n]);
  lin->terms[lin->n++].coef = sign * v;
}

static void parse_lin(struct parser *ps, int depth, int sign, struct lin *lin) {
  int s = accept(ps, "-") ? -sign : sign;

  parse_term(ps, depth, s, lin);
  while (!ps->failed) {
    if (accept(ps, "+"))
      parse_term(ps, depth, sign, lin);
    else if (accept(ps, "-"))
      parse_term(ps, depth, -sign, lin);
    else
      break;
  }
}

/* Parses "lhs rel rhs" into a row of "node". */
static void parse_row(struct parser *ps, struct mdh_infl_node *node) {
  struct lin lin = {0};
  int is_eq = 0, sign = 1;

  parse_lin(ps, node->depth, 1, &lin);
  if (accept(ps, ">=")) {
    sign = 1;
  } else if (accept(ps, "<=")) {
    sign = -1;
  } else if (accept(ps, "=")) {
    is_eq = 1;
  } else {
    fail(ps, "expected '=', '>=' or '<='");
    return;
  }
  parse_lin(ps, node->depth, -1, &lin);
  if (ps->failed)
    return;
  if (sign < 0) {
    int k;
    for (k = 0; k < lin.n; ++k)
      lin.terms[k].coef = -lin.terms[k].coef;
    lin.cst = -lin.cst;
  }
  mdh_infl_node_add_row(node, lin.n, lin.terms, lin.cst, is_eq);
}

static void parse_children(struct parser *ps, struct mdh_infl_node *parent);

/* Parses one node into a new child of "parent". */
static void parse_node(struct parser *ps, struct mdh_infl_node *parent) {
  struct mdh_infl_node *node = mdh_infl_node_alloc(parent->depth + 1);

  mdh_infl_node_add_child(parent, node);
  expect(ps, "[");
  if (!accept(ps, "]")) {
    do {
      if (accept(ps, "coincident"))
        node->coincident = 1;
      else
        parse_row(ps, node);
    } while (!ps->failed && accept(ps, ";"));
    expect(ps, "]");
  }
  if (!ps->failed && accept(ps, "{")) {
    parse_children(ps, node);
    expect(ps, "}");
  }
}

static void parse_children(struct parser *ps, struct mdh_infl_node *parent) {
  skip_space(ps);
  while (!ps->failed && *ps->p == '[') {
    parse_node(ps, parent);
    skip_space(ps);
  }
}

struct mdh_infl_node *mdh_infl_tree_parse(const char *text,
                                          const struct mdh_infl_stmts *stmts,
                                          struct mdh_str *error) {
  struct parser ps = {text, text, stmts, error, 0};
  struct mdh_infl_node *root = mdh_infl_node_alloc(-1);

  parse_children(&ps, root);
  skip_space(&ps);
  if (!ps.failed && *ps.p)
    fail(&ps, "expected '[' or the end");
  if (ps.failed)
    return mdh_infl_node_free(root);
  return root;
}

static void print_row(const struct mdh_infl_row *row,
                      const struct mdh_infl_stmts *stmts, struct mdh_str *out) {
  int k;

  for (k = 0; k < row->n_term; ++k) {
    const struct mdh_infl_term *t = &row->terms[k];
    int64_t c = t->coef;

    if (k)
      mdh_str_append(out, c < 0 ? " - " : " + ", 3);
    else if (c < 0)
      mdh_str_append(out, "-", 1);
    if (c != 1 && c != -1)
      mdh_str_printf(out, "%lld*", (long long)(c < 0 ? -c : c));
    mdh_str_printf(out, "%s[%d][", stmts->names[t->stmt], t->dim);
    if (t->col == stmts->ranks[t->stmt])
      mdh_str_printf(out, "cst]");
    else
      mdh_str_printf(out, "%d]", t->col);
  }
  if (!row->n_term)
    mdh_str_printf(out, "%lld", (long long)row->cst);
  else if (row->cst)
    mdh_str_printf(out, " %c %lld", row->cst < 0 ? '-' : '+',
                   (long long)(row->cst < 0 ? -row->cst : row->cst));
  mdh_str_printf(out, row->is_eq ? " = 0" : " >= 0");
}

void mdh_infl_node_print(const struct mdh_infl_node *node,
                         const struct mdh_infl_stmts *stmts,
                         struct mdh_str *out) {
  int k;

  mdh_str_append(out, "[", 1);
  if (node->coincident)
    mdh_str_printf(out, "coincident%s", node->n_row ? "; " : "");
  for (k = 0; k < node->n_row; ++k) {
    if (k)
      mdh_str_append(out, "; ", 2);
    print_row(&node->rows[k], stmts, out);
  }
  mdh_str_append(out, "]", 1);
}

static void print_subtree(const struct mdh_infl_node *node,
                          const struct mdh_infl_stmts *stmts,
                          struct mdh_str *out, int indent) {
  int k;

  mdh_str_printf(out, "%*s", 2 * indent, "");
  mdh_infl_node_print(node, stmts, out);
  if (node->n_child) {
    mdh_str_append(out, " {\n", 3);
    for (k = 0; k < node->n_child; ++k)
      print_subtree(node->child[k], stmts, out, indent + 1);
    mdh_str_printf(out, "%*s}", 2 * indent, "");
  }
  mdh_str_append(out, "\n", 1);
}

void mdh_infl_tree_print(const struct mdh_infl_node *root,
                         const struct mdh_infl_stmts *stmts,
                         struct mdh_str *out) {
  int k;

  mdh_str_append(out, "", 0);
  for (k = 0; k < root->n_child; ++k)
    print_subtree(root->child[k], stmts, out, 0);
}
