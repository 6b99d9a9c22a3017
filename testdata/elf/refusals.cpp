/* The object that tests/objcopy_elf.rs corrupts field by field: code with
 * a relocation (.rel[a].text), an inline function in a COMDAT group
 * (.group), data, a string and an address-significance table, as
 * clang++-19 -O2 writes them. */
extern "C" int puts(const char *);
int counter = 1;

inline __attribute__((noinline)) int twice(int x) { return 2 * x; }

int bump(int by) {
    counter += twice(by);
    return puts("bumped") + counter;
}
