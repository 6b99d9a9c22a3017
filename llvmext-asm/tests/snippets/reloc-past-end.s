# .reloc at and past the end of its section (llvm-mc-19 writes them where
# the source says: a relocation need not lie inside the bytes).
	.text
	nop
	.reloc 0, R_X86_64_32, foo
	.reloc 1, R_X86_64_64, bar
	.data
	.reloc 8, R_X86_64_PC32, baz
