; Debug info llvm-as-19 checks on read: with a current "Debug Info Version"
; flag, invalid debug info is reported, dropped and the module accepted;
; without one, debug info is dropped. (LLVM's UpgradeDebugInfo/StripDebugInfo.)
;--- record-ok
define void @f(i32 %x) !dbg !3 {
    #dbg_value(i32 %x, !6, !DIExpression(), !5)
  ret void, !dbg !5
}
define void @g() !dbg !13 {
  ret void, !dbg !15
}
!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!9}
!9 = !{i32 2, !"Debug Info Version", i32 3}
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, emissionKind: FullDebug)
!1 = !DIFile(filename: "a.c", directory: "/")
!3 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 1, type: !4, unit: !0, spFlags: DISPFlagDefinition)
!4 = !DISubroutineType(types: !{null})
!5 = !DILocation(line: 1, scope: !3)
!6 = !DILocalVariable(name: "v", scope: !3, file: !1, line: 1, type: !7)
!7 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!8 = !DILabel(scope: !3, name: "L", file: !1, line: 2)
!10 = distinct !DIAssignID()
!13 = distinct !DISubprogram(name: "g", scope: !1, file: !1, line: 1, type: !4, unit: !0, spFlags: DISPFlagDefinition)
!15 = !DILocation(line: 1, scope: !13)
!16 = !DILocalVariable(name: "w", scope: !13, file: !1, line: 1, type: !7)
!17 = !DILabel(scope: !13, name: "M", file: !1, line: 2)

;--- record-variable-not-a-variable
define void @f(i32 %x) !dbg !3 {
    #dbg_value(i32 %x, !7, !DIExpression(), !5)
  ret void, !dbg !5
}
define void @g() !dbg !13 {
  ret void, !dbg !15
}
!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!9}
!9 = !{i32 2, !"Debug Info Version", i32 3}
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, emissionKind: FullDebug)
!1 = !DIFile(filename: "a.c", directory: "/")
!3 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 1, type: !4, unit: !0, spFlags: DISPFlagDefinition)
!4 = !DISubroutineType(types: !{null})
!5 = !DILocation(line: 1, scope: !3)
!6 = !DILocalVariable(name: "v", scope: !3, file: !1, line: 1, type: !7)
!7 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!8 = !DILabel(scope: !3, name: "L", file: !1, line: 2)
!10 = distinct !DIAssignID()
!13 = distinct !DISubprogram(name: "g", scope: !1, file: !1, line: 1, type: !4, unit: !0, spFlags: DISPFlagDefinition)
!15 = !DILocation(line: 1, scope: !13)
!16 = !DILocalVariable(name: "w", scope: !13, file: !1, line: 1, type: !7)
!17 = !DILabel(scope: !13, name: "M", file: !1, line: 2)

;--- record-expression-not-an-expression
define void @f(i32 %x) !dbg !3 {
    #dbg_value(i32 %x, !6, !7, !5)
  ret void, !dbg !5
}
define void @g() !dbg !13 {
  ret void, !dbg !15
}
!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!9}
!9 = !{i32 2, !"Debug Info Version", i32 3}
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, emissionKind: FullDebug)
!1 = !DIFile(filename: "a.c", directory: "/")
!3 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 1, type: !4, unit: !0, spFlags: DISPFlagDefinition)
!4 = !DISubroutineType(types: !{null})
!5 = !DILocation(line: 1, scope: !3)
!6 = !DILocalVariable(name: "v", scope: !3, file: !1, line: 1, type: !7)
!7 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!8 = !DILabel(scope: !3, name: "L", file: !1, line: 2)
!10 = distinct !DIAssignID()
!13 = distinct !DISubprogram(name: "g", scope: !1, file: !1, line: 1, type: !4, unit: !0, spFlags: DISPFlagDefinition)
!15 = !DILocation(line: 1, scope: !13)
!16 = !DILocalVariable(name: "w", scope: !13, file: !1, line: 1, type: !7)
!17 = !DILabel(scope: !13, name: "M", file: !1, line: 2)

;--- record-location-not-a-location
define void @f(i32 %x) !dbg !3 {
    #dbg_value(i32 %x, !6, !DIExpression(), !7)
  ret void, !dbg !5
}
define void @g() !dbg !13 {
  ret void, !dbg !15
}
!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!9}
!9 = !{i32 2, !"Debug Info Version", i32 3}
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, emissionKind: FullDebug)
!1 = !DIFile(filename: "a.c", directory: "/")
!3 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 1, type: !4, unit: !0, spFlags: DISPFlagDefinition)
!4 = !DISubroutineType(types: !{null})
!5 = !DILocation(line: 1, scope: !3)
!6 = !DILocalVariable(name: "v", scope: !3, file: !1, line: 1, type: !7)
!7 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!8 = !DILabel(scope: !3, name: "L", file: !1, line: 2)
!10 = distinct !DIAssignID()
!13 = distinct !DISubprogram(name: "g", scope: !1, file: !1, line: 1, type: !4, unit: !0, spFlags: DISPFlagDefinition)
!15 = !DILocation(line: 1, scope: !13)
!16 = !DILocalVariable(name: "w", scope: !13, file: !1, line: 1, type: !7)
!17 = !DILabel(scope: !13, name: "M", file: !1, line: 2)

;--- record-value-not-a-value
define void @f(i32 %x) !dbg !3 {
    #dbg_value(!7, !6, !DIExpression(), !5)
  ret void, !dbg !5
}
define void @g() !dbg !13 {
  ret void, !dbg !15
}
!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!9}
!9 = !{i32 2, !"Debug Info Version", i32 3}
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, emissionKind: FullDebug)
!1 = !DIFile(filename: "a.c", directory: "/")
!3 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 1, type: !4, unit: !0, spFlags: DISPFlagDefinition)
!4 = !DISubroutineType(types: !{null})
!5 = !DILocation(line: 1, scope: !3)
!6 = !DILocalVariable(name: "v", scope: !3, file: !1, line: 1, type: !7)
!7 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!8 = !DILabel(scope: !3, name: "L", file: !1, line: 2)
!10 = distinct !DIAssignID()
!13 = distinct !DISubprogram(name: "g", scope: !1, file: !1, line: 1, type: !4, unit: !0, spFlags: DISPFlagDefinition)
!15 = !DILocation(line: 1, scope: !13)
!16 = !DILocalVariable(name: "w", scope: !13, file: !1, line: 1, type: !7)
!17 = !DILabel(scope: !13, name: "M", file: !1, line: 2)

;--- record-empty-tuple-value
define void @f(i32 %x) !dbg !3 {
    #dbg_value(!{}, !6, !DIExpression(), !5)
  ret void, !dbg !5
}
define void @g() !dbg !13 {
  ret void, !dbg !15
}
!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!9}
!9 = !{i32 2, !"Debug Info Version", i32 3}
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, emissionKind: FullDebug)
!1 = !DIFile(filename: "a.c", directory: "/")
!3 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 1, type: !4, unit: !0, spFlags: DISPFlagDefinition)
!4 = !DISubroutineType(types: !{null})
!5 = !DILocation(line: 1, scope: !3)
!6 = !DILocalVariable(name: "v", scope: !3, file: !1, line: 1, type: !7)
!7 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!8 = !DILabel(scope: !3, name: "L", file: !1, line: 2)
!10 = distinct !DIAssignID()
!13 = distinct !DISubprogram(name: "g", scope: !1, file: !1, line: 1, type: !4, unit: !0, spFlags: DISPFlagDefinition)
!15 = !DILocation(line: 1, scope: !13)
!16 = !DILocalVariable(name: "w", scope: !13, file: !1, line: 1, type: !7)
!17 = !DILabel(scope: !13, name: "M", file: !1, line: 2)

;--- record-variable-of-other-subprogram
define void @f(i32 %x) !dbg !3 {
    #dbg_value(i32 %x, !16, !DIExpression(), !5)
  ret void, !dbg !5
}
define void @g() !dbg !13 {
  ret void, !dbg !15
}
!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!9}
!9 = !{i32 2, !"Debug Info Version", i32 3}
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, emissionKind: FullDebug)
!1 = !DIFile(filename: "a.c", directory: "/")
!3 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 1, type: !4, unit: !0, spFlags: DISPFlagDefinition)
!4 = !DISubroutineType(types: !{null})
!5 = !DILocation(line: 1, scope: !3)
!6 = !DILocalVariable(name: "v", scope: !3, file: !1, line: 1, type: !7)
!7 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!8 = !DILabel(scope: !3, name: "L", file: !1, line: 2)
!10 = distinct !DIAssignID()
!13 = distinct !DISubprogram(name: "g", scope: !1, file: !1, line: 1, type: !4, unit: !0, spFlags: DISPFlagDefinition)
!15 = !DILocation(line: 1, scope: !13)
!16 = !DILocalVariable(name: "w", scope: !13, file: !1, line: 1, type: !7)
!17 = !DILabel(scope: !13, name: "M", file: !1, line: 2)

;--- record-location-of-other-subprogram
define void @f(i32 %x) !dbg !3 {
    #dbg_value(i32 %x, !6, !DIExpression(), !15)
  ret void, !dbg !5
}
define void @g() !dbg !13 {
  ret void, !dbg !15
}
!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!9}
!9 = !{i32 2, !"Debug Info Version", i32 3}
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, emissionKind: FullDebug)
!1 = !DIFile(filename: "a.c", directory: "/")
!3 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 1, type: !4, unit: !0, spFlags: DISPFlagDefinition)
!4 = !DISubroutineType(types: !{null})
!5 = !DILocation(line: 1, scope: !3)
!6 = !DILocalVariable(name: "v", scope: !3, file: !1, line: 1, type: !7)
!7 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!8 = !DILabel(scope: !3, name: "L", file: !1, line: 2)
!10 = distinct !DIAssignID()
!13 = distinct !DISubprogram(name: "g", scope: !1, file: !1, line: 1, type: !4, unit: !0, spFlags: DISPFlagDefinition)
!15 = !DILocation(line: 1, scope: !13)
!16 = !DILocalVariable(name: "w", scope: !13, file: !1, line: 1, type: !7)
!17 = !DILabel(scope: !13, name: "M", file: !1, line: 2)

;--- label-not-a-label
define void @f(i32 %x) !dbg !3 {
    #dbg_label(!7, !5)
  ret void, !dbg !5
}
define void @g() !dbg !13 {
  ret void, !dbg !15
}
!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!9}
!9 = !{i32 2, !"Debug Info Version", i32 3}
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, emissionKind: FullDebug)
!1 = !DIFile(filename: "a.c", directory: "/")
!3 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 1, type: !4, unit: !0, spFlags: DISPFlagDefinition)
!4 = !DISubroutineType(types: !{null})
!5 = !DILocation(line: 1, scope: !3)
!6 = !DILocalVariable(name: "v", scope: !3, file: !1, line: 1, type: !7)
!7 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!8 = !DILabel(scope: !3, name: "L", file: !1, line: 2)
!10 = distinct !DIAssignID()
!13 = distinct !DISubprogram(name: "g", scope: !1, file: !1, line: 1, type: !4, unit: !0, spFlags: DISPFlagDefinition)
!15 = !DILocation(line: 1, scope: !13)
!16 = !DILocalVariable(name: "w", scope: !13, file: !1, line: 1, type: !7)
!17 = !DILabel(scope: !13, name: "M", file: !1, line: 2)

;--- label-of-other-subprogram
define void @f(i32 %x) !dbg !3 {
    #dbg_label(!17, !5)
  ret void, !dbg !5
}
define void @g() !dbg !13 {
  ret void, !dbg !15
}
!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!9}
!9 = !{i32 2, !"Debug Info Version", i32 3}
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, emissionKind: FullDebug)
!1 = !DIFile(filename: "a.c", directory: "/")
!3 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 1, type: !4, unit: !0, spFlags: DISPFlagDefinition)
!4 = !DISubroutineType(types: !{null})
!5 = !DILocation(line: 1, scope: !3)
!6 = !DILocalVariable(name: "v", scope: !3, file: !1, line: 1, type: !7)
!7 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!8 = !DILabel(scope: !3, name: "L", file: !1, line: 2)
!10 = distinct !DIAssignID()
!13 = distinct !DISubprogram(name: "g", scope: !1, file: !1, line: 1, type: !4, unit: !0, spFlags: DISPFlagDefinition)
!15 = !DILocation(line: 1, scope: !13)
!16 = !DILocalVariable(name: "w", scope: !13, file: !1, line: 1, type: !7)
!17 = !DILabel(scope: !13, name: "M", file: !1, line: 2)

;--- label-location-not-a-location
define void @f(i32 %x) !dbg !3 {
    #dbg_label(!8, !7)
  ret void, !dbg !5
}
define void @g() !dbg !13 {
  ret void, !dbg !15
}
!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!9}
!9 = !{i32 2, !"Debug Info Version", i32 3}
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, emissionKind: FullDebug)
!1 = !DIFile(filename: "a.c", directory: "/")
!3 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 1, type: !4, unit: !0, spFlags: DISPFlagDefinition)
!4 = !DISubroutineType(types: !{null})
!5 = !DILocation(line: 1, scope: !3)
!6 = !DILocalVariable(name: "v", scope: !3, file: !1, line: 1, type: !7)
!7 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!8 = !DILabel(scope: !3, name: "L", file: !1, line: 2)
!10 = distinct !DIAssignID()
!13 = distinct !DISubprogram(name: "g", scope: !1, file: !1, line: 1, type: !4, unit: !0, spFlags: DISPFlagDefinition)
!15 = !DILocation(line: 1, scope: !13)
!16 = !DILocalVariable(name: "w", scope: !13, file: !1, line: 1, type: !7)
!17 = !DILabel(scope: !13, name: "M", file: !1, line: 2)

;--- assign-id-not-an-id
define void @f(i32 %x) !dbg !3 {
    #dbg_assign(i32 %x, !6, !DIExpression(), !7, ptr null, !DIExpression(), !5)
  ret void, !dbg !5
}
define void @g() !dbg !13 {
  ret void, !dbg !15
}
!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!9}
!9 = !{i32 2, !"Debug Info Version", i32 3}
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, emissionKind: FullDebug)
!1 = !DIFile(filename: "a.c", directory: "/")
!3 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 1, type: !4, unit: !0, spFlags: DISPFlagDefinition)
!4 = !DISubroutineType(types: !{null})
!5 = !DILocation(line: 1, scope: !3)
!6 = !DILocalVariable(name: "v", scope: !3, file: !1, line: 1, type: !7)
!7 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!8 = !DILabel(scope: !3, name: "L", file: !1, line: 2)
!10 = distinct !DIAssignID()
!13 = distinct !DISubprogram(name: "g", scope: !1, file: !1, line: 1, type: !4, unit: !0, spFlags: DISPFlagDefinition)
!15 = !DILocation(line: 1, scope: !13)
!16 = !DILocalVariable(name: "w", scope: !13, file: !1, line: 1, type: !7)
!17 = !DILabel(scope: !13, name: "M", file: !1, line: 2)

;--- assign-address-not-a-value
define void @f(i32 %x) !dbg !3 {
    #dbg_assign(i32 %x, !6, !DIExpression(), !10, !7, !DIExpression(), !5)
  ret void, !dbg !5
}
define void @g() !dbg !13 {
  ret void, !dbg !15
}
!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!9}
!9 = !{i32 2, !"Debug Info Version", i32 3}
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, emissionKind: FullDebug)
!1 = !DIFile(filename: "a.c", directory: "/")
!3 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 1, type: !4, unit: !0, spFlags: DISPFlagDefinition)
!4 = !DISubroutineType(types: !{null})
!5 = !DILocation(line: 1, scope: !3)
!6 = !DILocalVariable(name: "v", scope: !3, file: !1, line: 1, type: !7)
!7 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!8 = !DILabel(scope: !3, name: "L", file: !1, line: 2)
!10 = distinct !DIAssignID()
!13 = distinct !DISubprogram(name: "g", scope: !1, file: !1, line: 1, type: !4, unit: !0, spFlags: DISPFlagDefinition)
!15 = !DILocation(line: 1, scope: !13)
!16 = !DILocalVariable(name: "w", scope: !13, file: !1, line: 1, type: !7)
!17 = !DILabel(scope: !13, name: "M", file: !1, line: 2)

;--- assign-address-expression
define void @f(i32 %x) !dbg !3 {
    #dbg_assign(i32 %x, !6, !DIExpression(), !10, ptr null, !7, !5)
  ret void, !dbg !5
}
define void @g() !dbg !13 {
  ret void, !dbg !15
}
!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!9}
!9 = !{i32 2, !"Debug Info Version", i32 3}
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, emissionKind: FullDebug)
!1 = !DIFile(filename: "a.c", directory: "/")
!3 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 1, type: !4, unit: !0, spFlags: DISPFlagDefinition)
!4 = !DISubroutineType(types: !{null})
!5 = !DILocation(line: 1, scope: !3)
!6 = !DILocalVariable(name: "v", scope: !3, file: !1, line: 1, type: !7)
!7 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!8 = !DILabel(scope: !3, name: "L", file: !1, line: 2)
!10 = distinct !DIAssignID()
!13 = distinct !DISubprogram(name: "g", scope: !1, file: !1, line: 1, type: !4, unit: !0, spFlags: DISPFlagDefinition)
!15 = !DILocation(line: 1, scope: !13)
!16 = !DILocalVariable(name: "w", scope: !13, file: !1, line: 1, type: !7)
!17 = !DILabel(scope: !13, name: "M", file: !1, line: 2)

;--- assign-ok
define void @f(i32 %x) !dbg !3 {
    #dbg_assign(i32 %x, !6, !DIExpression(), !10, ptr null, !DIExpression(), !5)
  ret void, !dbg !5
}
define void @g() !dbg !13 {
  ret void, !dbg !15
}
!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!9}
!9 = !{i32 2, !"Debug Info Version", i32 3}
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, emissionKind: FullDebug)
!1 = !DIFile(filename: "a.c", directory: "/")
!3 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 1, type: !4, unit: !0, spFlags: DISPFlagDefinition)
!4 = !DISubroutineType(types: !{null})
!5 = !DILocation(line: 1, scope: !3)
!6 = !DILocalVariable(name: "v", scope: !3, file: !1, line: 1, type: !7)
!7 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!8 = !DILabel(scope: !3, name: "L", file: !1, line: 2)
!10 = distinct !DIAssignID()
!13 = distinct !DISubprogram(name: "g", scope: !1, file: !1, line: 1, type: !4, unit: !0, spFlags: DISPFlagDefinition)
!15 = !DILocation(line: 1, scope: !13)
!16 = !DILocalVariable(name: "w", scope: !13, file: !1, line: 1, type: !7)
!17 = !DILabel(scope: !13, name: "M", file: !1, line: 2)

;--- fragment-outside-variable
define void @f(i32 %x) !dbg !3 {
    #dbg_declare(ptr null, !6, !DIExpression(DW_OP_LLVM_fragment, 0, 64), !5)
  ret void, !dbg !5
}
define void @g() !dbg !13 {
  ret void, !dbg !15
}
!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!9}
!9 = !{i32 2, !"Debug Info Version", i32 3}
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, emissionKind: FullDebug)
!1 = !DIFile(filename: "a.c", directory: "/")
!3 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 1, type: !4, unit: !0, spFlags: DISPFlagDefinition)
!4 = !DISubroutineType(types: !{null})
!5 = !DILocation(line: 1, scope: !3)
!6 = !DILocalVariable(name: "v", scope: !3, file: !1, line: 1, type: !7)
!7 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!8 = !DILabel(scope: !3, name: "L", file: !1, line: 2)
!10 = distinct !DIAssignID()
!13 = distinct !DISubprogram(name: "g", scope: !1, file: !1, line: 1, type: !4, unit: !0, spFlags: DISPFlagDefinition)
!15 = !DILocation(line: 1, scope: !13)
!16 = !DILocalVariable(name: "w", scope: !13, file: !1, line: 1, type: !7)
!17 = !DILabel(scope: !13, name: "M", file: !1, line: 2)

;--- fragment-covers-variable
define void @f(i32 %x) !dbg !3 {
    #dbg_value(i32 %x, !6, !DIExpression(DW_OP_LLVM_fragment, 0, 32), !5)
  ret void, !dbg !5
}
define void @g() !dbg !13 {
  ret void, !dbg !15
}
!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!9}
!9 = !{i32 2, !"Debug Info Version", i32 3}
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, emissionKind: FullDebug)
!1 = !DIFile(filename: "a.c", directory: "/")
!3 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 1, type: !4, unit: !0, spFlags: DISPFlagDefinition)
!4 = !DISubroutineType(types: !{null})
!5 = !DILocation(line: 1, scope: !3)
!6 = !DILocalVariable(name: "v", scope: !3, file: !1, line: 1, type: !7)
!7 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!8 = !DILabel(scope: !3, name: "L", file: !1, line: 2)
!10 = distinct !DIAssignID()
!13 = distinct !DISubprogram(name: "g", scope: !1, file: !1, line: 1, type: !4, unit: !0, spFlags: DISPFlagDefinition)
!15 = !DILocation(line: 1, scope: !13)
!16 = !DILocalVariable(name: "w", scope: !13, file: !1, line: 1, type: !7)
!17 = !DILabel(scope: !13, name: "M", file: !1, line: 2)

;--- fragment-not-last
define void @f(i32 %x) !dbg !3 {
    #dbg_value(i32 %x, !6, !DIExpression(DW_OP_LLVM_fragment, 8, 8, DW_OP_plus_uconst, 1), !5)
  ret void, !dbg !5
}
define void @g() !dbg !13 {
  ret void, !dbg !15
}
!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!9}
!9 = !{i32 2, !"Debug Info Version", i32 3}
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, emissionKind: FullDebug)
!1 = !DIFile(filename: "a.c", directory: "/")
!3 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 1, type: !4, unit: !0, spFlags: DISPFlagDefinition)
!4 = !DISubroutineType(types: !{null})
!5 = !DILocation(line: 1, scope: !3)
!6 = !DILocalVariable(name: "v", scope: !3, file: !1, line: 1, type: !7)
!7 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!8 = !DILabel(scope: !3, name: "L", file: !1, line: 2)
!10 = distinct !DIAssignID()
!13 = distinct !DISubprogram(name: "g", scope: !1, file: !1, line: 1, type: !4, unit: !0, spFlags: DISPFlagDefinition)
!15 = !DILocation(line: 1, scope: !13)
!16 = !DILocalVariable(name: "w", scope: !13, file: !1, line: 1, type: !7)
!17 = !DILabel(scope: !13, name: "M", file: !1, line: 2)

;--- plus-uconst-without-operand
define void @f(i32 %x) !dbg !3 {
    #dbg_value(i32 %x, !6, !DIExpression(DW_OP_plus_uconst), !5)
  ret void, !dbg !5
}
define void @g() !dbg !13 {
  ret void, !dbg !15
}
!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!9}
!9 = !{i32 2, !"Debug Info Version", i32 3}
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, emissionKind: FullDebug)
!1 = !DIFile(filename: "a.c", directory: "/")
!3 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 1, type: !4, unit: !0, spFlags: DISPFlagDefinition)
!4 = !DISubroutineType(types: !{null})
!5 = !DILocation(line: 1, scope: !3)
!6 = !DILocalVariable(name: "v", scope: !3, file: !1, line: 1, type: !7)
!7 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!8 = !DILabel(scope: !3, name: "L", file: !1, line: 2)
!10 = distinct !DIAssignID()
!13 = distinct !DISubprogram(name: "g", scope: !1, file: !1, line: 1, type: !4, unit: !0, spFlags: DISPFlagDefinition)
!15 = !DILocation(line: 1, scope: !13)
!16 = !DILocalVariable(name: "w", scope: !13, file: !1, line: 1, type: !7)
!17 = !DILabel(scope: !13, name: "M", file: !1, line: 2)

;--- fragment-ok
define void @f(i32 %x) !dbg !3 {
    #dbg_value(i32 %x, !6, !DIExpression(DW_OP_LLVM_fragment, 0, 16), !5)
  ret void, !dbg !5
}
define void @g() !dbg !13 {
  ret void, !dbg !15
}
!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!9}
!9 = !{i32 2, !"Debug Info Version", i32 3}
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, emissionKind: FullDebug)
!1 = !DIFile(filename: "a.c", directory: "/")
!3 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 1, type: !4, unit: !0, spFlags: DISPFlagDefinition)
!4 = !DISubroutineType(types: !{null})
!5 = !DILocation(line: 1, scope: !3)
!6 = !DILocalVariable(name: "v", scope: !3, file: !1, line: 1, type: !7)
!7 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!8 = !DILabel(scope: !3, name: "L", file: !1, line: 2)
!10 = distinct !DIAssignID()
!13 = distinct !DISubprogram(name: "g", scope: !1, file: !1, line: 1, type: !4, unit: !0, spFlags: DISPFlagDefinition)
!15 = !DILocation(line: 1, scope: !13)
!16 = !DILocalVariable(name: "w", scope: !13, file: !1, line: 1, type: !7)
!17 = !DILabel(scope: !13, name: "M", file: !1, line: 2)

;--- deref-after-large-constant
define void @f(i32 %x) !dbg !3 {
    #dbg_value(i32 %x, !6, !DIExpression(DW_OP_plus_uconst, 4096, DW_OP_deref, DW_OP_deref), !5)
  ret void, !dbg !5
}
define void @g() !dbg !13 {
  ret void, !dbg !15
}
!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!9}
!9 = !{i32 2, !"Debug Info Version", i32 3}
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, emissionKind: FullDebug)
!1 = !DIFile(filename: "a.c", directory: "/")
!3 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 1, type: !4, unit: !0, spFlags: DISPFlagDefinition)
!4 = !DISubroutineType(types: !{null})
!5 = !DILocation(line: 1, scope: !3)
!6 = !DILocalVariable(name: "v", scope: !3, file: !1, line: 1, type: !7)
!7 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!8 = !DILabel(scope: !3, name: "L", file: !1, line: 2)
!10 = distinct !DIAssignID()
!13 = distinct !DISubprogram(name: "g", scope: !1, file: !1, line: 1, type: !4, unit: !0, spFlags: DISPFlagDefinition)
!15 = !DILocation(line: 1, scope: !13)
!16 = !DILocalVariable(name: "w", scope: !13, file: !1, line: 1, type: !7)
!17 = !DILabel(scope: !13, name: "M", file: !1, line: 2)

;--- stack-value-not-last
define void @f(i32 %x) !dbg !3 {
    #dbg_value(i32 %x, !6, !DIExpression(DW_OP_stack_value, DW_OP_deref), !5)
  ret void, !dbg !5
}
define void @g() !dbg !13 {
  ret void, !dbg !15
}
!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!9}
!9 = !{i32 2, !"Debug Info Version", i32 3}
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, emissionKind: FullDebug)
!1 = !DIFile(filename: "a.c", directory: "/")
!3 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 1, type: !4, unit: !0, spFlags: DISPFlagDefinition)
!4 = !DISubroutineType(types: !{null})
!5 = !DILocation(line: 1, scope: !3)
!6 = !DILocalVariable(name: "v", scope: !3, file: !1, line: 1, type: !7)
!7 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!8 = !DILabel(scope: !3, name: "L", file: !1, line: 2)
!10 = distinct !DIAssignID()
!13 = distinct !DISubprogram(name: "g", scope: !1, file: !1, line: 1, type: !4, unit: !0, spFlags: DISPFlagDefinition)
!15 = !DILocation(line: 1, scope: !13)
!16 = !DILocalVariable(name: "w", scope: !13, file: !1, line: 1, type: !7)
!17 = !DILabel(scope: !13, name: "M", file: !1, line: 2)

;--- intrinsic-ok
define void @f(i32 %x) !dbg !3 {
    call void @llvm.dbg.value(metadata i32 %x, metadata !6, metadata !DIExpression()), !dbg !5
  ret void, !dbg !5
}
define void @g() !dbg !13 {
  ret void, !dbg !15
}
!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!9}
!9 = !{i32 2, !"Debug Info Version", i32 3}
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, emissionKind: FullDebug)
!1 = !DIFile(filename: "a.c", directory: "/")
!3 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 1, type: !4, unit: !0, spFlags: DISPFlagDefinition)
!4 = !DISubroutineType(types: !{null})
!5 = !DILocation(line: 1, scope: !3)
!6 = !DILocalVariable(name: "v", scope: !3, file: !1, line: 1, type: !7)
!7 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!8 = !DILabel(scope: !3, name: "L", file: !1, line: 2)
!10 = distinct !DIAssignID()
!13 = distinct !DISubprogram(name: "g", scope: !1, file: !1, line: 1, type: !4, unit: !0, spFlags: DISPFlagDefinition)
!15 = !DILocation(line: 1, scope: !13)
!16 = !DILocalVariable(name: "w", scope: !13, file: !1, line: 1, type: !7)
!17 = !DILabel(scope: !13, name: "M", file: !1, line: 2)
declare void @llvm.dbg.value(metadata, metadata, metadata)
declare void @llvm.dbg.declare(metadata, metadata, metadata)

;--- intrinsic-variable-not-a-variable
define void @f(i32 %x) !dbg !3 {
    call void @llvm.dbg.value(metadata i32 %x, metadata !7, metadata !DIExpression()), !dbg !5
  ret void, !dbg !5
}
define void @g() !dbg !13 {
  ret void, !dbg !15
}
!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!9}
!9 = !{i32 2, !"Debug Info Version", i32 3}
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, emissionKind: FullDebug)
!1 = !DIFile(filename: "a.c", directory: "/")
!3 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 1, type: !4, unit: !0, spFlags: DISPFlagDefinition)
!4 = !DISubroutineType(types: !{null})
!5 = !DILocation(line: 1, scope: !3)
!6 = !DILocalVariable(name: "v", scope: !3, file: !1, line: 1, type: !7)
!7 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!8 = !DILabel(scope: !3, name: "L", file: !1, line: 2)
!10 = distinct !DIAssignID()
!13 = distinct !DISubprogram(name: "g", scope: !1, file: !1, line: 1, type: !4, unit: !0, spFlags: DISPFlagDefinition)
!15 = !DILocation(line: 1, scope: !13)
!16 = !DILocalVariable(name: "w", scope: !13, file: !1, line: 1, type: !7)
!17 = !DILabel(scope: !13, name: "M", file: !1, line: 2)
declare void @llvm.dbg.value(metadata, metadata, metadata)
declare void @llvm.dbg.declare(metadata, metadata, metadata)

;--- intrinsic-expression-not-an-expression
define void @f(i32 %x) !dbg !3 {
    call void @llvm.dbg.value(metadata i32 %x, metadata !6, metadata !7), !dbg !5
  ret void, !dbg !5
}
define void @g() !dbg !13 {
  ret void, !dbg !15
}
!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!9}
!9 = !{i32 2, !"Debug Info Version", i32 3}
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, emissionKind: FullDebug)
!1 = !DIFile(filename: "a.c", directory: "/")
!3 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 1, type: !4, unit: !0, spFlags: DISPFlagDefinition)
!4 = !DISubroutineType(types: !{null})
!5 = !DILocation(line: 1, scope: !3)
!6 = !DILocalVariable(name: "v", scope: !3, file: !1, line: 1, type: !7)
!7 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!8 = !DILabel(scope: !3, name: "L", file: !1, line: 2)
!10 = distinct !DIAssignID()
!13 = distinct !DISubprogram(name: "g", scope: !1, file: !1, line: 1, type: !4, unit: !0, spFlags: DISPFlagDefinition)
!15 = !DILocation(line: 1, scope: !13)
!16 = !DILocalVariable(name: "w", scope: !13, file: !1, line: 1, type: !7)
!17 = !DILabel(scope: !13, name: "M", file: !1, line: 2)
declare void @llvm.dbg.value(metadata, metadata, metadata)
declare void @llvm.dbg.declare(metadata, metadata, metadata)

;--- intrinsic-old-four-operand-value-declared-with-three
define void @f(i32 %x) !dbg !3 {
    call void @llvm.dbg.value(metadata i32 %x, i64 0, metadata !6, metadata !DIExpression()), !dbg !5
  ret void, !dbg !5
}
define void @g() !dbg !13 {
  ret void, !dbg !15
}
!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!9}
!9 = !{i32 2, !"Debug Info Version", i32 3}
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, emissionKind: FullDebug)
!1 = !DIFile(filename: "a.c", directory: "/")
!3 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 1, type: !4, unit: !0, spFlags: DISPFlagDefinition)
!4 = !DISubroutineType(types: !{null})
!5 = !DILocation(line: 1, scope: !3)
!6 = !DILocalVariable(name: "v", scope: !3, file: !1, line: 1, type: !7)
!7 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!8 = !DILabel(scope: !3, name: "L", file: !1, line: 2)
!10 = distinct !DIAssignID()
!13 = distinct !DISubprogram(name: "g", scope: !1, file: !1, line: 1, type: !4, unit: !0, spFlags: DISPFlagDefinition)
!15 = !DILocation(line: 1, scope: !13)
!16 = !DILocalVariable(name: "w", scope: !13, file: !1, line: 1, type: !7)
!17 = !DILabel(scope: !13, name: "M", file: !1, line: 2)
declare void @llvm.dbg.value(metadata, metadata, metadata)
declare void @llvm.dbg.declare(metadata, metadata, metadata)

;--- intrinsic-old-four-operand-value-declared-so
define void @f(i32 %x) !dbg !3 {
    call void @llvm.dbg.value(metadata i32 %x, i64 0, metadata !6, metadata !DIExpression()), !dbg !5
  ret void, !dbg !5
}
define void @g() !dbg !13 {
  ret void, !dbg !15
}
!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!9}
!9 = !{i32 2, !"Debug Info Version", i32 3}
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, emissionKind: FullDebug)
!1 = !DIFile(filename: "a.c", directory: "/")
!3 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 1, type: !4, unit: !0, spFlags: DISPFlagDefinition)
!4 = !DISubroutineType(types: !{null})
!5 = !DILocation(line: 1, scope: !3)
!6 = !DILocalVariable(name: "v", scope: !3, file: !1, line: 1, type: !7)
!7 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!8 = !DILabel(scope: !3, name: "L", file: !1, line: 2)
!10 = distinct !DIAssignID()
!13 = distinct !DISubprogram(name: "g", scope: !1, file: !1, line: 1, type: !4, unit: !0, spFlags: DISPFlagDefinition)
!15 = !DILocation(line: 1, scope: !13)
!16 = !DILocalVariable(name: "w", scope: !13, file: !1, line: 1, type: !7)
!17 = !DILabel(scope: !13, name: "M", file: !1, line: 2)
declare void @llvm.dbg.value(metadata, i64, metadata, metadata)
declare void @llvm.dbg.declare(metadata, metadata, metadata)

;--- intrinsic-declare-fragment-covers
define void @f(i32 %x) !dbg !3 {
    call void @llvm.dbg.declare(metadata ptr null, metadata !6, metadata !DIExpression(DW_OP_LLVM_fragment, 0, 32)), !dbg !5
  ret void, !dbg !5
}
define void @g() !dbg !13 {
  ret void, !dbg !15
}
!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!9}
!9 = !{i32 2, !"Debug Info Version", i32 3}
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, emissionKind: FullDebug)
!1 = !DIFile(filename: "a.c", directory: "/")
!3 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 1, type: !4, unit: !0, spFlags: DISPFlagDefinition)
!4 = !DISubroutineType(types: !{null})
!5 = !DILocation(line: 1, scope: !3)
!6 = !DILocalVariable(name: "v", scope: !3, file: !1, line: 1, type: !7)
!7 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!8 = !DILabel(scope: !3, name: "L", file: !1, line: 2)
!10 = distinct !DIAssignID()
!13 = distinct !DISubprogram(name: "g", scope: !1, file: !1, line: 1, type: !4, unit: !0, spFlags: DISPFlagDefinition)
!15 = !DILocation(line: 1, scope: !13)
!16 = !DILocalVariable(name: "w", scope: !13, file: !1, line: 1, type: !7)
!17 = !DILabel(scope: !13, name: "M", file: !1, line: 2)
declare void @llvm.dbg.value(metadata, metadata, metadata)
declare void @llvm.dbg.declare(metadata, metadata, metadata)

;--- heapallocsite-and-assign-id
define void @f(i32 %x) !dbg !3 {
    %p = alloca i32, align 4, !heapallocsite !7, !DIAssignID !10
  ret void, !dbg !5
}
define void @g() !dbg !13 {
  ret void, !dbg !15
}
!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!9}
!9 = !{i32 2, !"Debug Info Version", i32 3}
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, emissionKind: FullDebug)
!1 = !DIFile(filename: "a.c", directory: "/")
!3 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 1, type: !4, unit: !0, spFlags: DISPFlagDefinition)
!4 = !DISubroutineType(types: !{null})
!5 = !DILocation(line: 1, scope: !3)
!6 = !DILocalVariable(name: "v", scope: !3, file: !1, line: 1, type: !7)
!7 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!8 = !DILabel(scope: !3, name: "L", file: !1, line: 2)
!10 = distinct !DIAssignID()
!13 = distinct !DISubprogram(name: "g", scope: !1, file: !1, line: 1, type: !4, unit: !0, spFlags: DISPFlagDefinition)
!15 = !DILocation(line: 1, scope: !13)
!16 = !DILocalVariable(name: "w", scope: !13, file: !1, line: 1, type: !7)
!17 = !DILabel(scope: !13, name: "M", file: !1, line: 2)

;--- ret-dbg-is-a-subprogram
define void @f(i32 %x) !dbg !3 {
    ret void, !dbg !3
  ret void, !dbg !5
}
define void @g() !dbg !13 {
  ret void, !dbg !15
}
!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!9}
!9 = !{i32 2, !"Debug Info Version", i32 3}
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, emissionKind: FullDebug)
!1 = !DIFile(filename: "a.c", directory: "/")
!3 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 1, type: !4, unit: !0, spFlags: DISPFlagDefinition)
!4 = !DISubroutineType(types: !{null})
!5 = !DILocation(line: 1, scope: !3)
!6 = !DILocalVariable(name: "v", scope: !3, file: !1, line: 1, type: !7)
!7 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!8 = !DILabel(scope: !3, name: "L", file: !1, line: 2)
!10 = distinct !DIAssignID()
!13 = distinct !DISubprogram(name: "g", scope: !1, file: !1, line: 1, type: !4, unit: !0, spFlags: DISPFlagDefinition)
!15 = !DILocation(line: 1, scope: !13)
!16 = !DILocalVariable(name: "w", scope: !13, file: !1, line: 1, type: !7)
!17 = !DILabel(scope: !13, name: "M", file: !1, line: 2)

;--- no-debug-info-version-flag-strips
define void @f(i32 %x) !dbg !3 {
    #dbg_value(i32 %x, !6, !DIExpression(), !5)
  ret void, !dbg !5
}
define void @g() !dbg !13 {
  ret void, !dbg !15
}
!llvm.dbg.cu = !{!0}
!9 = !{i32 2, !"Debug Info Version", i32 3}
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, emissionKind: FullDebug)
!1 = !DIFile(filename: "a.c", directory: "/")
!3 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 1, type: !4, unit: !0, spFlags: DISPFlagDefinition)
!4 = !DISubroutineType(types: !{null})
!5 = !DILocation(line: 1, scope: !3)
!6 = !DILocalVariable(name: "v", scope: !3, file: !1, line: 1, type: !7)
!7 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!8 = !DILabel(scope: !3, name: "L", file: !1, line: 2)
!10 = distinct !DIAssignID()
!13 = distinct !DISubprogram(name: "g", scope: !1, file: !1, line: 1, type: !4, unit: !0, spFlags: DISPFlagDefinition)
!15 = !DILocation(line: 1, scope: !13)
!16 = !DILocalVariable(name: "w", scope: !13, file: !1, line: 1, type: !7)
!17 = !DILabel(scope: !13, name: "M", file: !1, line: 2)

;--- debug-info-version-2-strips
define void @f(i32 %x) !dbg !3 {
    #dbg_value(i32 %x, !6, !DIExpression(), !5)
  ret void, !dbg !5
}
define void @g() !dbg !13 {
  ret void, !dbg !15
}
!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!9}
!9 = !{i32 2, !"Debug Info Version", i32 2}
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, emissionKind: FullDebug)
!1 = !DIFile(filename: "a.c", directory: "/")
!3 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 1, type: !4, unit: !0, spFlags: DISPFlagDefinition)
!4 = !DISubroutineType(types: !{null})
!5 = !DILocation(line: 1, scope: !3)
!6 = !DILocalVariable(name: "v", scope: !3, file: !1, line: 1, type: !7)
!7 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!8 = !DILabel(scope: !3, name: "L", file: !1, line: 2)
!10 = distinct !DIAssignID()
!13 = distinct !DISubprogram(name: "g", scope: !1, file: !1, line: 1, type: !4, unit: !0, spFlags: DISPFlagDefinition)
!15 = !DILocation(line: 1, scope: !13)
!16 = !DILocalVariable(name: "w", scope: !13, file: !1, line: 1, type: !7)
!17 = !DILabel(scope: !13, name: "M", file: !1, line: 2)

;--- debug-info-version-as-string-strips
define void @f(i32 %x) !dbg !3 {
    #dbg_value(i32 %x, !6, !DIExpression(), !5)
  ret void, !dbg !5
}
define void @g() !dbg !13 {
  ret void, !dbg !15
}
!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!9}
!9 = !{i32 2, !"Debug Info Version", !"3"}
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, emissionKind: FullDebug)
!1 = !DIFile(filename: "a.c", directory: "/")
!3 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 1, type: !4, unit: !0, spFlags: DISPFlagDefinition)
!4 = !DISubroutineType(types: !{null})
!5 = !DILocation(line: 1, scope: !3)
!6 = !DILocalVariable(name: "v", scope: !3, file: !1, line: 1, type: !7)
!7 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!8 = !DILabel(scope: !3, name: "L", file: !1, line: 2)
!10 = distinct !DIAssignID()
!13 = distinct !DISubprogram(name: "g", scope: !1, file: !1, line: 1, type: !4, unit: !0, spFlags: DISPFlagDefinition)
!15 = !DILocation(line: 1, scope: !13)
!16 = !DILocalVariable(name: "w", scope: !13, file: !1, line: 1, type: !7)
!17 = !DILabel(scope: !13, name: "M", file: !1, line: 2)

;--- intrinsics-without-version-strip-calls
define void @f(i32 %x) !dbg !3 {
    call void @llvm.dbg.value(metadata i32 %x, metadata !6, metadata !DIExpression()), !dbg !5
  ret void, !dbg !5
}
define void @g() !dbg !13 {
  ret void, !dbg !15
}
!llvm.dbg.cu = !{!0}
!9 = !{i32 2, !"Debug Info Version", i32 3}
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, emissionKind: FullDebug)
!1 = !DIFile(filename: "a.c", directory: "/")
!3 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 1, type: !4, unit: !0, spFlags: DISPFlagDefinition)
!4 = !DISubroutineType(types: !{null})
!5 = !DILocation(line: 1, scope: !3)
!6 = !DILocalVariable(name: "v", scope: !3, file: !1, line: 1, type: !7)
!7 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!8 = !DILabel(scope: !3, name: "L", file: !1, line: 2)
!10 = distinct !DIAssignID()
!13 = distinct !DISubprogram(name: "g", scope: !1, file: !1, line: 1, type: !4, unit: !0, spFlags: DISPFlagDefinition)
!15 = !DILocation(line: 1, scope: !13)
!16 = !DILocalVariable(name: "w", scope: !13, file: !1, line: 1, type: !7)
!17 = !DILabel(scope: !13, name: "M", file: !1, line: 2)
declare void @llvm.dbg.value(metadata, metadata, metadata)
declare void @llvm.dbg.declare(metadata, metadata, metadata)

;--- loop-metadata-without-version
define void @f(i1 %c) !dbg !3 {
entry:
  br label %l, !dbg !5
l:
  br i1 %c, label %l, label %a, !llvm.loop !20, !dbg !5
a:
  br i1 %c, label %a, label %b, !llvm.loop !21
b:
  br i1 %c, label %b, label %d, !llvm.loop !24
d:
  br i1 %c, label %d, label %e, !llvm.loop !27
e:
  ret void
}
@g = global i32 0, !dbg !30
!llvm.dbg.cu = !{!0}
!llvm.gcov = !{!1}
!llvm.dbg.extra = !{!1}
!llvm.other = !{!1}
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, emissionKind: FullDebug)
!1 = !DIFile(filename: "a.c", directory: "/")
!3 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 1, type: !4, unit: !0, spFlags: DISPFlagDefinition)
!4 = !DISubroutineType(types: !{null})
!5 = !DILocation(line: 1, scope: !3)
!6 = !DILocation(line: 2, scope: !3)
!20 = distinct !{!20, !5, !6}
!21 = distinct !{!21, !5, !22, !6}
!22 = !{!"llvm.loop.mustprogress"}
!24 = distinct !{!24, !22, !25}
!25 = !{!"llvm.loop.unroll.disable", !5}
!27 = distinct !{!27, !22}
!30 = !DIGlobalVariableExpression(var: !31, expr: !DIExpression())
!31 = distinct !DIGlobalVariable(name: "g", scope: !0, file: !1, line: 1, type: !32, isLocal: false, isDefinition: true)
!32 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)

;--- global-fragment-covers-variable
define void @f(i32 %x) !dbg !3 {

  ret void, !dbg !5
}
define void @g() !dbg !13 {
  ret void, !dbg !15
}
@g = global i32 0, !dbg !40
!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!9}
!9 = !{i32 2, !"Debug Info Version", i32 3}
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, emissionKind: FullDebug)
!1 = !DIFile(filename: "a.c", directory: "/")
!3 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 1, type: !4, unit: !0, spFlags: DISPFlagDefinition)
!4 = !DISubroutineType(types: !{null})
!5 = !DILocation(line: 1, scope: !3)
!6 = !DILocalVariable(name: "v", scope: !3, file: !1, line: 1, type: !7)
!7 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!8 = !DILabel(scope: !3, name: "L", file: !1, line: 2)
!10 = distinct !DIAssignID()
!13 = distinct !DISubprogram(name: "g", scope: !1, file: !1, line: 1, type: !4, unit: !0, spFlags: DISPFlagDefinition)
!15 = !DILocation(line: 1, scope: !13)
!16 = !DILocalVariable(name: "w", scope: !13, file: !1, line: 1, type: !7)
!17 = !DILabel(scope: !13, name: "M", file: !1, line: 2)
!40 = !DIGlobalVariableExpression(var: !41, expr: !DIExpression(DW_OP_LLVM_fragment, 0, 32))
!41 = distinct !DIGlobalVariable(name: "g", scope: !0, file: !1, line: 1, type: !7, isLocal: false, isDefinition: true)
;--- intrinsic-value-fragment-covers
define void @f(i32 %x) !dbg !3 {
    call void @llvm.dbg.value(metadata i32 %x, metadata !6, metadata !DIExpression(DW_OP_LLVM_fragment, 0, 32)), !dbg !5
  ret void, !dbg !5
}
define void @g() !dbg !13 {
  ret void, !dbg !15
}
!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!9}
!9 = !{i32 2, !"Debug Info Version", i32 3}
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, emissionKind: FullDebug)
!1 = !DIFile(filename: "a.c", directory: "/")
!3 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 1, type: !4, unit: !0, spFlags: DISPFlagDefinition)
!4 = !DISubroutineType(types: !{null})
!5 = !DILocation(line: 1, scope: !3)
!6 = !DILocalVariable(name: "v", scope: !3, file: !1, line: 1, type: !7)
!7 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!8 = !DILabel(scope: !3, name: "L", file: !1, line: 2)
!10 = distinct !DIAssignID()
!13 = distinct !DISubprogram(name: "g", scope: !1, file: !1, line: 1, type: !4, unit: !0, spFlags: DISPFlagDefinition)
!15 = !DILocation(line: 1, scope: !13)
!16 = !DILocalVariable(name: "w", scope: !13, file: !1, line: 1, type: !7)
!17 = !DILabel(scope: !13, name: "M", file: !1, line: 2)
declare void @llvm.dbg.value(metadata, metadata, metadata)
declare void @llvm.dbg.declare(metadata, metadata, metadata)
declare void @llvm.dbg.assign(metadata, metadata, metadata, metadata, metadata, metadata)
;--- intrinsic-declare-fragment-outside
define void @f(i32 %x) !dbg !3 {
    call void @llvm.dbg.declare(metadata ptr null, metadata !6, metadata !DIExpression(DW_OP_LLVM_fragment, 0, 64)), !dbg !5
  ret void, !dbg !5
}
define void @g() !dbg !13 {
  ret void, !dbg !15
}
!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!9}
!9 = !{i32 2, !"Debug Info Version", i32 3}
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, emissionKind: FullDebug)
!1 = !DIFile(filename: "a.c", directory: "/")
!3 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 1, type: !4, unit: !0, spFlags: DISPFlagDefinition)
!4 = !DISubroutineType(types: !{null})
!5 = !DILocation(line: 1, scope: !3)
!6 = !DILocalVariable(name: "v", scope: !3, file: !1, line: 1, type: !7)
!7 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!8 = !DILabel(scope: !3, name: "L", file: !1, line: 2)
!10 = distinct !DIAssignID()
!13 = distinct !DISubprogram(name: "g", scope: !1, file: !1, line: 1, type: !4, unit: !0, spFlags: DISPFlagDefinition)
!15 = !DILocation(line: 1, scope: !13)
!16 = !DILocalVariable(name: "w", scope: !13, file: !1, line: 1, type: !7)
!17 = !DILabel(scope: !13, name: "M", file: !1, line: 2)
declare void @llvm.dbg.value(metadata, metadata, metadata)
declare void @llvm.dbg.declare(metadata, metadata, metadata)
declare void @llvm.dbg.assign(metadata, metadata, metadata, metadata, metadata, metadata)
;--- intrinsic-variable-of-other-subprogram
define void @f(i32 %x) !dbg !3 {
    call void @llvm.dbg.value(metadata i32 %x, metadata !16, metadata !DIExpression()), !dbg !5
  ret void, !dbg !5
}
define void @g() !dbg !13 {
  ret void, !dbg !15
}
!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!9}
!9 = !{i32 2, !"Debug Info Version", i32 3}
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, emissionKind: FullDebug)
!1 = !DIFile(filename: "a.c", directory: "/")
!3 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 1, type: !4, unit: !0, spFlags: DISPFlagDefinition)
!4 = !DISubroutineType(types: !{null})
!5 = !DILocation(line: 1, scope: !3)
!6 = !DILocalVariable(name: "v", scope: !3, file: !1, line: 1, type: !7)
!7 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!8 = !DILabel(scope: !3, name: "L", file: !1, line: 2)
!10 = distinct !DIAssignID()
!13 = distinct !DISubprogram(name: "g", scope: !1, file: !1, line: 1, type: !4, unit: !0, spFlags: DISPFlagDefinition)
!15 = !DILocation(line: 1, scope: !13)
!16 = !DILocalVariable(name: "w", scope: !13, file: !1, line: 1, type: !7)
!17 = !DILabel(scope: !13, name: "M", file: !1, line: 2)
declare void @llvm.dbg.value(metadata, metadata, metadata)
declare void @llvm.dbg.declare(metadata, metadata, metadata)
declare void @llvm.dbg.assign(metadata, metadata, metadata, metadata, metadata, metadata)
;--- intrinsic-invalid-expression
define void @f(i32 %x) !dbg !3 {
    call void @llvm.dbg.value(metadata i32 %x, metadata !6, metadata !DIExpression(DW_OP_plus_uconst)), !dbg !5
  ret void, !dbg !5
}
define void @g() !dbg !13 {
  ret void, !dbg !15
}
!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!9}
!9 = !{i32 2, !"Debug Info Version", i32 3}
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, emissionKind: FullDebug)
!1 = !DIFile(filename: "a.c", directory: "/")
!3 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 1, type: !4, unit: !0, spFlags: DISPFlagDefinition)
!4 = !DISubroutineType(types: !{null})
!5 = !DILocation(line: 1, scope: !3)
!6 = !DILocalVariable(name: "v", scope: !3, file: !1, line: 1, type: !7)
!7 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!8 = !DILabel(scope: !3, name: "L", file: !1, line: 2)
!10 = distinct !DIAssignID()
!13 = distinct !DISubprogram(name: "g", scope: !1, file: !1, line: 1, type: !4, unit: !0, spFlags: DISPFlagDefinition)
!15 = !DILocation(line: 1, scope: !13)
!16 = !DILocalVariable(name: "w", scope: !13, file: !1, line: 1, type: !7)
!17 = !DILabel(scope: !13, name: "M", file: !1, line: 2)
declare void @llvm.dbg.value(metadata, metadata, metadata)
declare void @llvm.dbg.declare(metadata, metadata, metadata)
declare void @llvm.dbg.assign(metadata, metadata, metadata, metadata, metadata, metadata)
;--- intrinsic-value-not-a-value
define void @f(i32 %x) !dbg !3 {
    call void @llvm.dbg.value(metadata !7, metadata !6, metadata !DIExpression()), !dbg !5
  ret void, !dbg !5
}
define void @g() !dbg !13 {
  ret void, !dbg !15
}
!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!9}
!9 = !{i32 2, !"Debug Info Version", i32 3}
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, emissionKind: FullDebug)
!1 = !DIFile(filename: "a.c", directory: "/")
!3 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 1, type: !4, unit: !0, spFlags: DISPFlagDefinition)
!4 = !DISubroutineType(types: !{null})
!5 = !DILocation(line: 1, scope: !3)
!6 = !DILocalVariable(name: "v", scope: !3, file: !1, line: 1, type: !7)
!7 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!8 = !DILabel(scope: !3, name: "L", file: !1, line: 2)
!10 = distinct !DIAssignID()
!13 = distinct !DISubprogram(name: "g", scope: !1, file: !1, line: 1, type: !4, unit: !0, spFlags: DISPFlagDefinition)
!15 = !DILocation(line: 1, scope: !13)
!16 = !DILocalVariable(name: "w", scope: !13, file: !1, line: 1, type: !7)
!17 = !DILabel(scope: !13, name: "M", file: !1, line: 2)
declare void @llvm.dbg.value(metadata, metadata, metadata)
declare void @llvm.dbg.declare(metadata, metadata, metadata)
declare void @llvm.dbg.assign(metadata, metadata, metadata, metadata, metadata, metadata)
;--- intrinsic-without-dbg
define void @f(i32 %x) !dbg !3 {
    call void @llvm.dbg.value(metadata i32 %x, metadata !6, metadata !DIExpression())
  ret void, !dbg !5
}
define void @g() !dbg !13 {
  ret void, !dbg !15
}
!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!9}
!9 = !{i32 2, !"Debug Info Version", i32 3}
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, emissionKind: FullDebug)
!1 = !DIFile(filename: "a.c", directory: "/")
!3 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 1, type: !4, unit: !0, spFlags: DISPFlagDefinition)
!4 = !DISubroutineType(types: !{null})
!5 = !DILocation(line: 1, scope: !3)
!6 = !DILocalVariable(name: "v", scope: !3, file: !1, line: 1, type: !7)
!7 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!8 = !DILabel(scope: !3, name: "L", file: !1, line: 2)
!10 = distinct !DIAssignID()
!13 = distinct !DISubprogram(name: "g", scope: !1, file: !1, line: 1, type: !4, unit: !0, spFlags: DISPFlagDefinition)
!15 = !DILocation(line: 1, scope: !13)
!16 = !DILocalVariable(name: "w", scope: !13, file: !1, line: 1, type: !7)
!17 = !DILabel(scope: !13, name: "M", file: !1, line: 2)
declare void @llvm.dbg.value(metadata, metadata, metadata)
declare void @llvm.dbg.declare(metadata, metadata, metadata)
declare void @llvm.dbg.assign(metadata, metadata, metadata, metadata, metadata, metadata)
;--- intrinsic-assign-ok
define void @f(i32 %x) !dbg !3 {
    call void @llvm.dbg.assign(metadata i32 %x, metadata !6, metadata !DIExpression(), metadata !10, metadata ptr null, metadata !DIExpression()), !dbg !5
  ret void, !dbg !5
}
define void @g() !dbg !13 {
  ret void, !dbg !15
}
!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!9}
!9 = !{i32 2, !"Debug Info Version", i32 3}
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, emissionKind: FullDebug)
!1 = !DIFile(filename: "a.c", directory: "/")
!3 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 1, type: !4, unit: !0, spFlags: DISPFlagDefinition)
!4 = !DISubroutineType(types: !{null})
!5 = !DILocation(line: 1, scope: !3)
!6 = !DILocalVariable(name: "v", scope: !3, file: !1, line: 1, type: !7)
!7 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!8 = !DILabel(scope: !3, name: "L", file: !1, line: 2)
!10 = distinct !DIAssignID()
!13 = distinct !DISubprogram(name: "g", scope: !1, file: !1, line: 1, type: !4, unit: !0, spFlags: DISPFlagDefinition)
!15 = !DILocation(line: 1, scope: !13)
!16 = !DILocalVariable(name: "w", scope: !13, file: !1, line: 1, type: !7)
!17 = !DILabel(scope: !13, name: "M", file: !1, line: 2)
declare void @llvm.dbg.value(metadata, metadata, metadata)
declare void @llvm.dbg.declare(metadata, metadata, metadata)
declare void @llvm.dbg.assign(metadata, metadata, metadata, metadata, metadata, metadata)
;--- intrinsic-assign-id-not-an-id
define void @f(i32 %x) !dbg !3 {
    call void @llvm.dbg.assign(metadata i32 %x, metadata !6, metadata !DIExpression(), metadata !7, metadata ptr null, metadata !DIExpression()), !dbg !5
  ret void, !dbg !5
}
define void @g() !dbg !13 {
  ret void, !dbg !15
}
!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!9}
!9 = !{i32 2, !"Debug Info Version", i32 3}
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, emissionKind: FullDebug)
!1 = !DIFile(filename: "a.c", directory: "/")
!3 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 1, type: !4, unit: !0, spFlags: DISPFlagDefinition)
!4 = !DISubroutineType(types: !{null})
!5 = !DILocation(line: 1, scope: !3)
!6 = !DILocalVariable(name: "v", scope: !3, file: !1, line: 1, type: !7)
!7 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!8 = !DILabel(scope: !3, name: "L", file: !1, line: 2)
!10 = distinct !DIAssignID()
!13 = distinct !DISubprogram(name: "g", scope: !1, file: !1, line: 1, type: !4, unit: !0, spFlags: DISPFlagDefinition)
!15 = !DILocation(line: 1, scope: !13)
!16 = !DILocalVariable(name: "w", scope: !13, file: !1, line: 1, type: !7)
!17 = !DILabel(scope: !13, name: "M", file: !1, line: 2)
declare void @llvm.dbg.value(metadata, metadata, metadata)
declare void @llvm.dbg.declare(metadata, metadata, metadata)
declare void @llvm.dbg.assign(metadata, metadata, metadata, metadata, metadata, metadata)
;--- loop-metadata-keeps-a-compile-unit-reachable-after-stripping
define void @f(i1 %c) !dbg !3 {
entry:
  br label %l, !dbg !5
l:
  br i1 %c, label %l, label %a, !llvm.loop !20, !dbg !5
a:
  br i1 %c, label %a, label %b, !llvm.loop !21
b:
  br i1 %c, label %b, label %d, !llvm.loop !24
d:
  br i1 %c, label %d, label %e, !llvm.loop !27
e:
  ret void
}
@g = global i32 0, !dbg !30
!llvm.dbg.cu = !{!0}
!llvm.gcov = !{!1}
!llvm.dbg.extra = !{!1}
!llvm.other = !{!1}
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, emissionKind: FullDebug)
!1 = !DIFile(filename: "a.c", directory: "/")
!3 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 1, type: !4, unit: !0, spFlags: DISPFlagDefinition)
!4 = !DISubroutineType(types: !{null})
!5 = !DILocation(line: 1, scope: !3)
!6 = !DILocation(line: 2, scope: !3)
!20 = distinct !{!20, !5, !6}
!21 = distinct !{!21, !5, !22, !6}
!22 = !{!"llvm.loop.mustprogress"}
!24 = distinct !{!24, !24, !25}
!25 = !{!"llvm.loop“äëçêìì’disable", !5}
!27 = distinct !{!27, !22}
!30 = !DIGlobalVariableExpression(var: !31, expr: !DIExpression())
!31 = distinct !DIGlobalVariable(name: "g", scope: !0, file: !1, line: 1, type: !31, isLocal: false, isDefinition: true)
!32 = !DIBasicType(name: "int", size: 64, encoding: DW_ATE_signed)

;--- compile-unit-not-listed
define void @f(i32 %x) !dbg !3 {
    #dbg_value(i32 %x, !6, !DIExpression(), !5)
  ret void, !dbg !5
}
define void @g() !dbg !13 {
  ret void, !dbg !15
}

!llvm.module.flags = !{!9}
!9 = !{i32 2, !"Debug Info Version", i32 3}
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, emissionKind: FullDebug)
!1 = !DIFile(filename: "a.c", directory: "/")
!3 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 1, type: !4, unit: !0, spFlags: DISPFlagDefinition)
!4 = !DISubroutineType(types: !{null})
!5 = !DILocation(line: 1, scope: !3)
!6 = !DILocalVariable(name: "v", scope: !3, file: !1, line: 1, type: !7)
!7 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!8 = !DILabel(scope: !3, name: "L", file: !1, line: 2)
!10 = distinct !DIAssignID()
!13 = distinct !DISubprogram(name: "g", scope: !1, file: !1, line: 1, type: !4, unit: !0, spFlags: DISPFlagDefinition)
!15 = !DILocation(line: 1, scope: !13)
!16 = !DILocalVariable(name: "w", scope: !13, file: !1, line: 1, type: !7)
!17 = !DILabel(scope: !13, name: "M", file: !1, line: 2)
