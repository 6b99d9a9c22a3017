#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <math.h>

void saxpy(float *restrict y, const float *restrict x, float a, size_t n) {
  for (size_t i = 0; i < n; i++) y[i] += a * x[i];
}
double dot(const double *a, const double *b, size_t n) {
  double s = 0;
  for (size_t i = 0; i < n; i++) s += a[i] * b[i];
  return s;
}
int32_t isum(const int32_t *a, size_t n) {
  int32_t s = 0;
  for (size_t i = 0; i < n; i++) s += a[i] * 3 + (a[i] >> 2);
  return s;
}
void u8add(uint8_t *restrict d, const uint8_t *restrict a, const uint8_t *restrict b, size_t n) {
  for (size_t i = 0; i < n; i++) d[i] = (uint8_t)((a[i] + b[i]) >> 1);
}
int64_t mix(int64_t a, int64_t b, int c) {
  int64_t r = a / (b | 1) + (a % 7) * c;
  r ^= (r << 13) | ((uint64_t)r >> 51);
  return c > 3 ? r : -r;
}
uint32_t bits(uint32_t x, uint64_t y) {
  return __builtin_popcount(x) + __builtin_ctzll(y | 1) + __builtin_clz(x | 1) + (uint32_t)(y >> (x & 31));
}
long double ld(long double a, long double b) { return a * b + a / b; }
float fconv(int a, long long b, double c) { return (float)a + (float)b + (float)c + (float)(unsigned)a; }
static _Thread_local int tlsvar;
int tls(void) { return ++tlsvar; }
extern int ext_global;
int *addr(void) { return &ext_global; }
int sw(int x) {
  switch (x) { case 0: return 3; case 1: return 7; case 2: return 11; case 3: return 13; case 4: return 19; default: return x; }
}
void cpy(char *d, const char *s, size_t n) { memcpy(d, s, n); memset(d + n, 0, 64); }
double fm(double a, double b, double c) { return fma(a, b, c) + sqrt(a) + floor(b); }
int cmpf(float a, float b) { return (a < b) + (a == b) * 2 + (a != a) * 4; }
#ifdef __SIZEOF_INT128__
uint64_t mulh(uint64_t a, uint64_t b) { return (uint64_t)(((unsigned __int128)a * b) >> 64); }
#endif
void minmax(int *restrict d, const int *restrict a, size_t n) {
  for (size_t i = 0; i < n; i++) d[i] = a[i] > 10 ? a[i] : 10 - a[i];
}
void scatter(float *restrict d, const int *restrict idx, const float *restrict s, size_t n) {
  for (size_t i = 0; i < n; i++) d[i] = s[idx[i]];
}
