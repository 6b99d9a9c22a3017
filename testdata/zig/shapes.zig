//! A struct with methods, a tagged union and a switch.
const Point = struct {
    x: i32,
    y: i32,

    fn add(a: Point, b: Point) Point {
        return .{ .x = a.x + b.x, .y = a.y + b.y };
    }

    fn dot(a: Point, b: Point) i64 {
        return @as(i64, a.x) * b.x + @as(i64, a.y) * b.y;
    }
};

const Shape = union(enum) {
    circle: f64,
    rect: struct { w: f64, h: f64 },
    none,
};

fn area(s: Shape) f64 {
    return switch (s) {
        .circle => |r| 3.14159 * r * r,
        .rect => |r| r.w * r.h,
        .none => 0,
    };
}

export fn shapes_point(ax: i32, ay: i32, bx: i32, by: i32) i64 {
    const a = Point{ .x = ax, .y = ay };
    const b = Point{ .x = bx, .y = by };
    return Point.dot(Point.add(a, b), b);
}

export fn shapes_area(kind: u8, a: f64, b: f64) f64 {
    const s: Shape = switch (kind) {
        0 => .{ .circle = a },
        1 => .{ .rect = .{ .w = a, .h = b } },
        else => .none,
    };
    return area(s);
}
