/* Input for the SHT_LLVM_BB_ADDR_MAP differential tests (clang-19 -O2
   -fbasic-block-address-map). */
extern int ext(int);

int classify(int x) {
  if (x < 0)
    return -1;
  if (x == 0)
    return ext(x);
  int s = 0;
  for (int i = 0; i < x; i++)
    s += ext(i) * i;
  return s;
}

static int helper(int *p, int n) {
  int m = 0;
  for (int i = 0; i < n; i++)
    if (p[i] > m)
      m = p[i];
  return m;
}

int use(int *p, int n) { return helper(p, n) + helper(p + 1, n - 1); }

int sw(int k) {
  switch (k) {
  case 0: return ext(1);
  case 1: return 7;
  case 2: return ext(3) + 1;
  case 3: return 11;
  case 4: return ext(k) * 2;
  default: return 0;
  }
}
