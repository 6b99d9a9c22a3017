//! Comptime generics: a generic stack type, a generic max, and an inline
//! loop over a comptime-known tuple.
fn Stack(comptime T: type, comptime n: usize) type {
    return struct {
        items: [n]T = undefined,
        len: usize = 0,

        const Self = @This();

        fn push(self: *Self, v: T) bool {
            if (self.len == n) return false;
            self.items[self.len] = v;
            self.len += 1;
            return true;
        }

        fn pop(self: *Self) ?T {
            if (self.len == 0) return null;
            self.len -= 1;
            return self.items[self.len];
        }
    };
}

fn max(comptime T: type, xs: []const T) T {
    var m = xs[0];
    for (xs[1..]) |x| {
        if (x > m) m = x;
    }
    return m;
}

export fn generics_stack(seed: u32) u32 {
    var s = Stack(u32, 8){};
    var i: u32 = 0;
    while (s.push(seed +% i)) i += 1;
    var total: u32 = 0;
    while (s.pop()) |v| total +%= v;
    return total;
}

export fn generics_max(a: f32, b: f32, c: i16, d: i16) f64 {
    const fs = [_]f32{ a, b };
    const is = [_]i16{ c, d };
    return @as(f64, max(f32, &fs)) + @as(f64, @floatFromInt(max(i16, &is)));
}

export fn generics_inline(x: u64) u64 {
    const shifts = .{ 1, 7, 13, 29 };
    var h = x;
    inline for (shifts) |s| h ^= h >> s;
    return h;
}
