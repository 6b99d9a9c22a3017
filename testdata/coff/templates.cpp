// COMDAT-heavy C++ for clang++-19 --target={x86_64,i686,aarch64}-pc-windows-msvc:
// templates, inline functions, static locals, vtables and RTTI-free classes,
// all in COMDAT sections with associative .pdata/.xdata/.debug$S. No headers.

template <typename T> struct Box {
    T value;
    explicit Box(T v) : value(v) {}
    T get() const { return value; }
    template <typename U> Box<U> map(U (*f)(T)) const { return Box<U>(f(value)); }
};

template <typename T, int N> struct Array {
    T items[N];
    T sum() const {
        T s = T();
        for (int i = 0; i < N; i++) s += items[i];
        return s;
    }
};

struct Shape {
    virtual ~Shape() {}
    virtual double area() const = 0;
};

struct Square : Shape {
    double side;
    explicit Square(double s) : side(s) {}
    double area() const override { return side * side; }
};

struct Circle : Shape {
    double r;
    explicit Circle(double r) : r(r) {}
    double area() const override { return 3.14159 * r * r; }
};

inline int counter() {
    static int calls = 0;
    return ++calls;
}

template <typename T> T twice(T x) { return x + x; }
static long widen(int x) { return x * 3L; }

inline const char *greeting() { return "hello from an inline function"; }

extern "C" double use_everything(int n) {
    Box<int> b(n);
    Box<long> l = b.map(widen);
    Array<double, 4> a = {{1.0, 2.0, 3.0, 4.0}};
    Array<int, 3> ai = {{1, 2, 3}};
    Square sq(2.0);
    Circle ci(1.5);
    Shape *shapes[2] = {&sq, &ci};
    double total = a.sum() + ai.sum() + l.get() + twice(n) + twice(2.5);
    for (Shape *s : shapes) total += s->area();
    return total + counter() + greeting()[0];
}

template struct Box<char>;
template double twice<double>(double);
