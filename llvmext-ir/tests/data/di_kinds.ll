; Hand-written specialized nodes that clang-19 does not emit for the
; testdata sources (input of di_vs_llvm.rs, read through llvm-as-19 |
; llvm-dis-19 first).
@g = global i32 0
@a = global i32 0, !dbg !40

define void @f() !dbg !20 {
  ret void, !dbg !23
}

define void @h() !dbg !60 {
  store i32 1, ptr @g, !DIAssignID !61
  ret void
}

!llvm.dbg.cu = !{!1}
!llvm.module.flags = !{!0}
!named = !{!2, !3, !4, !5, !6, !7, !8, !9, !10, !11, !12, !13, !14, !15, !16, !17, !18, !19, !24, !25, !26, !27, !28, !29, !30, !31, !32, !33, !34, !35, !36, !37, !38, !39, !41, !42, !43, !44, !45, !46, !47, !48, !49, !50, !51, !52, !53, !54, !55}

!0 = !{i32 2, !"Debug Info Version", i32 3}
!1 = distinct !DICompileUnit(language: DW_LANG_Fortran90, file: !2, producer: "hand \22written\22 \\ \01", isOptimized: false, flags: "-g", runtimeVersion: 3, splitDebugFilename: "x.dwo", emissionKind: LineTablesOnly, macros: !10, dwoId: 18446744073709551615, splitDebugInlining: false, debugInfoForProfiling: true, nameTableKind: GNU, rangesBaseAddress: true, sysroot: "/", sdk: "MacOSX.sdk")
!2 = !DIFile(filename: "f.f90", directory: "/tmp", checksumkind: CSK_SHA256, checksum: "00ff", source: "program x\0Aend")
!3 = !DIFile(filename: "", directory: "")
!4 = !DIStringType(name: "character(4)", size: 32, align: 8, encoding: DW_ATE_UTF)
!5 = !DIStringType(tag: DW_TAG_string_type, name: "c", stringLength: !4, stringLengthExpression: !DIExpression(DW_OP_push_object_address, DW_OP_plus_uconst, 8), stringLocationExpression: !DIExpression(DW_OP_push_object_address, DW_OP_deref))
!6 = !DIGenericSubrange(count: 5, lowerBound: !DIExpression(DW_OP_consts, 18446744073709551615), upperBound: !DIExpression(DW_OP_constu, 3), stride: !DIExpression(DW_OP_push_object_address, DW_OP_plus_uconst, 48, DW_OP_deref))
!7 = !DISubrange(count: !4, lowerBound: -3, upperBound: 0, stride: 9223372036854775807)
!8 = !DICommonBlock(scope: !20, declaration: null, name: "blk", file: !2, line: 7)
!9 = !DIModule(scope: null, name: "M", configMacros: "-DX", includePath: "/inc", apinotes: "m.apinotes", file: !2, line: 3, isDecl: true)
!10 = !{!11, !12}
!11 = !DIMacro(type: DW_MACINFO_define, line: 4, name: "X", value: "1")
!12 = !DIMacroFile(line: 2, file: !2, nodes: !13)
!13 = !{!14}
!14 = !DIMacro(type: DW_MACINFO_undef, name: "Y")
!15 = !DIObjCProperty(name: "p", file: !2, line: 9, setter: "setP:", getter: "p", attributes: 2316, type: !16)
!16 = !DIBasicType(name: "int", size: 32, align: 32, encoding: DW_ATE_signed, flags: DIFlagBigEndian)
!17 = !DIImportedEntity(tag: DW_TAG_imported_module, name: "n", scope: !20, entity: !9, file: !2, line: 4, elements: !13)
!18 = !DILabel(scope: !20, name: "L", file: !2, line: 12)
!19 = !DIBasicType(tag: DW_TAG_unspecified_type, name: "decltype(nullptr)")
!20 = distinct !DISubprogram(name: "f", linkageName: "_f", scope: !2, file: !2, line: 5, type: !21, scopeLine: 6, containingType: !16, virtualIndex: 3, thisAdjustment: -8, flags: DIFlagPrototyped | DIFlagArtificial, spFlags: DISPFlagPureVirtual | DISPFlagDefinition | DISPFlagMainSubprogram | DISPFlagObjCDirect, unit: !1, templateParams: !13, retainedNodes: !13, thrownTypes: !13, annotations: !13, targetFuncName: "tf")
!21 = !DISubroutineType(flags: DIFlagLValueReference, cc: DW_CC_LLVM_Swift, types: !22)
!22 = !{null, !16}
!23 = !DILocation(line: 0, scope: !20, isImplicitCode: true)
!24 = !DIEnumerator(name: "big", value: 340282366920938463463374607431768211456)
!25 = !DIEnumerator(name: "neg", value: -170141183460469231731687303715884105728)
!26 = !DIEnumerator(name: "u", value: 18446744073709551615, isUnsigned: true)
!27 = !DIEnumerator(name: "s", value: 18446744073709551615)
!28 = !DIEnumerator(name: "m", value: -9223372036854775808)
!29 = !DIDerivedType(tag: DW_TAG_LLVM_ptrauth_type, baseType: !16, ptrAuthKey: 2, ptrAuthIsAddressDiscriminated: true, ptrAuthExtraDiscriminator: 1234, ptrAuthIsaPointer: true, ptrAuthAuthenticatesNullValues: true)
!30 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: null, size: 64, dwarfAddressSpace: 0, extraData: i32 7, annotations: !13)
!31 = !DICompositeType(tag: DW_TAG_array_type, baseType: !16, elements: !13, dataLocation: !DIExpression(DW_OP_push_object_address, DW_OP_deref), associated: !DIExpression(DW_OP_push_object_address, DW_OP_deref, DW_OP_lit0, DW_OP_ne), allocated: !4, rank: 2, runtimeLang: DW_LANG_Swift, discriminator: !16, vtableHolder: !16, identifier: "id")
!32 = !DICompositeType(tag: DW_TAG_array_type, baseType: !16, rank: !DIExpression(DW_OP_push_object_address, DW_OP_plus_uconst, 16, DW_OP_deref), flags: DIFlagPublic | DIFlagVirtualInheritance | DIFlagFwdDecl | DIFlagVirtual | 2097152)
!33 = !DITemplateValueParameter(tag: DW_TAG_GNU_template_parameter_pack, name: "Ts", value: !13)
!34 = !DITemplateValueParameter(name: "N", type: !16, defaulted: true, value: i32 7)
!35 = !DITemplateTypeParameter(name: "T", type: null, defaulted: true)
!36 = !DINamespace(name: "std", scope: null, exportSymbols: true)
!37 = !DILexicalBlockFile(scope: !20, file: !3, discriminator: 0)
!38 = !DILexicalBlock(scope: !20, file: !2, line: 1, column: 65535)
!39 = !DILocalVariable(name: "this", arg: 1, scope: !20, file: !2, line: 3, type: !16, flags: DIFlagArtificial | DIFlagObjectPointer, align: 64, annotations: !13)
!40 = !DIGlobalVariableExpression(var: !41, expr: !DIExpression(DW_OP_LLVM_fragment, 0, 32))
!41 = distinct !DIGlobalVariable(name: "a", linkageName: "_a", scope: !1, file: !2, line: 1, type: !16, isLocal: true, isDefinition: false, declaration: !16, templateParams: !13, align: 32, annotations: !13)
!42 = !GenericDINode(tag: DW_TAG_variable, header: "h\00x", operands: {!16, null, !"s"})
!43 = !GenericDINode(tag: 65535)
!44 = !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_entry_value, 1, DW_OP_stack_value)
!45 = !DILocation(line: 4294967295, column: 7, scope: !38, inlinedAt: !23)
!46 = !DIBasicType(tag: 12345, name: "weird", size: 18446744073709551615, encoding: 200, flags: 1073741824)
!47 = !DIDerivedType(tag: DW_TAG_member, name: "m", scope: !16, file: !2, line: 3, baseType: !16, size: 3, align: 8, offset: 18446744073709551615, flags: DIFlagBitField | DIFlagIndirectVirtualBase, extraData: i64 0)
!48 = !DIExpression(DW_OP_breg7, 18446744073709551615, DW_OP_deref_size, 4, DW_OP_LLVM_convert, 32, DW_ATE_signed, DW_OP_LLVM_convert, 8, DW_ATE_unsigned, DW_OP_LLVM_tag_offset, 3, DW_OP_LLVM_extract_bits_zext, 1, 2, DW_OP_stack_value, DW_OP_LLVM_fragment, 0, 8)
!49 = !DIExpression(DW_OP_plus_uconst)
!50 = !DIExpression(DW_OP_swap)
!51 = !DIExpression(DW_OP_stack_value, DW_OP_deref)
!52 = !DIExpression(DW_OP_LLVM_implicit_pointer, DW_OP_bregx, 1, 2, DW_OP_regx, 5, DW_OP_constu, 1, DW_OP_consts, 2, DW_OP_mod, DW_OP_xderef, DW_OP_dup, DW_OP_over, DW_OP_shra, DW_OP_le)
!53 = !DIExpression(DW_OP_LLVM_user, 1)
!54 = !DIFile(filename: "a\FFb", directory: "d", checksumkind: CSK_MD5, checksum: "")
!55 = !DISubrange(count: 0)
!60 = distinct !DISubprogram(name: "h", scope: null, isLocal: true, isDefinition: true, isOptimized: true, virtuality: DW_VIRTUALITY_pure_virtual, unit: !1)
!61 = distinct !DIAssignID()
