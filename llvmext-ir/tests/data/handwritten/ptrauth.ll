;--- ptrauth-addrspaces-and-nesting
@g1 = addrspace(1) global i32 0
@g = global i32 0
@p = global ptr addrspace(1) ptrauth (ptr addrspace(1) @g1, i32 0)
@q = global ptr addrspace(1) ptrauth (ptr addrspace(1) @g1, i32 0, i64 0, ptr addrspace(1) null)
@r = global ptr addrspace(1) ptrauth (ptr addrspace(1) @g1, i32 0, i64 0, ptr null)
@s = global ptr addrspace(1) ptrauth (ptr addrspace(1) @g1, i32 1, i64 0, ptr addrspace(1) @g1)
@t = global ptr ptrauth (ptr @g, i32 1, i64 -1, ptr getelementptr (i8, ptr @g, i64 8))
@u = global <2 x ptr> <ptr ptrauth (ptr @g, i32 0), ptr null>
@v = global { ptr, i32 } { ptr ptrauth (ptr @g, i32 3, i64 5), i32 0 }
@w = global ptr ptrauth (ptr ptrauth (ptr @g, i32 0), i32 1)
;--- ptrauth-in-functions-and-metadata
@g = global i32 0
@h = global i32 0
define ptr @f(i1 %c) {
entry:
  br i1 %c, label %a, label %b
a:
  store ptr ptrauth (ptr @h, i32 1, i64 2, ptr @g), ptr @g
  ret ptr ptrauth (ptr @g, i32 1, i64 2, ptr @h)
b:
  %x = load ptr, ptr @h
  ret ptr ptrauth (ptr @h, i32 0, i64 7)
}
define void @k() {
  call void @use(ptr ptrauth (ptr @g, i32 0), ptr @h, ptr @g, ptr ptrauth (ptr @h, i32 0))
  ret void
}
declare void @use(ptr, ptr, ptr, ptr)
!named = !{!0}
!0 = !{ptr ptrauth (ptr @g, i32 2)}
;--- ptrauth-uselistorder
@a = global i32 0
@b = global [3 x ptr] [ptr ptrauth (ptr @a, i32 0, i64 1), ptr @a, ptr ptrauth (ptr @a, i32 0, i64 1, ptr @a)]
@c = global ptr ptrauth (ptr @a, i32 0, i64 1)
define ptr @f() {
  %1 = getelementptr i8, ptr @a, i64 1
  ret ptr ptrauth (ptr @a, i32 0, i64 1)
}
uselistorder ptr @a, { 4, 2, 1, 3, 0 }
;--- ptrauth-key-not-i32
@g = global i32 0
@x = global ptr ptrauth (ptr @g, i64 0)
;--- ptrauth-disc-not-constant-int
@g = global i32 0
@x = global ptr ptrauth (ptr @g, i32 0, i64 ptrtoint (ptr @g to i64))
;--- ptrauth-type-mismatch
@g = global i32 0
@x = global ptr addrspace(1) ptrauth (ptr @g, i32 0)
;--- ptrauth-aliasee
@g = global i32 0
@a = alias i32, ptr ptrauth (ptr @g, i32 0)
;--- ptrauth-local-operand
define ptr @f(ptr %p) {
  ret ptr ptrauth (ptr @f, i32 0, i64 0, ptr %p)
}
