	.text
	.globl f
f:	call g
	call alias_of_h
	.weakref alias_of_h, h
	.section .data,"aw"
	.reloc 0, R_X86_64_NONE, f
	.long 0
	.reloc 4, R_X86_64_32, g+4
	.long 0
