; Input for the PC-sections differential tests (llc-19 -filetype=obj with
; -code-model=small and -code-model=large). Each section gets at most one
; instruction group per function, so the output does not depend on the
; order of LLVM's hash map of groups.
target triple = "x86_64-unknown-linux-gnu"

@g = global i64 0
@h = global i32 0

define i64 @foo(i64 %x) !pcsections !0 {
entry:
  %c = atomicrmw add ptr @g, i64 %x seq_cst, !pcsections !2
  %d = atomicrmw xchg ptr @g, i64 %c seq_cst, !pcsections !2
  %e = atomicrmw or ptr @h, i32 3 seq_cst, !pcsections !3
  %e64 = zext i32 %e to i64
  %r = add i64 %d, %e64
  ret i64 %r
}

define void @bar(i64 %x) !pcsections !4 {
  store atomic i64 %x, ptr @g release, align 8, !pcsections !5
  ret void
}

!0 = !{!"sec.funcs", !1}
!1 = !{i32 7, i64 9}
!2 = !{!"sec.a", !6}
!3 = !{!"sec.b!C", !7, !8, !"sec.c"}
!4 = !{!"sec.funcs2!C", !1}
!5 = !{!"sec.a"}
!6 = !{i8 1, i16 2}
!7 = !{i64 300, i8 200, i32 70000}
!8 = !{i16 5}
