/* Unit tests of mdh-tune's tuning records (support/tuning.c), in
 * isl_test.c's style: each test_<feature> returns 0, or -1 after a message;
 * main walks a table of them. Invalid records are a table of texts, each
 * with the whole message ("LINE:COL: what") expected. */

#include "support/tuning.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define N(array) ((int)(sizeof(array) / sizeof((array)[0])))

/* A record of five entries: a kernel's mapping, a function's fusion, a
 * kernel's reduction mode, with escapes in its signature (the simple ones,
 * \u escapes of 2 and 3 UTF-8 bytes and a surrogate pair), a md_hom's
 * tile sizes and a kernel's double buffering. */
static const char valid[] =
    "{\n"
    "  \"format\": \"mdh-tuning-record\",\n"
    "  \"version\": 1,\n"
    "  \"entries\": [\n"
    "    {\"device\": \"NVIDIA H200\", \"function\": \"matvec\", "
    "\"signature\": \"(memref<8192x8192xf32>, memref<8192xf32>, "
    "memref<8192xf32>) -> ()\", \"pipeline\": \"gpu\", \"kernel\": 0, "
    "\"mapping_index\": 3, \"ms\": 0.0845},\n"
    "    {\"device\": \"AMD EPYC 9B14\", \"function\": \"blur\", "
    "\"signature\": \"(...) -> ()\", \"pipeline\": \"cpu\", \"kernel\": -1, "
    "\"fusion\": \"none\", \"ms\": 12.5},\n"
    "    {\"device\": \"NVIDIA H200\", \"function\": \"row_reduce\", "
    "\"signature\": \"q\\\"b\\\\s\\/t\\tn\\nu\\u00e9\\u20ac\\ud83d\\ude00\", "
    "\"pipeline\": \"gpu\", \"kernel\": 1, "
    "\"reduction_mode\": \"deterministic\"},\n"
    "    {\"device\": \"AMD EPYC 9B14\", \"function\": \"syrk\", "
    "\"signature\": \"(...) -> ()\", \"pipeline\": \"cpu\", \"kernel\": 1, "
    "\"tile_sizes\": [96, 0, 256], \"ms\": 17.25},\n"
    "    {\"device\": \"NVIDIA H200\", \"function\": \"matmul\", "
    "\"signature\": \"(...) -> ()\", \"pipeline\": \"gpu\", \"kernel\": 0, "
    "\"double_buffer\": true}\n"
    "  ]\n"
    "}\n";

/* The signature of the third entry of "valid", unescaped. */
static const char escaped_signature[] =
    "q\"b\\s/t\tn\nu\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80";

/* Returns "s", or "(null)" for a message. */
static const char *str(const char *s) { return s ? s : "(null)"; }

/* Tells whether the strings "a" and "b" are equal, or both NULL. */
static int same_string(const char *a, const char *b) {
  return a == b || (a && b && !strcmp(a, b));
}

/* Tells whether "a" and "b" are equal, field by field. */
static int same_entry(const struct mdh_tuning_entry *a,
                      const struct mdh_tuning_entry *b) {
  return same_string(a->device, b->device) &&
         same_string(a->function, b->function) &&
         same_string(a->signature, b->signature) &&
         same_string(a->pipeline, b->pipeline) && a->kernel == b->kernel &&
         a->mapping_index == b->mapping_index &&
         same_string(a->reduction_mode, b->reduction_mode) &&
         a->double_buffer == b->double_buffer &&
         same_string(a->fusion, b->fusion) && a->ms == b->ms &&
         a->n_tile_sizes == b->n_tile_sizes &&
         !memcmp(a->tile_sizes, b->tile_sizes,
                 a->n_tile_sizes * sizeof(*a->tile_sizes));
}

/* Prints "e" to stderr after "what". */
static void dump_entry(const char *what, const struct mdh_tuning_entry *e) {
  fprintf(stderr,
          "%s: {%s, %s, %s, %s, kernel %d, mapping_index %ld, "
          "reduction_mode %s, double_buffer %d, fusion %s, ms %g, %d tile "
          "sizes}\n",
          what, str(e->device), str(e->function), str(e->signature),
          str(e->pipeline), e->kernel, e->mapping_index, str(e->reduction_mode),
          e->double_buffer, str(e->fusion), e->ms, e->n_tile_sizes);
}

/* Checks that "r" has an entry equal to "want". Returns 0, or -1 after a
 * message naming the test "name". */
static int expect_entry(const char *name, const struct mdh_tuning_record *r,
                        const struct mdh_tuning_entry *want) {
  const struct mdh_tuning_entry *e =
      mdh_tuning_record_find(r, want->device, want->function, want->signature,
                             want->pipeline, want->kernel);

  if (e && same_entry(e, want))
    return 0;
  fprintf(stderr, "%s: entry missing or different\n", name);
  dump_entry("want", want);
  if (e)
    dump_entry("have", e);
  return -1;
}

/* Parses "text" into "r", reporting a failure under "name". Returns 0, or
 * -1 after a message. */
static int parse(const char *name, const char *text,
                 struct mdh_tuning_record *r) {
  char err[256];

  if (mdh_tuning_record_parse(text, strlen(text), r, err, sizeof(err)) == 0)
    return 0;
  fprintf(stderr, "%s: %s\n", name, err);
  return -1;
}

/* The entries of "valid", its escaped signature decoded. */
static const struct mdh_tuning_entry valid_entries[] = {
    {"NVIDIA H200",
     "matvec",
     "(memref<8192x8192xf32>, memref<8192xf32>, memref<8192xf32>) -> ()",
     "gpu",
     0,
     3,
     NULL,
     -1,
     NULL,
     0.0845,
     0,
     {0}},
    {"AMD EPYC 9B14",
     "blur",
     "(...) -> ()",
     "cpu",
     -1,
     -1,
     NULL,
     -1,
     "none",
     12.5,
     0,
     {0}},
    {"NVIDIA H200",
     "row_reduce",
     (char *)escaped_signature,
     "gpu",
     1,
     -1,
     "deterministic",
     -1,
     NULL,
     -1,
     0,
     {0}},
    {"AMD EPYC 9B14",
     "syrk",
     "(...) -> ()",
     "cpu",
     1,
     -1,
     NULL,
     -1,
     NULL,
     17.25,
     3,
     {96, 0, 256}},
    {"NVIDIA H200",
     "matmul",
     "(...) -> ()",
     "gpu",
     0,
     -1,
     NULL,
     1,
     NULL,
     -1,
     0,
     {0}},
};

/* Parses "valid" and finds each of its entries. */
static int test_parse(void) {
  struct mdh_tuning_record r;
  int i, rc = 0;

  mdh_tuning_record_init(&r);
  if (parse("parse", valid, &r) < 0)
    return -1;
  if (r.n != N(valid_entries)) {
    fprintf(stderr, "parse: %d entries, not %d\n", r.n, N(valid_entries));
    rc = -1;
  }
  for (i = 0; i < N(valid_entries); ++i)
    rc |= expect_entry("parse", &r, &valid_entries[i]);
  mdh_tuning_record_clear(&r);
  return rc;
}

/* Writes "r" into "buf" (of "size" bytes, NUL-terminated) through a
 * temporary file. Returns 0, or -1 after a message. */
static int write_to_string(const struct mdh_tuning_record *r, char *buf,
                           size_t size) {
  FILE *f = tmpfile();
  size_t n;

  if (!f || mdh_tuning_record_write(f, r) < 0) {
    fprintf(stderr, "write: failed\n");
    if (f)
      fclose(f);
    return -1;
  }
  rewind(f);
  n = fread(buf, 1, size - 1, f);
  buf[n] = '\0';
  fclose(f);
  return 0;
}

/* The text written for three entries added out of order: sorted by device,
 * function, pipeline and kernel; one entry per line; the unknown ms left
 * out; %.6g rounding 0.08451234. */
static const char golden[] =
    "{\n"
    "  \"format\": \"mdh-tuning-record\",\n"
    "  \"version\": 1,\n"
    "  \"entries\": [\n"
    "    {\"device\": \"AMD EPYC 9B14\", \"function\": \"blur\", "
    "\"signature\": \"(...) -> ()\", \"pipeline\": \"cpu\", \"kernel\": -1, "
    "\"fusion\": \"none\", \"ms\": 12.5},\n"
    "    {\"device\": \"AMD EPYC 9B14\", \"function\": \"blur\", "
    "\"signature\": \"(...) -> ()\", \"pipeline\": \"cpu\", \"kernel\": 2, "
    "\"tile_sizes\": [24, 0, 128]},\n"
    "    {\"device\": \"NVIDIA H200\", \"function\": \"matvec\", "
    "\"signature\": \"(m) -> ()\", \"pipeline\": \"gpu\", \"kernel\": -1, "
    "\"fusion\": \"basteln\"},\n"
    "    {\"device\": \"NVIDIA H200\", \"function\": \"matvec\", "
    "\"signature\": \"(m) -> ()\", \"pipeline\": \"gpu\", \"kernel\": 0, "
    "\"mapping_index\": 3, \"reduction_mode\": \"atomic\", "
    "\"double_buffer\": false, \"ms\": 0.0845123}\n"
    "  ]\n"
    "}\n";

/* Writes a record and an empty one and compares them with the texts
 * expected. */
static int test_write(void) {
  static const struct mdh_tuning_entry entries[] = {
      {"NVIDIA H200",
       "matvec",
       "(m) -> ()",
       "gpu",
       0,
       3,
       "atomic",
       0,
       NULL,
       0.08451234,
       0,
       {0}},
      {"AMD EPYC 9B14",
       "blur",
       "(...) -> ()",
       "cpu",
       -1,
       -1,
       NULL,
       -1,
       "none",
       12.5,
       0,
       {0}},
      {"NVIDIA H200",
       "matvec",
       "(m) -> ()",
       "gpu",
       -1,
       -1,
       NULL,
       -1,
       "basteln",
       -1,
       0,
       {0}},
      {"AMD EPYC 9B14",
       "blur",
       "(...) -> ()",
       "cpu",
       2,
       -1,
       NULL,
       -1,
       NULL,
       -1,
       3,
       {24, 0, 128}},
  };
  static const char empty[] = "{\n  \"format\": \"mdh-tuning-record\",\n"
                              "  \"version\": 1,\n  \"entries\": []\n}\n";
  struct mdh_tuning_record r;
  char buf[4096];
  int i, rc = 0;

  mdh_tuning_record_init(&r);
  if (write_to_string(&r, buf, sizeof(buf)) < 0 || strcmp(buf, empty)) {
    fprintf(stderr, "write: empty record written as\n%s", buf);
    rc = -1;
  }
  for (i = 0; i < N(entries); ++i)
    if (mdh_tuning_record_add(&r, &entries[i]) < 0)
      rc = -1;
  if (write_to_string(&r, buf, sizeof(buf)) < 0 || strcmp(buf, golden)) {
    fprintf(stderr, "write: wrote\n%s", buf);
    rc = -1;
  }
  mdh_tuning_record_clear(&r);
  return rc;
}

/* Writes "valid", with an entry added whose strings hold a control
 * character and a backslash, parses what was written and compares the
 * entries. */
static int test_round_trip(void) {
  static const struct mdh_tuning_entry odd = {
      "dev\x01\x1f", "f\\\"\b\f\r", "()", "gpu", 2, 0, "atomic", -1,
      NULL,          1e-7,          0,    {0}};
  struct mdh_tuning_record r, back;
  char buf[4096];
  int i, rc = 0;

  mdh_tuning_record_init(&r);
  mdh_tuning_record_init(&back);
  if (parse("round trip", valid, &r) < 0 || mdh_tuning_record_add(&r, &odd) ||
      write_to_string(&r, buf, sizeof(buf)) < 0 ||
      parse("round trip", buf, &back) < 0)
    rc = -1;
  if (!rc && back.n != r.n) {
    fprintf(stderr, "round trip: %d entries, not %d\n", back.n, r.n);
    rc = -1;
  }
  for (i = 0; !rc && i < r.n; ++i)
    rc |= expect_entry("round trip", &back, &r.entries[i]);
  if (rc)
    fprintf(stderr, "round trip: wrote\n%s", buf);
  mdh_tuning_record_clear(&r);
  mdh_tuning_record_clear(&back);
  return rc;
}

/* Checks that "r" holds "n" entries and that the one of "key" has the
 * mapping "mapping_index" and time "ms". Returns 0, or -1 after a message
 * about "step". */
static int expect_merged(const char *step, const struct mdh_tuning_record *r,
                         int n, const struct mdh_tuning_entry *key,
                         long mapping_index, double ms) {
  const struct mdh_tuning_entry *e =
      mdh_tuning_record_find(r, key->device, key->function, key->signature,
                             key->pipeline, key->kernel);

  if (r->n == n && e && e->mapping_index == mapping_index && e->ms == ms)
    return 0;
  fprintf(stderr, "merge, %s: %d entries, want %d with mapping %ld ms %g\n",
          step, r->n, n, mapping_index, ms);
  if (e)
    dump_entry("have", e);
  return -1;
}

/* Adds entries of one key in turn: a known time replaces an unknown one, a
 * faster one a slower one; a slower, an equal or an unknown time leaves the
 * entry as it is. An entry with another signature is another entry. */
static int test_merge(void) {
  static const struct {
    const char *step;
    long mapping_index;
    double ms;
    long want_mapping;
    double want_ms;
  } steps[] = {
      {"first, unknown", 1, -1, 1, -1},
      {"known beats unknown", 2, 5, 2, 5},
      {"faster", 3, 2, 3, 2},
      {"slower", 4, 3, 3, 2},
      {"tie", 5, 2, 3, 2},
      {"unknown", 6, -1, 3, 2},
  };
  struct mdh_tuning_entry e = {"D",  "f", "()", "gpu", 0, 0,
                               NULL, -1,  NULL, 0,     0, {0}};
  struct mdh_tuning_record r;
  int i, rc = 0;

  mdh_tuning_record_init(&r);
  for (i = 0; i < N(steps); ++i) {
    e.mapping_index = steps[i].mapping_index;
    e.ms = steps[i].ms;
    if (mdh_tuning_record_add(&r, &e) < 0)
      rc = -1;
    rc |= expect_merged(steps[i].step, &r, 1, &e, steps[i].want_mapping,
                        steps[i].want_ms);
  }
  e.signature = "(i32) -> ()";
  if (mdh_tuning_record_add(&r, &e) < 0)
    rc = -1;
  rc |= expect_merged("other signature", &r, 2, &e, 6, -1);
  mdh_tuning_record_clear(&r);
  return rc;
}

/* Parses a record holding one key twice, the faster second, into a record
 * that already holds that key at an unknown time. */
static int test_merge_parse(void) {
  static const char text[] =
      "{\"format\": \"mdh-tuning-record\", \"version\": 1, \"entries\": [\n"
      "{\"device\": \"D\", \"function\": \"f\", \"signature\": \"()\", "
      "\"pipeline\": \"cpu\", \"kernel\": -1, \"fusion\": \"none\", "
      "\"ms\": 2},\n"
      "{\"device\": \"D\", \"function\": \"f\", \"signature\": \"()\", "
      "\"pipeline\": \"cpu\", \"kernel\": -1, \"fusion\": \"single\", "
      "\"ms\": 1}]}";
  struct mdh_tuning_entry e = {"D",  "f", "()",      "cpu", -1, -1,
                               NULL, -1,  "basteln", -1,    0,  {0}};
  struct mdh_tuning_record r;
  const struct mdh_tuning_entry *found;
  int rc = 0;

  mdh_tuning_record_init(&r);
  if (mdh_tuning_record_add(&r, &e) < 0 || parse("merge parse", text, &r) < 0)
    rc = -1;
  found = mdh_tuning_record_find(&r, "D", "f", "()", "cpu", -1);
  if (!rc && (r.n != 1 || !found || strcmp(str(found->fusion), "single") ||
              found->ms != 1)) {
    fprintf(stderr, "merge parse: %d entries\n", r.n);
    if (found)
      dump_entry("have", found);
    rc = -1;
  }
  mdh_tuning_record_clear(&r);
  return rc;
}

/* Looks up keys of "valid" that differ from its entries in one part each. */
static int test_find(void) {
  static const struct {
    const char *device, *function, *signature, *pipeline;
    int kernel;
  } misses[] = {
      {"NVIDIA H100", "matvec", "(...) -> ()", "cpu", -1},
      {"AMD EPYC 9B14", "matvec", "(...) -> ()", "cpu", -1},
      {"AMD EPYC 9B14", "blur", "() -> ()", "cpu", -1},
      {"AMD EPYC 9B14", "blur", "(...) -> ()", "gpu", -1},
      {"AMD EPYC 9B14", "blur", "(...) -> ()", "cpu", 0},
  };
  struct mdh_tuning_record r;
  int i, rc = 0;

  mdh_tuning_record_init(&r);
  if (parse("find", valid, &r) < 0)
    return -1;
  if (!mdh_tuning_record_find(&r, "AMD EPYC 9B14", "blur", "(...) -> ()", "cpu",
                              -1)) {
    fprintf(stderr, "find: blur not found\n");
    rc = -1;
  }
  for (i = 0; i < N(misses); ++i) {
    if (!mdh_tuning_record_find(&r, misses[i].device, misses[i].function,
                                misses[i].signature, misses[i].pipeline,
                                misses[i].kernel))
      continue;
    fprintf(stderr, "find: miss %d found\n", i);
    rc = -1;
  }
  mdh_tuning_record_clear(&r);
  return rc;
}

/* Counts the devices of records of no entry, of entries of one device and
 * of entries of two. */
static int test_devices(void) {
  struct mdh_tuning_entry e = {"NVIDIA H200", "f", "()", "gpu", 0, 1,
                               NULL,          -1,  NULL, -1,    0, {0}};
  struct mdh_tuning_record r;
  const char *device = "";
  int n, rc = 0;

  mdh_tuning_record_init(&r);
  n = mdh_tuning_record_devices(&r, &device);
  if (n != 0 || device) {
    fprintf(stderr, "devices: %d in an empty record\n", n);
    rc = -1;
  }
  mdh_tuning_record_add(&r, &e);
  e.kernel = 1;
  mdh_tuning_record_add(&r, &e);
  n = mdh_tuning_record_devices(&r, &device);
  if (n != 1 || !device || strcmp(device, "NVIDIA H200")) {
    fprintf(stderr, "devices: %d, %s for one device\n", n, str(device));
    rc = -1;
  }
  e.device = "AMD EPYC 9B14";
  mdh_tuning_record_add(&r, &e);
  n = mdh_tuning_record_devices(&r, &device);
  if (n != 2 || device || mdh_tuning_record_devices(&r, NULL) != 2) {
    fprintf(stderr, "devices: %d, %s for two devices\n", n, str(device));
    rc = -1;
  }
  mdh_tuning_record_clear(&r);
  return rc;
}

/* The start of a record, up to the first entry (58 bytes). */
#define HEAD                                                                   \
  "{\"format\": \"mdh-tuning-record\", \"version\": 1, \"entries\": ["

/* The key of an entry without its kernel (at column 2 in "{" KEY). */
#define KEY                                                                    \
  "\"device\": \"d\", \"function\": \"f\", \"signature\": \"s\", "             \
  "\"pipeline\": \"gpu\""

/* KEY for the cpu pipeline (as long). */
#define CPU_KEY                                                                \
  "\"device\": \"d\", \"function\": \"f\", \"signature\": \"s\", "             \
  "\"pipeline\": \"cpu\""

/* A valid entry of a kernel (102 bytes). */
#define KERNEL_ENTRY "{" KEY ", \"kernel\": 0, \"mapping_index\": 1}"

#define OPEN8 "[[[[[[[["
#define CLOSE8 "]]]]]]]]"
#define OPEN64 OPEN8 OPEN8 OPEN8 OPEN8 OPEN8 OPEN8 OPEN8 OPEN8
#define CLOSE64 CLOSE8 CLOSE8 CLOSE8 CLOSE8 CLOSE8 CLOSE8 CLOSE8 CLOSE8

/* Invalid records and the messages they get. In HEAD "{" KEY, the entry
 * opens at column 59 and its key (67 bytes) ends at column 126: a kernel
 * after it is at column 139. */
static const struct {
  const char *text;
  const char *message;
} invalid[] = {
    /* The 13 the record format must reject. */
    {"{\"version\": 1, \"entries\": []}", "1:1: missing key \"format\""},
    {"{\"format\": \"mdh-tuning-record\", \"version\": 2, \"entries\": []}",
     "1:44: unsupported version 2 (only version 1 is known)"},
    {HEAD "{" KEY ", \"kernal\": 0, \"mapping_index\": 1}]}",
     "1:129: unknown key \"kernal\" in an entry"},
    {HEAD "{" KEY ", \"kernel\": 0, \"kernel\": 1, \"mapping_index\": 1}]}",
     "1:142: duplicate key \"kernel\""},
    {HEAD "{" KEY ", \"kernel\": 1.5, \"mapping_index\": 1}]}",
     "1:139: kernel must be an integer"},
    {HEAD KERNEL_ENTRY ", {" KEY ", \"kernel\": -2, \"fusion\": \"none\"}]}",
     "1:243: kernel must be >= -1"},
    {HEAD "{" KEY ", \"kernel\": 0, \"mapping_index\": 1, \"fusion\": "
          "\"none\"}]}",
     "1:162: fusion is for function entries (kernel -1), not kernel 0"},
    {HEAD "{" KEY ", \"kernel\": -1, \"fusion\": \"fast\"}]}",
     "1:153: fusion must be \"basteln\", \"none\" or \"single\""},
    {"{\n  \"format\": \"mdh-tuning-record,\n  \"version\": 1\n}",
     "2:13: unterminated string"},
    {HEAD KERNEL_ENTRY ",]}", "1:161: trailing comma before ']'"},
    {"{\"format\": \"mdh-tuning-record\", \"version\": 1, \"entries\": []} x",
     "1:62: unexpected text after the end of the record"},
    {OPEN64 "[" CLOSE64 "]", "1:65: nesting deeper than 64"},
    {HEAD "{\"device\": \"\\u12G4\"}]}",
     "1:71: invalid \\u escape: expected 4 hex digits"},
    /* The record's header. */
    {"", "1:1: unexpected end of input, expected a value"},
    {OPEN64 CLOSE64, "1:1: the record must be an object"},
    {"{\"format\": \"mdh-tuning\", \"version\": 1, \"entries\": []}",
     "1:12: format must be \"mdh-tuning-record\""},
    {"{\"format\": \"mdh-tuning-record\", \"entries\": []}",
     "1:1: missing key \"version\""},
    {"{\"format\": \"mdh-tuning-record\", \"version\": \"1\", \"entries\": []}",
     "1:44: version must be an integer"},
    {"{\"format\": \"mdh-tuning-record\", \"version\": 1.0, \"entries\": []}",
     "1:44: version must be an integer"},
    {"{\"format\": \"mdh-tuning-record\", \"version\": 1}",
     "1:1: missing key \"entries\""},
    {"{\"format\": \"mdh-tuning-record\", \"version\": 1, \"entries\": {}}",
     "1:58: entries must be an array"},
    {"{\"format\": \"mdh-tuning-record\", \"version\": 1, \"entrys\": []}",
     "1:47: unknown key \"entrys\" in the record"},
    {HEAD "1]}", "1:59: an entry must be an object"},
    /* An entry's values and choices. */
    {HEAD "{\"device\": 3}]}", "1:70: device must be a string"},
    {HEAD "{" KEY "}]}", "1:59: missing key \"kernel\""},
    {HEAD "{\"kernel\": 0, \"mapping_index\": 1}]}",
     "1:59: missing key \"device\""},
    {HEAD "{" KEY ", \"kernel\": 99999999999, \"mapping_index\": 1}]}",
     "1:139: kernel is out of range"},
    {HEAD "{" KEY ", \"kernel\": true, \"mapping_index\": 1}]}",
     "1:139: kernel must be an integer"},
    {HEAD "{" KEY ", \"kernel\": 0, \"mapping_index\": -1}]}",
     "1:159: mapping_index must be >= 0"},
    {HEAD "{" KEY ", \"kernel\": 0, \"mapping_index\": 1, \"ms\": -0.5}]}",
     "1:168: ms must be >= 0"},
    {HEAD "{" KEY ", \"kernel\": 0, \"mapping_index\": 1, \"ms\": null}]}",
     "1:168: ms must be a number"},
    {HEAD "{" KEY ", \"kernel\": 0, \"mapping_index\": 1, \"ms\": 1e999}]}",
     "1:168: ms is out of range"},
    {HEAD "{" KEY ", \"kernel\": 0, \"reduction_mode\": \"fast\"}]}",
     "1:160: reduction_mode must be \"atomic\" or \"deterministic\""},
    {HEAD "{" KEY ", \"kernel\": 0}]}",
     "1:59: a kernel entry (kernel 0) needs mapping_index, reduction_mode, "
     "double_buffer or tile_sizes"},
    {HEAD "{" KEY ", \"kernel\": 0, \"double_buffer\": 1}]}",
     "1:159: double_buffer must be true or false"},
    {HEAD "{" CPU_KEY ", \"kernel\": 0, \"double_buffer\": true}]}",
     "1:142: double_buffer is for entries of the gpu pipelines, not cpu"},
    {HEAD "{" KEY ", \"kernel\": -1, \"fusion\": \"none\", "
          "\"double_buffer\": true}]}",
     "1:161: double_buffer is for kernel entries (kernel >= 0), not kernel "
     "-1"},
    {HEAD "{" KEY ", \"kernel\": 0, \"tile_sizes\": 4}]}",
     "1:156: tile_sizes must be an array"},
    {HEAD "{" KEY ", \"kernel\": 0, \"tile_sizes\": []}]}",
     "1:156: tile_sizes must hold 1 to 16 sizes"},
    {HEAD "{" KEY ", \"kernel\": 0, \"tile_sizes\": [8, -1]}]}",
     "1:160: tile_sizes must be >= 0"},
    {HEAD "{" KEY ", \"kernel\": 0, \"tile_sizes\": [8, 1.5]}]}",
     "1:160: tile_sizes must be an integer"},
    {HEAD "{" KEY ", \"kernel\": 0, \"tile_sizes\": [8]}]}",
     "1:142: tile_sizes is for entries of the cpu pipeline, not gpu"},
    {HEAD "{" CPU_KEY ", \"kernel\": 0, \"reduction_mode\": \"atomic\"}]}",
     "1:142: reduction_mode is for entries of the gpu pipelines, not cpu"},
    {HEAD "{" KEY ", \"kernel\": -1, \"fusion\": \"none\", "
          "\"tile_sizes\": [8]}]}",
     "1:161: tile_sizes is for kernel entries (kernel >= 0), not kernel -1"},
    {HEAD "{" KEY ", \"kernel\": -1}]}",
     "1:59: a function entry (kernel -1) needs fusion"},
    {HEAD "{" KEY ", \"kernel\": -1, \"fusion\": \"none\", "
          "\"reduction_mode\": \"atomic\"}]}",
     "1:161: reduction_mode is for kernel entries (kernel >= 0), not kernel "
     "-1"},
    /* JSON syntax. */
    {HEAD "{\"device\": \"\\ud83d\"}]}",
     "1:71: unpaired surrogate in \\u escape"},
    {HEAD "{\"device\": \"\\ude00\"}]}",
     "1:71: unpaired surrogate in \\u escape"},
    {HEAD "{\"device\": \"\\u0000\"}]}",
     "1:71: \\u0000 is not allowed in a string"},
    {HEAD "{\"device\": \"\\x\"}]}", "1:71: invalid escape '\\x'"},
    {HEAD "{\"device\": \"\\",
     "1:72: unexpected end of input, expected an escape"},
    {"{\"format\": \"mdh-tuning-record", "1:12: unterminated string"},
    {HEAD "{\"device\": \"a\tb\"}]}",
     "1:72: control character 0x09 in a string"},
    {HEAD "{\"kernel\": 01}]}", "1:70: invalid number"},
    {HEAD "{\"kernel\": -}]}", "1:70: invalid number"},
    {HEAD "{\"kernel\": 1.}]}", "1:70: invalid number"},
    {HEAD "{\"kernel\" 0}]}", "1:69: unexpected '0', expected ':'"},
    {HEAD "{\"kernel\": 0 \"fusion\"}]}",
     "1:72: unexpected '\"', expected ',' or '}'"},
    {HEAD "{kernel: 0}]}", "1:60: unexpected 'k', expected a string key"},
    {HEAD "{\"kernel\": nul}]}", "1:70: unexpected 'n', expected a value"},
    {HEAD, "1:59: unexpected end of input, expected a value"},
};

/* Parses each of "invalid" into an empty record: each must fail with its
 * message and leave the record empty (the entries before an error are not
 * added either). */
static int test_invalid(void) {
  struct mdh_tuning_record r;
  char err[256];
  int i, ok, rc = 0;

  mdh_tuning_record_init(&r);
  for (i = 0; i < N(invalid); ++i) {
    ok = mdh_tuning_record_parse(invalid[i].text, strlen(invalid[i].text), &r,
                                 err, sizeof(err));
    if (ok < 0 && r.n == 0 && !strcmp(err, invalid[i].message))
      continue;
    fprintf(stderr, "invalid %d: %s, %d entries, message\n  %s\nnot\n  %s\n", i,
            ok < 0 ? "rejected" : "accepted", r.n, err, invalid[i].message);
    mdh_tuning_record_clear(&r);
    rc = -1;
  }
  return rc;
}

/* Messages truncated to the buffer, or left out where it has no room. */
static int test_message_buffer(void) {
  static const char text[] = "{}";
  struct mdh_tuning_record r;
  char err[8];
  int rc = 0;

  mdh_tuning_record_init(&r);
  if (mdh_tuning_record_parse(text, 2, &r, err, sizeof(err)) != -1 ||
      strcmp(err, "1:1: mi")) {
    fprintf(stderr, "message buffer: \"%s\"\n", err);
    rc = -1;
  }
  if (mdh_tuning_record_parse(text, 2, &r, NULL, 0) != -1) {
    fprintf(stderr, "message buffer: accepted\n");
    rc = -1;
  }
  return rc;
}

/* Writes "text" to a new temporary file, whose name goes to "path" (of
 * "size" bytes). Returns 0, or -1 after a message. */
static int write_temp(const char *text, char *path, size_t size) {
  FILE *f;
  int fd;

  snprintf(path, size, "/tmp/mdh_tuning_test_XXXXXX");
  fd = mkstemp(path);
  f = fd < 0 ? NULL : fdopen(fd, "w");
  if (!f || fputs(text, f) < 0 || fclose(f)) {
    fprintf(stderr, "read: cannot write %s\n", path);
    return -1;
  }
  return 0;
}

/* Reads a file holding "valid", a file with an error (the message starts
 * with its path and the error's position) and a file that is not there. */
static int test_read(void) {
  struct mdh_tuning_record r;
  char path[64], err[256], want[320];
  int rc = 0;

  mdh_tuning_record_init(&r);
  if (write_temp(valid, path, sizeof(path)) < 0)
    return -1;
  if (mdh_tuning_record_read(path, &r, err, sizeof(err)) < 0 ||
      r.n != N(valid_entries)) {
    fprintf(stderr, "read: %s\n", err);
    rc = -1;
  }
  remove(path);
  if (write_temp("{\n  \"version\": 1\n}\n", path, sizeof(path)) < 0)
    return -1;
  snprintf(want, sizeof(want), "%s:1:1: missing key \"format\"", path);
  if (mdh_tuning_record_read(path, &r, err, sizeof(err)) != -1 ||
      strcmp(err, want)) {
    fprintf(stderr, "read: \"%s\", not \"%s\"\n", err, want);
    rc = -1;
  }
  remove(path);
  if (mdh_tuning_record_read(path, &r, err, sizeof(err)) != -1 ||
      strncmp(err, path, strlen(path)) || err[strlen(path)] != ':') {
    fprintf(stderr, "read: \"%s\" for a missing file\n", err);
    rc = -1;
  }
  mdh_tuning_record_clear(&r);
  return rc;
}

static const struct {
  const char *name;
  int (*fn)(void);
} tests[] = {
    {"parse", &test_parse},
    {"write", &test_write},
    {"round trip", &test_round_trip},
    {"merge", &test_merge},
    {"merge parse", &test_merge_parse},
    {"find", &test_find},
    {"devices", &test_devices},
    {"invalid", &test_invalid},
    {"message buffer", &test_message_buffer},
    {"read", &test_read},
};

int main(void) {
  int i, failed = 0;

  for (i = 0; i < N(tests); ++i) {
    printf("%s\n", tests[i].name);
    failed |= tests[i].fn() < 0;
  }
  if (!failed)
    printf("tuning_test: %d tests, %d invalid records ok\n", N(tests),
           N(invalid));
  return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
