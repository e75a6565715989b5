/* What the CPU stand-ins for the GPU (the mock runtime and the fake driver)
 * share: their log lines, and their live objects (modules, kernels,
 * streams, events, buffers), each with a handle (its address) and a number
 * within its kind, in one list. The callers hold their own lock around
 * every use. */

#ifndef MDH_RUNTIME_HOST_OBJECTS_H
#define MDH_RUNTIME_HOST_OBJECTS_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MDH_RT_MAX_KINDS 8

/* Logs "<prefix>: <what> <formatted "ap">" as one line on stderr unless the
 * environment variable "env" is 0 ("*on" caches the answer, -1 at first). */
static inline void mdh_rt_log(int *on, const char *env, const char *prefix,
                              const char *what, const char *fmt, va_list ap) {
  const char *v;

  if (*on < 0) {
    v = getenv(env);
    *on = !v || !*v || strcmp(v, "0") != 0;
  }
  if (!*on)
    return;
  fprintf(stderr, "%s: %s ", prefix, what);
  vfprintf(stderr, fmt, ap);
  fputc('\n', stderr);
  fflush(stderr);
}

/* A live object of "kind", numbered "id" within its kind. A buffer's
 * memory is "data" of "bytes" (owned unless "borrowed"); a module keeps a
 * copy of its image in "data" of "bytes" and its format; a kernel has its
 * "name", "module" and dynamic shared memory limit "smem"; "flags" are
 * those it was created with. */
struct mdh_rt_object {
  int kind;
  int id;
  char *data;
  size_t bytes;
  int borrowed;
  const char *format;
  char *name;
  struct mdh_rt_object *module;
  int smem;
  unsigned int flags;
  struct mdh_rt_object *next;
};

struct mdh_rt_objects {
  struct mdh_rt_object *head;
  int next_id[MDH_RT_MAX_KINDS];
};

/* A new object of "kind" in "list", or NULL when out of memory. */
static inline struct mdh_rt_object *
mdh_rt_object_new(struct mdh_rt_objects *list, int kind) {
  struct mdh_rt_object *o = calloc(1, sizeof(*o));

  if (!o)
    return NULL;
  o->kind = kind;
  o->id = ++list->next_id[kind];
  o->next = list->head;
  list->head = o;
  return o;
}

/* Unlink "o" from "list" and free it with what it owns. */
static inline void mdh_rt_object_free(struct mdh_rt_objects *list,
                                      struct mdh_rt_object *o) {
  struct mdh_rt_object **p;

  for (p = &list->head; *p; p = &(*p)->next)
    if (*p == o) {
      *p = o->next;
      break;
    }
  if (!o->borrowed)
    free(o->data);
  free(o->name);
  free(o);
}

/* Free the module "m" of "list" and the kernels (of "kernel_kind") looked
 * up in it. */
static inline void mdh_rt_object_free_module(struct mdh_rt_objects *list,
                                             struct mdh_rt_object *m,
                                             int kernel_kind) {
  struct mdh_rt_object *o, *next;

  for (o = list->head; o; o = next) {
    next = o->next;
    if (o->kind == kernel_kind && o->module == m)
      mdh_rt_object_free(list, o);
  }
  mdh_rt_object_free(list, m);
}

/* The live object of "kind" whose handle is "handle", or NULL. */
static inline struct mdh_rt_object *
mdh_rt_object_find(const struct mdh_rt_objects *list, int kind,
                   const void *handle) {
  struct mdh_rt_object *o;

  for (o = list->head; o; o = o->next)
    if (o->kind == kind && (const void *)o == handle)
      return o;
  return NULL;
}

/* The live object of "kind" whose memory contains the address "p", or
 * NULL. */
static inline struct mdh_rt_object *
mdh_rt_object_at(const struct mdh_rt_objects *list, int kind, uintptr_t p) {
  struct mdh_rt_object *o;

  for (o = list->head; o; o = o->next)
    if (o->kind == kind && p >= (uintptr_t)o->data &&
        p < (uintptr_t)o->data + o->bytes)
      return o;
  return NULL;
}

#endif
