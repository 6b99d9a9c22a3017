; The function header in LLParser::parseFunctionHeader's order: attributes
; (align among them), section, partition, comdat, align, gc, prefix,
; prologue, personality, then metadata attachments; each at most once.
;--- header-1
$f = comdat any
define void @f() gc "x" nounwind {
  ret void
}
;--- header-2
$f = comdat any
define void @f() section "s" nounwind {
  ret void
}
;--- header-3
$f = comdat any
define void @f() align 4 section "s" {
  ret void
}
;--- header-4
$f = comdat any
define void @f() gc "x" align 4 {
  ret void
}
;--- header-5
$f = comdat any
define void @f() prefix i32 1 gc "x" {
  ret void
}
;--- header-6
$f = comdat any
define void @f() comdat section "s" {
  ret void
}
;--- header-7
$f = comdat any
define void @f() personality ptr null prefix i32 1 {
  ret void
}
;--- header-8
$f = comdat any
define void @f() section "s" partition "p" comdat align 8 gc "g" prefix i32 1 prologue i8 2 personality ptr null !foo !{} {
  ret void
}
;--- header-9
$f = comdat any
define void @f() section "s" section "t" {
  ret void
}
;--- header-10
$f = comdat any
define void @f() align(4) {
  ret void
}
;--- header-11
$f = comdat any
define void @f() section "s" align(4) {
  ret void
}
;--- header-12
$f = comdat any
define void @f() !foo !{} section "s" {
  ret void
}
;--- header-13
$f = comdat any
define void @f() align 4 align 8 {
  ret void
}
;--- header-14
$f = comdat any
define void @f() align 3 {
  ret void
}
;--- header-15
$f = comdat any
define void @f() nounwind unnamed_addr {
  ret void
}
;--- header-16
$f = comdat any
define void @f() addrspace(1) unnamed_addr {
  ret void
}
;--- header-17
$f = comdat any
define void @f() unnamed_addr addrspace(1) nounwind align 16 {
  ret void
}
;--- header-18
$f = comdat any
define void @f() prologue i8 1 prefix i32 2 {
  ret void
}
