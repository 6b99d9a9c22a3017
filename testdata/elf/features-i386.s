# ELF features for llvmext-objcopy round trips (llvm-mc-19 -triple=i686-linux-gnu): REL relocations.
	.text
	.globl	f
	.type	f,@function
f:
	calll	ext@PLT
	movl	ext@GOT(%ebx), %eax
	movl	$.Lstr, %eax
	leal	tls@TLSGD(,%ebx,1), %eax
	retl
	.size	f, .-f
	.section .rodata.str1.1,"aMS",@progbits,1
.Lstr:	.asciz	"hi"
	.data
	.long	f+4
	.long	ext-8
	.section .text.g,"axG",@progbits,g,comdat
	.weak	g
g:	retl
	.comm	cvar,4,4
	.cg_profile f, g, 3
	.addrsig
	.addrsig_sym g
