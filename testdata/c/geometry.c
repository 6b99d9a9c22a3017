/* Geometry kernels: structs, unions, bit-fields, floating point, vector
 * extensions, designated global initializers, attributes. */
#include <math.h>
#include <stddef.h>
#include <stdint.h>

typedef float v4f __attribute__((vector_size(16)));
typedef int32_t v4i __attribute__((vector_size(16)));
typedef double v2d __attribute__((vector_size(16)));

struct point { double x, y, z; };

struct __attribute__((packed)) packed_header {
  uint8_t tag;
  uint32_t length;
  uint16_t flags : 5, kind : 3, reserved : 8;
};

enum shape_kind { SHAPE_SPHERE, SHAPE_BOX, SHAPE_MESH };

struct shape {
  enum shape_kind kind;
  const char *name;
  union {
    struct { struct point center; double radius; } sphere;
    struct { struct point min, max; } box;
    struct { const struct point *verts; size_t nverts; } mesh;
  } u;
};

union float_bits {
  float f;
  uint32_t u;
  unsigned char bytes[4];
};

static const struct point unit_tetra[] = {
    {0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1},
};

struct shape scene[] = {
    {.kind = SHAPE_SPHERE, .name = "ball", .u.sphere = {{1.5, -2.0, 0.25}, 3.0}},
    {.kind = SHAPE_BOX, .name = "crate", .u.box = {{-1, -1, -1}, {1, 2, 3}}},
    {.kind = SHAPE_MESH, .name = "tetra", .u.mesh = {unit_tetra, 4}},
};

const size_t scene_len = sizeof scene / sizeof scene[0];
long double tolerance = 1e-12L;
_Alignas(64) float lut[64] = {[0] = 1.0f, [1] = 0.5f, [63] = -0.0f};
struct packed_header hdr = {.tag = 7, .length = 0xdeadbeef, .flags = 3, .kind = 5};

static inline double dot(struct point a, struct point b) {
  return a.x * b.x + a.y * b.y + a.z * b.z;
}

__attribute__((const)) static double clampd(double v, double lo, double hi) {
  return v < lo ? lo : v > hi ? hi : v;
}

__attribute__((noinline)) double shape_volume(const struct shape *s) {
  switch (s->kind) {
  case SHAPE_SPHERE: {
    double r = s->u.sphere.radius;
    return 4.0 / 3.0 * M_PI * r * r * r;
  }
  case SHAPE_BOX:
    return fabs((s->u.box.max.x - s->u.box.min.x) * (s->u.box.max.y - s->u.box.min.y) *
                (s->u.box.max.z - s->u.box.min.z));
  case SHAPE_MESH: {
    double v = 0;
    for (size_t i = 0; i + 2 < s->u.mesh.nverts; i++) {
      struct point a = s->u.mesh.verts[i], b = s->u.mesh.verts[i + 1], c = s->u.mesh.verts[i + 2];
      struct point cr = {b.y * c.z - b.z * c.y, b.z * c.x - b.x * c.z, b.x * c.y - b.y * c.x};
      v += dot(a, cr) / 6.0;
    }
    return fabs(v);
  }
  }
  return NAN;
}

v4f saxpy4(float a, v4f x, v4f y) { return (v4f){a, a, a, a} * x + y; }

v4i mask_positive(v4f x) { return x > (v4f){0, 0, 0, 0}; }

v2d hadd(const double *p, size_t n) {
  v2d acc = {0, 0};
  for (size_t i = 0; i + 1 < n; i += 2)
    acc += (v2d){p[i], p[i + 1]};
  return acc;
}

float fast_inv_sqrt(float x) {
  union float_bits b = {.f = x};
  b.u = 0x5f3759df - (b.u >> 1);
  return b.f * (1.5f - 0.5f * x * b.f * b.f);
}

double total_volume(void) {
  double sum = 0;
  for (size_t i = 0; i < scene_len; i++)
    sum += clampd(shape_volume(&scene[i]), 0, 1e9);
  return sum + (double)tolerance + lut[1] + hdr.kind;
}

_Complex double rotate(_Complex double z, double theta) {
  return z * (cos(theta) + sin(theta) * 1.0i);
}

__attribute__((cold, noreturn)) void geometry_abort(void) { __builtin_trap(); }

__attribute__((constructor)) static void init_lut(void) {
  for (int i = 2; i < 63; i++)
    lut[i] = sqrtf((float)i) * fast_inv_sqrt((float)i * 2.0f);
}
