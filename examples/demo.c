/* Input of the demo (scripts/demo.sh): a small but varied C program. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct node {
  const char *key;
  int value;
  struct node *left, *right;
};

static struct node *insert(struct node *t, const char *key, int value) {
  if (!t) {
    struct node *n = calloc(1, sizeof *n);
    n->key = key;
    n->value = value;
    return n;
  }
  int c = strcmp(key, t->key);
  if (c < 0)
    t->left = insert(t->left, key, value);
  else if (c > 0)
    t->right = insert(t->right, key, value);
  else
    t->value = value;
  return t;
}

static void walk(const struct node *t, void (*visit)(const struct node *)) {
  if (!t)
    return;
  walk(t->left, visit);
  visit(t);
  walk(t->right, visit);
}

static void print(const struct node *n) { printf("%s = %d\n", n->key, n->value); }

int main(int argc, char **argv) {
  struct node *root = NULL;
  for (int i = 0; i < argc; i++)
    root = insert(root, argv[i], (int)strlen(argv[i]) * i);
  switch (argc) {
  case 1: puts("one"); break;
  case 2: puts("two"); break;
  default: printf("%f\n", argc * 1.5);
  }
  walk(root, print);
  return 0;
}
