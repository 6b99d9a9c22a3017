// COMDAT-heavy C++ for the object round trips: templates, inline
// functions, vtables, static locals, exceptions.


template <typename T> struct Box {
    T value;
    explicit Box(T v) : value(v) {}
    virtual ~Box() {}
    virtual T get() const { return value; }
    template <typename U> U as() const { return static_cast<U>(value); }
};

template <typename T> T sum(const T *xs, decltype(sizeof 0) n) {
    T s{};
    for (decltype(sizeof 0) i = 0; i < n; ++i) s += xs[i];
    return s;
}

inline int &counter() {
    static int c = 0;
    return c;
}

struct Error {
    int code;
};

int may_throw(int x) {
    if (x < 0) throw Error{x};
    return x;
}

int use_all(int n) {
    Box<int> a(n);
    Box<double> b(n * 0.5);
    int xs[4] = {1, 2, 3, n};
    double ys[2] = {1.5, b.get()};
    ++counter();
    try {
        return a.get() + sum(xs, 4) + static_cast<int>(sum(ys, 2)) + b.as<int>() + may_throw(n) +
               counter();
    } catch (const Error &e) {
        return e.code;
    }
}
