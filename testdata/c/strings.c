/* String handling: an open-addressing hash table of interned strings, a
 * tokenizer with a dense switch, qsort with comparator pointers, wide
 * strings, varargs formatting. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>

#define TABLE_SIZE 256

struct entry {
  const char *key;
  unsigned hash;
  int count;
};

static struct entry table[TABLE_SIZE];
static const wchar_t banner[] = L"llvmext \u00e9t\u00e9 corpus";
static const char *const keywords[] = {
    "auto", "break", "case", "char", "const", "continue", "default", "do",
    "double", "else", "enum", "extern", "float", "for", "goto", "if",
    "int", "long", "register", "return", "short", "signed", "sizeof", "static",
};
char greeting[32] = "hello, \"world\"\n\t\x01\377";

static inline unsigned fnv1a(const char *s, size_t n) {
  unsigned h = 2166136261u;
  while (n--) h = (h ^ (unsigned char)*s++) * 16777619u;
  return h;
}

struct entry *intern(const char *s, size_t n) {
  unsigned h = fnv1a(s, n);
  for (unsigned i = 0; i < TABLE_SIZE; i++) {
    struct entry *e = &table[(h + i * i) % TABLE_SIZE];
    if (!e->key) {
      char *copy = malloc(n + 1);
      if (!copy) return NULL;
      memcpy(copy, s, n);
      copy[n] = 0;
      e->key = copy;
      e->hash = h;
      e->count = 1;
      return e;
    }
    if (e->hash == h && strncmp(e->key, s, n) == 0 && e->key[n] == 0) {
      e->count++;
      return e;
    }
  }
  return NULL;
}

enum token { T_EOF, T_IDENT, T_NUMBER, T_STRING, T_PUNCT, T_SPACE, T_ERROR };

enum token classify(int c) {
  switch (c) {
  case 0: return T_EOF;
  case ' ': case '\t': case '\n': case '\r': case '\v': case '\f': return T_SPACE;
  case '0': case '1': case '2': case '3': case '4':
  case '5': case '6': case '7': case '8': case '9': return T_NUMBER;
  case '"': case '\'': return T_STRING;
  case '+': case '-': case '*': case '/': case '%': case '=': case '<': case '>':
  case '(': case ')': case '{': case '}': case '[': case ']': case ';': case ',':
    return T_PUNCT;
  default:
    if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_') return T_IDENT;
    return T_ERROR;
  }
}

size_t tokenize(const char *src, void (*emit)(enum token, const char *, size_t, void *), void *ctx) {
  size_t n = 0;
  const char *p = src;
  while (*p) {
    enum token t = classify((unsigned char)*p);
    const char *start = p++;
    if (t == T_IDENT || t == T_NUMBER)
      while (*p && classify((unsigned char)*p) == t) p++;
    else if (t == T_STRING) {
      while (*p && *p != *start) p += (*p == '\\' && p[1]) ? 2 : 1;
      if (*p) p++;
    }
    if (t != T_SPACE) {
      emit(t, start, (size_t)(p - start), ctx);
      n++;
    }
  }
  return n;
}

static void count_idents(enum token t, const char *s, size_t n, void *ctx) {
  if (t == T_IDENT && intern(s, n)) ++*(size_t *)ctx;
}

static int by_count(const void *a, const void *b) {
  const struct entry *x = a, *y = b;
  if (!x->key || !y->key) return (x->key == NULL) - (y->key == NULL);
  return y->count - x->count ?: strcmp(x->key, y->key);
}

static int by_name(const void *a, const void *b) {
  return strcmp(*(const char *const *)a, *(const char *const *)b);
}

int appendf(char *buf, size_t cap, size_t *len, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int w = vsnprintf(buf + *len, *len < cap ? cap - *len : 0, fmt, ap);
  va_end(ap);
  if (w > 0) *len += (size_t)w;
  return w;
}

int is_keyword(const char *s) {
  return bsearch(&s, keywords, sizeof keywords / sizeof keywords[0], sizeof keywords[0],
                 by_name) != NULL;
}

char *report(const char *src) {
  static char buf[4096];
  size_t len = 0, idents = 0;
  tokenize(src, count_idents, &idents);
  qsort(table, TABLE_SIZE, sizeof table[0], by_count);
  appendf(buf, sizeof buf, &len, "%ls: %zu identifiers\n", banner, idents);
  for (int i = 0; i < TABLE_SIZE && table[i].key; i++)
    appendf(buf, sizeof buf, &len, "%-12s %4d%s\n", table[i].key, table[i].count,
            is_keyword(table[i].key) ? " (keyword)" : "");
  return buf;
}

int main(void) {
  fputs(report("int main(void) { return fib(10) + fib(\"x\\\"y\") * 3; } int x; static int y;"), stdout);
  return greeting[0] == 'h' ? 0 : 1;
}
