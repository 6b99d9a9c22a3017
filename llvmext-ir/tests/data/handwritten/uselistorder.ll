;--- local-ok
define i32 @f(i32 %a) {
entry:
  %x = add i32 %a, 1
  %y = add i32 %a, 2
  %z = add i32 %x, %y
  ret i32 %z
  uselistorder i32 %a, { 1, 0 }
}
;--- local-wrong-count
define i32 @f(i32 %a) {
  %x = add i32 %a, 1
  %y = add i32 %a, %a
  ret i32 %y
  uselistorder i32 %a, { 1, 0 }
}
;--- local-one-use
define i32 @f(i32 %a) {
  %x = add i32 %a, 1
  ret i32 %x
  uselistorder i32 %a, { 1, 0 }
}
;--- local-no-use
define void @f(i32 %a) {
  ret void
  uselistorder i32 %a, { 1, 0 }
}
;--- identity-order
define i32 @f(i32 %a) {
  %x = add i32 %a, %a
  ret i32 %x
  uselistorder i32 %a, { 0, 1 }
}
;--- not-distinct
define i32 @f(i32 %a) {
  %x = add i32 %a, %a
  ret i32 %x
  uselistorder i32 %a, { 1, 1 }
}
;--- single-index
define i32 @f(i32 %a) {
  %x = add i32 %a, %a
  ret i32 %x
  uselistorder i32 %a, { 0 }
}
;--- empty-indexes
define i32 @f(i32 %a) {
  %x = add i32 %a, %a
  ret i32 %x
  uselistorder i32 %a, { }
}
;--- global-ok
@g = global i32 0
define void @f() {
  store i32 1, ptr @g
  store i32 2, ptr @g
  ret void
}
uselistorder ptr @g, { 1, 0 }
;--- bb-ok
define void @f(i1 %c) {
entry:
  br i1 %c, label %a, label %b
a:
  br label %b
b:
  ret void
}
uselistorder_bb @f, %b, { 1, 0 }
;--- bb-forward
uselistorder_bb @f, %b, { 1, 0 }
define void @f(i1 %c) {
entry:
  br i1 %c, label %b, label %b
b:
  ret void
}
;--- bb-numeric
define void @f(i1 %c) {
  br i1 %c, label %1, label %1
1:
  ret void
}
uselistorder_bb @f, %1, { 1, 0 }
;--- bb-declaration
declare void @f()
uselistorder_bb @f, %b, { 1, 0 }
;--- bb-unknown
define void @f() {
b:
  ret void
}
uselistorder_bb @f, %c, { 1, 0 }
;--- bb-blockaddress-use
@p = global ptr blockaddress(@f, %b)
define void @f(i1 %c) {
entry:
  br i1 %c, label %b, label %e
b:
  ret void
e:
  ret void
}
uselistorder_bb @f, %b, { 1, 0 }
;--- directive-in-middle
define i32 @f(i32 %a) {
  %x = add i32 %a, %a
  uselistorder i32 %a, { 1, 0 }
  ret i32 %x
}
