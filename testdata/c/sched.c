/* A small work scheduler: atomics, bit-fields, a binary heap with a
 * comparator callback, setjmp/longjmp error handling, TLS, 128-bit and
 * long double arithmetic, recursion through function pointers. */
#include <setjmp.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>

struct task {
  uint64_t id;
  unsigned priority : 4;
  unsigned state : 2;
  unsigned pinned : 1;
  int (*run)(struct task *, void *);
  void *arg;
  struct task *parent;
};

struct heap {
  struct task **items;
  size_t len, cap;
  bool (*less)(const struct task *, const struct task *);
};

static _Atomic uint64_t next_id = 1;
static atomic_int running;
static _Thread_local jmp_buf *current_env;
static __int128 checksum;
static long double elapsed = 0.0L;

static bool by_priority(const struct task *a, const struct task *b) {
  return a->priority != b->priority ? a->priority > b->priority : a->id < b->id;
}

static void heap_swap(struct heap *h, size_t i, size_t j) {
  struct task *t = h->items[i];
  h->items[i] = h->items[j];
  h->items[j] = t;
}

static void sift_up(struct heap *h, size_t i) {
  if (i == 0) return;
  size_t parent = (i - 1) / 2;
  if (h->less(h->items[i], h->items[parent])) {
    heap_swap(h, i, parent);
    sift_up(h, parent);
  }
}

static void sift_down(struct heap *h, size_t i) {
  size_t l = 2 * i + 1, r = l + 1, best = i;
  if (l < h->len && h->less(h->items[l], h->items[best])) best = l;
  if (r < h->len && h->less(h->items[r], h->items[best])) best = r;
  if (best != i) {
    heap_swap(h, i, best);
    sift_down(h, best);
  }
}

int heap_push(struct heap *h, struct task *t) {
  if (h->len == h->cap) {
    size_t cap = h->cap ? h->cap * 2 : 8;
    struct task **items = realloc(h->items, cap * sizeof *items);
    if (!items) return -1;
    h->items = items;
    h->cap = cap;
  }
  h->items[h->len++] = t;
  sift_up(h, h->len - 1);
  return 0;
}

struct task *heap_pop(struct heap *h) {
  if (!h->len) return NULL;
  struct task *top = h->items[0];
  h->items[0] = h->items[--h->len];
  sift_down(h, 0);
  return top;
}

_Noreturn void task_fail(int code) {
  atomic_fetch_sub_explicit(&running, 1, memory_order_release);
  longjmp(*current_env, code);
}

struct task *task_new(int (*run)(struct task *, void *), void *arg, unsigned prio) {
  struct task *t = calloc(1, sizeof *t);
  if (!t) return NULL;
  t->id = atomic_fetch_add(&next_id, 1);
  t->priority = prio & 15;
  t->run = run;
  t->arg = arg;
  return t;
}

static int spawn_children(struct task *self, void *arg) {
  struct heap *h = arg;
  if (self->priority == 0) return 0;
  for (unsigned i = 0; i < 2; i++) {
    struct task *c = task_new(spawn_children, h, self->priority - 1);
    if (!c) task_fail(12);
    c->parent = self;
    heap_push(h, c);
  }
  return (int)self->priority;
}

long run_all(struct heap *h) {
  jmp_buf env;
  jmp_buf *saved = current_env;
  current_env = &env;
  long total = 0;
  int err = setjmp(env);
  if (err) {
    current_env = saved;
    return -err;
  }
  struct task *t;
  while ((t = heap_pop(h))) {
    atomic_fetch_add_explicit(&running, 1, memory_order_acquire);
    t->state = 1;
    int r = t->run(t, t->arg);
    t->state = 2;
    total += r;
    checksum = checksum * 31 + (__int128)t->id * r;
    elapsed += 0.001L * r;
    atomic_fetch_sub(&running, 1);
    free(t);
  }
  current_env = saved;
  return total;
}

int main(void) {
  struct heap h = {0, 0, 0, by_priority};
  heap_push(&h, task_new(spawn_children, &h, 6));
  long total = run_all(&h);
  free(h.items);
  return (int)(total + (long)(checksum & 0xff) + (long)elapsed) & 0x7f;
}
