//! Loops over slices, a while loop with a continue expression, and a
//! labeled break.
export fn loops_sum(ptr: [*]const u32, len: usize) u64 {
    const xs = ptr[0..len];
    var total: u64 = 0;
    for (xs) |x| total += x;
    return total;
}

export fn loops_collatz(start: u64) u32 {
    var n = start;
    var steps: u32 = 0;
    while (n > 1) : (steps += 1) {
        n = if (n % 2 == 0) n / 2 else 3 * n + 1;
    }
    return steps;
}

export fn loops_find(ptr: [*]const i32, len: usize, needle: i32) isize {
    const xs = ptr[0..len];
    const at = outer: {
        for (xs, 0..) |x, i| {
            if (x == needle) break :outer @as(isize, @intCast(i));
        }
        break :outer -1;
    };
    return at;
}

export fn loops_reverse(ptr: [*]u8, len: usize) void {
    const s = ptr[0..len];
    var i: usize = 0;
    var j: usize = len;
    while (i + 1 < j) {
        j -= 1;
        const t = s[i];
        s[i] = s[j];
        s[j] = t;
        i += 1;
    }
}
