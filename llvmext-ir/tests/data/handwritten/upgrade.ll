;--- memcpy-typed
declare void @llvm.memcpy.p0i8.p0i8.i64(i8*, i8*, i64, i1)
define void @f(i8* %d, i8* %s) {
  call void @llvm.memcpy.p0i8.p0i8.i64(i8* %d, i8* %s, i64 16, i1 false)
  ret void
}
;--- memset-typed
declare void @llvm.memset.p0i8.i64(i8* nocapture writeonly, i8, i64, i1 immarg)
define void @f(i8* %d) {
  call void @llvm.memset.p0i8.i64(i8* align 4 %d, i8 0, i64 16, i1 false)
  ret void
}
;--- lifetime-typed
declare void @llvm.lifetime.start.p0i8(i64, i8* nocapture)
declare void @llvm.lifetime.end.p0i8(i64, i8* nocapture)
define void @f() {
  %a = alloca [16 x i8]
  %p = bitcast [16 x i8]* %a to i8*
  call void @llvm.lifetime.start.p0i8(i64 16, i8* %p)
  call void @llvm.lifetime.end.p0i8(i64 16, i8* %p)
  ret void
}
;--- stacksave-old
declare i8* @llvm.stacksave()
declare void @llvm.stackrestore(i8*)
define void @f() {
  %s = call i8* @llvm.stacksave()
  call void @llvm.stackrestore(i8* %s)
  ret void
}
;--- objectsize-two-args
declare i64 @llvm.objectsize.i64.p0i8(i8*, i1)
define i64 @f(i8* %p) {
  %s = call i64 @llvm.objectsize.i64.p0i8(i8* %p, i1 false)
  ret i64 %s
}
;--- vector-reduce-old
declare i32 @llvm.experimental.vector.reduce.add.v4i32(<4 x i32>)
define i32 @f(<4 x i32> %v) {
  %r = call i32 @llvm.experimental.vector.reduce.add.v4i32(<4 x i32> %v)
  ret i32 %r
}
;--- ctlz-one-arg
declare i32 @llvm.ctlz.i32(i32)
define i32 @f(i32 %x) {
  %r = call i32 @llvm.ctlz.i32(i32 %x)
  ret i32 %r
}
;--- dbg-declare-old
declare void @llvm.dbg.declare(metadata, metadata, metadata)
define void @f() !dbg !4 {
  %a = alloca i32
  call void @llvm.dbg.declare(metadata i32* %a, metadata !7, metadata !DIExpression()), !dbg !8
  ret void
}
!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2, !3}
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "a.c", directory: "/tmp")
!2 = !{i32 2, !"Debug Info Version", i32 3}
!3 = !{i32 7, !"Dwarf Version", i32 5}
!4 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 1, type: !5, unit: !0, spFlags: DISPFlagDefinition)
!5 = !DISubroutineType(types: !6)
!6 = !{null}
!7 = !DILocalVariable(name: "a", scope: !4, file: !1, line: 2, type: !9)
!8 = !DILocation(line: 2, scope: !4)
!9 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
;--- masked-load-typed
declare <4 x i32> @llvm.masked.load.v4i32.p0v4i32(<4 x i32>*, i32, <4 x i1>, <4 x i32>)
define <4 x i32> @f(<4 x i32>* %p, <4 x i1> %m) {
  %r = call <4 x i32> @llvm.masked.load.v4i32.p0v4i32(<4 x i32>* %p, i32 4, <4 x i1> %m, <4 x i32> undef)
  ret <4 x i32> %r
}
;--- invariant-start-typed
declare {}* @llvm.invariant.start.p0i8(i64, i8* nocapture)
define void @f(i8* %p) {
  %i = call {}* @llvm.invariant.start.p0i8(i64 4, i8* %p)
  ret void
}
;--- x86-mmx
define x86_mmx @f(x86_mmx %a) {
  ret x86_mmx %a
}
;--- x86-mmx-bitcast
define i64 @f(x86_mmx %a) {
  %b = bitcast x86_mmx %a to i64
  ret i64 %b
}
;--- var-annotation-old
declare void @llvm.var.annotation(i8*, i8*, i8*, i32)
define void @f(i8* %p) {
  call void @llvm.var.annotation(i8* %p, i8* %p, i8* %p, i32 1)
  ret void
}
;--- prefetch-old
declare void @llvm.prefetch(i8*, i32, i32, i32)
define void @f(i8* %p) {
  call void @llvm.prefetch(i8* %p, i32 0, i32 3, i32 1)
  ret void
}
;--- umul-overflow
declare { i32, i1 } @llvm.umul.with.overflow.i32(i32, i32)
define i1 @f(i32 %a, i32 %b) {
  %r = call { i32, i1 } @llvm.umul.with.overflow.i32(i32 %a, i32 %b)
  %o = extractvalue { i32, i1 } %r, 1
  ret i1 %o
}
;--- launder-typed
declare i8* @llvm.launder.invariant.group.p0i8(i8*)
define i8* @f(i8* %p) {
  %r = call i8* @llvm.launder.invariant.group.p0i8(i8* %p)
  ret i8* %r
}
;--- dbg-value-old
declare void @llvm.dbg.value(metadata, metadata, metadata)
define i32 @f(i32 %a) !dbg !4 {
  call void @llvm.dbg.value(metadata i32 %a, metadata !7, metadata !DIExpression()), !dbg !8
  call void @llvm.dbg.value(metadata i32 undef, metadata !7, metadata !DIExpression(DW_OP_plus_uconst, 4)), !dbg !8
  %b = add i32 %a, 1, !dbg !8
  call void @llvm.dbg.value(metadata i32 %b, metadata !7, metadata !DIExpression()), !dbg !8
  ret i32 %b, !dbg !8
}
!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2}
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, emissionKind: FullDebug)
!1 = !DIFile(filename: "a.c", directory: "/tmp")
!2 = !{i32 2, !"Debug Info Version", i32 3}
!4 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 1, type: !5, unit: !0, spFlags: DISPFlagDefinition)
!5 = !DISubroutineType(types: !6)
!6 = !{null}
!7 = !DILocalVariable(name: "a", scope: !4, file: !1, line: 2, type: !9)
!8 = !DILocation(line: 2, scope: !4)
!9 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!10 = !DILabel(scope: !4, name: "L", file: !1, line: 3)
!11 = distinct !DIAssignID()
;--- dbg-value-four-args
declare void @llvm.dbg.value(metadata, i64, metadata, metadata)
define void @f(i32 %a) !dbg !4 {
  call void @llvm.dbg.value(metadata i32 %a, i64 0, metadata !7, metadata !DIExpression()), !dbg !8
  ret void
}
!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2}
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, emissionKind: FullDebug)
!1 = !DIFile(filename: "a.c", directory: "/tmp")
!2 = !{i32 2, !"Debug Info Version", i32 3}
!4 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 1, type: !5, unit: !0, spFlags: DISPFlagDefinition)
!5 = !DISubroutineType(types: !6)
!6 = !{null}
!7 = !DILocalVariable(name: "a", scope: !4, file: !1, line: 2, type: !9)
!8 = !DILocation(line: 2, scope: !4)
!9 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!10 = !DILabel(scope: !4, name: "L", file: !1, line: 3)
!11 = distinct !DIAssignID()
;--- dbg-label-old
declare void @llvm.dbg.label(metadata)
define void @f() !dbg !4 {
  call void @llvm.dbg.label(metadata !10), !dbg !8
  ret void
}
!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2}
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, emissionKind: FullDebug)
!1 = !DIFile(filename: "a.c", directory: "/tmp")
!2 = !{i32 2, !"Debug Info Version", i32 3}
!4 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 1, type: !5, unit: !0, spFlags: DISPFlagDefinition)
!5 = !DISubroutineType(types: !6)
!6 = !{null}
!7 = !DILocalVariable(name: "a", scope: !4, file: !1, line: 2, type: !9)
!8 = !DILocation(line: 2, scope: !4)
!9 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!10 = !DILabel(scope: !4, name: "L", file: !1, line: 3)
!11 = distinct !DIAssignID()
;--- dbg-assign-old
declare void @llvm.dbg.assign(metadata, metadata, metadata, metadata, metadata, metadata)
define void @f() !dbg !4 {
  %a = alloca i32, !DIAssignID !11
  call void @llvm.dbg.assign(metadata i1 undef, metadata !7, metadata !DIExpression(), metadata !11, metadata ptr %a, metadata !DIExpression()), !dbg !8
  ret void
}
!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2}
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, emissionKind: FullDebug)
!1 = !DIFile(filename: "a.c", directory: "/tmp")
!2 = !{i32 2, !"Debug Info Version", i32 3}
!4 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 1, type: !5, unit: !0, spFlags: DISPFlagDefinition)
!5 = !DISubroutineType(types: !6)
!6 = !{null}
!7 = !DILocalVariable(name: "a", scope: !4, file: !1, line: 2, type: !9)
!8 = !DILocation(line: 2, scope: !4)
!9 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!10 = !DILabel(scope: !4, name: "L", file: !1, line: 3)
!11 = distinct !DIAssignID()
;--- dbg-mixed-record-then-call
declare void @llvm.dbg.value(metadata, metadata, metadata)
define void @f(i32 %a) !dbg !4 {
    #dbg_value(i32 %a, !7, !DIExpression(), !8)
  call void @llvm.dbg.value(metadata i32 %a, metadata !7, metadata !DIExpression()), !dbg !8
  ret void
}
!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2}
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, emissionKind: FullDebug)
!1 = !DIFile(filename: "a.c", directory: "/tmp")
!2 = !{i32 2, !"Debug Info Version", i32 3}
!4 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 1, type: !5, unit: !0, spFlags: DISPFlagDefinition)
!5 = !DISubroutineType(types: !6)
!6 = !{null}
!7 = !DILocalVariable(name: "a", scope: !4, file: !1, line: 2, type: !9)
!8 = !DILocation(line: 2, scope: !4)
!9 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!10 = !DILabel(scope: !4, name: "L", file: !1, line: 3)
!11 = distinct !DIAssignID()
;--- dbg-mixed-call-then-record
declare void @llvm.dbg.value(metadata, metadata, metadata)
define void @f(i32 %a) !dbg !4 {
  call void @llvm.dbg.value(metadata i32 %a, metadata !7, metadata !DIExpression()), !dbg !8
    #dbg_value(i32 %a, !7, !DIExpression(), !8)
  ret void
}
!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2}
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, emissionKind: FullDebug)
!1 = !DIFile(filename: "a.c", directory: "/tmp")
!2 = !{i32 2, !"Debug Info Version", i32 3}
!4 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 1, type: !5, unit: !0, spFlags: DISPFlagDefinition)
!5 = !DISubroutineType(types: !6)
!6 = !{null}
!7 = !DILocalVariable(name: "a", scope: !4, file: !1, line: 2, type: !9)
!8 = !DILocation(line: 2, scope: !4)
!9 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!10 = !DILabel(scope: !4, name: "L", file: !1, line: 3)
!11 = distinct !DIAssignID()
;--- both-names-declared
declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)
declare void @llvm.memcpy.p0i8.p0i8.i64(i8*, i8*, i64, i1)
define void @f(ptr %d, ptr %s) {
  call void @llvm.memcpy.p0i8.p0i8.i64(i8* %d, i8* %s, i64 1, i1 false)
  call void @llvm.memcpy.p0.p0.i64(ptr %d, ptr %s, i64 2, i1 false)
  ret void
}
;--- upgrade-keeps-order
declare i32 @llvm.ctlz.i32(i32)
declare void @g()
declare i32 @llvm.cttz.i32(i32)
define i32 @f(i32 %x) {
  %a = tail call i32 @llvm.ctlz.i32(i32 %x)
  %b = call i32 @llvm.cttz.i32(i32 %a)
  call void @g()
  ret i32 %b
}
;--- objectsize-three-args
declare i32 @llvm.objectsize.i32.p0i8(i8*, i1, i1)
define i32 @f(i8* %p) {
  %s = call i32 @llvm.objectsize.i32.p0i8(i8* %p, i1 true, i1 true)
  ret i32 %s
}
;--- vector-reduce-v2-fadd
declare float @llvm.experimental.vector.reduce.v2.fadd.f32.v4f32(float, <4 x float>)
define float @f(<4 x float> %v) {
  %r = call float @llvm.experimental.vector.reduce.v2.fadd.f32.v4f32(float 0.0, <4 x float> %v)
  ret float %r
}
;--- addrspace-typed-mangling
declare void @llvm.memcpy.p1i8.p1i8.i64(i8 addrspace(1)*, i8 addrspace(1)*, i64, i1)
define void @f(i8 addrspace(1)* %d, i8 addrspace(1)* %s) {
  call void @llvm.memcpy.p1i8.p1i8.i64(i8 addrspace(1)* %d, i8 addrspace(1)* %s, i64 16, i1 false)
  ret void
}
;--- remangle-overloaded-intrinsic-names
define i32 @f(i32 %x) {
  %a = call i32 @llvm.abs.i64(i32 %x, i1 false)
  %b = call <2 x float> @llvm.fabs.f32(<2 x float> zeroinitializer)
  %c = call i32 @llvm.ctpop(i32 %a)
  ret i32 %a
}
declare i32 @llvm.abs.i64(i32, i1)
declare <2 x float> @llvm.fabs.f32(<2 x float>)
declare i32 @llvm.ctpop(i32)
;--- remangle-onto-an-existing-declaration
define i32 @f(i32 %x, i64 %y) {
  %a = call i32 @llvm.abs.i64(i32 %x, i1 false)
  %b = call i32 @llvm.abs.i32(i32 %x, i1 true)
  %c = call i64 @llvm.ctlz.i32(i64 %y, i1 false)
  ret i32 %a
}
declare i32 @llvm.abs.i64(i32, i1)
declare i32 @llvm.abs.i32(i32, i1)
declare i64 @llvm.ctlz.i32(i64, i1)
declare i64 @llvm.umax.i32.i32(i64, i64)
declare ptr @llvm.ptrmask.p0.i32(ptr, i64)
;--- typed-pointer-intrinsic-name-with-another-address-space
declare void @llvm.lifetime.start.p0i8(i64, i8* nocapture)
declare void @llvm.lifetime.end.p5i8(i64, i8* nocapture)
define void @f() {
  %a = alloca [16 x i8]
  %p = bitcast [16 x i8]* %a to i8*
  call void @llvm.lifetime.start.p0i8(i64 16, i8* %p)
  ret void
}
;--- remangle-swap
; Two declarations with each other's names: the first remangled takes its
; name from the second, which is renamed NAME.renamed and remangled in turn.
declare i32 @llvm.abs.i64(i32, i1)
declare i64 @llvm.abs.i32(i64, i1)
define i32 @f(i32 %x, i64 %y) {
  %a = call i32 @llvm.abs.i64(i32 %x, i1 false)
  %b = call i64 @llvm.abs.i32(i64 %y, i1 false)
  ret i32 %a
}
;--- remangle-over-a-variable
@llvm.abs.i32 = global i32 0
declare i32 @llvm.abs.i64(i32, i1)
define i32 @f(i32 %x) {
  %a = call i32 @llvm.abs.i64(i32 %x, i1 false)
  ret i32 %a
}
