; Modules that make the bitcode writer write every record LLVM 19 writes
; which clang-19 of the testdata sources never needs: atomics, va_arg,
; callbr, blockaddress users, funclets, operand bundles, the rarer
; constants and types, and every debug-info node kind in a module the
; verifier accepts (llvmext-bitcode's write tests check that every
; record is written by some module).
;--- atomics
define i32 @f(ptr %p, i32 %v) {
  %a = load atomic i32, ptr %p seq_cst, align 4
  %b = load atomic volatile i32, ptr %p syncscope("singlethread") acquire, align 4
  store atomic i32 %v, ptr %p release, align 4
  store atomic volatile i32 %b, ptr %p syncscope("agent") seq_cst, align 4
  %c = cmpxchg ptr %p, i32 %a, i32 %v acq_rel monotonic, align 4
  %w = cmpxchg weak volatile ptr %p, i32 %a, i32 %v syncscope("singlethread") seq_cst seq_cst, align 4
  %r = atomicrmw volatile xchg ptr %p, i32 1 monotonic, align 4
  %s = atomicrmw fadd ptr %p, float 1.0 syncscope("agent") seq_cst, align 4
  fence acquire
  fence syncscope("agent") seq_cst
  %x = extractvalue { i32, i1 } %c, 0
  ret i32 %x
}
;--- va-arg
define i32 @f(ptr %ap) {
  %v = va_arg ptr %ap, i32
  %d = va_arg ptr %ap, double
  ret i32 %v
}
;--- callbr
define i32 @f(i32 %x) {
entry:
  %r = callbr i32 asm "jmp ${1:l}", "=r,!i"() to label %ok [label %err]
ok:
  ret i32 %r
err:
  ret i32 -1
}
;--- blockaddress-users
define void @target(i1 %c) {
entry:
  br i1 %c, label %bb, label %other
bb:
  ret void
other:
  ret void
}
define ptr @user() {
  ret ptr blockaddress(@target, %bb)
}
define void @store(ptr %p) {
  store ptr blockaddress(@target, %other), ptr %p
  ret void
}
;--- funclets
declare void @may_throw()
declare i32 @__CxxFrameHandler3(...)
define void @f() personality ptr @__CxxFrameHandler3 {
entry:
  invoke void @may_throw() to label %done unwind label %dispatch
dispatch:
  %cs = catchswitch within none [label %handler] unwind label %cleanup
handler:
  %cp = catchpad within %cs [ptr null, i32 64, ptr null]
  catchret from %cp to label %done
cleanup:
  %cl = cleanuppad within none []
  call void @may_throw() [ "funclet"(token %cl) ]
  cleanupret from %cl unwind to caller
done:
  ret void
}
;--- operand-bundles
declare void @g(i32)
declare void @llvm.assume(i1)
define void @f(ptr %p, i32 %x) {
  call void @g(i32 %x) [ "deopt"(i32 1, ptr %p), "gc-live"(ptr %p) ]
  call void @llvm.assume(i1 true) [ "align"(ptr %p, i64 16), "nonnull"(ptr %p) ]
  call void @g(i32 0) [ "unknown-tag"() ]
  ret void
}
;--- special-constants
declare void @ext()
@e = global ptr dso_local_equivalent @ext
@n = global ptr no_cfi @ext
;--- ptrauth
declare void @ext()
@pa = global ptr ptrauth (ptr @ext, i32 0)
@pb = global ptr ptrauth (ptr @ext, i32 2, i64 1234, ptr @pb)
@pc = global ptr ptrauth (ptr @ext, i32 1, i64 0, ptr @pc)
@pd = global ptr ptrauth (ptr @ext, i32 3, i64 7)
@pe = global [2 x ptr] [ptr ptrauth (ptr @pa, i32 0), ptr getelementptr (i8, ptr ptrauth (ptr @ext, i32 1), i64 4)]
define ptr @f() {
  call void ptrauth (ptr @ext, i32 0)() [ "ptrauth"(i32 0, i64 0) ]
  ret ptr ptrauth (ptr @ext, i32 2, i64 99)
}
;--- rare-types
%opaque = type opaque
@g = external global %opaque
declare void @image(target("spirv.Image", i32, 1))
declare x86_amx @llvm.x86.tileloadd64.internal(i16, i16, ptr, i64)
define void @tok() {
  %t = call token @llvm.call.preallocated.setup(i32 0)
  ret void
}
declare token @llvm.call.preallocated.setup(i32)
define void @amx(ptr %p) {
  %a = call x86_amx @llvm.x86.tileloadd64.internal(i16 8, i16 8, ptr %p, i64 64)
  ret void
}
;--- debug-info-kinds
@common_ = global [2 x i32] zeroinitializer, !dbg !30
@s = global i32 0, !dbg !40

define void @f(i32 %n) !dbg !10 {
  %x = alloca i32, align 4
  ret void, !dbg !20
}

define void @t() !dbg !50 {
  ret void, !dbg !55
}

!llvm.dbg.cu = !{!1}
!llvm.module.flags = !{!0}
!named = !{!60, !61}

!0 = !{i32 2, !"Debug Info Version", i32 3}
!1 = distinct !DICompileUnit(language: DW_LANG_Fortran95, file: !2, producer: "hand", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug, globals: !3, imports: !4, macros: !6)
!2 = !DIFile(filename: "m.f90", directory: "/src")
!3 = !{!30, !40}
!4 = !{!5}
!5 = !DIImportedEntity(tag: DW_TAG_imported_module, scope: !1, entity: !70, file: !2, line: 2, elements: !71)
!6 = !{!7}
!7 = !DIMacroFile(line: 0, file: !2, nodes: !8)
!8 = !{!9}
!9 = !DIMacro(type: DW_MACINFO_define, line: 1, name: "N", value: "4")
!10 = distinct !DISubprogram(name: "f", scope: !2, file: !2, line: 3, type: !11, scopeLine: 3, spFlags: DISPFlagDefinition, unit: !1, retainedNodes: !14)
!11 = !DISubroutineType(types: !12)
!12 = !{null, !13}
!13 = !DIBasicType(name: "integer", size: 32, encoding: DW_ATE_signed)
!14 = !{!15, !16}
!15 = !DILocalVariable(name: "str", scope: !10, file: !2, line: 4, type: !17)
!16 = !DILocalVariable(name: "arr", scope: !10, file: !2, line: 5, type: !21)
!17 = !DIStringType(name: "character(*)", stringLength: !18, stringLengthExpression: !DIExpression(DW_OP_push_object_address, DW_OP_plus_uconst, 8), stringLocationExpression: !DIExpression(DW_OP_push_object_address, DW_OP_deref), size: 32)
!18 = !DILocalVariable(name: "len", scope: !10, file: !2, line: 4, type: !13, flags: DIFlagArtificial)
!19 = !DILexicalBlockFile(scope: !10, file: !2, discriminator: 3)
!20 = !DILocation(line: 6, column: 1, scope: !19)
!21 = !DICompositeType(tag: DW_TAG_array_type, baseType: !13, elements: !22, dataLocation: !DIExpression(DW_OP_push_object_address, DW_OP_deref))
!22 = !{!23}
!23 = !DIGenericSubrange(count: !DIExpression(DW_OP_push_object_address, DW_OP_plus_uconst, 16, DW_OP_deref), lowerBound: !DIExpression(DW_OP_push_object_address, DW_OP_plus_uconst, 24, DW_OP_deref), stride: !DIExpression(DW_OP_push_object_address, DW_OP_plus_uconst, 32, DW_OP_deref))
!30 = !DIGlobalVariableExpression(var: !31, expr: !DIExpression())
!31 = distinct !DIGlobalVariable(name: "a", scope: !32, file: !2, line: 7, type: !13, isLocal: false, isDefinition: true)
!32 = !DICommonBlock(scope: !10, declaration: null, name: "common", file: !2, line: 7)
!40 = !DIGlobalVariableExpression(var: !41, expr: !DIExpression())
!41 = distinct !DIGlobalVariable(name: "s", scope: !70, file: !2, line: 1, type: !13, isLocal: false, isDefinition: true)
!50 = distinct !DISubprogram(name: "t", linkageName: "_ZN2ns1tILi3EEEvv", scope: !51, file: !2, line: 9, type: !52, scopeLine: 9, spFlags: DISPFlagDefinition, unit: !1, templateParams: !53)
!51 = !DINamespace(name: "ns", scope: null, exportSymbols: true)
!52 = !DISubroutineType(types: !{null})
!53 = !{!54}
!54 = !DITemplateValueParameter(name: "N", type: !13, value: i32 3)
!55 = !DILocation(line: 9, scope: !50)
!60 = !DICompositeType(tag: DW_TAG_structure_type, name: "Obj", file: !2, line: 11, size: 64, elements: !62, runtimeLang: DW_LANG_ObjC)
!61 = !GenericDINode(tag: DW_TAG_variable, header: "hdr", operands: {!13, null, !"s"})
!62 = !{!63}
!63 = !DIObjCProperty(name: "p", file: !2, line: 12, setter: "setP:", getter: "p", attributes: 2316, type: !13)
!70 = !DIModule(scope: null, name: "mod", file: !2, line: 1)
!71 = !{}
;--- scalable-shuffle-exprs
define <vscale x 2 x ptr> @f() {
  ret <vscale x 2 x ptr> shufflevector (<vscale x 2 x ptr> insertelement (<vscale x 2 x ptr> poison, ptr @f, i64 0), <vscale x 2 x ptr> poison, <vscale x 2 x i32> zeroinitializer)
}
define <vscale x 4 x ptr> @g() {
  ret <vscale x 4 x ptr> shufflevector (<vscale x 2 x ptr> insertelement (<vscale x 2 x ptr> poison, ptr @g, i64 0), <vscale x 2 x ptr> poison, <vscale x 4 x i32> zeroinitializer)
}
