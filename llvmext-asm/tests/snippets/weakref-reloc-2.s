	.text
	.globl f
f:	nop
	.reloc 0, R_X86_64_NONE
	.reloc 1, BFD_RELOC_NONE, .text
	.weakref w, undefd
	.weakref w2, defd
	movq w@GOTPCREL(%rip), %rax
	movq w2(%rip), %rax
	.globl defd
defd: ret
	.data
	.quad w
