/* sim.c - the target hooks of target.h for a simulated thread block
 *
 * Every simulated GPU thread is a pthread. Lanes of a warp meet in a
 * pthread barrier sized to the threads the warp really has; a shuffle writes
 * the lane's value into the warp's row of "xchg", waits, and reads the
 * source lane's entry. The rows alternate between two buffers, so one wait
 * per shuffle suffices: a lane can write a buffer again only after the next
 * shuffle's wait, which every lane reaches after its last read of it.
 *
 * Reading a lane that the warp does not have is undefined on the GPU; here it
 * returns MDH_SIM_UNDEFINED so that a reduction using it fails its test.
 * Shared memory needs nothing: the helpers' static scratch is ordinary
 * memory, and one block runs at a time.
 */
#include "sim.h"

#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "target.h"

#define MDH_SIM_MAX_THREADS 1024
#define MDH_SIM_UNDEFINED 0x7fbadbadu
#define MDH_SIM_STACK (256 * 1024)

/* Internal data structure for one simulated block. */
struct mdh_sim_block {
  unsigned dim[3];
  unsigned n;
  pthread_barrier_t block;
  pthread_barrier_t warp[32];
  uint32_t xchg[2][32][32];
  void (*body)(void *user);
  void *user;
};

/* One simulated thread: its block, linear id, and exchange buffer. */
struct mdh_sim_thread {
  struct mdh_sim_block *block;
  pthread_t handle;
  unsigned id;
  unsigned parity;
};

static _Thread_local struct mdh_sim_thread *mdh_sim_self;

/* Exits with a message: the device code broke a rule of the GPU. */
static _Noreturn void misuse(const char *what) {
  fprintf(stderr, "mdh-sim: error: %s\n", what);
  exit(1);
}

static struct mdh_sim_thread *self(void) {
  if (!mdh_sim_self)
    misuse("device helper called outside a simulated block");
  return mdh_sim_self;
}

static unsigned warp_lanes(const struct mdh_sim_block *b, unsigned warp) {
  unsigned left = b->n - warp * 32;
  return left < 32 ? left : 32;
}

unsigned mdh_sim_thread_id(void) { return self()->id; }

unsigned mdh_host_ntid(int dim) { return self()->block->dim[dim]; }

unsigned mdh_host_tid(int dim) {
  struct mdh_sim_thread *t = self();
  unsigned *d = t->block->dim;
  unsigned id = t->id;

  if (dim == 0)
    return id % d[0];
  if (dim == 1)
    return id / d[0] % d[1];
  return id / (d[0] * d[1]);
}

void mdh_host_barrier(void) { pthread_barrier_wait(&self()->block->block); }

void mdh_sim_barrier(void) { mdh_host_barrier(); }

/* Exchanges "v" with the warp and returns lane "src"'s value ("v" itself
 * when "src" is past lane 31, as the GPU's clamp does). */
static uint32_t exchange(uint32_t mask, uint32_t v, unsigned src) {
  struct mdh_sim_thread *t = self();
  struct mdh_sim_block *b = t->block;
  unsigned warp = t->id / 32;
  unsigned lanes = warp_lanes(b, warp);
  uint32_t *row = b->xchg[t->parity][warp];
  uint32_t r;

  if (mask != (lanes == 32 ? MDH_FULL_WARP : (1u << lanes) - 1))
    misuse("shuffle mask does not name exactly the lanes of the warp");
  row[t->id % 32] = v;
  pthread_barrier_wait(&b->warp[warp]);
  r = src > 31 ? v : src < lanes ? row[src] : MDH_SIM_UNDEFINED;
  t->parity ^= 1;
  return r;
}

uint32_t mdh_host_shfl_bfly(uint32_t mask, uint32_t v, unsigned off) {
  return exchange(mask, v, (self()->id % 32) ^ off);
}

uint32_t mdh_host_shfl_down(uint32_t mask, uint32_t v, unsigned off) {
  return exchange(mask, v, self()->id % 32 + off);
}

static void *thread_main(void *arg) {
  struct mdh_sim_thread *t = arg;

  mdh_sim_self = t;
  t->block->body(t->block->user);
  mdh_sim_self = NULL;
  return NULL;
}

static int init_barriers(struct mdh_sim_block *b) {
  unsigned warps = (b->n + 31) / 32;

  if (pthread_barrier_init(&b->block, NULL, b->n) != 0)
    return -1;
  for (unsigned w = 0; w < warps; ++w)
    if (pthread_barrier_init(&b->warp[w], NULL, warp_lanes(b, w)) != 0)
      return -1;
  return 0;
}

static void destroy_barriers(struct mdh_sim_block *b) {
  pthread_barrier_destroy(&b->block);
  for (unsigned w = 0; w < (b->n + 31) / 32; ++w)
    pthread_barrier_destroy(&b->warp[w]);
}

/* Starts all threads; a thread that cannot start would leave the others
 * waiting in a barrier forever, so that is fatal. */
static void start_threads(struct mdh_sim_block *b, struct mdh_sim_thread *t) {
  pthread_attr_t attr;

  if (pthread_attr_init(&attr) != 0 ||
      pthread_attr_setstacksize(&attr, MDH_SIM_STACK) != 0)
    misuse("cannot set up thread attributes");
  for (unsigned i = 0; i < b->n; ++i) {
    t[i].block = b;
    t[i].id = i;
    t[i].parity = 0;
    if (pthread_create(&t[i].handle, &attr, thread_main, &t[i]) != 0)
      misuse("cannot start a simulated thread");
  }
  pthread_attr_destroy(&attr);
}

int mdh_sim_run_block(unsigned bx, unsigned by, unsigned bz,
                      void (*body)(void *user), void *user) {
  struct mdh_sim_block *b;
  struct mdh_sim_thread *t;
  unsigned long n = (unsigned long)bx * by * bz;

  if (n == 0 || n > MDH_SIM_MAX_THREADS) {
    fprintf(stderr, "mdh-sim: error: block of %lu threads (1 to %d allowed)\n",
            n, MDH_SIM_MAX_THREADS);
    return -1;
  }
  b = calloc(1, sizeof *b);
  t = calloc(n, sizeof *t);
  if (!b || !t) {
    free(b);
    free(t);
    fprintf(stderr, "mdh-sim: error: out of memory\n");
    return -1;
  }
  *b = (struct mdh_sim_block){
      {bx, by, bz}, (unsigned)n, .body = body, .user = user};
  if (init_barriers(b) != 0)
    misuse("cannot create barriers");
  start_threads(b, t);
  for (unsigned i = 0; i < n; ++i)
    pthread_join(t[i].handle, NULL);
  destroy_barriers(b);
  free(t);
  free(b);
  return 0;
}
