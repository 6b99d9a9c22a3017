/* The C half of the compile-to-bc example: calls the functions the example
 * built with llvmext_ir::builder (compiled from its .bc by clang-19) and
 * prints their results; the example checks this output. */
#include <stdint.h>
#include <stdio.h>

struct point {
  int32_t x, y;
};

/* Defined in the example's bitcode. */
void greet(const char *who);
int64_t fib(int64_t n);
int64_t fact(int64_t n);
int64_t dot_points(const struct point *points, int64_t n);
int32_t prime(int64_t k);
const char *classify(int32_t c);

int main(void) {
  greet("a C driver");
  printf("fib:");
  for (int64_t n = 0; n <= 12; n++)
    printf(" %lld", (long long)fib(n));
  printf("\nfib(90) = %lld\n", (long long)fib(90));
  printf("fact(20) = %lld\n", (long long)fact(20));
  struct point points[] = {{1, 2}, {3, 4}, {-5, 6}, {7, -8}, {100000, 300000}};
  printf("dot_points = %lld\n", (long long)dot_points(points, 5));
  printf("prime:");
  for (int64_t k = 0; k <= 8; k++)
    printf(" %d", prime(k));
  printf("\n");
  for (int32_t c = -1; c <= 3; c++)
    printf("classify(%d) = %s\n", c, classify(c));
  return 0;
}
