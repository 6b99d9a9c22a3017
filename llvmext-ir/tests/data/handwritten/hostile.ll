;--- bad-datalayout-letter
target datalayout = "e-Q"
;--- bad-datalayout-pointer
target datalayout = "p:0:64"
;--- bad-datalayout-align
target datalayout = "i32:24"
;--- align-without-equals-in-group
attributes #0 = { align 4 }
;--- align-with-equals-in-group
define void @f() #0 { ret void }
attributes #0 = { alignstack=16 }
;--- addrspace-too-large
@g = global i32 0, addrspace(16777216)
;--- addrspace-max
@g = addrspace(16777215) global i32 0
;--- source-filename-after-metadata
!0 = !{}
source_filename = "a.c"
;--- target-after-global
@g = global i32 0
target triple = "x86_64-pc-linux-gnu"
;--- truncated-function
define i32 @f(i32 %a) #0 {
  %b = add i32 %a, 1
;--- truncated-in-type
%T = type { i32,
;--- truncated-string
@s = constant [3 x i8] c"ab
;--- undefined-attr-group
define void @f() #3 { ret void }
;--- undefined-value
define i32 @f() {
  ret i32 %x
}
;--- redefined-value
define i32 @f(i32 %a) {
  %a = add i32 1, 2
  ret i32 %a
}
;--- int-too-wide
@g = global i16777216 0
;--- int-max-width
@g = global i8388608 1
;--- huge-array-type-ok
@g = external global [4294967296 x [4294967296 x i8]]
;--- vector-zero-elements
@g = global <0 x i32> zeroinitializer
;--- ptr-of-ptr-star
@g = global ptr* null
;--- void-pointer
@g = global void* null
;--- label-pointer
define void @f(label* %x) { ret void }
;--- duplicate-global
@g = global i32 0
@g = global i32 1
;--- duplicate-non-utf8-globals-ok
@"\FF\FE" = global i32 0
@"\FF\FD" = global i32 1
;--- bad-escape-in-string
@s = constant [2 x i8] c"\G1"
;--- unterminated-comment-ok
@g = global i32 0 ; trailing comment without newline
;--- nested-deep-type
@g = global [1 x [1 x [1 x [1 x [1 x [1 x [1 x [1 x [1 x [1 x [1 x [1 x [1 x [1 x [1 x [1 x [1 x [1 x [1 x [1 x i8]]]]]]]]]]]]]]]]]]]] zeroinitializer
;--- bad-linkage-order
@g = dso_local private global i32 0
;--- private-declaration
declare private void @f()
;--- common-nonzero
@g = common global i32 1
;--- bad-alignment
@g = global i32 0, align 3
;--- huge-alignment
@g = global i32 0, align 8589934592
;--- max-alignment
@g = global i32 0, align 4294967296
;--- bad-cast
define i64 @f(i32 %a) {
  %b = trunc i32 %a to i64
  ret i64 %b
}
;--- bad-icmp-types
define i1 @f(i32 %a, i64 %b) {
  %c = icmp eq i32 %a, %b
  ret i1 %c
}
;--- ret-mismatch
define i32 @f() {
  ret i64 0
}
;--- block-without-terminator
define void @f() {
entry:
  %a = add i32 1, 2
}
;--- switch-dup-case
define void @f(i32 %x) {
  switch i32 %x, label %d [ i32 1, label %d
                            i32 1, label %d ]
d:
  ret void
}
;--- truncated-after-instruction
define i32 @f(i32 %a) #0 {
  %b = add i32 %a, 1
;--- truncated-attr-group
define void @f() #0 { ret void }
attributes #0 = { nounwind 
;--- truncated-md-tuple
!0 = !{!1, !2
;--- undefined-attr-group-later-truncation
define void @f() #0 {
  ret void
}
attributes #0 = { noinline
;--- dso-local-dllimport
@g = dso_local dllimport global i32 0
;--- hidden-before-dso-local
@g = hidden dso_local global i32 0
;--- unnamed-addr-after-addrspace
@g = addrspace(1) unnamed_addr global i32 0
;--- thread-local-unnamed-addr-order-ok
@g = internal thread_local(initialexec) unnamed_addr global i32 0
;--- function-thread-local
define thread_local void @f() { ret void }
;--- align-paren-in-group
attributes #0 = { align(4) }
;--- alignstack-forms
define void @f() alignstack(16) #0 { ret void }
attributes #0 = { alignstack=8 }
;--- scalable-vector-global
@g = global <vscale x 4 x i32> zeroinitializer
;--- scalable-in-struct-global
@g = global {<vscale x 4 x i32>} zeroinitializer
;--- scalable-external-global
@g = external global <vscale x 4 x i32>
;--- scalable-alloca-ok
define void @f() {
  %a = alloca <vscale x 4 x i32>
  ret void
}
;--- datalayout-non-ascii-specifier
target datalayout = "e-ÿÿv:256"
;--- tbaa-tag-is-a-dilocation
define i32 @f(ptr %p) !dbg !3 {
  %v = load i32, ptr %p, !tbaa !5
  ret i32 %v
}
!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!9}
!9 = !{i32 2, !"Debug Info Version", i32 3}
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, emissionKind: FullDebug)
!1 = !DIFile(filename: "a.c", directory: "/")
!3 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 1, type: !4, unit: !0, spFlags: DISPFlagDefinition)
!4 = !DISubroutineType(types: !{null})
!5 = !DILocation(line: 1, scope: !3)
;--- huge-label-number-wraps
define i32 @f() {
4294967295:
  ret i32 0
}
;--- huge-value-number
define i32 @f() {
  %4294967295 = add i32 0, 0
  ret i32 0
}
;--- huge-label-then-garbage
define i32 @f(i32 %a) {
  66666666636:2 %a, %a
  ret i32 %x
  use66666666632 %a, %a
   }
}
;--- label-number-minus-one
; LLParser's NameID is an int whose -1 means "no number": a label or value
; numbered 4294967295 is unnumbered, and %4294967295 stays undefined.
define void @f() {
  br label %4294967295
4294967295:
  ret void
}
;--- value-number-minus-one
define i32 @f() {
entry:
  %4294967295 = add i32 1, 1
  ret i32 %0
}
;--- label-number-minus-one-unnamed
define i32 @f() {
  %4294967295 = add i32 1, 1
  br label %4294967295
4294967295:
  ret i32 %0
}
