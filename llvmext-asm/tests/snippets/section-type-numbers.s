# Section types by number (LLVM reads them as StringRef::getAsInteger(0)
# does: decimal, 0x hexadecimal, a leading 0 octal), and the contents
# seed 000 gives for an SHT_LLVM_CALL_GRAPH section (0x6fff4c0f), whose
# @llvm_call_graph name LLVM 19 does not know.
	.text
.Lball:
foo:
bar:
baz:
	ret
	.section .llvm.callgraph,"",@0x6fff4c0f
	.byte 0
	.byte 7
	.quad .Lball
	.quad 0
	.byte 3
	.quad foo
	.quad bar
	.quad baz
	.byte 3
	.quad 4524972987496481828
	.quad 3498816979441845844
	.quad 8646233951371320954
	.section .decimal,"a",@1879002127
	.byte 1
	.section .octal,"a",%017
	.byte 2
