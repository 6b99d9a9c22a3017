; Defaults LLParser fills in: alignment from the datalayout, the alloca
; address space, atomic alignment.
;--- load-store-no-align
define i32 @f(ptr %p) {
  %v = load i32, ptr %p
  store i32 %v, ptr %p
  ret i32 %v
}
;--- alloca-no-align
define void @f() {
  %a = alloca i32
  %b = alloca i64, i32 4
  %c = alloca [10 x double]
  %d = alloca { i8, i64 }
  %e = alloca <4 x float>
  %f = alloca i1
  %g = alloca ptr
  ret void
}
;--- datalayout-aligns
target datalayout = "e-m:e-p:32:32-i64:32-f64:32-f80:32-n8:16:32-S128"
define void @f(ptr %p) {
  %a = alloca i64
  %b = alloca double
  %l = load i64, ptr %p
  %d = load double, ptr %p
  store x86_fp80 0xK3FFF8000000000000000, ptr %p
  %v = load <2 x i64>, ptr %p
  %s = load { i8, i64 }, ptr %p
  ret void
}
;--- alloca-addrspace-from-datalayout
target datalayout = "e-p:64:64-p5:32:32-A5"
define void @f() {
  %a = alloca i32
  %b = alloca i32, addrspace(5)
  store i32 0, ptr addrspace(5) %a
  ret void
}
;--- atomics-no-align
define void @f(ptr %p) {
  %a = load atomic i32, ptr %p seq_cst
  store atomic i64 1, ptr %p release
  %b = atomicrmw add ptr %p, i32 1 monotonic
  %c = cmpxchg ptr %p, i64 0, i64 1 acq_rel acquire
  ret void
}
;--- big-types-no-align
define void @f(ptr %p) {
  %a = load i128, ptr %p
  %b = load fp128, ptr %p
  %c = load [3 x i16], ptr %p
  %d = load <3 x i32>, ptr %p
  %e = load half, ptr %p
  %f = load bfloat, ptr %p
  %g = load ppc_fp128, ptr %p
  %h = load i7, ptr %p
  %i = load i1, ptr %p
  %j = load i24, ptr %p
  ret void
}
;--- explicit-align-kept
define void @f(ptr %p) {
  %a = load i32, ptr %p, align 1
  store volatile i32 %a, ptr %p, align 16
  %b = alloca i8, align 32
  ret void
}
;--- big-endian-datalayout
target datalayout = "E-m:e-i64:64-n32:64-S128"
target triple = "powerpc64-unknown-linux-gnu"
define i64 @f(ptr %p) {
  %a = alloca i64
  %v = load i64, ptr %p
  ret i64 %v
}
;--- global-no-align
@a = global i32 0
@b = global [4 x i8] zeroinitializer
@c = constant double 1.0
@d = external global i64
define ptr @f() {
  ret ptr @a
}
;--- struct-packed-load
%S = type <{ i8, i32 }>
%T = type { i8, i32, [2 x i64] }
define void @f(ptr %p) {
  %a = load %S, ptr %p
  %b = load %T, ptr %p
  %c = alloca %T
  ret void
}
;--- vector-alloca-datalayout
target datalayout = "e-v128:32-v256:64"
define void @f(ptr %p) {
  %a = alloca <4 x i32>
  %b = load <8 x i32>, ptr %p
  %c = load <16 x i8>, ptr %p
  ret void
}
