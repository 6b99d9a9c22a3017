/* A tiny stack-machine interpreter: computed goto and switch dispatch,
 * function-pointer tables, recursion, varargs tracing, thread-local state. */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

enum opcode {
  OP_PUSH, OP_ADD, OP_SUB, OP_MUL, OP_DIV, OP_DUP, OP_SWAP, OP_JZ,
  OP_JMP, OP_CALL, OP_PRINT, OP_HALT, OP_COUNT
};

struct insn {
  uint8_t op;
  int32_t arg;
};

struct vm {
  int64_t stack[64];
  unsigned sp;
  unsigned long steps;
  void (*trace)(const char *fmt, ...);
};

static _Thread_local unsigned long tls_total_steps;
static __thread int tls_depth = 0;

static const char *const op_names[OP_COUNT] = {
    [OP_PUSH] = "push", [OP_ADD] = "add",   [OP_SUB] = "sub",
    [OP_MUL] = "mul",   [OP_DIV] = "div",   [OP_DUP] = "dup",
    [OP_SWAP] = "swap", [OP_JZ] = "jz",     [OP_JMP] = "jmp",
    [OP_CALL] = "call", [OP_PRINT] = "print", [OP_HALT] = "halt",
};

__attribute__((format(printf, 1, 2))) static void trace_stderr(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vfprintf(stderr, fmt, ap);
  va_end(ap);
}

static void trace_none(const char *fmt, ...) { (void)fmt; }

static inline void push(struct vm *m, int64_t v) { m->stack[m->sp++ & 63] = v; }
static inline int64_t pop(struct vm *m) { return m->stack[--m->sp & 63]; }

typedef int64_t (*builtin_fn)(int64_t);

static int64_t fib(int64_t n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }
static int64_t fact(int64_t n) { return n <= 1 ? 1 : n * fact(n - 1); }
static int64_t collatz(int64_t n) {
  int64_t steps = 0;
  while (n != 1) {
    n = (n & 1) ? 3 * n + 1 : n / 2;
    steps++;
  }
  return steps;
}

static const builtin_fn builtins[] = {fib, fact, collatz};

/* Dispatch with labels-as-values (GNU computed goto). */
int64_t run_threaded(struct vm *m, const struct insn *code, size_t len) {
  static void *const labels[OP_COUNT] = {
      &&do_push, &&do_add, &&do_sub, &&do_mul, &&do_div, &&do_dup,
      &&do_swap, &&do_jz, &&do_jmp, &&do_call, &&do_print, &&do_halt};
  size_t pc = 0;
  int64_t a, b;
#define NEXT()                                                    \
  do {                                                            \
    if (pc >= len) return -1;                                     \
    m->steps++;                                                   \
    tls_total_steps++;                                            \
    goto *labels[code[pc].op < OP_COUNT ? code[pc].op : OP_HALT]; \
  } while (0)
  NEXT();
do_push: push(m, code[pc++].arg); NEXT();
do_add: b = pop(m); a = pop(m); push(m, a + b); pc++; NEXT();
do_sub: b = pop(m); a = pop(m); push(m, a - b); pc++; NEXT();
do_mul: b = pop(m); a = pop(m); push(m, a * b); pc++; NEXT();
do_div: b = pop(m); a = pop(m); push(m, b ? a / b : 0); pc++; NEXT();
do_dup: a = pop(m); push(m, a); push(m, a); pc++; NEXT();
do_swap: b = pop(m); a = pop(m); push(m, b); push(m, a); pc++; NEXT();
do_jz: pc = pop(m) == 0 ? (size_t)code[pc].arg : pc + 1; NEXT();
do_jmp: pc = (size_t)code[pc].arg; NEXT();
do_call:
  push(m, builtins[(unsigned)code[pc].arg % 3](pop(m)));
  pc++;
  NEXT();
do_print: m->trace("%s %lld\n", op_names[OP_PRINT], (long long)m->stack[(m->sp - 1) & 63]); pc++; NEXT();
do_halt: return m->sp ? pop(m) : 0;
#undef NEXT
}

/* The same machine with a switch (lowered to a jump table at -O2). */
int64_t run_switch(struct vm *m, const struct insn *code, size_t len) {
  int64_t a, b;
  for (size_t pc = 0; pc < len; m->steps++) {
    const struct insn *i = &code[pc];
    switch (i->op) {
    case OP_PUSH: push(m, i->arg); pc++; break;
    case OP_ADD: b = pop(m); a = pop(m); push(m, a + b); pc++; break;
    case OP_SUB: b = pop(m); a = pop(m); push(m, a - b); pc++; break;
    case OP_MUL: b = pop(m); a = pop(m); push(m, a * b); pc++; break;
    case OP_DIV: b = pop(m); a = pop(m); push(m, b ? a / b : 0); pc++; break;
    case OP_DUP: a = pop(m); push(m, a); push(m, a); pc++; break;
    case OP_SWAP: b = pop(m); a = pop(m); push(m, b); push(m, a); pc++; break;
    case OP_JZ: pc = pop(m) == 0 ? (size_t)i->arg : pc + 1; break;
    case OP_JMP: pc = (size_t)i->arg; break;
    case OP_CALL: push(m, builtins[(unsigned)i->arg % 3](pop(m))); pc++; break;
    case OP_PRINT: m->trace("%s\n", op_names[i->op]); pc++; break;
    case OP_HALT: return m->sp ? pop(m) : 0;
    default: __builtin_unreachable();
    }
  }
  return -1;
}

int64_t run_nested(int depth) {
  struct vm m;
  memset(&m, 0, sizeof m);
  m.trace = depth > 3 ? trace_stderr : trace_none;
  tls_depth = depth;
  const struct insn prog[] = {
      {OP_PUSH, 10}, {OP_CALL, 0}, {OP_PUSH, 5},  {OP_CALL, 1}, {OP_ADD, 0},
      {OP_DUP, 0},   {OP_PRINT, 0}, {OP_PUSH, 27}, {OP_CALL, 2}, {OP_MUL, 0},
      {OP_HALT, 0},
  };
  int64_t r1 = run_threaded(&m, prog, sizeof prog / sizeof prog[0]);
  int64_t r2 = run_switch(&m, prog, sizeof prog / sizeof prog[0]);
  return depth > 0 ? r1 + r2 + run_nested(depth - 1) : r1 - r2;
}

unsigned long total_steps(void) { return tls_total_steps; }

int main(int argc, char **argv) {
  (void)argv;
  printf("%lld %lu\n", (long long)run_nested(argc + 2), total_steps());
  return 0;
}
