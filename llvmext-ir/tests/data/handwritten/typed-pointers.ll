; Typed pointers: LLVM 19 reads them as opaque `ptr`.
;--- hello-world
@.str = private unnamed_addr constant [13 x i8] c"hello world\0A\00"
declare i32 @puts(i8* nocapture) nounwind
define i32 @main() {
  %cast210 = getelementptr [13 x i8], [13 x i8]* @.str, i64 0, i64 0
  call i32 @puts(i8* %cast210)
  ret i32 0
}
!0 = !{i32 42, null, !"string"}
!foo = !{!0}
;--- pointer-kinds
%T = type { i32, %T* }
@g = global i32* null
@h = global i8 addrspace(1)* null
@fp = global i32 (i32)* null
@pp = global i8** null
@arr = global [2 x i32*] zeroinitializer
define %T* @f(%T* %p, i8 addrspace(3)* %q, void ()* %cb) {
  call void %cb()
  ret %T* %p
}
;--- load-store-typed
define i32 @f(i32* %p, i32** %pp) {
  %q = load i32*, i32** %pp
  %v = load i32, i32* %q
  store i32 %v, i32* %p, align 4
  ret i32 %v
}
;--- bitcast-pointers
define i8* @f(i32* %p) {
  %q = bitcast i32* %p to i8*
  %r = bitcast i8* %q to i64*
  %s = bitcast i64* %r to i8*
  ret i8* %s
}
;--- constant-bitcast-typed
@g = global i32 0
@p = global i8* bitcast (i32* @g to i8*)
@q = global i64* getelementptr (i32, i32* @g, i64 1)
;--- addrspace-typed
define void @f(i32 addrspace(1)* %p) {
  %q = addrspacecast i32 addrspace(1)* %p to i32*
  store i32 0, i32* %q
  ret void
}
;--- call-through-typed-fnptr
define i32 @f(i32 (i32, ...)* %fp) {
  %r = call i32 (i32, ...) %fp(i32 1, i32 2)
  ret i32 %r
}
;--- gep-typed-struct
%struct.S = type { i32, [4 x i8], %struct.S* }
define i8* @f(%struct.S* %s) {
  %a = getelementptr inbounds %struct.S, %struct.S* %s, i32 0, i32 1, i64 2
  %n = getelementptr %struct.S, %struct.S* %s, i32 0, i32 2
  %nn = load %struct.S*, %struct.S** %n
  ret i8* %a
}
;--- vector-of-pointers
define <2 x i32*> @f(<2 x i32*> %v) {
  %g = getelementptr i32, <2 x i32*> %v, <2 x i64> <i64 1, i64 2>
  ret <2 x i32*> %g
}
;--- opaque-struct-pointer
%opaque = type opaque
declare void @use(%opaque*)
define void @f(%opaque* %x) {
  call void @use(%opaque* %x)
  ret void
}
;--- ptr-to-ptr-star
define void @f(ptr %p) {
  %q = load ptr, ptr %p
  ret void
}
;--- sret-byval-typed
%S = type { i64, i64 }
declare void @g(%S* sret(%S), %S* byval(%S) align 8)
define void @f(%S* %a, %S* %b) {
  call void @g(%S* sret(%S) %a, %S* byval(%S) align 8 %b)
  ret void
}
