/* The object that tests/objcopy_elf.rs corrupts field by field: code with
 * a relocation (.rel[a].text), data, a string and an address-significance
 * table, as clang-19 -O2 writes them. */
int counter = 1;
extern int puts(const char *);

int bump(int by) {
    counter += by;
    return puts("bumped") + counter;
}
