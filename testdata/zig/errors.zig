//! Error unions: try, catch, errdefer and an error set switch.
const ParseError = error{ Empty, BadDigit, Overflow };

fn parseU32(s: []const u8) ParseError!u32 {
    if (s.len == 0) return error.Empty;
    var v: u32 = 0;
    for (s) |c| {
        if (c < '0' or c > '9') return error.BadDigit;
        v = std.math.mul(u32, v, 10) catch return error.Overflow;
        v = std.math.add(u32, v, c - '0') catch return error.Overflow;
    }
    return v;
}

fn sumTwo(a: []const u8, b: []const u8) ParseError!u32 {
    const x = try parseU32(a);
    const y = try parseU32(b);
    return x +| y;
}

export fn errors_parse(ptr: [*]const u8, len: usize) i64 {
    const v = parseU32(ptr[0..len]) catch |e| return switch (e) {
        error.Empty => -1,
        error.BadDigit => -2,
        error.Overflow => -3,
    };
    return v;
}

export fn errors_sum(a: [*]const u8, al: usize, b: [*]const u8, bl: usize) u32 {
    return sumTwo(a[0..al], b[0..bl]) catch 0;
}

const std = @import("std");
