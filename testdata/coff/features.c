/* Freestanding C for clang-19 --target={x86_64,i686,aarch64}-pc-windows-msvc
 * (no headers: the MSVC SDK is not installed). Rebuilt by llvmext-objcopy in
 * tests/objcopy_coff.rs. */

#pragma comment(lib, "kernel32")
#pragma comment(linker, "/alternatename:optional_hook=default_hook")

typedef unsigned long long u64;
typedef unsigned int u32;

extern int external_counter;
extern void external_function(int);
void default_hook(void) {}
void optional_hook(void);

__declspec(dllexport) int exported_value = 7;
__declspec(selectany) int selected_any = 3;
__declspec(thread) int thread_counter;
static const char *const names[] = {"zero", "one", "two", "three", "four", "five"};
static double table[16] = {1.0, 2.5, -3.25};
static char zeroed[4096];
const char long_string[] = "a string literal that is long enough to end up in .rdata";

struct point { double x, y; };

static struct point scale(struct point p, double k) {
    struct point r = {p.x * k, p.y * k};
    return r;
}

__declspec(noinline) static int classify(int v) {
    switch (v) {
    case 0: return 10;
    case 1: return 21;
    case 2: return 32;
    case 3: return 43;
    case 4: return 54;
    case 5: return 65;
    case 6: return 76;
    default: return -1;
    }
}

inline int inline_twice(int x) { return 2 * x; }

int (*function_pointer)(int) = classify;

__declspec(dllexport) double compute(int n, const struct point *pts) {
    double acc = 0;
    for (int i = 0; i < n; i++) {
        struct point s = scale(pts[i], table[i & 15]);
        acc += s.x * s.y + classify(i) + inline_twice(i);
        zeroed[i & 4095]++;
    }
    thread_counter += n;
    external_counter += selected_any;
    external_function((int)acc);
    optional_hook();
    return acc + names[n % 6][0];
}

u64 mix(u64 a, u32 b) {
    a ^= b;
    a *= 0x9e3779b97f4a7c15ull;
    return a ^ (a >> 29);
}
